import Foundation
import Testing

@testable import LectureSupport

/// The count the manual's compatibility page states: mdBook's own test suite (`tests/testsuite`)
/// as 22 books, one for each book of its `markdown`, `rendering`, `print` and `toc` folders
/// (written here with pages of our own that hold the same constructs) and each of its
/// `includes`, `index` and `build` areas (`MdBookTestSuiteAreasTests`' books). Each is built by
/// mdBook 0.5.4 and by lecture (`MdBookOracle`) and must be equal in every aspect, or differ in
/// exactly the aspects its entry names on purpose; the page's numbers must be the ledger's, so
/// neither can drift from what the builds measure.
@Suite struct MdBookTestSuiteLedgerTests {
    /// One book of the ledger.
    struct Book: Sendable, CustomTestStringConvertible {
        /// mdBook's name for it (`markdown/footnotes`).
        var name: String
        var files: [String: String]
        /// The aspects that differ on purpose; empty when the book is equal in every aspect.
        var onPurpose: Set<MdBookOracle.Aspect> = []
        var testDescription: String { name }
    }

    static let toml = "[book]\ntitle = \"Suite\"\n"

    /// A book of `pages` (file name → text) listed in that order, or with its own `summary`.
    static func book(
        _ name: String, _ pages: KeyValuePairs<String, String>, summary: String? = nil, toml: String = toml,
        onPurpose: Set<MdBookOracle.Aspect> = []
    ) -> Book {
        var files = ["book.toml": toml]
        files["src/SUMMARY.md"] =
            summary ?? "# Summary\n\n" + pages.map { "- [\($0.key.dropLast(3))](\($0.key))\n" }.joined()
        for (path, text) in pages { files["src/" + path] = text }
        return Book(name: name, files: files, onPurpose: onPurpose)
    }

    /// A link to a page the book lacks fails the build here, where mdBook writes the link as it
    /// is: lecture writes no site, so the exit status, the pages and the sidebar differ.
    static let brokenLinks: Set<MdBookOracle.Aspect> = [.status, .pages, .sidebar]

