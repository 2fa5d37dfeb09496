import Foundation
import Testing

@testable import LectureSupport

/// Small books written the way real mdBook books are, mixing its features, built by mdBook 0.5.4
/// and by lecture (`MdBookOracle`) and compared in every aspect, with no warning from lecture.
@Suite struct MdBookRealWorldTests {
    func expectSameBook(_ files: [String: String], sourceLocation: Testing.SourceLocation = #_sourceLocation) throws {
        let both = try MdBookOracle.build(files)
        #expect(
            both.mdBook.succeeded && both.lecture.succeeded, "\(both.lecture.output)\n\(both.mdBook.output)",
            sourceLocation: sourceLocation)
        let differences = both.differences()
        #expect(differences.isEmpty, "\(differences.joined(separator: "\n"))", sourceLocation: sourceLocation)
        #expect(!both.lecture.output.contains("warning:"), "\(both.lecture.output)", sourceLocation: sourceLocation)
    }

    /// A real book, the Rust API Guidelines (`Fixtures/api-guidelines`, MIT or Apache-2.0, its
    /// 15 pages as published): prefix and suffix chapters, `<a id>` anchors before headings that
    /// links name, a checklist of task lists with reference links into every page, tables with
    /// `<br>`, hidden `#` lines in a fence of no language, links to the standard library and RFCs.
    @Test func theRustAPIGuidelinesBuildAsMdBookBuildsThem() throws {
        let both = try MdBookOracle.build(fixture: "api-guidelines")
        #expect(both.mdBook.succeeded && both.lecture.succeeded, "\(both.lecture.output)\n\(both.mdBook.output)")
        #expect(both.lecture.facts.pages.contains("interoperability.html"), "\(both.lecture.facts.pages)")
        let differences = both.differences()
        #expect(differences.isEmpty, "\(differences.joined(separator: "\n"))")
        #expect(!both.lecture.output.contains("warning:"), "\(both.lecture.output)")
    }

    /// A second real book, Asynchronous Programming in Rust (`Fixtures/async-book`, MIT, nine
    /// pages trimmed from it: `SOURCE.md`): anchored regions and a line range included from Rust
    /// and TOML files in a folder beside `src/`, `rust,edition2018` and `rust,ignore` fences, two
    /// equal `# join!` headings on one page, drafts nested under a chapter and under a draft, code
    /// spans in chapter titles, `site-url` and `create-missing = false`.
    @Test func theAsyncBookBuildsAsMdBookBuildsIt() throws {
        let both = try MdBookOracle.build(fixture: "async-book")
        #expect(both.mdBook.succeeded && both.lecture.succeeded, "\(both.lecture.output)\n\(both.mdBook.output)")
        #expect(
            both.lecture.facts.pages.contains("06_multiple_futures/02_join.html"), "\(both.lecture.facts.pages)")
        #expect(both.lecture.facts.ids["06_multiple_futures/02_join.html"]?.prefix(2) == ["join", "join-1"])
        // On purpose (the manual's compatibility table): the first chapter lies in a folder, so
        // the root index.html sends the reader to it, where mdBook copies the page there.
        let index = String(decoding: try FileSystem.read(both.lecture.root + "/book/index.html"), as: UTF8.self)
        #expect(index.contains("url=01_getting_started/02_why_async.html"), "\(index)")
        let differences = both.differences().filter { !$0.contains(" of index.html: ") }
        #expect(differences.isEmpty, "\(differences.joined(separator: "\n"))")
        #expect(!both.lecture.output.contains("warning:"), "\(both.lecture.output)")
    }

    /// Prefix and suffix chapters, two parts, chapters three deep, a draft, separators, heading
    /// attributes, admonitions holding lists, code and footnotes, a raw HTML anchor, a table with
    /// inline HTML, a footnote and strikethrough in its cells, a definition of two paragraphs,
    /// footnotes of code and lists, task lists, Markdown inside an HTML block.
    @Test func partsDraftsAttributesAdmonitionsTablesAndFootnotes() throws {
        try expectSameBook([
            "book.toml": "[book]\ntitle = \"Real\"\nlanguage = \"en\"\n\n[output.html]\nsmart-punctuation = false\n",
            "src/SUMMARY.md":
                "# Summary\n\n[Preface](preface.md)\n\n# Part one\n\n- [Start](start.md)\n    - [Details](start/details.md)\n        - [Deeper](start/deeper.md)\n    - [Draft]()\n\n---\n\n# Part two\n\n- [Tables](tables.md)\n- [Notes](notes.md)\n\n---\n\n[Appendix](appendix.md)\n",
            "src/appendix.md":
                "# Appendix\n\n<div id=\"raw-block\">\n\n**Markdown inside HTML.**\n\n</div>\n\n- [x] done\n- [ ] todo\n",
            "src/notes.md":
                "# Notes\n\nFirst[^1] and second[^2].\n\n[^1]: One.\n\n    ```rust\n    let x = 1;\n    ```\n\n[^2]: Two, with a list:\n\n    1. a\n    2. b\n\n> [!NOTE]\n> Footnote in a note[^1].\n",
            "src/preface.md":
                "# Preface {#pre .intro}\n\n> [!TIP]\n> Read [the start](start.md#own-id) first.[^p]\n\n[^p]: A note in an admonition.\n",
            "src/start.md":
                "# Start\n\n## Own heading {#own-id}\n\n## Classes {.a .b}\n\nText with <span id=\"inline-anchor\">an anchor</span>.\n\n> [!WARNING]\n> Multi\n>\n> - list\n> - in warning\n>\n> ```sh\n> echo hi\n> ```\n",
            "src/tables.md":
                "# Tables\n\n| Name | Note |\n|------|------|\n| <b>bold</b> | see[^t] |\n| <code>x</code> | <a href=\"notes.html\">notes</a> |\n| ~~gone~~ | `a \\| b` |\n\n[^t]: A footnote from a table.\n",
            "src/start/deeper.md": "# Deeper\n\n### Skipped level\n\n#### Four\n",
            "src/start/details.md":
                "# Details\n\nBack to [start](../start.md#classes) and [deeper](deeper.md).\n\nTerm\n: With a [link](../tables.md).\n\n    And a second paragraph.\n",
        ])
    }

    /// A footnote referred to from every inline place: a heading (its number joins the id, as in
    /// mdBook), a term (with strikethrough), a definition, a list item, a quote, a table's header,
    /// emphasis.
    @Test func footnoteReferencesInEveryInlinePlace() throws {
        try expectSameBook([
            "book.toml": "[book]\ntitle = \"Notes\"\n\n[output.html]\nsmart-punctuation = false\n",
            "src/SUMMARY.md": "# Summary\n\n- [A](a.md)\n",
            "src/a.md":
                "# A\n\n## Heading note[^h]\n\nTerm[^d] ~~old~~\n: Def[^e] ~~gone~~\n\n- item[^i]\n\n> quote[^q]\n\n| Head[^th] | b |\n|---|---|\n| x | y |\n\n*emph[^em]*\n\n[^h]: H.\n[^d]: D.\n[^e]: E.\n[^i]: I.\n[^q]: Q.\n[^th]: TH.\n[^em]: EM.\n",
        ])
    }

    /// Code spans and links in headings and in the summary's titles, numbered lists holding
    /// code and nested lists, a footnote of two paragraphs, headings named alike, raw
    /// `<details>`, an HTML comment; a Markdown file of definitions and footnotes included by two
    /// pages (and listed by none, without a warning).
    @Test func includedDefinitionsAndFootnotesCodeInHeadingsAndDuplicateHeadings() throws {
        try expectSameBook([
            "book.toml": "[book]\ntitle = \"Guide\"\nlanguage = \"en\"\n\n[output.html]\nsmart-punctuation = false\n",
            "src/SUMMARY.md":
                "# Summary\n\n- [The `api` module](api.md)\n- [Glossary](glossary.md)\n    - [Shared terms](shared.md)\n",
            "src/api.md":
                "# The `api` module\n\n## `fn run()` and [links](glossary.md#term-one)\n\n<!-- a comment -->\n\n1. First\n   ```rust\n   # fn hidden() {}\n   fn run() {}\n   ```\n2. Second\n   - nested with `code`\n   - and **bold**[^api]\n\n[^api]: Notes about\n    the API.\n\n    > quoted in a note\n\n## Same name\n\n## Same name\n\n<details>\n<summary>More</summary>\n\nHidden *text*.\n\n</details>\n",
            "src/glossary.md": "# Glossary\n\n{{#include terms.md}}\n\nSee [the module](api.md#same-name-1).\n",
            "src/shared.md": "# Shared terms\n\n{{#include terms.md}}\n",
            "src/terms.md":
                "Term one\n: The first.[^g]\n\nTerm two\n\n: The second,\n  over lines.\n\n    With code:\n\n        let x = 1\n\n[^g]: From an included file.\n",
        ])
    }

    /// Two prefix chapters, a part with no chapters, drafts nested under a chapter and at the top,
    /// separators, admonitions of every title (one holding a quote), heading attributes with a
    /// key and value, a table aligned three ways with `<kbd>`, `<img>`, `<br>` and a link in cells.
    @Test func draftsEmptyPartsAdmonitionsAttributesAndAlignedTables() throws {
        try expectSameBook([
            "book.toml": "[book]\ntitle = \"Ref\"\nlanguage = \"en\"\n\n[output.html]\nsmart-punctuation = false\n",
            "src/SUMMARY.md":
                "# Summary\n\n[Intro](intro.md)\n[Conventions](conventions.md)\n\n---\n\n# Language\n\n- [Items](items/index.md)\n    - [Functions](items/functions.md)\n    - [Draft child]()\n        - [Grandchild draft]()\n- [Draft top]()\n\n# Empty part\n\n# Appendices\n\n- [Table](table.md)\n\n---\n\n[Credits](credits.md)\n",
            "src/conventions.md":
                "# Conventions {#conv data-x=\"1\" .wide}\n\n## Sub {.only-class}\n\nLink to [functions](items/functions.md#signature).\n",
            "src/credits.md": "# Credits\n\nThanks.\n",
            "src/intro.md":
                "# Intro\n\n> [!IMPORTANT]\n> Read **this**.\n\n> [!CAUTION]\n> Two\n> lines.\n\n> [!NOTE]\n> > nested quote\n",
            "src/table.md":
                "# Table\n\n| Left | Center | Right |\n|:-----|:------:|------:|\n| <kbd>Ctrl</kbd> | <img src=\"x.png\" alt=\"x\"> | <br> |\n| [link](intro.md) | *em* | **b** |\n\nAfter the table.\n",
            "src/x.png": "",
            "src/items/functions.md":
                "# Functions\n\n## Signature {#signature}\n\n```text\nfn name(args) -> Ret\n```\n",
            "src/items/index.md": "# Items\n\n- [Functions](functions.md)\n",
        ])
    }
}
