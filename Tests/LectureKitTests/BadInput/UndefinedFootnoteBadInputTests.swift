import Foundation
import Testing

@testable import LectureKit
@testable import LectureSupport

/// A footnote reference with no definition on its page (attack 9, kind 33): `[^nope]` was
/// published as that text without a word (as mdBook 0.5.4 publishes it), while a definition
/// referenced nowhere was warned. Now each is a warning at the reference, in a paragraph, a
/// heading or a list; one shown on purpose (escaped, in code) is not.
struct UndefinedFootnoteBadInputTests {
    @Test func aReferenceToAFootnoteNotDefinedIsWarnedAtTheReference() throws {
        let (root, lines, failed) = try BadInputBook.build([
            "SUMMARY.md": "# T\n\n- [A](a.md)\n",
            "a.md": """
            # A

            Undefined note[^nope] here, and a defined one[^ok].

            Shown on purpose: \\[^kept], `[^code]` and [^ spaced].

                [^indented]

            ## Heading[^head]

            - an item with *emphasis[^deep]*

            [^ok]: The note.

            """,
        ])
        defer { FileSystem.removeTemporaryDirectory(root) }
        #expect(!failed, "\(lines)")
        let page = root + "/content/a.md"
        let warnings = BadInputBook.headlines(lines, "warning")
        #expect(
            warnings == [
                "\(page):3:15: warning: footnote 'nope' is not defined, so '[^nope]' is shown as text",
                "\(page):9:11: warning: footnote 'head' is not defined, so '[^head]' is shown as text",
                "\(page):11:25: warning: footnote 'deep' is not defined, so '[^deep]' is shown as text",
            ], "\(lines)")
        #expect(lines.filter { $0.contains("footnote 'nope'") }.allSatisfy { $0.contains("[^nope]: The note.") })
    }
}
