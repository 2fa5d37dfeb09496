import Foundation
import Testing

@testable import LectureKit
@testable import LectureSupport

/// A diagnostic in a footnote's body was one column late on the definition's line, since cmark
/// reads the page with a backslash written before each definition (`Footnotes.protecting`), and
/// a broken link in any container body (a footnote's, a definition's under a term) was placed on
/// the body's own line count (line 1), not the page's (attack 9). Each now names the line and
/// column the author edits: on the definition's line, on a later line of its body, in a
/// definition inside a quote, after a repeated marker in a body, and in a term's definition.
struct FootnoteBodyPlaceBadInputTests {
    @Test func aDiagnosticInAFootnotesBodyIsWhereTheAuthorWroteIt() throws {
        let (root, lines, _) = try BadInputBook.build([
            "SUMMARY.md": "# T\n\n- [A](a.md)\n",
            "a.md": """
            # A

            Text[^n] and[^q] and[^m].

            [^n]: A body with [^nope] and [bad](nope.md).

                A second paragraph with [worse](gone.md).

            > [^q]: Quoted [far](far.md).

            [^m]: [^x]: [deep](deep.md)

            Term
            : Its definition [dl](dl.md).

            """,
        ])
        defer { FileSystem.removeTemporaryDirectory(root) }
        let page = root + "/content/a.md"
        let errors = BadInputBook.headlines(lines, "error")
        #expect(
            errors == [
                "\(page):5:31: error: broken link: 'nope.md' is not a page of the book (not in SUMMARY.md)",
                "\(page):7:29: error: broken link: 'gone.md' is not a page of the book (not in SUMMARY.md)",
                "\(page):9:16: error: broken link: 'far.md' is not a page of the book (not in SUMMARY.md)",
                "\(page):11:13: error: broken link: 'deep.md' is not a page of the book (not in SUMMARY.md)",
                "\(page):14:18: error: broken link: 'dl.md' is not a page of the book (not in SUMMARY.md)",
            ], "\(lines)")
        let warnings = BadInputBook.headlines(lines, "warning")
        #expect(
            warnings.contains {
                $0.hasPrefix("\(page):5:19: warning: footnote 'nope' is not defined")
            }, "\(lines)")
    }
}