    static let books: [Book] = [
        book(
            "markdown/admonitions",
            [
                "callouts.md":
                    "# Callouts\n\n> [!NOTE]\n> Worth knowing.\n>\n> A second paragraph.\n\n> [!TIP]\n> A shortcut.\n\n> [!IMPORTANT]\n> Not to skip.\n\n> [!WARNING]\n> Risky.\n\n> [!CAUTION]\n> Harmful.\n\n> [!MAYBE]\n> No kind mdBook knows.\n"
            ]),
        book(
            "markdown/basic_markdown",
            [
                "empty.md": "",
                "quotes.md":
                    "# Quotes\n\nNothing:\n>\n\nTwo lines:\n> one\n> two\n\nWith code:\n> ```rust\n> let y = 2;\n> ```\n\nMixed:\n> ### A heading\n>\n> **Strong _and emphasis_**\n> over lines\n>\n> - a\n> - b\n>\n> 1. one\n> 2. two\n>\n>    > inner\n>    >\n>    > > innermost\n",
                "code.md":
                    "# Code\n\n```\nNo language.\n```\n\n```rust\n// Rust.\n```\n\n```bash,editable\n# editable shell\n```\n\n```text one,,two\tthree\nClasses.\n```\n\n    Indented\n    lines.\n\n```rust,edition2021\nlet y = 2;\n```\n\n```rust\nfn main() {\n    println!(\"hi\");\n}\n```\n",
                "lists.md":
                    "# Lists\n\n1. one\n2. two\n\n---\n\n1. outer\n   1. inner\n   2. inner\n2. outer\n\n---\n\n5. from\n5. five\n\n---\n\n- dash\n- list\n\n---\n\n- outer\n  - inner\n- outer\n\n---\n\n- bullet\n  1. numbered\n  2. inside\n- again\n",
                "inlines.md":
                    "# Inlines\n\n*em* **strong** **_both_**\n\nA `code span`.\n\nBackslash\\\nbreak\n\nTwo spaces  \nbreak\n\n\\[not a link] \\<not html> \\*not em*\n",
                "links.md":
                    "# Links\n\n- [Inline](https://example.org/inline)\n- [Shortcut]\n- [Empty label][]\n- [Labelled][named]\n- <https://example.org/>\n- <someone@example.org>\n- [With title](https://example.org/t \"a title\")\n- [Undefined shortcut]\n- [Undefined label][nowhere]\n- [Missing page](dir/gone.md)\n- [Missing page anchor](dir/gone.md#part)\n- [Missing anchor](#nothing)\n- [Missing output](gone.html#x)\n\n[shortcut]: https://example.org/shortcut\n[empty label]: https://example.org/empty\n[named]: https://example.org/named\n",
                "html.md":
                    "# HTML\n\n<!--short comment-->\n\n<!--\n\n**long**\n\ncomment\n\n-->\n\nLine<br>break and word<wbr>break\n\n<hr>\n\n<div>\nA block with *stars*.\n</div>\n\n<div>\n\nA block with **Markdown** inside.\n\n</div>\n\n<script>\nconst t = '*not em*';\n</script>\n\n<style>\n.q { color: blue; }\n</style>\n",
            ], onPurpose: brokenLinks),
        book(
            "markdown/custom_header_attributes",
            [
                "attributes.md":
                    "# Attributes {#top}\n\n## With classes {.first .second}\n\n## Id and classes {#mixed .first .second}\n\n## Others {.c1 flag #given key=value .c2}\n"
            ]),
        book(
            "markdown/definition_lists",
            [
                "terms.md":
                    "# Terms\n\nfig\n:   a fruit\n\nplum\n:   a fruit\n\nfig\n:   a fruit\n:   a tree\n\nplum\n:   a fruit\n:   a colour\n\nsteps\n:   1. First paragraph\n\n       Second paragraph\n\n## Linked term\n\n[fig](elsewhere.md#fig)\n  : a fruit\n\n## Term over lines\n\nx\ny\\\nz\n\n:   bar\n\n## Nested\n\nouter\n: o\n    middle\n    : m\n        inner\n        : i\n\nouter\n: o\n\n## Loose\n\nfig\n\n:   a fruit\n:   a tree\n\nplum\n\n:   a fruit\n",
                "html-terms.md":
                    "# Terms in HTML\n\n<dl>\n    <dt>A term</dt>\n    <dd>Its meaning</dd>\n    <dt class=\"own\" id=\"own-id\"><a class=\"option-anchor\" href=\"#own-id\">Another</a></dt>\n    <dd class=\"def\">Meaning.</dd>\n</dl>\n",
            ], onPurpose: brokenLinks),
        book(
            "markdown/footnotes",
            [
                "notes.md":
                    "# Notes\n\nA note[^1], a named one[^name].\n\n[^1]: The first.\n\n[^name]: Longer,\n    over lines. [Elsewhere](elsewhere.md).\n    Referring on.[^1]\n\nAgain the named one[^name].\n\nA list note[^list]\n\n[^list]:\n    1. one\n       1. inner\n    2. two\n\nParagraphs[^paras]\n\n[^early]: Defined before use.\n\n[^paras]:\n    First\n\n    Second\n\n[^idle]: Never referred to.\n\nOdd label[^\"odd\"]\n\n[^\"odd\"]: With quotes.\n\nUsed late.[^early]\n\nTwice[^twice].\n\n[^twice]: First definition.\n\nBetween[^between] and twice again.[^twice]\n\n[^between]: In between.\n\n[^twice]: Second definition.\n"
            ], onPurpose: brokenLinks),
        book(
            "markdown/math",
            ["formulas.md": "Inline: $(x+y)^2 = x^2 + 2xy + y^2$\n\nDisplay: $$(x-y)^2 = x^2 - 2xy + y^2$$\n"]),
        book(
            "markdown/smart_punctuation",
            [
                "punctuation.md":
                    "# Punctuation\n\n- En: --\n- Em: ---\n- Dots: ...\n- Double: \"said\"\n- Single: 'said'\n- In code: `\"said\"`\n\n```\n\"kept\"\n```\n"
            ]),
        book("markdown/strikethrough", ["struck.md": "# Struck\n\n~~struck through~~\n\n"]),
        book(
            "markdown/tables",
            [
                "tables.md":
                    "# Tables\n\n| key | value |\n| --- | --- |\n| a | b |\n| Backslash | `\\` |\n| Two | `\\\\` |\n| Pipe | `\\|` |\n| Pipe inside | `x \\| y` |\n\n| None | Left | Centre | Right |\n|------|:-----|:------:|------:|\n| 1    | 2    | 3      | 4     |\n"
            ]),
        book("markdown/tasklists", ["tasks.md": "## Tasks\n\n- [X] Bread\n- [x] Milk\n- [ ] Eggs\n"]),
        book(
            "print/chapter_no_h1",
            [
                "first.md": "# First\n\nOn to [the second](second.md).\n",
                "second.md": "Back to [this page](./second.md).\n",
                "third.md": "## Third\n\nA second-level heading first.\n\n",
            ]),
        book(
            "rendering/code_blocks_fenced_with_indent",
            ["indent.md": "# Indented fence\n\n```rust\n    // An indented first line.\n    let y = 2;\n```\n"]),
        book(
            "rendering/editable_rust_block",
            [
                "editable.md":
                    "# Editable\n\n```rust,editable\nfn g() {\n    println!(\"hi\");\n}\n```\n\n```rust\n// Fixed.\n```\n"
            ]),
        book(
            "rendering/fontawesome",
            [
                "icons.md":
                    "# Icons\n\n<i id=\"star\" class=\"fas fa-star more\"></i>\n\n<i class=\"fa fa-book\"></i>\n\n<i class=\"fab fa-github\"></i>\n\n<i class=\"fas fa-star\">Text in it.</i>\n"
            ]),
        book(
            "rendering/header_links",
            [
                "ids.md":
                    "# Ids\n\n## Up^caret\n\n###\n\n####\n\n## Café\n\n## Same\n## Same\n## Same\n\n## Same 1\n\n## <!--c--> With *em* **strong** **_both_** `code` \\<lt> <span>tag</span> [ref] <https://example.org/>\n\n[ref]: https://example.org/ref\n"
            ]),
        book(
            "rendering/hidelines",
            [
                "hidden.md":
                    "# Hidden\n\n```python\n~hide()\nshow():\n~    hide()\n    ~hide()\n    show()\n```\n\n```python,hidelines=%%\n%%hide()\nshow():\n%%    hide()\n    %%hide()\n    show()\n```\n\n```rust\n#![allow(unused)]\n#\n#hide();\n# hide();\n## show();\n#[show]\nshow();\n```\n"
            ], toml: toml + "\n[output.html.code.hidelines]\npython = \"~\"\n"),
        book(
            "rendering/html_blocks",
            [
                "list-comment.md": "* Item\n\n    <!-- a comment in the item -->\n",
                "script.md":
                    "<div>\n    Block start\n<script>\n    // a <tag> in script\n</script>\n    &lt; still the block\n</div>\n",
            ]),
        book(
            "toc/percent_encoded_chapter_paths",
            ["what?.md": "# What\n", "one#two.md": "# Hash\n", "naïve.md": "# Naive\n"],
            summary:
                "# Encoded paths\n\n- [What](what%3F.md)\n- [Naive](na%C3%AFve.md)\n- [Hash](one%23two.md)\n",
            toml: "[build]\ncreate-missing = false\n"),
        Book(name: "includes", files: MdBookTestSuiteAreasTests.includes),
        Book(name: "index", files: MdBookTestSuiteAreasTests.index, onPurpose: [.links]),
        Book(name: "build/src and create-missing", files: MdBookTestSuiteAreasTests.sourceFolder),
        Book(name: "build/build-dir", files: MdBookTestSuiteAreasTests.buildDir),
    ]

