import Foundation
import Testing

@testable import LectureKit
@testable import LectureSupport

/// A `<base href>` in a page's raw HTML (attack 9, kind 48) was published without a word (as
/// mdBook 0.5.4 publishes it): in `print.html` it retargets every later chapter's relative URLs,
/// the search scripts the site loads at run time included. Each is an error at its line, in an
/// HTML block, inline, in a list item, in any case; one in code, or another element, is not.
struct BaseElementBadInputTests {
    @Test func aBaseElementInAPageIsAnErrorAtItsLine() throws {
        let (root, lines, failed) = try BadInputBook.build([
            "SUMMARY.md": "# T\n\n- [A](a.md)\n- [B](b.md)\n",
            "a.md": """
            # A

            <base href="https://evil.example/">

            Some text <BASE
            href="//evil.example/"> inline.

            - item <base target="_blank">

            ```html
            <base href="https://shown.example/">
            ```

            <baseline>not a base</baseline> `<base href="x">`

            """,
            "b.md": "# B\n\n[back](a.md)\n",
        ])
        defer { FileSystem.removeTemporaryDirectory(root) }
        #expect(failed)
        let page = root + "/content/a.md"
        let errors = BadInputBook.headlines(lines, "error")
        let summary =
            "error: a <base> element changes the address of every relative URL after it: links, images and the site's own scripts, in this page and in print.html in every later chapter"
        #expect(
            errors == ["\(page):3:1: \(summary)", "\(page):5:1: \(summary)", "\(page):8:1: \(summary)"], "\(lines)")
        #expect(lines.filter { $0.contains("<base> element") }.allSatisfy { $0.contains("remove it") })
    }
}
