import Foundation
import Testing

@testable import LectureSupport

/// The kinds mdBook's own test suite (`tests/testsuite` of mdBook, its `markdown`, `rendering`,
/// `print` and `toc` books) builds, each on a page of one book written here, built by mdBook
/// 0.5.4 and by lecture (`MdBookOracle`) and compared in every aspect: the pages, the sidebar,
/// the heading ids and classes, the other anchors, the visible text and the links. One book, so
/// one run of each tool, however many kinds.
@Suite struct MdBookTestSuiteKindsTests {
    static let pages: [String: String] = [
        "headings.md":
            "# Headings\n\n## Caret^and more\n\n###\n\n####\n\n## Naïve\n\n## Again\n## Again\n## Again\n\n## Again 1\n\n## <!--note--> Mixed *em* **strong** **_both_** `code` \\<lt> <b>tag</b> [ref] <https://example.org/>\n\n## Attributes {#own .one .two}\n\n## Classes only {.three}\n\n## Mixed attributes {.a key #mixed other=x .b}\n\n[ref]: https://example.org/ref\n",
        "html.md":
            "# HTML\n\n* Item\n\n    <!-- a comment inside the item -->\n\n<div>\n    Block begins\n<script>\n    // not <markup>\n</script>\n    &lt; still the block\n</div>\n\n<i id=\"icon\" class=\"fa fa-star more\"></i>\n\n<i class=\"fab fa-github\">Text in it.</i>\n\nLine<br>break and word<wbr>break.\n\n<div>\n\nMarkdown **inside** a block.\n\n</div>\n\n<style>\n.x { color: red; }\n</style>\n",
        "code.md":
            "# Code\n\n```rust\n    // The first line is indented.\n    let x = 1;\n```\n\n```rust,editable\nfn f() {}\n```\n\n```text one,,two\tthree\nClasses.\n```\n\n    Indented\n    code.\n",
        "blocks.md":
            "# Blocks\n\n> [!NOTE]\n> A note,\n>\n> in two paragraphs.\n\n> [!CAUTION]\n> Careful.\n\n> [!OTHER]\n> Not an admonition kind.\n\nQuoted:\n> one\n> two\n\n> ### In a quote\n>\n> 1. First\n> 2. Second\n>\n>    > nested\n\n3. Starts\n3. at three\n\n- Outer\n  1. Inner\n- [X] Done\n- [ ] Open\n",
        "tables.md":
            "# Tables\n\n| Name | Code |\n| --- | --- |\n| Pipe | `a \\| b` |\n| Slash | `\\\\` |\n| ~~Gone~~ | kept |\n\n| Plain | Left | Centre | Right |\n|---|:--|:-:|--:|\n| a | b | c | d |\n",
        "notes.md":
            "# Notes\n\nOne[^a], two[^b], and one again[^a].\n\n[^a]: First note.\n\n[^b]: Second note,\n    over two lines.[^a]\n\n[^early]: Defined first.\n\nThen used.[^early]\n\n[^spare]: Never referred to.\n\nTwice defined[^twice].\n\n[^twice]: The first.\n\n[^twice]: The second.\n",
        "terms.md":
            "# Terms\n\nFig\n:   a fruit\n\nFig\n:   a fruit\n:   a tree\n\n## Links in terms\n\n[Fig](#fig)\n  : the first\n\n<dl>\n  <dt class=\"own\" id=\"raw-term\">Raw</dt>\n  <dd>Written in HTML.</dd>\n</dl>\n",
        "no-heading.md": "Text with no heading, linking [here](./no-heading.md) and [there](headings.md#again-1).\n",
        "second-level.md": "## Only a second level\n\nText.\n",
        "inlines.md":
            "# Inlines\n\nHard\\\nbreak, and  \nanother. \\[not a link] \\<not html> \\*not em*\n\n[Collapsed] [Full][full] [Empty][] <https://example.org/auto> <someone@example.org> [Titled](https://example.org/t \"title\")\n\n[collapsed]: https://example.org/c\n[full]: https://example.org/f\n[empty]: https://example.org/e\n",
    ]

    @Test func everyKindBuildsAsMdBookBuildsIt() throws {
        var files = Self.pages.mapKeys { "src/" + $0 }
        files["book.toml"] = "[book]\ntitle = \"Kinds\"\n\n[output.html]\nsmart-punctuation = false\n"
        files["src/SUMMARY.md"] =
            "# Summary\n\n" + Self.pages.keys.sorted().map { "- [\($0.dropLast(3))](\($0))\n" }.joined()
        let both = try MdBookOracle.build(files)
        #expect(both.mdBook.succeeded, "\(both.mdBook.output)")
        let differences = both.differences()
        #expect(differences.isEmpty, "\(differences.joined(separator: "\n"))")
        #expect(both.lecture.facts.pages.count == Self.pages.count + 2, "the pages, index.html and 404.html")
        // The one footnote referred to nowhere is left out, as mdBook leaves it out, with a warning.
        #expect(
            both.lecture.output.contains(
                "src/notes.md:14:1: warning: footnote 'spare' is defined but not referenced, and is not shown"),
            "\(both.lecture.output)")
        // A footnote defined twice keeps its first definition, as mdBook does, and both tools warn.
        #expect(
            both.lecture.output.contains(
                "src/notes.md:20:1: warning: footnote 'twice' is defined again, and this definition is not shown"),
            "\(both.lecture.output)")
        #expect(
            both.mdBook.output.contains("footnote `twice` in notes.md defined multiple times"),
            "\(both.mdBook.output)")
        #expect(both.lecture.output.components(separatedBy: "warning:").count == 3, "\(both.lecture.output)")
    }
}
