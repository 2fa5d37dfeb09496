import Foundation
import Testing

@testable import CommonMark
@testable import LectureKit
@testable import LectureSupport

/// Links that break (issue 34): pages named with `?`, `%` or `#` are reached by every link the
/// site holds, the sidebar's, the search index's and the author's, as a server decodes them.
@Suite struct LinkNameBadInputTests {
    static let names = ["what?.md", "100%.md"]

    @Test func pagesNamedWithQueryPercentOrHashAreLinkedEscaped() throws {
        let (root, lines, failed) = try BadInputBook.build([
            "SUMMARY.md": "# 책\n\n- [시작](intro.md)\n- [Q](<what?.md>)\n- [P](<100%.md>)\n",
            "intro.md": "# 시작\n\n[q](<what?.md>) [p](100%25.md#p) [p2](<100%.md>)\n",
            "what?.md": "# Q\n", "100%.md": "# P\n",
        ])
        defer { FileSystem.removeTemporaryDirectory(root) }
        // mdBook 0.5.4 writes these hrefs raw (`what?.html`): the emitted-link check failed the build.
        #expect(!failed, "\(lines.joined(separator: "\n"))")
        let site = root + "/_site"
        for name in Self.names {
            #expect(FileSystem.exists(site + "/" + OutputPath.html(forMarkdown: name)), "\(name)")
        }
        let intro = String(decoding: try FileSystem.read(site + "/intro.html"), as: UTF8.self)
        for href in ["what%3F.html", "100%25.html#p", "100%25.html\""] {
            #expect(intro.contains("href=\"" + href), "\(href)")
        }
        // Every href of the page, decoded as a server decodes a request's path, names a file.
        let hrefs = intro.matches(of: /href="([^"#]+\.html)[#"]/).map { String($0.output.1) }
        #expect(hrefs.count >= 5)
        for href in hrefs {
            let path = try #require(href.removingPercentEncoding, "\(href) is not a valid escape")
            #expect(FileSystem.exists(site + "/" + path), "\(href)")
            #expect(!path.contains("%") || href.contains("%25"))
        }
        // The search index's URLs too.
        let search = String(
            decoding: try FileSystem.read(HashedSitePath.of("search/pages.js", in: site)), as: UTF8.self)
        #expect(search.contains("what%3F.html") && search.contains("100%25.html"))
    }

    /// A chapter's page name is made with its path (once, not at each ask) and follows it.
    @Test func aChaptersPageFollowsItsPath() {
        var chapter = Chapter(title: "A", path: "a.md", location: SourceLocation(line: 1, column: 1))
        #expect(chapter.outputPath == "a.html")
        chapter.path = "b/Readme.markdown"
        #expect(chapter.outputPath == "b/index.html")
    }

    @Test func hrefEscapesWhatEndsAPathAndKeepsEscapes() {
        #expect(OutputPath.href("what?.html") == "what%3F.html")
        #expect(OutputPath.href("100%.html") == "100%25.html")
        #expect(OutputPath.href("100%25.html") == "100%25.html")
        #expect(OutputPath.href("a%2g.html") == "a%252g.html")
        #expect(OutputPath.href(forOutput: "100%25.html") == "100%2525.html")
        #expect(OutputPath.href(forOutput: "a/100%.html") == "a/100%25.html")
        #expect(OutputPath.href(forOutput: "a/plain page.html") == "a/plain page.html")
        #expect(OutputPath.href(forOutput: "장/c#.html") == "장/c%23.html")
        #expect(OutputPath.href("장/c#.html") == "장/c%23.html")
    }

    /// `c#.md`: mdBook 0.5.4 reads the summary's whole destination as the page's path and writes
    /// `c#.html` (the oracle below), but links it raw (`href="c#.html"`: the page `c` at `#.html`);
    /// lecture writes the same file and links it `c%23.html`.
    @Test func aPageNamedWithAHashIsWrittenAsMdBookWritesItAndLinkedEscaped() throws {
        let files = [
            "book.toml": "[book]\ntitle = \"T\"\n",
            "src/SUMMARY.md": "# S\n\n- [시작](intro.md)\n- [C#](c#.md)\n",
            "src/intro.md": "# 시작\n\n[c](c%23.md) [part](c%23.md#c)\n", "src/c#.md": "# C\n",
        ]
        let both = try MdBookOracle.build(files)
        #expect(both.lecture.succeeded, "\(both.lecture.output)")
        #expect(both.differences(in: [.pages]) == [])
        #expect(both.lecture.facts.pages.contains("c#.html"))
        let intro = String(decoding: try FileSystem.read(both.lecture.root + "/book/intro.html"), as: UTF8.self)
        #expect(intro.contains("href=\"c%23.html\"") && intro.contains("href=\"c%23.html#c\""))
        #expect(!intro.contains("href=\"c#.html"))
        #expect(both.lecture.facts.sidebar.contains { $0.link == "c#.html" })
    }

    @Test func aRawHashLinkToSuchAPageIsAnErrorNamingTheEscape() throws {
        let (root, lines, failed) = try BadInputBook.build([
            "SUMMARY.md": "# 책\n\n- [시작](intro.md)\n- [C](c#.md)\n",
            "intro.md": "# 시작\n\n[c](c#.md)\n", "c#.md": "# C\n",
        ])
        defer { FileSystem.removeTemporaryDirectory(root) }
        #expect(failed)
        let text = lines.joined(separator: "\n")
        #expect(text.contains("intro.md:3:1: error: broken link: 'c#.md'"), "\(text)")
        #expect(text.contains("write 'c%23.md'"), "\(text)")
    }

    /// macOS writes names in NFD (`cafe` + U+0301, Hangul as jamo); links and the summary are
    /// typed in NFC. Swift's `==` holds both equal, a Linux server does not.
    @Test func namesInNFDAreReachedByLinksInTheBuiltSite() throws {
        let nfd = "cafe\u{301}"
        let nfc = "caf\u{E9}"
        let hangulNFD = "\u{1100}\u{1161}"
        let hangulNFC = "\u{AC00}"  // 가
        let (root, lines, failed) = try BadInputBook.build([
            "SUMMARY.md": "# 책\n\n- [시작](intro.md)\n- [N](\(nfc).md)\n- [H](\(hangulNFC)/\(hangulNFC).md)\n",
            "intro.md":
                "# 시작\n\n[n](\(nfc).md) [d](\(nfd).md) [h](\(hangulNFD)/\(hangulNFD).md) ![i](\(nfc).png) ![j](\(nfd).png)\n",
            "\(nfd).md": "# N\n", "\(hangulNFD)/\(hangulNFD).md": "# H\n", "\(nfd).png": "PNG",
        ])
        defer { FileSystem.removeTemporaryDirectory(root) }
        #expect(!failed, "\(lines.joined(separator: "\n"))")
        // The content folder holds only its own files (create-missing made no NFC twin).
        let content = Self.names(in: root + "/content")
        #expect(content.count == 5 && !content.contains { NFC.sameBytes($0, nfc + ".md") }, "\(content)")
        let site = root + "/_site"
        let intro = String(decoding: try FileSystem.read(site + "/intro.html"), as: UTF8.self)
        let urls = intro.matches(of: /(?:href|src)="([^"#]+\.(?:html|png))[#"]/).map { String($0.output.1) }
        #expect(urls.count >= 7)
        for url in urls {
            // As a server reads the request: percent-decoded bytes, no normalisation.
            let path = try #require(url.removingPercentEncoding)
            let (folder, name) =
                path.contains("/")
                ? (String(path.split(separator: "/")[0]), String(path.split(separator: "/")[1])) : ("", path)
            #expect(
                Self.names(in: folder.isEmpty ? site : site + "/" + folder).contains { NFC.sameBytes($0, name) },
                "\(url)")
        }
    }

    @Test func rawHTMLNamingAFileInAnotherUnicodeFormIsABrokenURL() throws {
        let nfd = "cafe\u{301}"
        let (root, lines, failed) = try BadInputBook.build([
            "SUMMARY.md": "# 책\n\n- [시작](intro.md)\n", "intro.md": "# 시작\n\n<img src=\"\(nfd).png\">\n",
            "\(nfd).png": "PNG",
        ])
        defer { FileSystem.removeTemporaryDirectory(root) }
        #expect(failed)
        #expect(lines.contains { $0.contains("only in another Unicode form (NFD where the file is NFC)") }, "\(lines)")
    }

    /// The names in `folder` as the disk holds them (bytes, not Swift's canonical equivalence).
    static func names(in folder: String) -> [String] {
        (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
    }
}

extension LinkNameBadInputTests {
    /// Pages named `std:vec.md`, `b&c.md`, `it's.md`, `x<y.md` and footnote
    /// labels with `&` or quotes build (as with mdBook 0.5.4); the sidebar and pager reach
    /// `std:vec.html` as `./std:vec.html` (a browser reads `std:vec.html` as the scheme `std:`),
    /// and the check of emitted URLs decodes character references (`&#x27;`, `&amp;`) as a browser.
    @Test func pagesNamedWithColonAmpersandQuoteOrLessThanBuildAndAreReached() throws {
        let (root, lines, failed) = try BadInputBook.build([
            "SUMMARY.md":
                "# 책\n\n- [시작](intro.md)\n- [Vec](std:vec.md)\n- [B & C](b&c.md)\n- [Q](it's.md)\n- [L](x<y.md)\n",
            "intro.md": "# 시작\n\nText[^a&b] and[^\"q&y\"] [v](./std:vec.md)\n\n[^a&b]: foot\n\n[^\"q&y\"]: quoted\n",
            "std:vec.md": "# Vec\n", "b&c.md": "# B\n", "it's.md": "# Q\n", "x<y.md": "# L\n",
        ])
        defer { FileSystem.removeTemporaryDirectory(root) }
        #expect(!failed, "\(lines.joined(separator: "\n"))")
        let intro = String(decoding: try FileSystem.read(root + "/_site/intro.html"), as: UTF8.self)
        #expect(intro.contains("href=\"./std:vec.html\""), "sidebar and pager")
        #expect(!intro.contains("href=\"std:vec.html\""))
        let search = String(
            decoding: try FileSystem.read(HashedSitePath.of("search/pages.js", in: root + "/_site")), as: UTF8.self)
        #expect(search.contains(#"".\/std:vec.html""#), "JSON writes / as \\/")
        #expect(OutputPath.href(forOutput: "std:vec.html") == "./std:vec.html")
        #expect(OutputPath.href(forOutput: "a/std:vec.html") == "a/std:vec.html")
        // A name that is not ASCII is looked at by characters, an ASCII one by bytes: the same rule.
        #expect(OutputPath.href(forOutput: "장:절.html") == "./장:절.html")
        #expect(OutputPath.href(forOutput: "장/a:b.html") == "장/a:b.html")
        #expect(OutputPath.href(forOutput: "a:b/c.html") == "./a:b/c.html")
        #expect(OutputPath.href(forOutput: "ab/c:d.html") == "ab/c:d.html")
    }

    @Test func emittedURLsAndIDsAreReadWithCharacterReferencesDecoded() {
        let html = Array(#"<a href="it&#x27;s.html#caf&eacute;"><img src="&#98;&amp;c.png"><h2 id="b&amp;c">"#.utf8)
        #expect(EmittedLinkChecker.urls(in: html) == ["it's.html#café", "b&c.png"])
        #expect(EmittedLinkChecker.ids(in: html) == ["b&c"])
        #expect(CharacterReferences.decoded("a&unknown;b&#x110000;&") == "a&unknown;b\u{FFFD}&")
    }
}
