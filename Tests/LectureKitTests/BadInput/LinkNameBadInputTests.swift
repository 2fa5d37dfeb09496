import Foundation
import Testing

@testable import CommonMark
@testable import LectureKit
@testable import LectureSupport

/// Links that break (issue 34): pages named with `?`, `%` or `#` are reached by every link the
/// site holds, the sidebar's, the search index's and the author's, as a server decodes them.
@Suite struct LinkNameBadInputTests {
    /// (A summary line naming `c#.md` is refused with an error of its own, where mdBook builds it.)
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
        let search = String(decoding: try FileSystem.read(site + "/search/pages.js"), as: UTF8.self)
        #expect(search.contains("what%3F.html") && search.contains("100%25.html"))
    }

    @Test func hrefEscapesWhatEndsAPathAndKeepsEscapes() {
        #expect(OutputPath.href("what?.html") == "what%3F.html")
        #expect(OutputPath.href("100%.html") == "100%25.html")
        #expect(OutputPath.href("100%25.html") == "100%25.html")
        #expect(OutputPath.href("a%2g.html") == "a%252g.html")
        #expect(OutputPath.href(forOutput: "100%25.html") == "100%2525.html")
        #expect(OutputPath.href("장/c#.html") == "장/c%23.html")
    }
}
