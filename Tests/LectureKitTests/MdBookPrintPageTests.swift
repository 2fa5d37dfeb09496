import Foundation
import Testing

@testable import LectureSupport

/// `print.html`, the pages' `<title>` and the 404 page's heading against mdBook 0.5.4's own output
/// for the same book (`MdBookOracle`): the ids of print.html as mdBook makes them unique across
/// chapters (`PrintIDs`), links between chapters landing on them.
@Suite(.serialized) struct MdBookPrintPageTests {
    /// A book whose chapters repeat each other's ids: headings, `{#custom-id}`, footnotes, raw
    /// HTML ids, a chapter without any heading and one that starts with an `##`.
    static let book: [String: String] = [
        "book.toml": "[book]\ntitle = \"P\"\n",
        "src/SUMMARY.md":
            "# Summary\n\n[Intro](README.md)\n\n- [A](a.md)\n  - [B](sub/b.md)\n- [C](c.md)\n- [No heading](d.md)\n- [Late](e.md)\n",
        "src/README.md":
            "# Intro\n\n## Setup\n\nSee [a](a.md), [b setup](sub/b.md#setup), [c](./c.md#custom-id), [d](d.md), [e](e.md), [self](#setup).\n",
        "src/a.md":
            "# A\n\n## Setup\n\n## Setup\n\n## Custom {#custom-id}\n\nLink [b](sub/b.md), [b#x](sub/b.md#setup), [here](#setup-1), [fn](d.md#footnote-n). Note[^n].\n\n[^n]: a note\n",
        "src/sub/b.md": "# B\n\n## Setup\n\nBack [a](../a.md#custom-id) [c](../c.md) <span id=\"raw\">r</span>\n",
        "src/c.md": "# C\n\n## Custom {#custom-id}\n\n## Setup\n\n<div id=\"raw\"></div>\n",
        "src/d.md": "Text first[^n], then <span id=\"a\">a clash</span>.\n\n[^n]: d note\n",
        "src/e.md": "## Sub first\n\n# Then\n\n[back](d.md)\n",
    ]

    /// The ids inside `<main>` that the book's content made, in order: every id of mdBook's print
    /// page; lecture's without its theme's (`lecture-…`, `print-…`) and its sections' own (`ch-…`).
    static func contentIDs(_ html: String) -> [String] {
        MdBookMarkdownTests.main(html).matches(of: /\sid="([^"]*)"/).map { String($0.output.1) }
            .filter { !$0.hasPrefix("lecture-") && !$0.hasPrefix("print-") && !$0.hasPrefix("ch-") }
    }

    @Test func printPageIdsAndLinksAreMdBooks() throws {
        let both = try MdBookOracle.build(Self.book)
        #expect(both.mdBook.succeeded && both.lecture.succeeded, "\(both.lecture.output)\n\(both.mdBook.output)")
        let theirs = try String(contentsOfFile: both.mdBook.root + "/book/print.html", encoding: .utf8)
        let ours = try String(contentsOfFile: both.lecture.root + "/book/print.html", encoding: .utf8)
        #expect(Self.contentIDs(ours) == Self.contentIDs(theirs))
        // Every in-page link of mdBook's print page lands on an element of ours with that id.
        let ids = Set(MdBookMarkdownTests.main(ours).matches(of: /\sid="([^"]*)"/).map { String($0.output.1) })
        let theirLinks = MdBookMarkdownTests.main(theirs).matches(of: /href="#([^"]*)"/).map { String($0.output.1) }
        #expect(!theirLinks.isEmpty)
        for link in theirLinks { #expect(ids.contains(link), "#\(link) of mdBook's print.html is no id of ours") }
        // And each link between chapters in ours goes where mdBook's goes.
        let ourLinks = Set(MdBookMarkdownTests.main(ours).matches(of: /href="#([^"]*)"/).map { String($0.output.1) })
        for link in ["setup-2", "custom-id-1", "custom-id", "setup-1-1", "b", "c", "footnote-n-1"] {
            #expect(theirLinks.contains(link) && ourLinks.contains(link), "#\(link)")
        }
    }

    @Test func pageTitlesAndTheNotFoundHeadingAreMdBooks() throws {
        let both = try MdBookOracle.build(Self.book)
        for page in ["index.html", "a.html", "sub/b.html", "print.html"] {
            let theirs = try String(contentsOfFile: both.mdBook.root + "/book/" + page, encoding: .utf8)
            let ours = try String(contentsOfFile: both.lecture.root + "/book/" + page, encoding: .utf8)
            #expect(MdBookMarkdownTests.title(ours) == MdBookMarkdownTests.title(theirs), "\(page)")
        }
        let notFound = try String(contentsOfFile: both.mdBook.root + "/book/404.html", encoding: .utf8)
        let ours = try String(contentsOfFile: both.lecture.root + "/book/404.html", encoding: .utf8)
        let heading = { (html: String) in MdBookMarkdownTests.main(html).firstMatch(of: /<h1 id="([^"]*)"/)?.output.1 }
        #expect(heading(ours) != nil && heading(ours) == heading(notFound))
    }

    /// mdBook's print/noindex: print.html asks search engines not to index it (each chapter is
    /// indexed at its own address), and a chapter does not; the same in both tools.
    @Test func thePrintPageIsNotIndexedAsInMdBook() throws {
        let both = try MdBookOracle.build(Self.book)
        let robots = #"<meta name="robots" content="noindex">"#
        for root in [both.mdBook.root, both.lecture.root] {
            #expect(TestSupport.read(root + "/book/print.html")?.contains(robots) == true, "\(root)")
            #expect(TestSupport.read(root + "/book/index.html")?.contains(robots) == false, "\(root)")
        }
    }
}
