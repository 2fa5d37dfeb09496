import Foundation
import Testing

@testable import LectureKit
@testable import LectureSupport

/// Two headings with one `{#x}` wrote `id="x"` twice, silently
/// (as mdBook 0.5.4 does): every link to `#x` reaches the first, so the second cannot be linked.
/// Now a written id that an earlier heading of the page has (written or made from its text, as
/// `## Setup` then `## Other {#setup}`), or the page template, is a warning at the later
/// heading naming the first's line; ids made from text never repeat (they step around).
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

            [to x](#x)

            """,
        ])
        #expect(!failed, "\(lines)")
        let page = root + "/content/a.md"
        #expect(
            lines.contains {
                $0.hasPrefix("\(page):3:1: warning: heading id 'x' is already the id of the heading at line 1")
            }, "\(lines)")
        #expect(
            lines.contains {
                $0.hasPrefix("\(page):9:1: warning: heading id 'setup' is already the id of the heading at line 5")
            }, "\(lines)")
        #expect(lines.filter { $0.contains("warning: heading id") }.count == 2, "\(lines)")
    }
}
