import Foundation
import Testing

@testable import LectureKit
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

    /// `input-404` naming a page in a folder (`errors/lost.md`): mdBook 0.5.4 writes
    /// `errors/lost.html` with `<base href="/mybook/">`, so the page's links, images and the
    /// theme's files all read from the site's root, whatever the depth of the missing address;
    /// lecture reads the page's links from the pages' root too (not from `errors/`) and leads
    /// each with the site's URL. The same targets, each a file of both sites; the theme's style
    /// sheets of lecture's page reached from the site's URL as well.
    @Test func aNotFoundPageInAFolderLinksFromTheSiteRootAsMdBooksDoes() throws {
        var files = Self.book("input-404 = \"errors/lost.md\"\n", notFound: "errors/lost.md")
        files["src/errors/other.md"] = "# Other\n"
        files["src/SUMMARY.md"] = "# Summary\n\n- [A](a.md)\n  - [B](sub/b.md)\n- [Other](errors/other.md)\n"
        let both = try MdBookOracle.build(files)
        #expect(both.mdBook.succeeded && both.lecture.succeeded, "\(both.lecture.output)\n\(both.mdBook.output)")
        #expect(!both.lecture.output.contains("warning"), "\(both.lecture.output)")
        let page = "errors/lost.html"
        #expect(both.mdBook.facts.pages.contains(page) && both.lecture.facts.pages.contains(page))
        let ours = Self.targets(both.lecture, page: page, siteURL: "/mybook/")
        #expect(ours == Self.targets(both.mdBook, page: page, siteURL: "/mybook/"))
        #expect(ours.contains("/mybook/a.html") && ours.contains("/mybook/sub/b.html#x"), "\(ours)")
        for build in [both.mdBook, both.lecture] {
            for target in Self.targets(build, page: page, siteURL: "/mybook/") where target.hasPrefix("/mybook/") {
                let file = String(target.dropFirst("/mybook/".count).prefix { $0 != "#" })
                #expect(FileSystem.exists(build.root + "/book/" + file), "\(build.root): \(target)")
            }
        }
        // The theme's style sheets: led by the site's URL, each a file of the site.
        let html = String(decoding: try FileSystem.read(both.lecture.root + "/book/" + page), as: UTF8.self)
        let sheets = html.components(separatedBy: "<link rel=\"stylesheet\" href=\"").dropFirst().map {
            String($0.prefix { $0 != "\"" })
        }
        #expect(!sheets.isEmpty && sheets.allSatisfy { $0.hasPrefix("/mybook/") }, "\(sheets)")
        for sheet in sheets {
            #expect(FileSystem.exists(both.lecture.root + "/book/" + sheet.dropFirst("/mybook/".count)), "\(sheet)")
        }
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

    /// `input-404` naming a page the folder lacks, or a folder (mdBook 0.5.4: "Is a directory"),
    /// also one named like a page, fails both builds; lecture's error stands at the setting's
    /// line and says which.
    @Test(arguments: [
        ("nope.md", "which is not in the pages' folder"), ("errors", "which is a folder in"),
        ("errors.md", "which is a folder in"),
    ])
    func inputFourOhFourNamingNoPageFailsAtItsLine(name: String, reason: String) throws {
        var files = Self.book("input-404 = \"\(name)\"\n")
        files["src/404.md"] = nil
        if name.hasPrefix("errors") {
            files["src/\(name)/x.md"] = "# X\n"
            files["src/SUMMARY.md"] = "# Summary\n\n- [A](a.md)\n  - [B](sub/b.md)\n- [X](\(name)/x.md)\n"
        }
        let both = try MdBookOracle.build(files)
        #expect(!both.mdBook.succeeded && !both.lecture.succeeded, "\(both.lecture.output)\n\(both.mdBook.output)")
        #expect(
            both.lecture.output.contains("book.toml:7:1: error: 'output.html.input-404' names '\(name)', \(reason)"),
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

    /// A custom theme without `404.html` and a book without `404.md`: mdBook 0.5.4 writes its
    /// default not-found page laid out in the custom `index.hbs` (run, attack 12); lecture writes
    /// the built-in message laid out in the theme's `page.html`, without a word (it was no page).
    @Test func aThemeWithoutANotFoundMessageGetsTheBuiltInOne() throws {
        let (root, lines, failed) = try BadInputBook.build(
            ["SUMMARY.md": "# T\n\n- [A](a.md)\n", "a.md": "# A\n"],
            template: "<html><body><main>{{ content }}</main></body></html>")
        #expect(!failed && !lines.contains { $0.contains("warning") }, "\(lines)")
        let page = try #require(TestSupport.read(root + "/_site/404.html"), "no 404.html: \(lines)")
        #expect(page.contains("<main><h1 id=\"document-not-found-404\">"), "\(page)")
        #expect(page.contains("index.html"), "\(page)")
    }

    /// A chapter written where the not-found page goes: mdBook 0.5.4 builds it and then writes
    /// its not-found page over it (the chapter's page is lost, its sidebar link shows the
    /// not-found page); lecture's error stands at the chapter's summary line (a deliberate
    /// difference: one would silently replace the other). Siblings: the `input-404` page listed
    /// in the summary, a `README.md` chapter (→ `index.html`) beside `input-404 = "index.md"`, and
    /// `404.md` listed in the summary.
    @Test(arguments: [
        ("input-404 = \"missing.md\"\n", "missing.md", "- [A](a.md)\n- [M](missing.md)\n", "missing.html", 4),
        ("input-404 = \"index.md\"\n", "index.md", "- [R](README.md)\n- [A](a.md)\n", "index.html", 3),
        ("", "404.md", "- [A](a.md)\n- [N](404.md)\n", "404.html", 4),
    ])
    func aChapterWrittenWhereTheNotFoundPageGoesIsAnError(
        toml: String, name: String, summary: String, output: String, line: Int
    ) throws {
        var files = Self.book(toml, notFound: name)
        files["src/SUMMARY.md"] = "# Summary\n\n" + summary
        files["src/README.md"] = "# Readme\n"
        let both = try MdBookOracle.build(files)
        #expect(both.mdBook.succeeded, "\(both.mdBook.output)")
        // mdBook's chapter page is gone: the not-found page stands in its place.
        #expect(try Self.title(both.mdBook, page: output) == "Page not found - NF Book")
        #expect(!both.lecture.succeeded)
        #expect(
            both.lecture.output.contains(
                "SUMMARY.md:\(line):3: error: page '\(name == "index.md" ? "README.md" : name)' would be written to '\(output)', which is the not-found page"
            ), "\(both.lecture.output)")
    }

    /// A link `404.md` breaks: mdBook 0.5.4 checks no link and builds; lecture's error stands at
    /// the link's line in 404.md, as on any page (it was reported at the built 404.html, as if
    /// the template had made it), and only once.
    @Test func aLinkTheNotFoundPageBreaksIsAnErrorAtItsLine() throws {
        var files = Self.book()
        files["src/404.md"] = "# Lost\n\nTry [the start](a.md) or [nothing](nope.md).\n"
        let both = try MdBookOracle.build(files)
        #expect(both.mdBook.succeeded, "\(both.mdBook.output)")
        #expect(!both.lecture.succeeded)
        let errors = both.lecture.output.split(separator: "\n").filter { $0.contains(": error: ") }
        #expect(errors.count == 1, "\(both.lecture.output)")
        #expect(errors.first?.contains("src/404.md:3:26: error: broken link: 'nope.md'") == true, "\(errors)")
    }

    /// `lecture check` parses `404.md` as `lecture build` does when it renders the page: what
    /// the build reports of its Markdown (a footnote never defined, emphasis matching nothing),
    /// check reports too, at the same lines.
    @Test func checkReportsWhatBuildReportsOfTheNotFoundPage() throws {
        var files = Self.book()
        files["src/404.md"] = "# Lost\n\nSee[^gone] and **this.\n"
        let root = try TestSupport.makeTree(files)
        defer { try? FileManager.default.removeItem(atPath: root) }
        func reported(_ arguments: [String]) -> [String] {
            let recorder = TestSupport.Recorder()
            _ = LectureCommand.main(
                arguments + [root, "--cache-dir", TestSupport.cacheDirectory], console: recorder.console)
            return recorder.lines.filter { $0.contains("404.md:") }
        }
        let build = reported(["build", "--output", root + "/book"])
        let check = reported(["check"])
        #expect(build.count == 2, "\(build)")
        #expect(check == build, "build: \(build)\ncheck: \(check)")
    }
}
