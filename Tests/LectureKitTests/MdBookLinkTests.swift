import Foundation
import Testing

@testable import LectureKit
@testable import LectureSupport

/// Links, anchors and warnings on books mdBook builds, each built by mdBook 0.5.4 and by
/// `lecture` (`MdBookOracle`): links that leave the book, anchors defined in raw HTML and by
/// heading attributes, style lints off by default, smart punctuation's heading ids.
@Suite struct MdBookLinkTests {
    func both(_ pages: [String: String], toml: String = "[book]\ntitle = \"T\"\n") throws -> MdBookOracle {
        var files = pages.mapKeys { "src/" + $0 }
        files["book.toml"] = toml
        return try MdBookOracle.build(files)
    }

    func expectSame(
        _ both: MdBookOracle, _ aspects: [MdBookOracle.Aspect] = [.status, .pages, .sidebar, .ids, .text, .links],
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        #expect(both.mdBook.succeeded, "mdBook failed: \(both.mdBook.output)", sourceLocation: sourceLocation)
        let differences = both.differences(in: aspects)
        #expect(differences.isEmpty, "\(differences.joined(separator: "\n"))", sourceLocation: sourceLocation)
    }

    @Test func linksThatLeaveTheBookAreWarningsUnlessTheBookAsks() throws {
        let pages = [
            "SUMMARY.md": "- [A](a.md)\n",
            "a.md":
                "# A\n\n[std](../std/index.html) [sibling](../../other/book/ch1.html#x) <a href=\"../up.html\">raw</a>\n",
        ]
        // mdBook says nothing of them; lecture one warning a run, at the first, naming the others.
        let folded = try both(pages)
        expectSame(folded)
        #expect(!folded.mdBook.output.contains("../std/index.html"), "\(folded.mdBook.output)")
        for expected in [
            "src/a.md:3:1: warning: 3 links leave the book and are not checked: this one, /", "/src/a.md:3:26, /",
            "/src/a.md:3:74\n",
        ] {
            #expect(folded.lecture.output.contains(expected), "\(folded.lecture.output)")
        }
        #expect(folded.lecture.output.contains("outside-links = \"warning\"' in book.toml lists each one"))
        #expect(folded.lecture.output.components(separatedBy: "warning:").count - 1 == 1, "\(folded.lecture.output)")
        // `outside-links = "warning"`: one at each.
        let both = try self.both(
            pages, toml: "[book]\ntitle = \"T\"\n[preprocessor.lecture]\nrenderers = []\noutside-links = \"warning\"\n")
        #expect(
            both.lecture.output.contains(
                "src/a.md:3:1: warning: link '../std/index.html' leaves the book and is not checked"),
            "\(both.lecture.output)")
        // The raw `<a href>` too, at its column, as every URL of raw HTML above the site's root (attack 11, kind 40).
        #expect(
            both.lecture.output.contains("src/a.md:3:74: warning: <a href>: '../up.html' leaves the site"),
            "\(both.lecture.output)")
        #expect(both.lecture.output.components(separatedBy: "warning:").count - 1 == 3, "\(both.lecture.output)")
        let strict = try self.both(pages, toml: "[book]\ntitle = \"T\"\n[lecture]\noutside-links = \"error\"\n")
        #expect(!strict.lecture.succeeded)
        #expect(strict.lecture.output.contains("src/a.md:3:1: error: link '../std/index.html' leaves the book"))
    }

    /// A book linking into a sibling book hundreds of times (the Rust book's `../std/…`) gets one
    /// warning for them all, with the count and the first places; mdBook says nothing.
    @Test func hundredsOfLinksThatLeaveTheBookAreOneWarning() throws {
        var pages = ["SUMMARY.md": (1...3).map { "- [P\($0)](p\($0).md)\n" }.joined()]
        for page in 1...3 {
            pages["p\(page).md"] =
                "# P\(page)\n\n" + (1...70).map { "[std \($0)](../std/fn.f\($0).html) is a function.\n" }.joined()
        }
        let both = try both(pages)
        expectSame(both, [.status, .pages, .links])
        #expect(!both.mdBook.output.contains("std/fn.f"), "\(both.mdBook.output)")
        for expected in [
            "src/p1.md:3:1: warning: 210 links leave the book and are not checked: this one, /", "/src/p1.md:4:1, /",
            "/src/p1.md:5:1, /", "/src/p1.md:6:1 and 206 more\n",
        ] {
            #expect(both.lecture.output.contains(expected), "\(both.lecture.output)")
        }
        #expect(both.lecture.output.components(separatedBy: "warning:").count - 1 == 1, "\(both.lecture.output)")
    }

    @Test func brokenLinksInsideTheBookStayErrors() throws {
        let both = try both([
            "SUMMARY.md": "- [A](a.md)\n", "a.md": "# A\n\n[x](nofile.md) [y](#nowhere) [z](img/none.png)\n",
        ])
        #expect(both.mdBook.succeeded, "mdBook never checks links")
        #expect(!both.lecture.succeeded)
        for expected in [
            "src/a.md:3:1: error: broken link: 'nofile.md' is not a page of the book",
            "src/a.md:3:16: error: broken link: '#nowhere' names no heading or id of 'a.md'",
            "src/a.md:3:30: error: broken link: 'img/none.png' does not exist in the content folder",
        ] {
            #expect(both.lecture.output.contains(expected), "\(both.lecture.output)")
        }
    }

    @Test func anchorsDefinedInRawHTMLAreLinkTargets() throws {
        let both = try both([
            "SUMMARY.md": "- [A](a.md)\n- [B](b.md)\n",
            "a.md":
                "# A\n\n<a id=\"raw\"></a>\n<a name=\"named\"></a>\n\nText <span id=\"inl\">x</span> and <span id='single'>y</span>.\n\n<div id=\"blk\">\n\nd\n</div>\n\n[1](#raw) [2](#named) [3](#inl) [4](#blk) [5](b.md#x) [6](#single)\n",
            "b.md": "# B\n\n<h2 id=\"x\">X</h2>\n",
        ])
        expectSame(both, [.status, .pages, .sidebar, .ids, .anchors, .text, .links])
    }

    /// A definition list's term is a link target as a heading is; an id of the page's raw HTML
    /// does not move a heading's slug (mdBook gives both the same id, and so does lecture); a
    /// root-relative link names a page from the book's root.
    @Test func termsRawHTMLIdsAndRootRelativeLinksResolveAsInMdBook() throws {
        let both = try both([
            "SUMMARY.md": "- [A](a.md)\n- [Sub](sub/README.md)\n",
            "a.md":
                "# A\n\n<a id=\"intro\"></a>\n\n## Intro\n\nTerm\n: What it means\n\n## Term\n\n<div id=\"setup\">x</div>\n\n## Setup\n\n[1](#intro) [2](#term) [3](#term-1) [5](/sub/index.html#s) [6](/a.html#term) [7](#setup)\n",
            "sub/README.md": "# Sub\n\n## S\n",
        ])
        expectSame(both, [.status, .pages, .sidebar, .ids, .anchors, .text, .links])
        #expect(both.lecture.facts.ids["a.html"] == ["a", "intro", "term-1", "setup"])
        #expect(!both.lecture.output.contains("warning"), "\(both.lecture.output)")
        let broken = try self.both([
            "SUMMARY.md": "- [A](a.md)\n", "a.md": "# A\n\n[x](/nowhere.html) [y](/a.html#none)\n",
        ])
        #expect(!broken.lecture.succeeded)
        for expected in [
            "src/a.md:3:1: error: broken link: '/nowhere.html' does not exist in the content folder",
            "src/a.md:3:20: error: broken link: '/a.html#none' names no heading or id of 'a.md'",
        ] {
            #expect(broken.lecture.output.contains(expected), "\(broken.lecture.output)")
        }
    }

    /// `[output.html.redirect]`: a page at each old path that sends the reader on, as mdBook
    /// writes them (a nested old path, a root-relative target, one that leaves the book, a full
    /// URL); a redirect over a page of the book fails both; one to a file the site lacks fails here.
    @Test func redirectsAreWrittenAsMdBookWritesThem() throws {
        let pages = ["SUMMARY.md": "- [A](a.md)\n- [B](sub/b.md)\n", "a.md": "# A\n\n## S\n", "sub/b.md": "# B\n"]
        let toml =
            "[book]\ntitle = \"T\"\n[output.html.redirect]\n\"/old/x.html\" = \"../a.html#s\"\n\"/b.html\" = \"/sub/b.html\"\n\"/std.html\" = \"../std/index.html\"\n\"/far.html\" = \"https://example.com/z\"\n"
        let both = try both(pages, toml: toml)
        expectSame(both, [.status, .pages, .sidebar, .ids, .links])
        #expect(!both.lecture.output.contains("warning"), "\(both.lecture.output)")
        let page = try #require(TestSupport.read(both.lecture.root + "/book/old/x.html"))
        #expect(page.contains("<meta http-equiv=\"refresh\" content=\"0; url=../a.html#s\">"), "\(page)")
        // The page's title as mdBook's (run), not the target's path (new user 3, P12).
        let mdBookPage = try #require(TestSupport.read(both.mdBook.root + "/book/old/x.html"))
        #expect(mdBookPage.contains("<title>Redirecting...</title>") && page.contains("<title>Redirecting...</title>"))
        let over = try self.both(
            pages, toml: "[book]\ntitle = \"T\"\n[output.html.redirect]\n\"/a.html\" = \"sub/b.html\"\n")
        #expect(!over.mdBook.succeeded && !over.lecture.succeeded)
        #expect(
            over.lecture.output.contains(
                "book.toml:4:1: error: redirect '/a.html' would replace 'a.html', which the book writes"),
            "\(over.lecture.output)")
        let nowhere = try self.both(
            pages, toml: "[book]\ntitle = \"T\"\n[output.html.redirect]\n\"/old.html\" = \"gone.html\"\n")
        #expect(nowhere.mdBook.succeeded, "mdBook never checks a redirect's target")
        #expect(
            nowhere.lecture.output.contains(
                "book.toml:4:1: error: redirect '/old.html' leads to 'gone.html', which names 'gone.html', which the site does not have"
            ), "\(nowhere.lecture.output)")
    }

    /// A root-relative link in a book served under a site-url (mdBook's own guide, at `/mdBook/`,
    /// links `/format/configuration/general.html`): it leaves the site, a warning at its line (an
    /// error when the book asks), as other links that leave the book; one starting with the site's
    /// URL is a link into the book, checked as one. mdBook builds them all without a word.
    @Test func rootRelativeLinksOutsideTheSiteURLLeaveTheBook() throws {
        let pages = [
            "SUMMARY.md": "- [A](a.md)\n- [B](sub/b.md)\n",
            "a.md": "# A\n\n[out](/sub/b.html#s) and [in](/site/sub/b.html#s)\n", "sub/b.md": "# B\n\n## S\n",
        ]
        let toml = "[book]\ntitle = \"T\"\n[output.html]\nsite-url = \"/site/\"\n"
        let both = try both(pages, toml: toml)
        expectSame(both)
        #expect(
            both.lecture.output.contains(
                "src/a.md:3:1: warning: link '/sub/b.html#s' leaves the book and is not checked"),
            "\(both.lecture.output)")
        #expect(both.lecture.output.components(separatedBy: "warning:").count - 1 == 1, "\(both.lecture.output)")
        var broken = pages
        broken["a.md"] = "# A\n\n[in](/site/sub/gone.html)\n"
        let inside = try self.both(broken, toml: toml)
        #expect(inside.mdBook.succeeded && !inside.lecture.succeeded, "\(inside.lecture.output)")
        #expect(
            inside.lecture.output.contains("src/a.md:3:1: error: broken link: '/site/sub/gone.html'"),
            "\(inside.lecture.output)")
        let strict = try self.both(pages, toml: toml + "[preprocessor.lecture]\noutside-links = \"error\"\n")
        #expect(
            !strict.lecture.succeeded
                && strict.lecture.output.contains("src/a.md:3:1: error: link '/sub/b.html#s' leaves the book"),
            "\(strict.lecture.output)")
    }

    /// New-user review 6, finding 7: a redirect page of a key without a fragment keeps the
    /// reader's fragment (`/starter.html#day-2` → `basics/starter.html#day-2`) with a script, as
    /// mdBook 0.5.4's does (run), and keeps the meta refresh for a reader without scripts.
    @Test func aRedirectPageKeepsTheReadersFragmentAsMdBooksDoes() throws {
        let pages = [
            "SUMMARY.md": "- [A](a.md)\n- [S](basics/starter.md)\n", "a.md": "# A\n",
            "basics/starter.md": "# S\n\n## Day 2\n",
        ]
        let toml = "[book]\ntitle = \"T\"\n[output.html.redirect]\n\"/starter.html\" = \"basics/starter.html\"\n"
        let both = try both(pages, toml: toml)
        expectSame(both, [.status, .pages])
        for (tool, root) in [("mdBook", both.mdBook.root), ("lecture", both.lecture.root)] {
            let page = try #require(TestSupport.read(root + "/book/starter.html"))
            #expect(page.contains("url.hash = window.location.hash"), "\(tool): \(page)")
            #expect(page.contains("window.location.replace("), "\(tool): \(page)")
            #expect(
                page.contains("url=basics/starter.html\">") || page.contains("URL=basics/starter.html\">"),
                "\(tool): \(page)")
        }
        let ours = try #require(TestSupport.read(both.lecture.root + "/book/starter.html"))
        #expect(
            ours.replacingOccurrences(of: "\\/", with: "/").contains("new URL(target || \"basics/starter.html\""),
            "\(ours)")
    }

    /// Redirects of a fragment (`"/a.html#old"`, as the Rust Reference keeps dozens): a script
    /// in the book's page, or in the redirect page of the same path, sends a reader who arrives at
    /// that fragment on, in both tools; fragments of a path that is neither fail both.
    @Test func fragmentRedirectsSendOnFromThePageOrFromItsRedirectPage() throws {
        let pages = ["SUMMARY.md": "- [A](a.md)\n- [B](sub/b.md)\n", "a.md": "# A\n\n## S\n", "sub/b.md": "# B\n"]
        let toml =
            "[book]\ntitle = \"T\"\n[output.html.redirect]\n\"/a.html#old\" = \"sub/b.html\"\n\"/a.html#older\" = \"https://example.com/z\"\n\"/gone.html\" = \"a.html\"\n\"/gone.html#f\" = \"sub/b.html#top\"\n"
        let both = try both(pages, toml: toml)
        expectSame(both, [.status, .pages, .sidebar, .ids, .text, .links])
        #expect(!both.lecture.output.contains("warning"), "\(both.lecture.output)")
        for (tool, root) in [("mdBook", both.mdBook.root), ("lecture", both.lecture.root)] {
            let page = try #require(TestSupport.read(root + "/book/a.html"))
            let map = page.replacingOccurrences(of: "\\/", with: "/")
            #expect(
                map.contains("{\"#old\":\"sub/b.html\",\"#older\":\"https://example.com/z\"}"), "\(tool): \(page)")
            let redirect = try #require(TestSupport.read(root + "/book/gone.html"))
            #expect(
                redirect.replacingOccurrences(of: "\\/", with: "/").contains("{\"#f\":\"sub/b.html#top\"}"), "\(tool)")
            #expect(redirect.contains("url=a.html") || redirect.contains("URL=a.html"), "\(tool): \(redirect)")
        }
        let alone = try self.both(
            pages, toml: "[book]\ntitle = \"T\"\n[output.html.redirect]\n\"/old.html#f\" = \"a.html\"\n")
        #expect(!alone.mdBook.succeeded && !alone.lecture.succeeded, "\(alone.mdBook.output)")
        #expect(
            alone.lecture.output.contains(
                "book.toml:4:1: error: redirect '/old.html#f' has a fragment, and '/old.html' is neither a page of the book nor redirected itself"
            ), "\(alone.lecture.output)")
    }

    /// `[output.html] cname` (GitHub Pages' custom domain, which mdBook's guide and the SwiftWasm
    /// book set) is the site's `CNAME` file, byte for byte as mdBook writes it, with no warning.
    @Test func cnameIsTheSitesCNAMEFileAsMdBookWritesIt() throws {
        let both = try both(
            ["SUMMARY.md": "- [A](a.md)\n", "a.md": "# A\n"],
            toml: "[book]\ntitle = \"T\"\n[output.html]\ncname = \"book.example.org\"\n")
        expectSame(both, [.status, .pages])
        let ours = try FileSystem.read(both.lecture.root + "/book/CNAME")
        #expect(ours == Array("book.example.org\n".utf8))
        #expect(ours == (try FileSystem.read(both.mdBook.root + "/book/CNAME")))
        #expect(!both.lecture.output.contains("warning"), "\(both.lecture.output)")
        let (_, diagnostics) = BookSettingsLoader.parse("[output.html]\ncname = \"\"\n", path: "book.toml")
        #expect(diagnostics.map(\.severity) == [.error])
    }

    /// A heading's id is made of its text trimmed, as mdBook makes it: a comment or a tag before
    /// the words adds no leading `-`.
    @Test func headingIdsIgnoreMarkupBeforeTheWords() throws {
        let both = try both([
            "SUMMARY.md": "- [A](a.md)\n",
            "a.md":
                "# A\n\n## <!-- draft --> Getting started\n\n## <span></span> Next  \n\n[1](#getting-started) [2](#next)\n",
        ])
        expectSame(both, [.status, .pages, .ids, .text, .links])
        #expect(both.lecture.facts.ids["a.html"] == ["a", "getting-started", "next"])
    }

    /// A link to a folder of the book without its `/` (`[more](sub)`) names the folder's index
    /// page, as a server answers mdBook's readers; it is written `sub/index.html`, which works from
    /// `file://` too, and a folder without an index page stays a broken link.
    @Test func aFolderNamedWithoutItsSlashIsItsIndexPage() throws {
        let both = try both([
            "SUMMARY.md": "- [A](a.md)\n- [Sub](sub/README.md)\n    - [C](sub/c.md)\n",
            "a.md": "# A\n\n[more](sub) [deeper](sub#s)\n",
            "sub/README.md": "# Sub\n\n## S\n", "sub/c.md": "# C\n\n[up](../sub)\n",
        ])
        expectSame(both, [.status, .pages, .sidebar, .ids, .text])
        #expect(both.lecture.facts.links["a.html"] == ["sub/index.html", "sub/index.html#s"])
        #expect(both.lecture.facts.links["sub/c.html"] == ["../sub/index.html"])
        let broken = try self.both(["SUMMARY.md": "- [A](a.md)\n", "a.md": "# A\n\n[x](nothing)\n"])
        #expect(broken.lecture.output.contains("src/a.md:3:1: error: broken link: 'nothing' does not exist"))
    }

    /// A link to a folder (`sub/`, `sub`) is its index page wherever it stands: in a paragraph,
    /// a table's cell, a list, a quote, a definition, a footnote, an admonition. mdBook leaves
    /// every one as written (a server answers it); here each is `sub/index.html`, the one
    /// difference, and a link to `sub/README.md` is the page mdBook makes of it (mdBook writes
    /// `sub/README.html`, which it does not write).
    @Test func foldersLinkedFromEveryInlineContextAreTheirIndexPages() throws {
        let both = try both([
            "SUMMARY.md": "- [A](a.md)\n- [Sub](sub/README.md)\n",
            "sub/README.md": "# Sub\n",
            "a.md":
                "# A\n\n| a | b |\n|---|---|\n| [sub](sub/) | [sub2](sub) |\n| [page](sub/README.md) | [x](a.md#a) |\n\n* [in list](sub)\n\n> [quote](sub/)\n\n[para](sub/) [para2](sub)\n\nTerm\n: [dd](sub/)\n\n[^1]: [foot](sub/)\n\nNote[^1].\n\n> [!NOTE]\n> [adm](sub/)\n",
        ])
        expectSame(both, [.status, .pages, .sidebar, .ids, .anchors, .text])
        let folder = try! Regex("^(sub/?|sub/README\\.html)$")
        let theirs = both.mdBook.facts.links["a.html"]?.map { $0.replacing(folder, with: "sub/index.html") }
        #expect(both.lecture.facts.links["a.html"] == theirs)
        #expect(both.lecture.facts.links["a.html"]?.count == 14)
    }

    /// Attack 10 #36: a heading's id is mdBook's in every script, scalar by scalar: a lowercase
    /// that adds a combining mark (`İ`), `ß` and `ẞ`, Greek's word-final sigma, Hangul, emoji with
    /// joiners, Devanagari's vowel signs (kept) and virama (dropped), full-width forms and the
    /// ideographic space, titlecase digraphs, a tab and a no-break space, an acute in NFD, a zero
    /// width space, circled letters and numbers. A link to `#istanbul` reaches its heading.
    @Test func headingIdsOfEveryScriptAreMdBooks() throws {
        let headings = [
            "İstanbul", "Straße STRASSE ẞ", "ΟΔΟΣ Σίσυφος ΣΑΣ", "ΣΑ ΑΣ. Σ", "한국어 제목",
            "Family 👨\u{200D}👩\u{200D}👧 emoji ❤️",
            "हिन्दी नमस्ते", "ＦＵＬＬ\u{3000}ｗｉｄｔｈ １２３", "Café Ñandú Ǆ ﬁ Ⅻ ² ½", "Ǆemal ǅ Ǳ", "tab\there nbsp\u{A0}here",
            "e\u{301} NFD", "ﬀ ﬃ ŉ", "日本語 テスト ｶﾀｶﾅ", "Ⓐ ⓑ ㉑", "A\u{200B}B zero width", "x\u{345}y", "عربي ١٢٣",
            "ไทย ภาษา",
        ]
        let page = "# A\n\n" + headings.map { "## \($0)\n\n" }.joined() + "[go](#istanbul)\n"
        let both = try both(["SUMMARY.md": "- [A](a.md)\n", "a.md": page])
        expectSame(both, [.status, .pages, .ids, .text, .links])
        #expect(
            both.lecture.facts.ids["a.html"]?.prefix(4) == ["a", "istanbul", "straße-strasse-ß", "οδος-σίσυφος-σας"])
        #expect(both.lecture.succeeded, "\(both.lecture.output)")
    }

    /// Every id lecture adds to a page is in its namespace (`lecture-…`): the hover cards of a
    /// verified sample (`lecture-card-LINE-N`), tables, diagrams, the theme's contents title. A
    /// heading named as one of them keeps mdBook's id, and a link typed for mdBook reaches it.
    @Test func headingsNamedAsTheToolsIDsKeepMdBooksIds() throws {
        let toml =
            "[book]\ntitle = \"T\"\n\n[preprocessor.lecture]\nrenderers = []\n\n[preprocessor.lecture.samples]\nverify = true\n"
        let page =
            "# A\n\n```swift\nlet card = 1\nprint(card)\n```\n\n| a | b |\n|---|---|\n| 1 | 2 |\n\n"
            + "## Card 3 0\n\n## Card 3 1\n\n## Table 1\n\n## Print TOC Title\n\n## Sidebar\n\n"
            + "[c](#card-3-0) [t](#table-1) [p](#print-toc-title)\n"
        let both = try both(["SUMMARY.md": "- [A](a.md)\n", "a.md": page], toml: toml)
        expectSame(both, [.status, .pages, .ids, .links])
        #expect(
            both.lecture.facts.ids["a.html"] == ["a", "card-3-0", "card-3-1", "table-1", "print-toc-title", "sidebar"])
        let html = try #require(TestSupport.read(both.lecture.root + "/book/a.html"))
        #expect(html.contains("id=\"lecture-card-3-0\""), "the sample has no hover card: \(both.lecture.output)")
        #expect(both.lecture.succeeded, "\(both.lecture.output)")
    }

    /// A heading with no text for an id (`##`, `## *`, `#` alone) gets mdBook's: the empty id,
    /// then `-1`, `-2`, …; a link to one of them (`#-2`) is checked as any other.
    @Test func emptyHeadingsGetMdBooksIds() throws {
        let both = try both([
            "SUMMARY.md": "- [A](a.md)\n",
            "a.md": "# A\n\n##\n\n## <span></span>\n\n## *\n\n#\n\n## ` `\n\n## Empty\n\n[to](#-2) [top](#)\n",
        ])
        expectSame(both, [.status, .pages, .ids, .text, .links])
        #expect(both.lecture.facts.ids["a.html"] == ["a", "", "-1", "-2", "-3", "-4", "empty"])
        let broken = try self.both(["SUMMARY.md": "- [A](a.md)\n", "a.md": "# A\n\n##\n\n[x](#-1)\n"])
        #expect(
            broken.lecture.output.contains("src/a.md:5:1: error: broken link: '#-1' names no heading or id of 'a.md'"))
    }

    @Test func headingAttributesGiveIdsAndClassesAsMdBookDoes() throws {
        let both = try both([
            "SUMMARY.md": "- [A](a.md)\n",
            "a.md":
                "# A {#top .big}\n\n## Title {#custom-id .class .other}\n\n## Plain {.only-class}\n\n## Key {#k data-x=1}\n\n## Not { attrs\n\n## Spaced {#sp}  \n\n### Emph *x* {#em}\n\n## W {foo}\n\n## Two {#a #b}\n\n## Empty {}\n\n## Trail {#t} more\n\n## Under {#my_id}\n\n[1](#custom-id) [2](#k) [3](#my_id) [4](#top)\n",
        ])
        expectSame(both, [.status, .pages, .ids, .classes, .text, .links])
        let page = try #require(TestSupport.read(both.lecture.root + "/book/a.html"))
        #expect(page.contains("<h2 id=\"k\" data-x=\"1\">"))
    }

    @Test func validBooksBuildWithoutStyleWarnings() throws {
        let pages = [
            "SUMMARY.md": "- [A](a.md)\n- [B](b.md)\n",
            "a.md": "Intro without a heading.\n\n## Then a section\n\n#### Deeper\n", "b.md": "# B\n\n# Another h1\n",
        ]
        let both = try both(pages)
        expectSame(both)
        #expect(!both.lecture.output.contains("warning"), "\(both.lecture.output)")
        let linted = try self.both(pages, toml: "[book]\ntitle = \"T\"\n[lecture]\nstyle-lints = true\n")
        #expect(linted.lecture.succeeded)
        for expected in [
            "src/a.md:1:1: warning: page has no '# ' heading",
            "src/a.md:5:1: warning: heading level jumps from h2 to h4",
            "src/b.md:1:1: warning: page has 2 level-1 headings",
        ] {
            #expect(linted.lecture.output.contains(expected), "\(linted.lecture.output)")
        }
    }

    /// Smart punctuation is on by default, as in mdBook 0.5, and off when book.toml says so; the
    /// text and heading ids are mdBook's either way.
    @Test func smartPunctuationIsOnByDefaultAndItsIdsAreMdBooks() throws {
        let page =
            "# A\n\n## \"Quoted\" -- and... it's\n\nUse `--configuration` or --configuration.\n\n[q](#quoted--and-its)\n"
        let smart = try both(["SUMMARY.md": "- [A](a.md)\n", "a.md": page])
        #expect(smart.lecture.facts.text["a.html"]?.contains("or –configuration.") == true)
        expectSame(smart, [.status, .pages, .ids, .text])
        let plain = try both(
            [
                "SUMMARY.md": "- [A](a.md)\n",
                "a.md": page.replacingOccurrences(of: "#quoted--and-its", with: "#quoted----and-its"),
            ],
            toml: "[book]\ntitle = \"T\"\n[output.html]\nsmart-punctuation = false\n")
        #expect(plain.lecture.facts.text["a.html"]?.contains("or --configuration.") == true)
        expectSame(plain, [.status, .pages, .ids, .text])
    }

    /// What mdBook reads before smart punctuation is read as typed here too, with smart
    /// punctuation on (the default): footnote labels with quotes, dashes or an ellipsis
    /// (`[^"q"]` stayed literal text, its definition left out as unreferenced), a heading
    /// attribute's id and classes (`{#one--two}` was `one–two`); and a pipe table's cells get
    /// smart punctuation as paragraphs do (they kept straight quotes). A footnote label with `'`
    /// links to `#footnote-&#x27;s&#x27;`, which print.html now follows (the build failed on it,
    /// with smart punctuation on or off). Links differ only where a label's `"` or `<` is
    /// percent-encoded here, the same target.
    @Test func smartPunctuationLeavesWhatMdBookReadsBeforeIt() throws {
        let page =
            "# Typed \"labels\" -- here\n\nQuoted[^\"q\"], dashed[^a--b], em[^a---b], dots[^wait...], single[^'s'].\n\n"
            + "[^\"q\"]: The \"quoted\" one.\n\n[^a--b]: Dashed -- once.\n\n[^a---b]: Em.\n\n[^wait...]: Dots...\n\n"
            + "[^'s']: Single 'quotes'.\n\n## Own id {#one--two}\n\n## Class {.x--y}\n\n"
            + "| \"Cell\" | it's -- here |\n|---|---|\n| 'a' ... | [^\"q\"] and \"b\" |\n"
        for toml in ["[book]\ntitle = \"T\"\n", "[book]\ntitle = \"T\"\n[output.html]\nsmart-punctuation = false\n"] {
            let built = try both(["SUMMARY.md": "- [A](a.md)\n", "a.md": page], toml: toml)
            expectSame(built, [.status, .pages, .sidebar, .ids, .classes, .anchors, .text])
            let decoded = { (facts: MdBookOracle.Facts) in
                facts.links["a.html"]?.map { $0.removingPercentEncoding ?? $0 }
            }
            #expect(decoded(built.lecture.facts) == decoded(built.mdBook.facts))
            #expect(built.lecture.facts.ids["a.html"]?.contains("one--two") == true)
            #expect(!built.lecture.output.contains("warning:"), "\(built.lecture.output)")
        }
    }
}
