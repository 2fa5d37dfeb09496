import Foundation
import Testing

@testable import LectureKit
@testable import LectureSupport

/// Attack 14, kind 26: `- [Up](../src/x.md)` with `src/x.md` present was "points outside the
/// content folder … move the file there" and "x.md is not listed": the link is judged after `..`
/// is resolved, so it is the page `x.md`, with a warning to write `x.md` (mdBook 0.5.4 builds it,
/// writing the page outside its output folder, beside the sources: run).
struct SummaryComeBackLinkBadInputTests {
    @Test(arguments: ["../src/x.md", "./../src/./x.md", "../src/sub/../x.md"])
    func aLinkThatComesBackIntoThePagesIsThePage(_ link: String) throws {
        let root = try TestSupport.makeTree([
            "book.toml": "[book]\ntitle = \"T\"\n", "src/SUMMARY.md": "# Summary\n\n- [A](a.md)\n- [Up](\(link))\n",
            "src/a.md": "# A\n", "src/x.md": "# X\n\nxbody\n",
        ])
        defer { FileSystem.removeTemporaryDirectory(root) }
        let lines = TestSupport.builtLines(root)
        #expect(
            lines.contains {
                $0.contains(
                    "src/SUMMARY.md:4:3: warning: summary link '\(link)' leaves the content folder and comes back to 'x.md'"
                )
            }, "\(lines)")
        #expect(lines.contains { $0.contains("write 'x.md': mdBook 0.5.4 writes this page outside") }, "\(lines)")
        #expect(!lines.contains { $0.contains("error:") || $0.contains("not listed") || $0.contains("move the file") })
        #expect(try String(decoding: FileSystem.read(root + "/book/x.html"), as: UTF8.self).contains("xbody"))
        #expect(!FileSystem.exists(root + "/src/x.html"))
    }

    /// A link that leaves and does not come back is still refused.
    @Test func aLinkToAnotherFolderIsStillOutside() throws {
        let root = try TestSupport.makeTree([
            "book.toml": "[book]\ntitle = \"T\"\n",
            "src/SUMMARY.md": "# Summary\n\n- [A](a.md)\n- [Up](../other/x.md)\n",
            "src/a.md": "# A\n", "other/x.md": "# X\n",
        ])
        defer { FileSystem.removeTemporaryDirectory(root) }
        let lines = TestSupport.builtLines(root)
        #expect(lines.contains { $0.contains("summary link '../other/x.md' points outside the content folder") })
    }
}
