import Foundation
import Testing

@testable import CommonMark
@testable import LectureKit
@testable import LectureSupport

/// Bad samples and outputs: named errors, capped diffs.
/// (Inputs a tester used to crash, hang or fool the tool, grouped by the component that meets them.)
@Suite struct SampleBadInputTests {
    @Test func secondOutputBlockIsNamedAsSuch() {
        let found = SampleExtractor.extract(
            from: MarkdownParser.parse("```swift\nprint(1)\n```\n\n```output\n1\n```\n\n```output\n1\n```\n"),
            path: "p.md")
        #expect(found.diagnostics.map(\.headline) == ["p.md:9:1: error: sample already has an output block"])
    }

    @Test func hugeOutputDiffIsCapped() {
        let expected = (0..<2000).map { "line \($0)" }.joined(separator: "\n")
        let diff = OutputComparison.diff(expected: expected, actual: expected + "\nmore")
        #expect(
            diff.hasPrefix(
                "(only the first 500 lines of each side are compared: expected has 2000 lines, actual 2001; 1500 expected and 1501 actual lines are not in this diff)\n--- expected"
            ))
    }
}
