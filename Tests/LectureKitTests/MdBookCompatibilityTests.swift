import Foundation
import Testing

@testable import LectureKit
@testable import LectureSupport

/// Books written for mdBook build unchanged: ids the author expects, links to output names,
/// README files in folders, pipe tables in paragraphs, a root page that works from anywhere.
@Suite struct MdBookCompatibilityTests {
    /// Builds `files` (paths under `src/`) with this repository's own templates.
    func build(_ files: [String: String], configure: (inout BuildConfiguration) -> Void = { _ in })
        throws -> (root: String, lines: [String], failed: Bool)
    {
        let root = try TestSupport.makeTree(files.mapKeys { "src/" + $0 })
        let recorder = TestSupport.Recorder()
        var configuration = TestSupport.configuration(
            content: root + "/src", templates: TestSupport.repositoryRoot + "/site-templates",
            output: root + "/book")
        configure(&configuration)
        var failed = false
        do {
            try BuildPipeline(configuration: configuration, console: recorder.console).run()
        } catch is DiagnosticsError {
            failed = true
        }
        return (root, recorder.lines, failed)
    }

    @Test func headingNamedLikeATemplateIDKeepsItsText() throws {
        let (root, lines, failed) = try build([
            "SUMMARY.md": "# B\n\n- [A](a.md)\n",
            "a.md": "# A\n\n## Search\n\n## Content\n\n## Sidebar\n\n[찾기](#search) [본문](a.md#content)\n",
        ])
        defer { try? FileManager.default.removeItem(atPath: root) }
        #expect(!failed, "\(lines)")
        let html = try #require(TestSupport.read(root + "/book/a.html"))
        for id in ["search", "content", "sidebar"] { #expect(html.contains("<h2 id=\"\(id)\">")) }
    }

    @Test func headingInNFDAndLinkInNFCMeetInNFC() throws {
        let nfd = "한글 제목".decomposedStringWithCanonicalMapping
        let nfc = "한글-제목".precomposedStringWithCanonicalMapping
        #expect(nfd.unicodeScalars.count != "한글 제목".unicodeScalars.count)
        let (root, lines, failed) = try build([
            "SUMMARY.md": "# B\n\n- [A](a.md)\n",
            "a.md": "# A\n\n## \(nfd)\n\n[가기](#\(nfc)) [또](#\(nfc.decomposedStringWithCanonicalMapping))\n",
        ])
        defer { try? FileManager.default.removeItem(atPath: root) }
        #expect(!failed, "\(lines)")
        let html = try #require(TestSupport.read(root + "/book/a.html"))
        #expect(html.contains("<h2 id=\"\(nfc)\">"), "the id is written in NFC")
        let encoded = "#" + nfc.addingPercentEncoding(withAllowedCharacters: .urlFragmentAllowed)!
        #expect(html.contains("href=\"\(encoded)\""))
        let decomposed =
            "#" + nfc.decomposedStringWithCanonicalMapping.addingPercentEncoding(
                withAllowedCharacters: .urlFragmentAllowed)!
        #expect(!html.contains(decomposed), "no href is left in NFD")
    }

    @Test func linksToOutputNamesAreLinksToThePage() throws {
        let (root, lines, failed) = try build([
            "SUMMARY.md": "# B\n\n- [Start](intro/start.md)\n- [Format](format/README.md)\n- [CLI](cli/README.md)\n",
            "intro/start.md":
                "# Start\n\n[f](../format/index.html#search) [c](../cli/) [c2](../cli/index.html) [s](start.html)\n",
            "format/README.md": "# Format\n\n## Search\n",
            "cli/README.md": "# CLI\n\n[up](../intro/start.html#start)\n",
        ])
        defer { try? FileManager.default.removeItem(atPath: root) }
        #expect(!failed, "\(lines)")
        #expect(FileSystem.exists(root + "/book/format/index.html"), "README.md becomes index.html in its folder")
        let start = try #require(TestSupport.read(root + "/book/intro/start.html"))
        #expect(
            start.contains("href=\"../cli/index.html\">c</a>"),
            "a folder link names its index page, which file:// needs")
    }

