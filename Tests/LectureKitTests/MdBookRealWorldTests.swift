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
}
