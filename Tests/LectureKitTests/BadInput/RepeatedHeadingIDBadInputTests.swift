import Foundation
import Testing

@testable import LectureKit
@testable import LectureSupport

/// Two headings with one `{#x}` wrote `id="x"` twice, silently
/// (as mdBook 0.5.4 does): every link to `#x` reaches the first, so the second cannot be linked.
/// Now a written id that an earlier heading of the page has (written or made from its text, as
/// `## Setup` then `## Other {#setup}`), or the page template, is a warning at the later
/// heading naming the first's line. Ids made from text step around each other but, as in
/// mdBook, not around a written one: `## Written {#gen-x}` then `## Gen X` write `id="gen-x"`
/// twice, a warning at the second (a third `## Gen X` is `gen-x-1`, as in mdBook, unwarned).
struct RepeatedHeadingIDBadInputTests {
    @Test func aWrittenIDAnEarlierHeadingHasIsWarnedAtTheLaterHeading() throws {
        let (root, lines, failed) = try BadInputBook.build([
            "SUMMARY.md": "# T\n\n- [A](a.md)\n",
            "a.md": """
            # A {#x}

            ## One {#x}

            ## Setup

            ## Setup

            ## Other {#setup}

            ## Own {#own}

            ## Written {#gen-x}

            ## Gen X

            ## Gen X

            [to x](#x)

            """,
        ])
        #expect(!failed, "\(lines)")
        let page = root + "/content/a.md"
        #expect(
            lines.contains {
                $0.hasPrefix("\(page):3:1: warning: heading id 'x' is already the id of an earlier heading")
            }, "\(lines)")
        #expect(
            lines.contains {
                $0.hasPrefix("\(page):9:1: warning: heading id 'setup' is already the id of an earlier heading")
            }, "\(lines)")
        #expect(
            lines.contains {
                $0.hasPrefix("\(page):15:1: warning: heading id 'gen-x' is already the id of an earlier heading")
            }, "\(lines)")
        #expect(lines.filter { $0.contains("warning: heading id") }.count == 3, "\(lines)")
        let html = try #require(TestSupport.read(root + "/_site/a.html"))
        #expect(html.contains(#"<h2 id="gen-x-1">"#), "\(html)")
    }

    /// A heading named as a footnote's note (`footnote-n`) or reference (`fr-n-1`) keeps mdBook's
    /// id, beside the note's own: the note's references reach the heading, the first on the
    /// page. A warning at the heading; none where the page has no such footnote.
    @Test func aHeadingWithAFootnotesIDIsWarned() throws {
        let (root, lines, failed) = try BadInputBook.build([
            "SUMMARY.md": "# T\n\n- [A](a.md)\n",
            "a.md": "# A\n\n## footnote-n\n\n## Other {#fr-n-1}\n\n## footnote-m\n\nText[^n].\n\n[^n]: The note.\n",
        ])
        #expect(!failed, "\(lines)")
        let page = root + "/content/a.md"
        for (line, id, what) in [(3, "footnote-n", "a footnote's note"), (5, "fr-n-1", "a footnote reference")] {
            #expect(
                lines.contains {
                    $0.hasPrefix("\(page):\(line):1: warning: heading id '\(id)' is also the id of \(what)")
                }, "\(lines)")
        }
        #expect(lines.filter { $0.contains("warning: heading id") }.count == 2, "\(lines)")
        let html = try #require(TestSupport.read(root + "/_site/a.html"))
        #expect(html.contains(#"<h2 id="footnote-n">"#) && html.contains(#"<li id="footnote-n">"#), "\(html)")
    }
}
