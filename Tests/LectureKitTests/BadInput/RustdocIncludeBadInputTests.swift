import Foundation
import Testing

@testable import LectureKit
@testable import LectureSupport

/// `{{#rustdoc_include code/shapes.swift:shape}}` in a `swift` block, from
/// mdBook habit, expands as mdBook expands it (the file's other lines as Rust's hidden `# `
/// lines; mdBook 0.5.4, run on the same page, shows them in a Swift block), and the sample then
/// failed with 7 compiler errors pointing into the included file, nothing saying why. Now the
/// directive is a warning at its line naming `{{#include}}`; in a Rust block, without a
/// selection, or outside a block it is not.
struct RustdocIncludeBadInputTests {
    @Test func aRustdocIncludeWithASelectionInAnotherLanguagesBlockIsWarned() throws {
        let (root, lines, failed) = try BadInputBook.build([
            "SUMMARY.md": "# T\n\n- [A](a.md)\n",
            "shapes.swift": "import Foundation\n// ANCHOR: shape\nstruct Shape {}\n// ANCHOR_END: shape\n",
            "a.md": """
            # A

            ```swift
            {{#rustdoc_include shapes.swift:shape}}
            ```

            ```rust
            {{#rustdoc_include shapes.swift:shape}}
            ```

            ```swift
            {{#rustdoc_include shapes.swift}}
            ```

            {{#rustdoc_include shapes.swift:shape}}

            """,
        ])
        // The Swift sample then fails to compile on the '# ' lines, as before; the warning says why.
        #expect(failed)
        let page = root + "/content/a.md"
        #expect(
            lines.contains {
                $0.hasPrefix(
                    "\(page):3:1: warning: '{{#rustdoc_include}}' on line 4, in this 'swift' block, adds the file's other lines"
                )
            }, "\(lines)")
        #expect(lines.contains { $0.contains("write '{{#include shapes.swift:shape}}'") }, "\(lines)")
        #expect(lines.filter { $0.contains("rustdoc_include") }.count == 1, "\(lines)")
        #expect(IncludeExpander.nextFence(after: "````swift,ignore", in: nil)?.language == "swift")
        #expect(IncludeExpander.nextFence(after: "````", in: ("````", "swift")) == nil)
        #expect(IncludeExpander.nextFence(after: "```", in: ("````", "swift"))?.language == "swift")
    }
}
