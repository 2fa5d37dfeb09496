import Foundation
import Testing

@testable import LectureKit
@testable import LectureSupport

/// `{{#include f.txt extra words}}`, `{{#include f.txt:2 more}}`,
/// `{{#rustdoc_include f.txt:a x}}`: mdBook 0.5.4 reads the first word as the file (and its
/// selector) and drops the rest without a word, and so did lecture, so a misspelt selector
/// (`f.txt :a`) or a file name with a space included something else, silently. The words are
/// still dropped, as mdBook drops them (the oracle below), and now warned at the directive with
/// the fix. `{{#playground f.rs editable}}` gives its words a meaning and is not warned.
struct IncludeExtraWordsBadInputTests {
    static let file = "line1\nline2\n// ANCHOR: a\nanch\n// ANCHOR_END: a\n"
    static let page = """
        # P

        A {{#include f.txt extra words}} B

        C {{#include f.txt:2 more}} D

        E {{#include  f.txt:a   x}} F

        ```rust
        {{#rustdoc_include f.txt:2 y}}
        ```

        I {{#include  f.txt   }} J

        """

    @Test func wordsAfterTheFileAreWarnedAtTheDirectiveWithTheFix() throws {
        let (expansion, root) = try IncludeTests().expand(Self.page, files: ["f.txt": Self.file])
        defer { FileSystem.removeTemporaryDirectory(root) }
        #expect(
            expansion.diagnostics.map(\.headline) == [
                "page.md:3:3: warning: {{#include f.txt extra words}}: 'extra words' after the file is ignored; only 'f.txt' is included",
                "page.md:5:3: warning: {{#include f.txt:2 more}}: 'more' after the file is ignored; only 'f.txt:2' is included",
                "page.md:7:3: warning: {{#include f.txt:a   x}}: 'x' after the file is ignored; only 'f.txt:a' is included",
                "page.md:10:1: warning: {{#rustdoc_include f.txt:2 y}}: 'y' after the file is ignored; only 'f.txt:2' is included",
            ], "\(expansion.diagnostics.map(\.headline))")
        #expect(expansion.diagnostics.allSatisfy { $0.notes.first?.hasPrefix("write {{#") == true })
        #expect(expansion.diagnostics.first?.notes.first?.hasPrefix("write {{#include f.txt}};") == true)
        // What is included is what mdBook includes: the first word's lines.
        #expect(expansion.text.contains("C line2 D") && expansion.text.contains("E anch F"), "\(expansion.text)")
    }

    @Test func thePlaygroundsWordsAreItsAttributesAndNotWarned() throws {
        let (expansion, root) = try IncludeTests().expand(
            "{{#playground f.rs editable}}\n", files: ["f.rs": "fn main() {}\n"])
        defer { FileSystem.removeTemporaryDirectory(root) }
        #expect(expansion.diagnostics.isEmpty, "\(expansion.diagnostics.map(\.headline))")
        #expect(expansion.text.hasPrefix("```rust,editable\nfn main() {}"), "\(expansion.text)")
    }

    /// mdBook 0.5.4 on the same page: the same text in `<main>`, and the build warns where
    /// mdBook is silent.
    @Test func theBuiltPageHoldsWhatMdBookIncludes() throws {
        let both = try MdBookOracle.build([
            "book.toml": "[book]\ntitle = \"T\"\n", "src/SUMMARY.md": "# S\n\n- [P](p.md)\n",
            "src/p.md": Self.page, "src/f.txt": Self.file,
        ])
        #expect(both.differences(in: [.status, .pages, .text]) == [])
        #expect(!both.mdBook.output.contains("ignored"))
        let warnings = both.lecture.output.split(separator: "\n").filter { $0.contains(": warning: {{#") }
        #expect(warnings.count == 4, "\(both.lecture.output)")
        #expect(
            warnings.first?.hasSuffix(
                "/src/p.md:3:3: warning: "
                    + "{{#include f.txt extra words}}: 'extra words' after the file is ignored; only 'f.txt' is included"
            ) == true, "\(warnings)")
    }
}