    @Test func brokenLinksToOutputNamesAreLocated() throws {
        let (root, lines, failed) = try build([
            "SUMMARY.md": "# B\n\n- [A](a.md)\n- [F](format/README.md)\n",
            "a.md": "# A\n\n[x](format/index.html#nowhere)\n\n[y](nope.html)\n",
            "format/README.md": "# F\n",
        ])
        defer { try? FileManager.default.removeItem(atPath: root) }
        #expect(failed)
        #expect(
            lines.contains {
                $0.hasPrefix(
                    "\(root)/src/a.md:3:1: error: broken link: 'format/index.html#nowhere' names no heading or id of 'format/README.md'"
                )
            })
        #expect(lines.contains { $0.hasPrefix("\(root)/src/a.md:5:1: error: broken link: 'nope.html' does not exist") })
    }

    @Test func rootPageRedirectsToAChapterInAFolder() throws {
        let (root, lines, failed) = try build([
            "SUMMARY.md": "# B\n\n- [Start](intro/start.md)\n",
            "intro/start.md": "# Start\n\n![그림](pic.svg)\n",
            "intro/pic.svg": "<svg xmlns=\"http://www.w3.org/2000/svg\"/>\n",
        ])
        defer { try? FileManager.default.removeItem(atPath: root) }
        #expect(!failed, "\(lines)")
        let index = try #require(TestSupport.read(root + "/book/index.html"))
        #expect(index.contains("<meta http-equiv=\"refresh\" content=\"0; url=intro/start.html\">"))
        #expect(!index.contains("../"), "no URL of the root page leaves the site")
    }

    @Test func notFoundPageURLsStartWithTheSiteURL() throws {
        let (root, lines, failed) = try build(["SUMMARY.md": "# B\n\n- [A](a.md)\n", "a.md": "# A\n"]) {
            $0.siteURL = "/lecture/"
        }
        defer { try? FileManager.default.removeItem(atPath: root) }
        #expect(!failed, "\(lines)")
        let page = try #require(TestSupport.read(root + "/book/404.html"))
        #expect(page.contains(/href="\/lecture\/assets\/style-[0-9a-f]{8}\.css"/))
        #expect(page.contains("href=\"/lecture/a.html\""))
        #expect(!page.contains("href=\"/assets"))
    }

    /// `<img src=x>` in the first page was six errors at book/index.html, book/intro.html and
    /// book/print.html, no line of the page (attack 12; Docusaurus #3364): once per URL, at the
    /// page's line and the value's column, in a paragraph and in a heading.
    @Test func aRawHTMLURLIsReportedOnceAtThePagesLine() throws {
        let (root, lines, failed) = try build([
            "SUMMARY.md": "# B\n\n- [Intro](intro.md)\n",
            "intro.md": "# Intro\n\npara\n\n<img src=x onerror=alert(2)>\n\n## Head <img src=\"y\">\n",
        ])
        defer { try? FileManager.default.removeItem(atPath: root) }
        #expect(failed)
        let errors = lines.filter { $0.contains(": error: ") }.map { String($0.prefix { $0 != "\n" }) }
        #expect(
            errors == [
                "\(root)/src/intro.md:5:10: error: broken URL in the page's raw HTML: 'x' names 'x', which the site does not have",
                "\(root)/src/intro.md:7:19: error: broken URL in the page's raw HTML: 'y' names 'y', which the site does not have",
            ], "\(errors)")
    }

    /// Each at the page's line (attack 12: they were at the built files, index.html and
    /// print.html repeating them).
    @Test func brokenURLInRawHTMLFailsTheBuild() throws {
        let (root, lines, failed) = try build([
            "SUMMARY.md": "# B\n\n- [A](a.md)\n",
            "a.md":
                "# A\n\n<p><a href=\"gone.html\">x</a> <img src=\"../outside.png\" alt=\"\"> <a href=\"./\">folder</a></p>\n",
        ])
        defer { try? FileManager.default.removeItem(atPath: root) }
        #expect(failed)
        #expect(
            lines.contains {
                $0.hasPrefix(
                    "\(root)/src/a.md:3:13: error: broken URL in the page's raw HTML: 'gone.html' names 'gone.html', which the site does not have"
                )
            })
        // A URL above the site's root is the parser's warning, an error when the book asks for one.
        #expect(
            lines.contains {
                $0.hasPrefix("\(root)/src/a.md:3:40: warning: <img src>: '../outside.png' leaves the site")
            })
        #expect(
            lines.contains {
                $0.hasPrefix(
                    "\(root)/src/a.md:3:73: error: broken URL in the page's raw HTML: './' names a folder, which works over HTTP but not from file://"
                )
            })
    }

    @Test func pipeTableInAParagraphIsATable() throws {
        let (root, lines, failed) = try build([
            "SUMMARY.md": "# B\n\n- [A](a.md)\n",
            "a.md": "# A\n\n| 이름 | 값 |\n|---|:-:|\n| 하나 | *1* |\n\n> | 인용 | 표 |\n> |---|---|\n> | a | b |\n",
        ])
        defer { try? FileManager.default.removeItem(atPath: root) }
        #expect(!failed, "\(lines)")
        let html = try #require(TestSupport.read(root + "/book/a.html"))
        // Written as mdBook writes it (`MdBookMarkdownTests.pipeTablesAreWrittenAsMdBookWritesThem`).
        #expect(html.contains("<thead>\n<tr><th>이름</th><th style=\"text-align: center\">값</th></tr>\n</thead>"))
        #expect(html.contains("<tr><td>하나</td><td style=\"text-align: center\"><em>1</em></td></tr>"))
        #expect(html.contains("<tr><th>인용</th><th>표</th></tr>"), "a table in a block quote too")
        #expect(!html.contains("|---"))
    }

    /// A paragraph with pipes but no delimiter row stays text, with a warning; a row longer than
    /// the header loses its extra cells, as in mdBook, with a warning (a short one is padded, silently).
    @Test func tableLikeParagraphsThatDoNotParseAreLocatedWarnings() throws {
        let (root, lines, failed) = try build([
            "SUMMARY.md": "# B\n\n- [A](a.md)\n",
            "a.md":
                "# A\n\n| a | b |\n| c | d |\n\n| x | y |\n|---|---|\n| 1 | 2 | 3 |\n\nA | B ordinary prose with a pipe.\n",
        ])
        defer { try? FileManager.default.removeItem(atPath: root) }
        #expect(!failed)
        #expect(
            lines.contains {
                $0.hasPrefix("\(root)/src/a.md:3:1: warning: paragraph looks like a table but has no delimiter row")
            })
        #expect(
            lines.contains {
                $0.hasPrefix(
                    "\(root)/src/a.md:8:1: warning: table row has 3 cells, but the header has 2; the last 1 cell is left out, as mdBook does"
                )
            })
        #expect(lines.filter { $0.contains("warning:") }.count == 2, "\(lines)")
        let html = try #require(TestSupport.read(root + "/book/a.html"))
        #expect(html.contains("<tr><td>1</td><td>2</td></tr>"), "the row is in the table")
    }
}
