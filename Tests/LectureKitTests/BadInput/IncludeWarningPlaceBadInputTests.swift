import Foundation
import Testing

@testable import LectureKit
@testable import LectureSupport

/// A warning about an include that still included something (lines asked for past the file's
/// end, words after the file) was placed on a line of the included file, not at the directive
/// (attack 9): the directive's own line, alone on it, is replaced by the included lines, and the
/// warning's page line was then read as a line of the expanded text. Each is now at the
/// directive's line and column, in a fence, in a list item, in a quote and as a paragraph;
/// a directive inside a line keeps its place, as before.
struct IncludeWarningPlaceBadInputTests {
    @Test func aWarningOfAnIncludeIsAtTheDirective() throws {
        let (root, lines, failed) = try BadInputBook.build([
            "SUMMARY.md": "# T\n\n- [P](p.md)\n",
            "f.txt": "one\ntwo\nthree\n",
            "p.md": """
            # P

            Before.

            ```text
            {{#include f.txt:2:40}}
            ```

            - {{#include f.txt extra words}}

            > {{#include f.txt:3:9}}

            {{#include f.txt:1 more}}

            Inside {{#include f.txt:1:7}} a line.

            """,
        ])
        defer { FileSystem.removeTemporaryDirectory(root) }
        #expect(!failed, "\(lines)")
        let page = root + "/content/p.md"
        let warnings = BadInputBook.headlines(lines, "warning")
        #expect(
            warnings == [
                "\(page):6:1: warning: {{#include f.txt:2:40}}: lines 4–40 are past the file's end (3 lines) and left out",
                "\(page):9:3: warning: {{#include f.txt extra words}}: 'extra words' after the file is ignored; only 'f.txt' is included",
                "\(page):11:3: warning: {{#include f.txt:3:9}}: lines 4–9 are past the file's end (3 lines) and left out",
                "\(page):13:1: warning: {{#include f.txt:1 more}}: 'more' after the file is ignored; only 'f.txt:1' is included",
                "\(page):15:8: warning: {{#include f.txt:1:7}}: lines 4–7 are past the file's end (3 lines) and left out",
            ], "\(lines)")
    }
}
