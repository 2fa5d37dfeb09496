import Foundation
import Testing

@testable import LectureKit
@testable import LectureSupport

/// A page or an include that reads the output folder (attack 11, kind 56): `{{#include
/// ../_site/b.html}}`, `{{#rustdoc_include ../_site/print.html}}`, a summary page that is a link to
/// `../_site/print.html`. Each build published the previous build's site, print.html growing with
/// every build of the same sources, and the site's marker published in a page. Each is an error
/// at the directive or at the summary's line; nothing is written.
struct OutputFolderReadBadInputTests {
    @Test func anIncludeOrAPageReadingTheOutputFolderIsAnErrorAtItsLine() throws {
        let (root, lines, failed) = try BadInputBook.build([
            "SUMMARY.md": "# T\n\n- [A](a.md)\n- [B](b.md)\n", "a.md": "# A\n\ntext\n", "b.md": "# B\n\nmore\n",
        ])
        defer { FileSystem.removeTemporaryDirectory(root) }
        #expect(!failed, "\(lines)")
        let before = try FileSystem.read(root + "/_site/print.html")
        try FileSystem.writeAtomically(
            Array(
                "# A\n\ntext\n\n{{#include ../_site/b.html:1:3}}\n\n```rust\n{{#rustdoc_include ../_site/.lecture-site}}\n```\n"
                    .utf8), to: root + "/content/a.md")
        try FileSystem.writeAtomically(
            Array("# T\n\n- [A](a.md)\n- [B](b.md)\n- [Gen](gen.md)\n".utf8), to: root + "/content/SUMMARY.md")
        #expect(symlink("../_site/print.html", root + "/content/gen.md") == 0)
        let (again, failedAgain) = try BadInputBook.build(root: root)
        #expect(failedAgain, "\(again)")
        let errors = BadInputBook.headlines(again, "error")
        let site = CanonicalPath.of(root + "/_site")
        #expect(
            Set(errors) == [
                "\(root)/content/SUMMARY.md:5:3: error: summary links to 'gen.md', which is '\(site)/print.html', in the output folder",
                "\(root)/content/a.md:5:1: error: {{#include}} names '../_site/b.html', which lies in the output folder ('\(site)/b.html')",
                "\(root)/content/a.md:8:1: error: {{#rustdoc_include}} names '../_site/.lecture-site', which lies in the output folder ('\(site)/.lecture-site')",
            ], "\(again)")
        #expect(
            again.filter { $0.contains("in the output folder") }.allSatisfy { $0.contains("previous build's site") })
        // Nothing written: the site is the first build's.
        #expect(try FileSystem.read(root + "/_site/print.html") == before)
    }
}
