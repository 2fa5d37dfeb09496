import Foundation
import Testing

@testable import LectureKit
@testable import LectureSupport

/// Output names Windows cannot hold are warned at the summary line, as names differing only in
/// case are (`con.md`, `sub/AUX.md`, `a..md`, `a:b.md`, `a*b.md` were built
/// without a word, and the site could not be checked out on Windows).
@Suite struct WindowsNameBadInputTests {
    @Test func everyKindIsNamed() {
        for path in [
            "con.html", "sub/AUX.html", "nul", "Com1.txt", "lpt9.md.html", "prn .html", "a:b.html", "a*b.html",
            "a?.html", "a<b.html", "a\"b.html", "a|b.html", "a\u{1}b.html", "name.", "name ", "dir./x.html",
        ] {
            #expect(PortableNames.problem(path) != nil, "\(path)")
        }
        for path in ["console.html", "a..html", "sub/aux-notes.html", "com10.html", "café.html", "a b.html"] {
            #expect(PortableNames.problem(path) == nil, "\(path)")
        }
    }

    @Test func pagesAndFilesAreWarnedAtTheirPlace() throws {
        let (root, lines, failed) = try BadInputBook.build([
            "SUMMARY.md": "# Book\n\n- [One](one.md)\n- [Con](con.md)\n- [Aux](sub/AUX.md)\n- [Colon](a:b.md)\n",
            "one.md": "# One\n", "con.md": "# Con\n", "sub/AUX.md": "# Aux\n", "a:b.md": "# Colon\n",
            "img/nul.png": "png",
        ])
        defer { FileSystem.removeTemporaryDirectory(root) }
        #expect(!failed, "\(lines)")
        let text = lines.joined(separator: "\n")
        #expect(
            text.contains(
                "SUMMARY.md:4:3: warning: page 'con.md' is written to 'con.html', a name Windows cannot hold: 'con.html' is a device name on Windows (CON), whatever its extension"
            ), "\(text)")
        #expect(text.contains("SUMMARY.md:5:3: warning: page 'sub/AUX.md' is written to 'sub/AUX.html'"), "\(text)")
        #expect(text.contains("SUMMARY.md:6:3: warning: page 'a:b.md' is written to 'a:b.html'"), "\(text)")
        #expect(
            text.contains("img/nul.png: warning: content file 'img/nul.png' has a name Windows cannot hold"), "\(text)")
        #expect(!text.contains("'one.md' is written"), "\(text)")
    }
}
