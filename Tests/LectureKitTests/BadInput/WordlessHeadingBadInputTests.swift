import Foundation
import Testing

@testable import LectureKit
@testable import LectureSupport

/// Headings of punctuation or emoji only (attack 9, kind 31): `## !!!` got `id=""` (invalid
/// HTML, which no link reaches) and the next ones `-1`, `-2`, as mdBook 0.5.4 gives them, without
/// a word. The ids stay mdBook's (a link written for mdBook, `#-1`, still reaches its heading);
/// each such heading is a warning at its line. A heading with a word or an id of its own is not,
/// nor an empty one (`###` alone, as in mdBook's own test book), which shows nothing to link to.
struct WordlessHeadingBadInputTests {
    @Test func aHeadingWithNoLetterOrDigitIsWarnedAtItsLine() throws {
        let (root, lines, failed) = try BadInputBook.build([
            "SUMMARY.md": "# T\n\n- [A](a.md)\n",
            "a.md": "# A\n\n## !!!\n\n## 🎉\n\n## ???\n\n## Fine -1\n\n## *** {#cheers}\n\n###\n\n[x](#-1)\n",
        ])
        defer { FileSystem.removeTemporaryDirectory(root) }
        #expect(!failed, "\(lines)")
        let page = root + "/content/a.md"
        let warnings = BadInputBook.headlines(lines, "warning")
        #expect(
            warnings == [
                "\(page):3:1: warning: heading has no letter or digit, so its id is empty (as mdBook gives it): no link can reach it",
                "\(page):5:1: warning: heading has no letter or digit, so its id is '-1' (as mdBook gives it), which any such heading above it changes",
                "\(page):7:1: warning: heading has no letter or digit, so its id is '-2' (as mdBook gives it), which any such heading above it changes",
            ], "\(lines)")
        let html = String(decoding: try FileSystem.read(root + "/_site/a.html"), as: UTF8.self)
        #expect(html.contains("id=\"-1\"") && html.contains("id=\"cheers\"") && html.contains("id=\"fine--1\""))
    }
}
