import Foundation
import Testing

@testable import LectureSupport

/// Block content inside the two containers mdBook's parser (pulldown-cmark) reads and cmark does
/// not, footnote definitions and definitions under a term (`ContainerBodies`): each case is one
/// page built by mdBook 0.5.4 and by lecture (`MdBookMarkdownTests.build`), and the HTML structure
/// of the two `<main>`s must be the same, element for element and text for text. Only the
/// differences by design are taken out first (`structure`): the headings' own links and mdBook's
/// admonition icons.
@Suite struct MdBookContainerTests {
    /// The page's elements and text, one a line: headings' own links dropped (`a.header` around
    /// the title, its `href` percent-encoded in lecture's: `MdBookHeadingMarkupTests`), icons dropped, `<hr />` as `<hr>`, mdBook's
    /// `playground` class on Rust code and its missing last line feed in it evened out, and white
    /// space around tags taken off.
    static func structure(_ html: String) -> [String] {
        var html = html.replacing(
            try! Regex("<a class=\"header\" href=\"[^\"]*\">(.*?)</a>").dotMatchesNewlines(),
            with: { $0.output[1].substring ?? "" })
        html = html.replacing(try! Regex("<svg.*?</svg>").dotMatchesNewlines(), with: "")
        html = html.replacingOccurrences(of: "<hr />", with: "<hr>").replacingOccurrences(
            of: " class=\"playground\"", with: "")
        html = html.replacingOccurrences(of: "\n</code>", with: "</code>")
        html = html.replacing(try! Regex("\\s*(<[^>]+>)\\s*"), with: { "\n" + ($0.output[1].substring ?? "") + "\n" })
        return html.split(separator: "\n").map(String.init)
    }

    /// Builds `page` with both tools; the structures must be equal and lecture must say nothing.
    func expectSameStructure(_ page: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) throws {
        let built = try MdBookMarkdownTests.build(page)
        let (ours, theirs) = (Self.structure(built.ours), Self.structure(built.theirs))
        #expect(!theirs.isEmpty, "mdBook built nothing", sourceLocation: sourceLocation)
        #expect(
            ours == theirs,
            "lecture:\n\(ours.joined(separator: "\n"))\nmdBook:\n\(theirs.joined(separator: "\n"))",
            sourceLocation: sourceLocation)
        #expect(
            !built.lines.contains { $0.contains("warning:") || $0.contains("error:") }, "\(built.lines)",
            sourceLocation: sourceLocation)
    }

    @Test func footnoteOfSeveralParagraphs() throws {
        try expectSameStructure(
            "# A\n\nText[^a] and[^b].\n\n[^a]: First paragraph.\n\n    Second paragraph.\n\n    Third.\n\n[^b]: Other.\n\nAfter.\n"
        )
    }

    @Test func footnoteWithFencedAndIndentedCode() throws {
        try expectSameStructure(
            "# A\n\nText[^a].\n\n[^a]: Note with code:\n\n    ```rust\n    fn main() {}\n    ```\n\n        indented code\n\nAfter.\n"
        )
    }

    @Test func footnoteWithListsAndAListRightAfterALazyLine() throws {
        try expectSameStructure(
            "# A\n\nText[^a] more[^b].\n\n[^a]: A list:\n\n    - one\n    - two\n\n      still two\n\n    1. first\n\n[^b]: Lazy\ncontinued line.\n    - item right after\n\nAfter.\n"
        )
    }

    @Test func footnoteWithQuoteDefinitionListAdmonitionAndTask() throws {
        try expectSameStructure(
            "# A\n\nText[^a].\n\n[^a]: Quote:\n\n    > quoted\n\n    Term\n    : def\n\n    > [!NOTE]\n    > noted\n\n    - [ ] task\n\nAfter.\n"
        )
    }

    @Test func footnotesDefinedInAListItemAndABlockQuote() throws {
        try expectSameStructure(
            "# A\n\n- Item[^a]\n\n  [^a]: In a list item.\n\n> Quoted[^b]\n>\n> [^b]: In a quote.\n\nAfter.\n")
    }

    @Test func footnoteBodyOnTheNextLineWithAFenceHoldingABlankLine() throws {
        try expectSameStructure(
            "# A\n\nText[^1].\n\n[^1]:\n    Body on the next line.\n\n    ```\n    fenced\n\n    with blank\n    ```\n")
    }

    @Test func looseDefinitionLists() throws {
        try expectSameStructure(
            "# A\n\nTerm\n\n: Loose definition.\n\nTerm two\n: Tight.\n\n: Loose second.\n\nNext\n: Tight only\n: Tight again\n"
        )
    }

    @Test func oneLooseDefinitionMakesTheWholeListLoose() throws {
        try expectSameStructure(
            "# A\n\nA\n: tight\n\nB\n\n: loose\n\nC\n: tight again\n\nPara.\n\nD\n: tight\n: two\n\nE\n: one\n\n  more in one\n"
        )
    }

    @Test func definitionOfParagraphsCodeAndAList() throws {
        try expectSameStructure(
            "# A\n\nTerm\n: First paragraph.\n\n    Second paragraph.\n\n    ```rust\n    fn main() {}\n    ```\n\n    - one\n    - two\n\nAfter.\n"
        )
    }

    @Test func nestedDefinitionLists() throws {
        try expectSameStructure(
            "# A\n\nOuter\n: Outer definition.\n\n    Inner\n    : Inner definition.\n\n    Other inner\n    : Its definition.\n\nAfter.\n"
        )
    }

    @Test func nestedDefinitionListsWithoutBlankLinesAndAParagraphBefore() throws {
        try expectSameStructure(
            "# A\n\nlevel one\n: l1\n    level two\n    : l2\n        level three\n        : l3\n\nlevel one\n: l1\n\nFoo\n\nbar\n:   baz\n\nbim\n:   bor\n\nBloze\n"
        )
    }

    @Test func definitionListsInContainersAndBlocksRightAfterTheMarker() throws {
        try expectSameStructure(
            "# A\n\n- Item\n\n  Term\n  : In a list item.\n\n> Term\n> : In a quote.\n\nTerm\n: - list right away\n  - second\n\nTerm\n: > quote right away\n\nTerm\n:     code right away?\n"
        )
    }

    @Test func definitionLazyLinesOrphanAndEmptyDefinitions() throws {
        try expectSameStructure(
            "# A\n\nTerm\n: Def with lazy\ncontinuation.\n\nTerm *em*\n: one\n  two indented by two\n\n: Orphan definition\n\nTerm\n:\n\nTerm\n:   Four spaces.\n"
        )
    }

    /// In a quote and a list item, where the page's lines are not read again: loose definitions
    /// (a blank line before `:`) and a loose one making a tight one before it loose.
    @Test func looseDefinitionListsInQuotesAndListItems() throws {
        try expectSameStructure(
            "# A\n\n> Term\n>\n> : Loose.\n>\n> : Second.\n\n> T2\n> : tight\n>\n> T3\n>\n> : loose\n\n- T4\n  : tight\n\n  T5\n\n  : loose?\n"
        )
    }

    /// A definition list and a footnote inside a numbered list's item, a footnote defined inside
    /// a definition's body, a loose definition in a list item.
    @Test func footnotesDefinedInListItemsAndDefinitions() throws {
        try expectSameStructure(
            "# A\n\n1. Step one\n\n   Term\n   : In an item.\n\n   ```sh\n   make\n   ```\n\n2. Step two[^s]\n\n   [^s]: Defined in an item,\n       with a second line.\n\nWord\n: A definition with a note[^w].\n\n    [^w]: Defined inside the definition.\n\n- Term in item\n\n  : Loose in item.\n"
        )
    }

    /// An indented code block followed by a blank line is no fence left open (cmark's range of it
    /// takes in the blank line).
    @Test func indentedCodeBeforeABlankLineIsNotAnOpenFence() throws {
        try expectSameStructure("# A\n\n    code\n\nText\n\n    more code\n\n\n")
    }
}

