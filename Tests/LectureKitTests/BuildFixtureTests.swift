import Foundation
import Testing

@testable import LectureKit
@testable import LectureSupport

/// End-to-end builds: fixture content in, pages compared with the expected HTML beside it
/// (mdBook's testsuite layout: `<case>/content`, `<case>/templates`, `<case>/expected`).
@Suite struct BuildFixtureTests {
    @Test func basicFixtureBuildsPageByPage() throws {
        let fixture = TestSupport.fixture("basic")
        let output = try TestSupport.temporaryDirectory() + "/site"
        let recorder = TestSupport.Recorder()
        var configuration = TestSupport.configuration(
            content: fixture + "/content", templates: fixture + "/templates", output: output)
        // The book's title is book.toml's (mdBook's rule), here given as book.toml would give it.
        configuration.book.title = "작은 책"
        // The expected pages name the theme's files as written (`ContentNamesTests` checks the names).
        configuration.book.hashFiles = false
        let report = try BuildPipeline(configuration: configuration, console: recorder.console).run()
        #expect(report.pagesWritten == 3)
        #expect(report.diagnostics.isEmpty)
        let expected = FileSystem.files(under: fixture + "/expected")
        #expect(expected.count == 3)
        for page in expected {
            let actual = TestSupport.read(output + "/" + page)
            #expect(
                actual == TestSupport.read(fixture + "/expected/" + page), "page \(page) differs from the expected HTML"
            )
        }
        // Assets are copied, the search index is written.
        #expect(TestSupport.read(output + "/assets/site.css") == "body { margin: 0 }\n")
        #expect(TestSupport.read(output + "/search/pages.js")?.hasPrefix("(window.LECTURE_SEARCH_DATA=") == true)
    }

    @Test func summaryLineNamesPagesTimeAndFolder() throws {
        let report = BuildReport(
            pagesWritten: 7, seconds: 1.234, outputDirectory: "_site", diagnostics: [], sampleResults: [])
        #expect(report.summary == "Wrote 7 pages to _site/ in 1.23 s")
    }

    /// When hover-card look-ups took most of the build (the build after `check`), the line says
    /// so (newuser-6, #16); when they did not, it does not.
    @Test func summaryLineSaysWhenHoverCardsTookMostOfTheTime() throws {
        var report = BuildReport(
            pagesWritten: 5, seconds: 5.86, outputDirectory: "book", diagnostics: [], sampleResults: [])
        report.hoverCardSeconds = 4.9
        report.hoverCardSamples = 12
        #expect(
            report.summary
                == "Wrote 5 pages to book/ in 5.86 s (4.90 s of it looking up the hover cards of 12 samples, which 'lecture check' does not; they are cached for the next build)"
        )
        report.hoverCardSeconds = 2
        #expect(report.summary == "Wrote 5 pages to book/ in 5.86 s")
        // Summed over threads, the look-ups may take longer than the build (newuser-8, #9).
        report.hoverCardSeconds = 7.28
        #expect(
            report.summary
                == "Wrote 5 pages to book/ in 5.86 s (7.28 s of work on threads side by side looking up the hover cards of 12 samples, which 'lecture check' does not; they are cached for the next build)"
        )
        let time = HoverCardTime()
        time.add(seconds: 0.5)
        time.add(seconds: 0.25)
        #expect(time.sum.seconds == 0.75 && time.sum.samples == 2)
    }
}

@Suite struct LargeBookNavigationTests {
    /// Builds `files` as a book whose navigation is one shared script (past three pages): its
    /// root, the page `p2.html`, the script's name and the script.
    static func buildSharingTheNavigation(_ files: [String: String]) throws -> (
        root: String, page: String, toc: Substring, script: String
    ) {
        let root = try TestSupport.makeTree(files)
        var configuration = TestSupport.configuration(
            content: root + "/content", templates: root + "/templates", output: root + "/_site")
        configuration.inlineNavigationLimit = 3
        try BuildPipeline(configuration: configuration, console: TestSupport.Recorder().console).run()
        let page = try #require(TestSupport.read(root + "/_site/p2.html"))
        let toc = try #require(page.firstMatch(of: /toc-[0-9a-f]{8}\.js/)).output
        let script = try #require(TestSupport.read(root + "/_site/" + toc))
        return (root, page, toc, script)
    }

    @Test func largeBooksShareOneNavigationScript() throws {
        var files = ["templates/page.html": TestSupport.minimalPage]
        var summary = "# 큰 책\n\n"
        for n in 1...5 {
            summary += "- [장 \(n)](p\(n).md)\n"
            files["content/p\(n).md"] = "# 장 \(n)\n"
        }
        files["content/SUMMARY.md"] = summary
        let (root, page, toc, script) = try Self.buildSharingTheNavigation(files)
        #expect(page.contains("<script src=\"\(toc)\" data-root=\"\" data-current=\"p2.html\"></script>"))
        #expect(page.contains("<noscript><a href=\"toc.html\">"))
        #expect(!page.contains("장 4"), "the tree is not copied into each page")
        #expect(
            script.contains(
                "\\u003ca href=\\\"p4.html\\\"\\u003e\\u003cspan class=\\\"section-number\\\"\\u003e4.\\u003c\\/span\\u003e 장 4"
            ))
        #expect(
            TestSupport.read(root + "/_site/toc.html")?.contains(
                "<a href=\"p5.html\"><span class=\"section-number\">5.</span> 장 5</a>") == true)
    }

    /// Chapter titles holding each C0 control character (a character reference in the summary),
    /// U+2028, U+2029 and `</script>`: `toc.js` holds the tree as one JSON string literal
    /// (`JSONLiteral`), with none of them raw, and the literal gives the tree back whole. A
    /// carriage return once ended the string: a syntax error, no sidebar on any page (attack 18, F5).
    @Test func everyTitleIsOneStringOfTheScript() throws {
        var files = ["templates/page.html": TestSupport.minimalPage]
        var summary = "# Summary\n\n"
        var titles: [String] = []
        for (n, character) in ((1...0x1F).map { "&#\($0);" } + ["&#x2028;", "&#x2029;", "&lt;/script&gt;"]).enumerated()
        {
            summary += "- [T\(n)\(character)x](p\(n).md)\n"
            files["content/p\(n).md"] = "# P\(n)\n"
            titles.append("T\(n)")
        }
        files["content/SUMMARY.md"] = summary
        let (_, _, _, script) = try Self.buildSharingTheNavigation(files)
        let raw = script.unicodeScalars.filter {
            ($0.value < 0x20 && $0 != "\n") || $0.value == 0x2028 || $0.value == 0x2029
        }
        #expect(raw.isEmpty, "raw \(raw.map { String($0.value, radix: 16) })")
        #expect(!script.lowercased().contains("</script"))
        let start = try #require(script.range(of: "holder.innerHTML = "))
        let end = try #require(script[start.upperBound...].range(of: ";\n"))
        let literal = Data(script[start.upperBound..<end.lowerBound].utf8)
        let tree = try #require(try JSONSerialization.jsonObject(with: literal, options: .fragmentsAllowed) as? String)
        for title in titles { #expect(tree.contains(title), "\(title)") }
        #expect(tree.contains("\r"), "the carriage return is kept, escaped")
        #expect(tree.contains("\u{2028}"))
    }
}
