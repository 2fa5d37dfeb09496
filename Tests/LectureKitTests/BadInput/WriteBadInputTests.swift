import Foundation
import Testing

@testable import CommonMark
@testable import LectureKit
@testable import LectureSupport

/// Bad site layouts: pages sharing an output file, an output folder inside the content (left out of it), headings that would take the template's ids.
/// (Inputs a tester used to crash, hang or fool the tool, grouped by the component that meets them.)
@Suite struct WriteBadInputTests {
    @Test func pagesThatWouldShareAnOutputFileAreErrors() throws {
        let (root, lines, failed) = try BadInputBook.build([
            "SUMMARY.md": "# T\n\n- [A](README.md)\n- [B](index.md)\n", "README.md": "# A\n", "index.md": "# B\n",
        ])
        #expect(failed)
        #expect(
            lines.contains(
                "\(root)/content/SUMMARY.md:4:3: error: page 'index.md' would be written to 'index.html', which is page 'README.md'"
            ))
    }

    /// As mdBook 0.5.4 builds `build-dir = "src/book"`: the site is built and left out of the
    /// content, so a second build publishes no copy of the first.
    @Test func outputInsideTheContentFolderIsLeftOutOfIt() throws {
        let files = ["SUMMARY.md": "# T\n\n- [A](a.md)\n", "a.md": "# A\n", "b.png": "png\n"]
        let (root, lines, failed) = try BadInputBook.build(files, output: "content/site")
        #expect(!failed, "\(lines)")
        let again = try BadInputBook.build(root: root, output: "content/site")
        #expect(!again.failed, "\(again.lines)")
        #expect(FileSystem.exists(root + "/content/site/b.png"))
        #expect(!FileSystem.exists(root + "/content/site/site"))
    }

    @Test func headingsNeverTakeTheTemplatesIDs() throws {
        let template =
            "<!doctype html><html lang=\"ko\"><title>{{ title }}</title><main id=\"content\">{{ content }}</main></html>\n"
        let (root, _, failed) = try BadInputBook.build(
            ["SUMMARY.md": "# T\n\n- [A](a.md)\n", "a.md": "# A\n\n## Content\n"], template: template)
        #expect(!failed)
        let html = try #require(TestSupport.read(root + "/_site/a.html"))
        #expect(html.contains("<h2 id=\"content-1\">"))
    }
}

extension WriteBadInputTests {
    /// A content file `words.js` (the interface words' script) and a page `words.md`
    /// beside it are refused before anything is written, naming the content file, as `toc.js` is.
    @Test func aContentFileNamedLikeTheWordsScriptIsAnErrorNamingIt() throws {
        let (root, lines, failed) = try BadInputBook.build([
            "SUMMARY.md": "# 책\n\n- [하나](one.md)\n", "one.md": "# 하나\n", "words.js": "// mine\n",
        ])
        defer { FileSystem.removeTemporaryDirectory(root) }
        #expect(failed)
        #expect(
            lines.contains {
                $0.hasPrefix(
                    "\(root)/content/words.js: error: content file would be written to 'words.js', which is the interface words' script"
                )
            }, "\(lines)")
        #expect(!FileSystem.exists(root + "/_site"))
    }
}
