import Foundation
import TestFolders
import Testing

@testable import LectureKit
@testable import LectureSupport

/// Attack 16, kind 59b: every name the site writes — redirects, the files the build makes (print
/// page, navigation, search index), the theme's and book.toml's additional files — is checked
/// against the others in case, as two pages are (`CaseCollisionBadInputTests`): on a
/// case-insensitive file system one would silently replace the other.
@Suite struct SiteCaseCollisionBadInputTests {
    @Test func aRedirectOrPageDifferingFromAFileOfTheSiteOnlyInCaseIsWarnedAtItsLine() throws {
        let (run, result) = try TestSupport.containedBook(
            "[output.html.redirect]\n\"/Intro.html\" = \"intro.html\"\n\"/Print.html\" = \"print.html\"\n"
                + "\"/old.html\" = \"next.html\"\n",
            pages: [
                "SUMMARY.md": "# Summary\n\n- [Intro](intro.md)\n- [Next](next.md)\n- [Contents](TOC.md)\n",
                "TOC.md": "# Contents\n",
            ])
        let lines = result.stderrText.split(separator: "\n").map(String.init)
        #expect(result.termination == .exited(0), "\(result.stderrText)")
        let warnings = lines.filter { $0.contains(": warning: ") }.sorted()
        #expect(
            warnings == [
                "book.toml:4:1: warning: redirect '/Intro.html' is written to 'Intro.html', which differs from 'intro.html' only in case",
                "book.toml:5:1: warning: redirect '/Print.html' is written to 'Print.html', which differs from 'print.html' only in case",
                "src/SUMMARY.md:5:3: warning: page 'TOC.md' is written to 'TOC.html', which differs from 'toc.html' (the table of contents) only in case",
            ], "\(result.stderrText)")
        #expect(lines.contains { $0.contains("'Intro.html' and 'intro.html' are one file on a case-insensitive") })
        // Warned, not refused: on this file system both are written.
        let site = run.scratch + "/work/book/book/"
        for file in ["Intro.html", "intro.html", "Print.html", "print.html", "old.html", "TOC.html"] {
            #expect(FileSystem.exists(site + file), "\(file)")
        }
    }

    @Test func anAdditionalFileDifferingFromAContentFileOnlyInCaseIsWarnedAtTheFile() throws {
        let (_, result) = try TestSupport.containedBook(
            "[output.html]\nadditional-css = [\"Extra.css\"]\n", pages: ["extra.css": "p {}\n"]
        ) { book in
            try FileSystem.writeAtomically(Array("a {}\n".utf8), to: book + "/Extra.css")
        }
        #expect(result.termination == .exited(0), "\(result.stderrText)")
        #expect(
            result.stderrText.contains(
                "Extra.css: warning: book.toml's additional file is written to 'Extra.css', which differs from 'extra.css' only in case"
            ), "\(result.stderrText)")
    }
}
