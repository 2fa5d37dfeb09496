import Foundation
import Testing

@testable import CommonMark
@testable import LectureKit
@testable import LectureSupport

/// A long mismatch says first how much its diff leaves out, exactly, in the terminal (whose
/// echo is cut at 200 lines) and in JUnit alike, and names the file holding the whole actual
/// output (2,000 lines against 2,000 were cut at 500 a side without a word
/// before line 1,001, and the terminal's "803 more lines" read as all that was missing).
@Suite struct LongMismatchBadInputTests {
    @Test func theCutIsSaidFirstAndTheWholeOutputIsNamed() throws {
        var stage = try SampleVerificationTests.stage.get()
        stage.verifier.options.noCache = true
        let expected = (0..<2000).map { "expected row \($0)" }.joined(separator: "\n")
        let markdown =
            "```swift\nfor i in 0..<2000 { print(\"actual line \\(i)\") }\n```\n\n```output\n\(expected)\n```\n"
        let found = SampleExtractor.extract(from: MarkdownParser.parse(markdown), path: "page.md")
        let results = stage.verifier.verify(found.samples)
        let error = try #require(results.first?.diagnostics.first { $0.identifier == .sampleOutputMismatch })
        let diff = try #require(error.notes.first)
        let first = try #require(diff.split(separator: "\n").first.map(String.init))
        #expect(
            first.hasPrefix(
                "(only the first 500 lines of each side are compared: expected has 2000 lines, actual 2000; 1500 expected and 1500 actual lines are not in this diff; the whole actual output is in "
            ), "\(first)")
        let path = try #require(first.split(separator: " ").last.map { String($0.dropLast()) })
        let kept = try #require(TestSupport.read(path))
        #expect(kept.hasPrefix("actual line 0\n") && kept.hasSuffix("actual line 1999\n"))
        // The terminal shows the note's first lines, the cut among them, and counts the rest exactly.
        let shown = error.shownSafely.notes[0]
        #expect(shown.hasPrefix(first))
        let diffLines = diff.split(separator: "\n", omittingEmptySubsequences: false).count
        #expect(shown.contains("\n… \(diffLines - 200) more lines ("), "\(shown.suffix(120))")
    }
}
