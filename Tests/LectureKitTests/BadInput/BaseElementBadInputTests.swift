import Foundation
import Testing

@testable import LectureKit
@testable import LectureSupport

/// A `<base href>` in a page's raw HTML (attack 9, kind 48) was published without a word (as
/// mdBook 0.5.4 publishes it): in `print.html` it retargets every later chapter's relative URLs,
/// the search scripts the site loads at run time included. Each is an error at its line, in an
/// HTML block, inline, in a list item, in any case; one in code, or another element, is not.
/// Inline, it is placed at the tag, not at the paragraph's start. Its sibling, a
/// `<meta http-equiv=refresh>`, sends the reader of print.html away from every chapter: a
/// warning at the tag (a page may mean it for itself; mdBook 0.5.4 builds both without a word),
/// and it is left out of print.html (mdBook 0.5.4 keeps it there).
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
            errors == ["\(page):3:1: \(summary)", "\(page):5:11: \(summary)", "\(page):8:8: \(summary)"], "\(lines)")
        #expect(lines.filter { $0.contains("<base> element") }.allSatisfy { $0.contains("remove it") })
    }

    @Test func aMetaRefreshIsAWarningAtTheTag() throws {
        let (root, lines, failed) = try BadInputBook.build([
            "SUMMARY.md": "# T\n\n- [A](a.md)\n- [B](b.md)\n",
            "a.md": """
            # A

            <meta http-equiv="refresh" content="0; url=https://evil.example/">

            Text <META HTTP-EQUIV=Refresh content=5> inline.

            [^n]: A note <meta http-equiv=" refresh " content="1">.

            See[^n].

            <iframe srcdoc="<meta http-equiv='refresh' content='0'>"></iframe>

            <meta name="description" content="fine">

            As code, `<meta http-equiv="refresh" content="0">`, and in a table:

            | tag | does |
            |---|---|
            | `<meta http-equiv="refresh" content="0">` | redirects |

            """,
            "b.md": "# B\n\n[back](a.md)\n",
        ])
        defer { FileSystem.removeTemporaryDirectory(root) }
        #expect(!failed, "\(lines)")
        let page = root + "/content/a.md"
        let summary =
            "warning: <meta http-equiv=refresh> sends the reader away from the whole page; it is left out of print.html, which holds every chapter"
        #expect(
            BadInputBook.headlines(lines, "warning") == [
                "\(page):3:1: \(summary)", "\(page):5:6: \(summary)", "\(page):7:14: \(summary)",
            ], "\(lines)")
        #expect(lines.contains { $0.contains("'[output.html.redirect]'") }, "\(lines)")
        // Built as mdBook builds it: the tag is kept.
        let html = String(decoding: try FileSystem.read(root + "/_site/a.html"), as: UTF8.self)
        #expect(html.contains("<meta http-equiv=\"refresh\" content=\"0; url=https://evil.example/\">"))
        // Left out of print.html, where it sent the reader of the whole book away; the rest stays.
        let print = String(decoding: try FileSystem.read(root + "/_site/print.html"), as: UTF8.self)
        #expect(DocumentWideHTML.withoutRefresh(print) == print, "\(print)")
        #expect(!print.lowercased().contains("http-equiv=refresh") && !print.contains("http-equiv=\"refresh\""))
        #expect(print.contains("Text  inline.") && print.contains("<meta name=\"description\" content=\"fine\">"))
        #expect(print.contains("srcdoc=\"<meta http-equiv='refresh' content='0'>\""))
    }

    @Test func withoutRefreshRemovesOnlyRefreshTags() {
        #expect(DocumentWideHTML.withoutRefresh("a<meta http-equiv=refresh content=0>b") == "ab")
        #expect(DocumentWideHTML.withoutRefresh("<META HTTP-EQUIV='Refresh' content='1'/>x") == "x")
        #expect(DocumentWideHTML.withoutRefresh("<meta http-equiv=\" &#114;efresh \">") == "")
        for kept in [
            "<meta charset=utf-8>", "<meta name=refresh content=0>", "<!-- <meta http-equiv=refresh> -->",
            "<script>'<meta http-equiv=refresh>'</script>", "plain text",
        ] {
            #expect(DocumentWideHTML.withoutRefresh(kept) == kept, "\(kept)")
        }
    }
}

/// Their sibling (attack 13, kind 57): one chapter's `<style>` (`h1, p, li, a { display: none
/// !important }`) reached print.html and blanked every chapter of the PDF, without a word
/// (mdBook 0.5.4 copies it there too). A style element or a linked style sheet in a page's raw
/// HTML is a warning at the tag saying that print.html and the PDF carry it to every chapter;
/// one in code, another `<link>`, or a `style` attribute (which styles its own element) is not.
/// A style lint (`style-lints`): without it nothing is said, as mdBook says nothing and many
/// books style a page on purpose (mdBook's own test book does).
struct PageStyleBadInputTests {
    @Test func aStyleSheetInAPageIsAWarningAtTheTag() throws {
        let (root, lines, failed) = try BadInputBook.build([
            "SUMMARY.md": "# T\n\n- [A](a.md)\n- [B](b.md)\n",
            "a.md": """
            # A

            <style>
            h1, p, li, a { display: none !important; }
            </style>

            Text <link rel="stylesheet" href="b.html"> inline.

            - item <LINK REL="Alternate StyleSheet" href="b.html">

            <STYLE media="print">p { color: red }</STYLE>

            ```html
            <style>p { display: none }</style>
            ```

            <link rel="icon" href="b.html"> <span style="color: red">own</span>

            Shown as code: `<style>`.

            """,
            "b.md": "# B\n\n[back](a.md)\n",
        ]) { $0.book.styleLints = true }
        defer { FileSystem.removeTemporaryDirectory(root) }
        #expect(!failed, "\(lines)")
        let page = root + "/content/a.md"
        let warned = lines.filter { $0.contains("warning: a style sheet in a page styles the whole document") }
        #expect(
            warned.map { String($0.prefix { $0 != " " }) }
                == ["\(page):3:1:", "\(page):7:6:", "\(page):9:8:", "\(page):11:1:"], "\(lines)")
        #expect(warned.allSatisfy { $0.contains("print.html, and in the PDF") }, "\(warned)")
    }

    @Test func withoutStyleLintsAPageStyleSheetIsNotWarned() throws {
        let (root, lines, failed) = try BadInputBook.build([
            "SUMMARY.md": "# T\n\n- [A](a.md)\n", "a.md": "# A\n\n<style>\ntable { width: 100% }\n</style>\n",
        ])
        defer { FileSystem.removeTemporaryDirectory(root) }
        #expect(!failed && !lines.contains { $0.contains("warning:") }, "\(lines)")
    }
}
