import Foundation
import Testing

@testable import LectureSupport

/// The cases of mdBook's `rendering.rs` (its `tests/testsuite`) the ledger's books leave out,
/// each a small book built by mdBook 0.5.4 and by lecture (`MdBookOracle`) and compared in every
/// aspect: pages, sidebar, heading ids and classes, anchors, text, links and exit status.
@Suite struct MdBookTestSuiteRenderingTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var name: String
        var files: [String: String]
        var testDescription: String { name }
    }

    /// A book whose one chapter, `chapter_1.md`, holds `text`.
    static func chapter(_ name: String, _ text: String) -> Case {
        Case(
            name: name,
            files: [
                "book.toml": "[book]\ntitle = \"Rendering\"\n", "src/SUMMARY.md": "- [Chapter 1](chapter_1.md)\n",
                "src/chapter_1.md": text,
            ])
    }

    static let cases: [Case] = [
        chapter("code_block_in_list", "- inside list\n\n  ```rust\n  fn foo() {\n    let x = 1;\n  }\n  ```\n"),
        chapter("busted_end_tag", "<div>x<span>foo</span/>y</div>"),
        chapter("unclosed_html_tags", "<div>x<span>foo<i>xyz"),
        chapter("unbalanced_html_tags", "<div>x<span>foo</div></span>"),
        chapter("heading_with_unbalanced_html", "### Option<T>"),
        chapter(
            "language_rust_playground",
            "```rust\nx()\n```\n\n```rust\nfn main() {}\n```\n\n```rust editable\nlet s = \"foo\n # bar\n\";\n```\n\n```rust editable\nlet s = \"foo\n ## bar\n\";\n```\n\n```rust editable\nlet s = \"foo\n # bar\n#\n\";\n```\n\n```rust\n#x;\n```\n\n```rust ignore\nlet s = \"foo\n # bar\n\";\n```\n\n```rust editable\n#![no_std]\nlet s = \"foo\";\n #[some_attr]\n```\n"
        ),
        Case(
            name: "first_chapter_is_copied_as_index_even_if_not_first_elem",
            files: [
                "book.toml": "[book]\ntitle = \"Rendering\"\n",
                "src/SUMMARY.md": "[Draft]()\n\n- [Draft 2]()\n- [Chapter 1](chapter_1.md)\n",
                "src/chapter_1.md": "# Chapter 1\n",
            ]),
        // including_files_from_parent_directories_works, from the book's folder above `src/`
        // (a file outside the book needs `include-from` here: `outsideTheBookNeedsIncludeFrom`).
        Case(
            name: "including_files_from_parent_directories_works",
            files: [
                "book.toml": "[book]\ntitle = \"Rendering\"\n", "src/SUMMARY.md": "- [Test](index.md)\n",
                "src/index.md": "{{#include ../test.md}}\n", "test.md": "# Test!\n",
            ]),
    ]

    @Test(arguments: cases) func buildsAsMdBookBuildsIt(_ book: Case) throws {
        let both = try MdBookOracle.build(book.files)
        #expect(both.mdBook.succeeded, "\(both.mdBook.output)")
        #expect(both.differences() == [], "\(both.differences().joined(separator: "\n"))")
    }

    /// including_files_from_parent_directories_works as mdBook writes it: an include of a file
    /// outside the book's folder. mdBook 0.5.4 reads it; here it is an error at the directive
    /// (a page could publish any file the builder may read) until `[preprocessor.lecture]
    /// include-from` names its folder, a difference on purpose. Neither writes outside its output.
    @Test func anIncludeOutsideTheBookNeedsIncludeFrom() throws {
        let tree = try TestSupport.makeTree([
            "parent/book.toml": "[book]\ntitle = \"Rendering\"\n", "parent/src/SUMMARY.md": "- [Test](index.md)\n",
            "parent/src/index.md": "{{#include ../../test.md}}\n", "test.md": "# Test!\n",
        ])
        defer { try? FileManager.default.removeItem(atPath: tree) }
        let book = tree + "/parent"
        let lecture = try Subprocess.run(
            TestSupport.executable, ["build", book, "--cache-dir", TestSupport.cacheDirectory], timeout: 120,
            cancellation: .process)
        #expect(!lecture.succeeded)
        #expect(
            lecture.stderrText.contains("src/index.md:1:1: error: {{#include}} names '../../test.md'"),
            "\(lecture.stderrText)")
        try "[book]\ntitle = \"Rendering\"\n[preprocessor.lecture]\nrenderers = []\ninclude-from = [\"..\"]\n".write(
            toFile: book + "/book.toml", atomically: true, encoding: .utf8)
        let theirs = try Subprocess.run(
            MdBookOracle.mdBook, ["build", book, "--dest-dir", tree + "/mdbook"], timeout: 120, cancellation: .process)
        let ours = try Subprocess.run(
            TestSupport.executable,
            ["build", book, "--output", tree + "/lecture", "--cache-dir", TestSupport.cacheDirectory],
            timeout: 120, cancellation: .process)
        #expect(theirs.succeeded && ours.succeeded, "\(ours.stderrText)\n\(theirs.stderrText)")
        for site in ["mdbook", "lecture"] {
            #expect(TestSupport.read(tree + "/\(site)/index.html")?.contains("<h1 id=\"test\">") == true, "\(site)")
        }
        #expect(!FileSystem.exists(tree + "/test.html") && !FileSystem.exists(book + "/test.html"))
    }
}