    /// Each book equal in every aspect, or different in exactly the aspects it names on purpose;
    /// where the build fails here on purpose, every error is a broken link.
    @Test(arguments: books) func eachBookBuildsAsTheLedgerSays(_ book: Book) throws {
        let both = try MdBookOracle.build(book.files)
        let differing = Set(MdBookOracle.Aspect.allCases.filter { !both.differences(in: [$0]).isEmpty })
        #expect(differing == book.onPurpose, "\(both.differences().joined(separator: "\n"))")
        if book.onPurpose.contains(.status) {
            let errors = both.lecture.output.split(separator: "\n").filter { $0.contains(": error: ") }
            #expect(!errors.isEmpty && errors.allSatisfy { $0.contains("broken link") }, "\(both.lecture.output)")
        }
    }

    /// The compatibility page's row states the ledger's counts (books, equal, different on
    /// purpose, failing) and names each book that differs on purpose.
    @Test func theCompatibilityPageStatesTheLedgersCounts() throws {
        let page = try String(
            contentsOfFile: TestSupport.repositoryRoot + "/Sources/lecture/Manual/src/mdbook-compatibility.md",
            encoding: .utf8)
        let row = try #require(page.split(separator: "\n").first { $0.hasPrefix("| mdBook's own test suite") })
        let equal = Self.books.filter(\.onPurpose.isEmpty)
        let different = Self.books.filter { !$0.onPurpose.isEmpty }
        #expect(row.contains(": \(Self.books.count) books,"), "\(row)")
        #expect(row.contains("**\(equal.count) equal**"), "\(row)")
        #expect(row.contains("**\(different.count) different on purpose**"), "\(row)")
        #expect(row.contains("**0 failing**"), "\(row)")
        for book in different {
            let short = book.name.split(separator: "/").last.map(String.init) ?? book.name
            #expect(row.contains("`\(short)`"), "the page names no `\(short)`")
        }
    }
}
