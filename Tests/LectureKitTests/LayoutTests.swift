import Foundation
import Testing

@testable import LectureKit
@testable import LectureSupport

/// `page.html` lays out every page the site has: the chapters, `print.html`, `toc.html` and the
/// not-found page, each with the same book values.
@Suite struct LayoutTests {
    /// Builds a two-chapter book with this repository's templates into a temporary folder.
    func build(configure: (inout BuildConfiguration) -> Void = { _ in }) throws -> (
        root: String, lines: [String], failed: Bool
    ) {
        try MdBookCompatibilityTests().build(
            ["SUMMARY.md": "# 책\n\n- [가](a.md)\n- [나](b.md)\n", "a.md": "# 가\n", "b.md": "# 나\n"],
            configure: configure)
    }

    @Test func theNotFoundPageIsItsMessageLaidOutByThePageTemplate() throws {
        let (root, lines, failed) = try build {
            $0.siteURL = "/lecture/"
            $0.book.title = "책"
        }
        defer { FileSystem.removeTemporaryDirectory(root) }
        #expect(!failed, "\(lines)")
        let page = try #require(TestSupport.read(root + "/book/404.html"))
        let chapter = try #require(TestSupport.read(root + "/book/a.html"))
        #expect(page.contains("<title>Page not found - 책</title><meta name=\"robots\" content=\"noindex\">"))
        #expect(!chapter.contains("noindex"))
        #expect(page.contains("<h1 id=\"document-not-found-404\">Document not found (404)</h1>"))
        #expect(page.contains("<a class=\"button-link\" href=\"/lecture/index.html\">"))
        // The header, search and footer are page.html's, links from the site's URL.
        func header(_ html: String) -> Substring? {
            guard let start = html.range(of: "<header"), let end = html.range(of: "</header>") else { return nil }
            return html[start.lowerBound..<end.upperBound]
        }
        let expected = try #require(header(chapter))
        #expect(header(page)?.replacingOccurrences(of: "\"/lecture/", with: "\"") == String(expected))
        #expect(page.contains("<footer class=\"site-footer\">"))
    }

    @Test func aNotFoundPageWrittenAsAWholeDocumentIsAnErrorAtItsTag() throws {
        let templates = try TestSupport.makeTree([
            "page.html": TestSupport.minimalPage,
            "404.html": "<!-- 옛 모양 -->\n  <!DOCTYPE html>\n<html><body><h1>없음</h1></body></html>\n",
        ])
        defer { FileSystem.removeTemporaryDirectory(templates) }
        let (root, lines, failed) = try build { $0.templatesDirectory = templates }
        defer { FileSystem.removeTemporaryDirectory(root) }
        #expect(failed)
        #expect(lines.count == 1, "\(lines)")
        #expect(
            lines.first?.hasPrefix(
                "\(templates)/404.html:2:3: error: 404.html is a whole page; it holds only the not-found message\n")
                == true, "\(lines)")
        #expect(lines.first?.contains("keep what goes inside <main>") == true, "\(lines)")
    }

    @Test func everyPageTheLayoutRendersHasTheBookValues() throws {
        let (root, lines, failed) = try build {
            $0.book.language = "en"
            $0.book.defaultTheme = "dark"
            $0.book.gitRepositoryURL = "https://example.com/book"
            $0.inlineNavigationLimit = 1
        }
        defer { FileSystem.removeTemporaryDirectory(root) }
        #expect(!failed, "\(lines)")
        for name in ["a.html", "index.html", "print.html", "toc.html", "404.html"] {
            let page = try #require(TestSupport.read(root + "/book/" + name), "\(name)")
            #expect(page.contains("<html lang=\"en\" dir=\"ltr\" data-default-theme=\"dark\">"), "\(name)")
            #expect(page.contains("href=\"https://example.com/book\""), "\(name)")
            // A book that verified nothing: lecture's version alone, and no empty footer paragraph.
            #expect(page.contains("<meta name=\"generator\" content=\"lecture \(LectureCommand.version)\">"), "\(name)")
            #expect(!page.contains("<p class=\"verified\"></p>"), "\(name)")
        }
    }
}
