import Foundation
import Testing

@testable import LectureKit
@testable import LectureSupport

/// A footnote label defined twice (`[^f]: one`, `[^f]: two`) showed the first and
/// dropped the second without a word (mdBook 0.5.4 warns "defined multiple times"). Now the later
/// definition is a warning at its line naming the first's, referenced or not, at the top level
/// and in a list; the first is still the one shown.
struct RepeatedFootnoteBadInputTests {
    @Test func aFootnoteDefinedAgainIsWarnedAtTheLaterDefinition() throws {
        let (root, lines, failed) = try BadInputBook.build([
            "SUMMARY.md": "# T\n\n- [A](a.md)\n",
            "a.md": """
            # A

            Use[^f] and[^g].

            [^f]: one
            [^f]: two

            - item

              [^g]: first g

            [^g]: second g

            """,
        ])
        #expect(!failed, "\(lines)")
        let page = root + "/content/a.md"
        #expect(
            lines.contains {
                $0.hasPrefix("\(page):6:1: warning: footnote 'f' is defined again, and this definition is not shown")
            }, "\(lines)")
        #expect(lines.contains { $0.contains("/a.md:5, is the one shown") }, "\(lines)")
        #expect(
            lines.contains { $0.contains("warning: footnote 'g' is defined again") }, "\(lines)")
        let html = String(decoding: try FileSystem.read(root + "/_site/a.html"), as: UTF8.self)
        #expect(html.contains("one") && !html.contains("two"))
        #expect(html.contains("first g") && !html.contains("second g"))
    }
}
