import Foundation
import Testing

@testable import LectureKit
@testable import LectureSupport

/// A summary nested more than 100 levels deep (4 spaces a level) failed with
/// `a numbered chapter's list item must begin with a link` at an item that does begin with one:
/// the Markdown converter's depth limit cut the item, and the summary read the cut as a syntax
/// error. mdBook 0.5.4 builds 300 levels (and 1,000). Now chapters build to
/// `SummaryParser.maximumLevels` (500) levels, which is also where the test proves no step runs
/// out of stack, and a list deeper than that is one error at its first item naming the limit.
struct SummaryDepthBadInputTests {
    /// A summary of `levels` chapters, each the only child of the one before.
    static func deepBook(levels: Int) -> [String: String] {
        var files = ["SUMMARY.md": "# Summary\n\n"]
        for level in 0..<levels {
            files["SUMMARY.md"]! += String(repeating: "    ", count: level) + "- [P\(level)](p\(level).md)\n"
            files["p\(level).md"] = "# P\(level)\n"
        }
        return files
    }

    @Test func aSummaryAsDeepAsTheLimitBuildsEveryChapter() throws {
        let levels = SummaryParser.maximumLevels
        let (root, lines, failed) = try BadInputBook.build(Self.deepBook(levels: levels))
        #expect(!failed, "\(lines.prefix(4))")
        #expect(!lines.contains { $0.contains("must begin with a link") }, "\(lines.prefix(4))")
        #expect(FileSystem.exists(root + "/_site/p\(levels - 1).html"))
    }

    @Test func aSummaryDeeperThanTheLimitIsOneErrorAtTheFirstItemPastIt() throws {
        let levels = SummaryParser.maximumLevels
        let (root, lines, failed) = try BadInputBook.build(Self.deepBook(levels: levels + 20))
        #expect(failed)
        // Line 3 holds level 1, so level `levels + 1` is on line `levels + 3`, indented 4 a level.
        let summary = root + "/content/SUMMARY.md"
        #expect(
            lines.contains {
                $0.hasPrefix(
                    "\(summary):\(levels + 3):\(4 * levels + 1): error: chapters nest deeper than \(levels) levels")
            }, "\(lines.prefix(4))")
        #expect(lines.filter { $0.contains(": error:") }.count == 1, "\(lines.prefix(6))")
        #expect(!lines.contains { $0.contains("must begin with a link") })
    }
}
