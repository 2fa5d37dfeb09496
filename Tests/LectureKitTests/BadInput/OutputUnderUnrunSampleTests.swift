import Testing

@testable import CommonMark
@testable import LectureKit
@testable import LectureSupport

/// An `output` block under a sample that is not run: under `ignore` it is
/// shown as written and labelled not run, as under an Apple-only sample, so an author can show
/// what Apple-only code prints; under `no_run` and `compile_fail` it stays an error, whose
/// message takes the right article ("an 'ignore'", never "a 'ignore'").
@Suite struct OutputUnderUnrunSampleTests {
    func extract(_ page: String) -> (samples: [Sample], diagnostics: [Diagnostic]) {
        SampleExtractor.extract(from: MarkdownParser.parse(page), path: "p.md")
    }

    @Test func anIgnoredSamplesOutputIsShownNotVerified() {
        let found = extract("```swift,ignore\nprint(UIDevice.current.name)\n```\n\n```output\niPhone\n```\n")
        #expect(found.diagnostics.isEmpty, "\(found.diagnostics.map(\.headline))")
        let sample = found.samples[0]
        #expect(sample.expectedOutput == "iPhone\n")
        #expect(SampleResult.skipped(sample).check == .skipped)
        let html = SampleRendering.figure(sample, part: 0, swiftVersion: "Swift 6.3")
        #expect(html.contains("iPhone") && html.contains("Not run"), "\(html)")
        #expect(!html.contains("verified ("), "never said to be verified: \(html)")
    }

    @Test(arguments: [("no_run", "a 'no_run'"), ("compile_fail", "a 'compile_fail'")])
    func anOutputBlockUnderASampleThatCannotPrintIsAnError(_ mode: String, _ quoted: String) {
        let found = extract("```swift,\(mode)\nlet x = 1\n```\n\n```output\n1\n```\n")
        #expect(
            found.diagnostics.map(\.headline) == [
                "p.md:5:1: error: output block under \(quoted) sample, which is not run"
            ]
        )
        if mode == "no_run" {
            #expect(found.diagnostics[0].notes.joined().contains("mark the sample 'ignore' to show the output"))
        }
    }

    @Test func quotedWordsTakeTheirArticle() {
        #expect(IndefiniteArticle.quoted("ignore") == "an 'ignore'")
        #expect(IndefiniteArticle.quoted("no_run") == "a 'no_run'")
        #expect(IndefiniteArticle.quoted("javascript:") == "a 'javascript:'")
        #expect(IndefiniteArticle.quoted("") == "a ''")
    }
}
