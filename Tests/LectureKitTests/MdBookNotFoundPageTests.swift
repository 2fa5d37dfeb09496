import Foundation
import Testing

@testable import LectureSupport

/// mdBook's page-not-found page of Markdown, `src/404.md` (or the page `[output.html] input-404`
/// names), built by mdBook 0.5.4 and by lecture (`MdBookOracle`): the same file, title, text,
/// heading ids, anchors and link targets under `site-url`, and the same verdict when the named
/// page is missing.
@Suite struct MdBookNotFoundPageTests {
    /// A book under `site-url = "/mybook/"` with a chapter in a folder and `404.md` holding what
    /// pages hold: a footnote in its heading, an admonition, a table, links to pages (one in a
    /// folder, one with a fragment), raw HTML's link, an image, a root-absolute and an outside link.
    static func book(_ toml: String = "", notFound name: String = "404.md") -> [String: String] {
        [
            "book.toml": "[book]\ntitle = \"NF Book\"\nlanguage = \"en\"\n\n[output.html]\nsite-url = \"/mybook/\"\n"
                + toml,
            "src/SUMMARY.md": "# Summary\n\n- [A](a.md)\n  - [B](sub/b.md)\n",
            "src/a.md": "# A\n",
            "src/sub/b.md": "# B\n\n## X\n",
            "src/pic.png": "png",
            "src/" + name:
                "# Lost here[^n]\n\nGo to [A](a.md), [B](sub/b.md#x) or <a href=\"sub/b.html\">raw</a>; "
                + "![a picture](pic.png), [root](/mybook/a.html), [outside](https://example.org/).\n\n"
                + "> [!NOTE]\n> Nothing at this address.\n\n| a | b |\n|---|---|\n| 1 | 2 |\n\n## Second heading\n\n"
                + "[^n]: A note.\n",
        ]
    }

    /// Each URL of `page` as a reader's browser follows it from any depth: mdBook writes
    /// `<base href="/mybook/">`, so a relative URL is led by the site's URL path; lecture writes
    /// it led so. A `#…` link stays on the page in both counts (mdBook's base would send it to
    /// the site's root; lecture's stays on the page, as its author meant).
    static func targets(_ build: MdBookOracle.Build, page: String, siteURL: String) -> [String] {
        (build.facts.links[page] ?? []).map { link in
            link.hasPrefix("#") || link.hasPrefix("/") || link.contains("://") ? link : siteURL + link
        }
    }

    static func title(_ build: MdBookOracle.Build, page: String) throws -> String? {
        let html = String(decoding: try FileSystem.read(build.root + "/book/" + page), as: UTF8.self)
        guard let start = html.range(of: "<title>"),
            let end = html.range(of: "</title>", range: start.upperBound..<html.endIndex)
        else { return nil }
        return String(html[start.upperBound..<end.lowerBound])
    }

    /// `src/404.md` is the site's 404.html, as mdBook makes it: title, text, heading ids and
    /// other anchors, and link targets under `site-url`, with no warning.
    @Test func aNotFoundPageOfMarkdownIsBuiltAsMdBookBuildsIt() throws {
        let both = try MdBookOracle.build(Self.book())
        #expect(both.mdBook.succeeded && both.lecture.succeeded, "\(both.lecture.output)\n\(both.mdBook.output)")
        #expect(!both.lecture.output.contains("warning"), "\(both.lecture.output)")
        let page = "404.html"
        let (ours, theirs) = (both.lecture.facts, both.mdBook.facts)
        #expect(ours.pages.contains(page) && theirs.pages.contains(page))
        #expect(try Self.title(both.lecture, page: page) == Self.title(both.mdBook, page: page))
        #expect(ours.text[page] == theirs.text[page])
        #expect(ours.ids[page] == theirs.ids[page])
        #expect(ours.anchors[page] == theirs.anchors[page])
        #expect(
            Self.targets(both.lecture, page: page, siteURL: "/mybook/")
                == Self.targets(both.mdBook, page: page, siteURL: "/mybook/"))
        // Every relative URL of the content is led by the site's URL path: none is left to resolve
        // against the missing address the server answers.
        #expect(
            (ours.links[page] ?? []).allSatisfy { $0.hasPrefix("/mybook/") || $0.hasPrefix("#") || $0.contains("://") },
            "\(ours.links[page] ?? [])")
        // The other pages are equal too.
        #expect(both.differences() == [], "\(both.differences().joined(separator: "\n"))")
    }

    /// `[output.html] input-404` renames the source, and the page is written under its name
    /// (`missing.md` → `missing.html`), as mdBook writes it.
    @Test func inputFourOhFourNamesThePageAndItsOutput() throws {
        let both = try MdBookOracle.build(
            Self.book("input-404 = \"missing.md\"\n", notFound: "missing.md"))
        #expect(both.mdBook.succeeded && both.lecture.succeeded, "\(both.lecture.output)\n\(both.mdBook.output)")
        #expect(!both.lecture.output.contains("warning"), "\(both.lecture.output)")
        #expect(both.lecture.facts.pages == both.mdBook.facts.pages)
        #expect(both.lecture.facts.text["missing.html"] == both.mdBook.facts.text["missing.html"])
        #expect(both.lecture.facts.ids["missing.html"] == both.mdBook.facts.ids["missing.html"])
    }

    /// `input-404` naming a page the folder lacks fails both builds; lecture's error stands at
    /// the setting's line.
    @Test func inputFourOhFourNamingNoPageFailsAtItsLine() throws {
        var files = Self.book("input-404 = \"nope.md\"\n")
        files["src/404.md"] = nil
        let both = try MdBookOracle.build(files)
        #expect(!both.mdBook.succeeded && !both.lecture.succeeded, "\(both.lecture.output)\n\(both.mdBook.output)")
        #expect(
            both.lecture.output.contains(
                "book.toml:7:1: error: 'output.html.input-404' names 'nope.md', which is not in the pages' folder"),
            "\(both.lecture.output)")
    }

    /// Without a `404.md`, both write a 404.html (each its own wording), and the build is quiet.
    @Test func withoutANotFoundPageEachWritesItsOwn() throws {
        var files = Self.book()
        files["src/404.md"] = nil
        let both = try MdBookOracle.build(files)
        #expect(both.mdBook.succeeded && both.lecture.succeeded, "\(both.lecture.output)")
        #expect(both.lecture.facts.pages == both.mdBook.facts.pages)
        #expect(!both.lecture.output.contains("warning"), "\(both.lecture.output)")
    }
}
