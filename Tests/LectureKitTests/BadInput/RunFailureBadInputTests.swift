import Testing

@testable import CommonMark
@testable import LectureKit
@testable import LectureSupport

/// A sample that fails at run time is one failure, one error: a crash was
/// also reported as "output does not match" with what it had not printed; and one that fails
/// the way a fetch without a network fails says that samples run without network access.
@Suite struct RunFailureBadInputTests {
    func verify(_ page: String) throws -> [Diagnostic] {
        var stage = try SampleVerificationTests.stage.get()
        stage.verifier.options.noCache = true
        let found = SampleExtractor.extract(from: MarkdownParser.parse(page), path: "p.md")
        return stage.verifier.verify(found.samples)[0].diagnostics.filter { $0.severity == .error }
    }

    @Test func aCrashIsOneErrorWithWhatItPrintedAsANote() throws {
        let errors = try verify(
            "```swift\nlet a = [1]\nprint(\"before\")\nprint(a[2])\nprint(\"after\")\n```\n\n```output\nbefore\nafter\n```\n"
        )
        #expect(errors.count == 1, "\(errors.map(\.description))")
        #expect(errors.first?.identifier == .sampleExit)
        #expect(errors.first?.summary.hasPrefix("sample crashed with") == true)
        let notes = errors.first?.notes.joined(separator: "\n") ?? ""
        #expect(
            notes.contains("what it printed before it ended, against the output block (it differs from p.md:10 on):"),
            "\(notes)")
        #expect(notes.contains("-after"), "the diff is kept: \(notes)")
    }

    @Test func aNonZeroExitIsOneErrorToo() throws {
        let errors = try verify(
            "```swift\nimport Foundation\nprint(\"one\")\nexit(3)\n```\n\n```output\none\ntwo\n```\n")
        #expect(errors.map(\.summary) == ["sample exited with status 3"], "\(errors.map(\.description))")
    }

    @Test func aFetchWithoutTheNetworkSaysSamplesRunOffline() throws {
        let errors = try verify(
            """
            ```swift
            import Foundation
            let data = try Data(contentsOf: URL(string: "https://example.com")!)
            print(data.count > 0)
            ```

            ```output
            true
            ```

            """)
        #expect(errors.count == 1, "\(errors.map(\.description))")
        let notes = errors.first?.notes.joined(separator: "\n") ?? ""
        #expect(notes.contains("samples run in a sandbox without network access"), "\(notes)")
        #expect(notes.contains("'no_run'"))
    }

    @Test func theNetworkNoteNeedsASignOfANetworkFailure() {
        #expect(NetworkFailureHint.note(stderr: "curl: (6) Could not resolve host: example.com", stdout: "") != nil)
        #expect(NetworkFailureHint.note(stderr: "", stdout: "URLError(_nsError: …)") != nil)
        #expect(NetworkFailureHint.note(stderr: "Fatal error: Index out of range", stdout: "") == nil)
    }
}
