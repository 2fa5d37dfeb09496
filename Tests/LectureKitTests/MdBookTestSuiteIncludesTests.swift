import Foundation
import Testing

@testable import LectureSupport

/// The cases of mdBook's `includes` area (its `tests/testsuite/includes`) the ledger's book leaves
/// out, built by mdBook 0.5.4 and by lecture (`MdBookOracle`): `\{{#title}}` with and without a
/// book title, `\{{#playground}}`, an anchor opened twice in one file; and a file name with a space.
@Suite struct MdBookTestSuiteIncludesTests {
    static let code =
        "// ANCHOR: a\nfn a() {}\n// ANCHOR_END: a\nfn between() {}\n// ANCHOR: a\nfn a_again() {}\n// ANCHOR_END: a\n"

    static func book(title: String?) -> [String: String] {
        [
            "book.toml": "[book]\n" + (title.map { "title = \"\($0)\"\n" } ?? ""),
            "src/SUMMARY.md": "- [From summary](title.md)\n- [Others](others.md)\n",
            "src/title.md": "{{#title My Title}}\n# Title page\n",
            "src/others.md":
                "# Others\n\n```rust\n{{#playground play.rs}}\n```\n\n```rust\n{{#include anchors.rs:a}}\n```\n",
            "src/play.rs": "fn main() {\n    println!(\"played\");\n}\n",
            "src/anchors.rs": Self.code,
        ]
    }

    /// title_handler and title_handler_with_book_title: the document's title is the page's own
    /// `\{{#title}}`, with the book's title after it only when there is one; the rest equal.
    @Test(arguments: [nil, "Book"]) func includesAndTitlesAsMdBookMakesThem(_ title: String?) throws {
        let both = try MdBookOracle.build(Self.book(title: title))
        #expect(both.mdBook.succeeded && both.lecture.succeeded, "\(both.lecture.output)\n\(both.mdBook.output)")
        #expect(both.differences() == [], "\(both.differences().joined(separator: "\n"))")
        for page in ["title.html", "others.html"] {
            let theirs = try String(contentsOfFile: both.mdBook.root + "/book/" + page, encoding: .utf8)
            let ours = try String(contentsOfFile: both.lecture.root + "/book/" + page, encoding: .utf8)
            #expect(MdBookMarkdownTests.title(ours) == MdBookMarkdownTests.title(theirs), "\(page)")
        }
    }

    /// A file name with a space (the suite's `fila a.md`): mdBook 0.5.4 reads the directive's
    /// path up to the space (`fila`), logs an error, leaves the directive as text and exits 0;
    /// lecture reads it the same way and fails at the directive, as it fails on any missing
    /// include (a difference on purpose: a missing file inside the book is an error).
    @Test func aPathWithASpaceEndsAtTheSpaceInBoth() throws {
        let both = try MdBookOracle.build([
            "book.toml": "[book]\ntitle = \"T\"\n", "src/SUMMARY.md": "- [O](others.md)\n",
            "src/others.md": "# Others\n\n{{#include fila a.md}}\n", "src/fila a.md": "A file with a space.\n",
        ])
        #expect(both.mdBook.succeeded && both.mdBook.output.contains("failed to read"), "\(both.mdBook.output)")
        #expect(both.mdBook.facts.text["others.html"] == "Others {{#include fila a.md}}")
        #expect(!both.lecture.succeeded)
        #expect(
            both.lecture.output.contains("src/others.md:3:1: error: {{#include}} names 'fila', which does not exist"),
            "\(both.lecture.output)")
    }
}
