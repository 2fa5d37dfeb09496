import Foundation
import Testing

@testable import CommonMark
@testable import LectureKit
@testable import LectureSupport

/// Kind 8 of issue 11: control bytes a sample prints are compared, blessed and shown in a
/// visible form (Unicode's control pictures), never as raw bytes in the Markdown or the HTML.
@Suite(.serialized) struct ControlCharacterTests {
    static let bold = "```swift\nprint(\"\\u{1B}[1m굵게\\u{1B}[0m\")\n```\n"

    @Test func anANSIEscapeMatchesItsVisibleForm() throws {
        var stage = try SampleVerificationTests.stage.get()
        stage.verifier.options.noCache = true
        let markdown = Self.bold + "\n```output\n␛[1m굵게␛[0m\n```\n"
        let results = stage.verifier.verify(
            SampleExtractor.extract(from: MarkdownParser.parse(markdown), path: "page.md").samples)
        #expect(results[0].outcome == .passed, "\(results[0].diagnostics)")
    }

    @Test func blessWritesTheVisibleFormAndNoRawEscape() throws {
        let sample = SampleExtractor.extract(from: MarkdownParser.parse(Self.bold), path: "page.md").samples[0]
        let blessed = Bless.apply(Self.bold, outputs: [(sample: sample, output: "\u{1B}[1m굵게\u{1B}[0m\u{7}\n")])
        #expect(blessed.contains("```output\n␛[1m굵게␛[0m␇\n```\n"))
        #expect(!blessed.unicodeScalars.contains { ($0.value < 0x20 && $0 != "\n") || $0.value == 0x7F })
    }

    @Test func theHTMLNeverHoldsAControlByte() {
        let markdown = "```output\n\u{1B}[1m굵게\u{1B}[0m\u{7F}\n```\n\n글\u{1B}자 `코\u{8}드`\n"
        let html = HTMLRenderer().render(MarkdownParser.parse(markdown))
        #expect(!html.utf8.contains { ($0 < 0x20 && $0 != 0x0A) || $0 == 0x7F })
        #expect(html.contains("␛[1m굵게␛[0m␡"))
        #expect(html.contains("글␛자"))
        #expect(html.contains("코␈드"))
    }

    @Test func aMismatchShowsTheControlCharactersVisibly() {
        let diff = OutputComparison.diff(expected: "plain\n", actual: "\u{1B}[31mred\u{1B}[0m\n")
        #expect(diff == "--- expected\n+++ actual\n-plain\n+␛[31mred␛[0m")
    }
}

/// Kind 9 of issue 11: fences that look like samples but are not are warned about, located, and
/// counted by `check` as skipped; nothing is dropped silently.
@Suite struct DroppedSampleTests {
    func extract(_ markdown: String) -> (samples: [Sample], diagnostics: [Diagnostic]) {
        SampleExtractor.extract(from: MarkdownParser.parse(markdown), path: "page.md")
    }

    static let details =
        "# 쪽\n\n<details><summary>풀이</summary>\n```swift\nprint(1)\n```\n\n```output\n1\n```\n</details>\n"

    @Test func aFenceSwallowedByAnHTMLBlockIsWarnedAtItsLine() {
        let found = extract(Self.details)
        #expect(found.samples.isEmpty)
        let warning = found.diagnostics.first { $0.severity == .warning }
        #expect(
            warning?.headline
                == "page.md:4:1: warning: swift fence inside an HTML block is not a sample, and is not run")
        #expect(warning?.notes.last?.contains("leave a blank line") == true)
        #expect(warning?.identifier == DroppedSamples.identifier)
        // Its output block then has no sample above it, and the error says why.
        let error = found.diagnostics.first { $0.severity == .error }
        #expect(error?.headline == "page.md:8:1: error: output block does not follow a swift sample")
        #expect(error?.notes.last?.hasPrefix("the block above is not a sample: page.md:4:1") == true)
    }

    @Test func withABlankLineTheSampleIsFound() {
        let found = extract(Self.details.replacingOccurrences(of: "</summary>\n", with: "</summary>\n\n"))
        #expect(found.samples.count == 1)
        #expect(found.diagnostics.isEmpty)
    }

    @Test func htmlThatOnlyMentionsAFenceIsLeftAlone() {
        let found = extract("<pre>\n```text\nnot swift\n```\n</pre>\n")
        #expect(found.diagnostics.isEmpty)
    }

    @Test func aCapitalisedSwiftFenceIsWarnedAndItsOutputErrorSaysWhy() {
        let found = extract("```Swift\nprint(1)\n```\n\n```output\n1\n```\n\n```SWIFT\nprint(2)\n```\n")
        #expect(found.samples.isEmpty)
        #expect(
            found.diagnostics.map(\.headline) == [
                "page.md:1:1: warning: code block marked 'Swift' is not a sample, and is not run",
                "page.md:5:1: error: output block does not follow a swift sample",
                "page.md:9:1: warning: code block marked 'SWIFT' is not a sample, and is not run",
            ])
        #expect(
            found.diagnostics[0].notes == [
                "samples are marked 'swift', in lower case: write ```swift to have it compiled and run"
            ])
        #expect(found.diagnostics[1].notes.last?.contains("marked 'Swift'") == true)
    }

    @Test func otherLanguagesStartingWithSwiftAreNotWarned() {
        #expect(extract("```swiftui\nText(\"a\")\n```\n\n```swift-diff\n+a\n```\n").diagnostics.isEmpty)
    }

    @Test func checkCountsWhatItSkipped() throws {
        let root = try TestSupport.makeTree([
            "content/SUMMARY.md": "# 책\n\n- [쪽](page.md)\n",
            "content/page.md": Self.details.replacingOccurrences(of: "\n```output\n1\n```\n", with: "")
                + "\n```Swift\nprint(2)\n```\n",
        ])
        defer { FileSystem.removeTemporaryDirectory(root) }
        let recorder = TestSupport.Recorder()
        let status = LectureCommand.main(
            ["check", "--content", root + "/content", "--cache-dir", TestSupport.cacheDirectory],
            console: recorder.console)
        #expect(status == 0)
        #expect(recorder.lines.last == "0 passed, 0 failed, 2 skipped", "\(recorder.lines)")
    }
}
