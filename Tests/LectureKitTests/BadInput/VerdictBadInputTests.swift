import Foundation
import Testing

@testable import CommonMark
@testable import LectureKit
@testable import LectureSupport

/// Verdicts that were wrong (issue 34): a `compile_fail` sample passing on any error, and fences
/// silently made plain code by a non-breaking space or a near miss in their info string.
@Suite struct VerdictBadInputTests {
    static func extract(_ markdown: String) -> (samples: [Sample], diagnostics: [Diagnostic]) {
        SampleExtractor.extract(from: MarkdownParser.parse(markdown), path: "p.md")
    }

    /// rustdoc's `compile_fail,E0277` names the error; `expect-error` names its text. The real
    /// swiftc, alone and from a clean cache.
    @Test func compileFailWithAnExpectedErrorFailsOnAnyOtherError() throws {
        var stage = try SampleVerificationTests.stage.get()
        stage.verifier.options.noCache = true
        let found = Self.extract(
            """
            ```swift compile_fail expect-error="cannot convert value of type 'String'"
            let x: Int = "no"
            ```

            ```swift expect-error="cannot find 'y' in scope"
            let x: Int = "no"
            ```

            ```swift compile_fail
            let x: Int = "no"
            ```

            """)
        #expect(found.diagnostics.isEmpty, "\(found.diagnostics.map(\.headline))")
        #expect(found.samples.map(\.mode) == [.compileFail, .compileFail, .compileFail])
        let results = stage.verifier.verify(found.samples)
        #expect(results.map(\.outcome) == [.passed, .failed, .passed])
        let wrong = try #require(results[1].diagnostics.first)
        #expect(wrong.identifier == .sampleUnexpectedError)
        #expect(
            wrong.headline
                == "p.md:5:1: error: sample failed to compile, but not with the error it expects: \"cannot find 'y' in scope\""
        )
        #expect(wrong.notes.first?.contains("error: cannot convert value of type 'String'") == true, "\(wrong.notes)")
        // The page shows the error the sample is verified to give.
        let html = SampleRendering.figure(results[0].sample, part: 0, swiftVersion: "Swift 6", result: results[0].shown)
        #expect(html.contains("<pre class=\"output sample-expected-error\"><code>error: cannot convert value of type"))
        // The expectation is part of the verdict's cache key.
        #expect(stage.verifier.cacheKey(found.samples[0]) != stage.verifier.cacheKey(found.samples[2]))
    }

    @Test func expectErrorOnASampleThatRunsIsAContradiction() {
        let found = Self.extract(
            "```swift no_run expect-error=\"x\"\nlet a = 1\n```\n\n```swift expect-error=\nlet a = 1\n```\n")
        #expect(
            found.diagnostics.map(\.headline) == [
                "p.md:1:1: error: attributes 'no_run' and 'expect-error' contradict each other",
                "p.md:5:1: error: 'expect-error=' needs the text the compiler's error must contain, as in expect-error=\"cannot find 'x' in scope\"",
            ])
    }

    @Test func aNonBreakingSpaceInTheInfoStringIsWarnedNamingTheFix() {
        let found = Self.extract("```swift\u{A0}no_run\nprint(1)\n```\n\n```text\u{3000}x\nplain\n```\n")
        #expect(found.samples.isEmpty)
        #expect(
            found.diagnostics.map(\.headline) == [
                "p.md:1:1: warning: info string holds U+00A0 (no-break space), so the block is not a sample, and is not run",
                "p.md:5:1: warning: info string holds U+3000 (ideographic space), which CommonMark does not take as a space",
            ])
        #expect(found.diagnostics[0].identifier == .sampleNotRecognised)
        #expect(found.diagnostics[0].notes == ["write a plain space: ```swift no_run"])
        #expect(found.diagnostics[1].identifier == .infoStringWhitespace)
        // A zero-width space is no whitespace to Unicode, and as invisible.
        #expect(Self.extract("```swift\u{200B}\nprint(1)\n```\n").diagnostics.first?.summary.contains("U+200B") == true)
    }

    @Test func nearMissesOfALanguageOrAttributeNameTheLikelyIntent() {
        let found = Self.extract(
            "```swfit\nprint(1)\n```\n\n```swift\nprint(1)\n```\n\n```ouptut\n1\n```\n\n```swift no_rn\nlet a = 1\n```\n"
        )
        #expect(
            found.diagnostics.map(\.headline) == [
                "p.md:1:1: warning: code block marked 'swfit' is not a sample; did you mean 'swift'?",
                "p.md:9:1: warning: code block marked 'ouptut' is not an expected output; did you mean 'output'?",
                "p.md:13:1: error: unknown sample attribute 'no_rn'",
            ])
        #expect(found.diagnostics[2].notes.first == "did you mean 'no_run'?")
        // Languages that are merely short or near are left alone.
        for language in ["sh", "shell", "swiftui", "rust", "text", "objc", "json"] {
            #expect(Self.extract("```\(language)\nx\n```\n").diagnostics.isEmpty, "\(language)")
        }
    }

    /// The manual says output must match "exactly": byte for byte, so NFD output fails against an
    /// NFC expected block (Swift's `==` passed it), and the diff shows the code points.
    @Test func outputInNFDFailsAgainstNFCAndTheDiffShowsTheCodePoints() throws {
        #expect(!OutputComparison.matches(expected: "caf\u{E9}\n", actual: "cafe\u{301}\n"))
        #expect(OutputComparison.matches(expected: "caf\u{E9}\n", actual: "caf\u{E9}"))
        #expect(
            OutputComparison.diff(expected: "x\ncaf\u{E9}\n", actual: "x\ncafe\u{301}\n")
                == """
                --- expected
                +++ actual
                 x
                -caf\u{E9}
                +cafe\u{301}
                  expected U+0066 U+00E9
                  actual   U+0066 U+0065 U+0301
                (lines that read the same differ in their code points: Unicode normalisation (NFC, NFD) or invisible characters; output is compared byte for byte)
                """)
        let invisible = OutputComparison.diff(expected: "a b", actual: "a\u{200B} b")
        #expect(invisible.contains("  expected U+0061 U+0020\n  actual   U+0061 U+200B U+0020"), "\(invisible)")
        // Lines that differ visibly get no code points.
        #expect(!OutputComparison.diff(expected: "a", actual: "b").contains("U+"))

        var stage = try SampleVerificationTests.stage.get()
        stage.verifier.options.noCache = true
        let found = Self.extract("```swift\nprint(\"cafe\\u{301}\")\n```\n\n```output\ncaf\u{E9}\n```\n")
        let results = stage.verifier.verify(found.samples)
        #expect(results.map(\.outcome) == [.failed])
        #expect(results.first?.diagnostics.first?.notes.first?.contains("U+0065 U+0301") == true)
    }
}
