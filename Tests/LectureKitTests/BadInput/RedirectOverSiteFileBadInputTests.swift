import Foundation
import Testing

@testable import LectureKit
@testable import LectureSupport

/// `[output.html.redirect]` keys over the site's own files (attack 13, kind 32): `/.lecture-site`
/// ended the build with `cannot write file: File exists` in the step 'Write', no line of
/// book.toml; the others were errors whose note said "mdBook refuses it too", which mdBook
/// 0.5.4 does not for print.html, 404.html and index.html (it keeps its own page and drops the
/// redirect, run) nor for lecture's own files (it has none: it writes the redirect page). Each
/// is now an error at the key's line whose note says what mdBook does; so are a key naming a
/// folder of the site and one inside a file of it, which the writer could not make either.
struct RedirectOverSiteFileBadInputTests {
    static let keys: [(key: String, says: String, note: String)] = [
        // A dot-file, refused as every dot-name is when book.toml is read (`RedirectKey`).
        (
            "/.lecture-site", "would be written as the dot-file '.lecture-site'",
            "a dot-folder such as .git belongs to a tool"
        ),
        (
            "/assets/search.js", "would replace 'assets/search.js'",
            "mdBook 0.5.4, which writes no such file, would put the redirect page there"
        ),
        ("/search/pages.js", "would replace 'search/pages.js'", "a file lecture writes for the site itself"),
        ("/words.js", "would replace 'words.js'", "a file lecture writes for the site itself"),
        (
            "/print.html", "would replace 'print.html'",
            "mdBook 0.5.4 keeps its own page there and drops the redirect without a word"
        ),
        ("/404.html", "would replace '404.html'", "mdBook 0.5.4 keeps its own page there"),
        ("/index.html", "would replace 'index.html'", "mdBook 0.5.4 keeps its own page there"),
        ("/a.html", "would replace 'a.html'", "mdBook refuses a redirect over a chapter's page too"),
        ("/CNAME", "would replace 'CNAME'", "the 'cname' of [output.html], which writes CNAME"),
        ("/assets", "names the folder 'assets/' of the site", "the path of an old page"),
        ("/sub", "names the folder 'sub/' of the site", "the path of an old page"),
        ("/a.html/x.html", "lies inside 'a.html', a file of the site", "the path of an old page"),
    ]

    @Test(arguments: keys.indices) func aRedirectOverAFileOfTheSiteIsAnErrorAtItsLine(_ index: Int) throws {
        let (key, says, note) = Self.keys[index]
        let root = try TestSupport.makeTree([
            "book.toml":
                "[book]\ntitle = \"T\"\n[output.html]\ncname = \"x.org\"\n[output.html.redirect]\n\"\(key)\" = \"a.html\"\n",
            "src/SUMMARY.md": "- [A](a.md)\n- [B](sub/b.md)\n", "src/a.md": "# A\n", "src/sub/b.md": "# B\n",
        ])
        defer { FileSystem.removeTemporaryDirectory(root) }
        for _ in 0..<2 {
            let recorder = TestSupport.Recorder()
            let status = LectureCommand.main(
                ["build", root, "--cache-dir", TestSupport.cacheDirectory], console: recorder.console)
            #expect(status == 1, "\(key): \(recorder.lines)")
            #expect(
                recorder.lines.contains {
                    $0 == "\(root)/book.toml:6:1: error: redirect '\(key)' \(says)"
                        || $0.hasPrefix("\(root)/book.toml:6:1: error: redirect '\(key)' \(says)")
                },
                "\(key): \(recorder.lines)")
            #expect(recorder.lines.contains { $0.contains(note) }, "\(key): \(recorder.lines)")
            #expect(
                !recorder.lines.contains { $0.contains("refuses it too") || $0.contains("step 'Write'") },
                "\(recorder.lines)")
        }
    }
}
