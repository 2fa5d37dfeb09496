import CommonMark
import Testing

@testable import LectureKit
@testable import LectureSupport

/// Which of a page's errors are a sample's own is decided by the diagnostic's identifier alone,
/// never by its summary's words (code review 40 #6; STYLE.md, after DocC's `org.swift.docc.*`):
/// an output block that follows no sample has an identifier of its own, and stays the page's
/// whatever its summary says, so a reworded or translated summary moves no error onto a sample.
@Suite struct SampleOwnErrorsTests {
    /// A page of one passing sample, its output block, a paragraph, and a second output block
    /// that follows no sample (line 11).
    static let markdown = "```swift\nprint(1)\n```\n\n```output\n1\n```\n\nText.\n\n```output\n2\n```\n"

    func passed() -> [SampleResult] {
        SampleExtractor.extract(from: MarkdownParser.parse(Self.markdown), path: "page.md").samples.map {
            SampleResult(
                sample: $0, outcome: .passed, actualOutput: "1\n", diagnostics: [], fromCache: false, compiled: true,
                duration: 0)
        }
    }

    @Test func theExtractorGivesAnOutputBlockWithoutASampleItsOwnIdentifier() {
        let found = SampleExtractor.extract(from: MarkdownParser.parse(Self.markdown), path: "page.md")
        #expect(found.diagnostics.map(\.identifier) == [.sampleOutputWithoutSample])
        #expect(found.diagnostics.map(\.location?.line) == [11])
    }

    /// Whatever its summary, an error under the orphan block's identifier is the page's.
    @Test(arguments: ["output block does not follow a swift sample", "le bloc de sortie ne suit aucun exemple", ""])
    func anOutputBlockWithoutASampleStaysThePages(_ summary: String) {
        let error = Diagnostic.error(
            .sampleOutputWithoutSample, "page.md", SourceLocation(line: 11, column: 1), summary)
        let (results, others) = SampleOwnErrors.folded([error], into: passed())
        #expect(results.map(\.outcome) == [.passed])
        #expect(others == [error])
    }

    /// Whatever its summary (even the orphan block's old words), an error under a sample's own
    /// identifier at an output block fails the sample above it.
    @Test(arguments: ["sample already has an output block", "output block does not follow a swift sample"])
    func anOutputBlockErrorOfTheSampleAboveFailsIt(_ summary: String) {
        let error = Diagnostic.error(.sampleOutputPlacement, "page.md", SourceLocation(line: 11, column: 1), summary)
        let (results, others) = SampleOwnErrors.folded([error], into: passed())
        #expect(results.map(\.outcome) == [.failed])
        #expect(results.first?.diagnostics == [error])
        #expect(others.isEmpty)
    }
}