/// mdBook's testsuite books `markdown/footnotes` and `markdown/definition_lists` (their kinds, on
/// pages written here) built by both tools through `MdBookOracle` and compared in every aspect.
@Suite struct MdBookContainerBookTests {
    @Test func footnotesAndDefinitionListsBookAsMdBookBuildsIt() throws {
        let both = try MdBookOracle.build([
            "book.toml": "[book]\ntitle = \"Containers\"\n\n[output.html]\nsmart-punctuation = false\n",
            "src/SUMMARY.md": "# Summary\n\n- [Notes](notes.md)\n- [Terms](terms.md)\n",
            "src/notes.md":
                "# Notes\n\nNumbered[^1], named[^word], twice[^word], a body of paragraphs[^para].\n\n[^1]: The first.\n\n[^word]: A word,\n    over two lines.\n\n[^para]: First paragraph.\n\n    - a list\n    - in it\n\n    ```text\n    code in it\n    ```\n\n    Last paragraph.\n\n[^early]: Defined before its use.\n\nUsed after.[^early] And again[^1].\n\n## Later\n\nA heading between[^between].\n\n[^between]: Between headings.\n",
            "src/terms.md":
                "# Terms\n\napple\n:   red fruit\n\norange\n:   orange fruit\n\n## Loose\n\npear\n\n:   green fruit\n\n    with a second paragraph\n\n:   another sense\n\n## Nested\n\nouter\n: first\n    inner\n    : nested\n\nmulti\nline\\\nterm\n: its definition\n: [back](#apple)\n",
        ])
        #expect(both.mdBook.succeeded && both.lecture.succeeded, "\(both.lecture.output)\n\(both.mdBook.output)")
        let differences = both.differences()
        #expect(differences.isEmpty, "\(differences.joined(separator: "\n"))")
        // A term's hard break adds nothing to its id, as in mdBook.
        #expect(
            both.lecture.facts.anchors["terms.html"]?.contains("multi-lineterm") == true,
            "\(both.lecture.facts.anchors)")
        #expect(!both.lecture.output.contains("warning:"), "\(both.lecture.output)")
    }
}
