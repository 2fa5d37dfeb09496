import Foundation
import Testing

@testable import LectureSupport

/// Heading attributes (`## Title {#id .class key=value}`) held to mdBook 0.5.4 form by form: one
/// book of every form mdBook reads or refuses, built by both tools (`MdBookOracle`), each
/// heading's id, classes, header link and text compared. mdBook (pulldown-cmark) reads the block
/// from the heading's source before inline parsing, so markup, entities and escapes inside the
/// braces stay as typed (`{#s*t*}` is the id `s*t*`), a backslash or `<` inside refuses the block,
/// and `\{#id}` keeps its backslash in the text.
@Suite(.serialized) struct MdBookHeadingAttributeTests {
    /// One heading of each form, in the order of the page.
    static let forms: [String] = [
        "# Forms",
        "## Star*s* {#s*t*}",
        "## Plain {#plain}",
        "## Class {.cls}",
        "## Both {#both .a .b}",
        "## Spaces {  #sp   .x  }",
        "## Keyval {#kv key=value data-x=\"q r\" k2='v'}",
        "## Code {#`co`de}",
        "## Link {#[l](u)}",
        "## Entity {#a&amp;b}",
        "## Escape {#a\\_b\\}c}",
        "## Escape inside {#a\\_b}",
        "## Escaped \\{#esc}",
        "## Escaped both \\{#esc2\\}",
        "## Trailing backslash \\\\{#tb}",
        "## Escape in text \\* star {#es}",
        "## Not at the end {#ne} tail",
        "## Closing {#cl} ##",
        "## Closing after ## {#cl3}",
        "Setext {#setx}\n------",
        "Setext two {#st2\nline} end\n------",
        "Setext multi\nline {#stm}\n===",
        "Alone\n{#alone}\n---",
        "## Two {#one} {#two}",
        "## Empty {}",
        "## Empty spaced { }",
        "## Nested {#a{b}c}",
        "## Brace open {#x",
        "## Dot only {.}",
        "## Hash only {#}",
        "## Word {foo}",
        "## One byte {a}",
        "## Quote {#\"q\"}",
        "## Tab\t{#tab}",
        "## Emph *x {#e1}*",
        "## Code span `{#c1}`",
        "## Star in class {.c*d*}",
        "- ## In list {#inlist}",
        "> ## In quote {#inquote .q}",
        "> - ## Quote list {#ql}",
        "> Quote\n> two {#qt}\n> ---",
        "- Item\n  more {#li}\n  ---",
        "##  {#onlyattr}",
        "## Trailing space {#ts}   ",
        "## Unicode {#\u{D55C}\u{AE00}}",
        "## Upper {#UPPER .CaSe}",
        "## Repeated {#plain}",
        "## Attr with hash {#a#b}",
        "## Attr with dot {#a.b .c.d}",
        "## Equals bare {=x}",
        "## Key no value {key=}",
        "## Html <b>{#h1}</b>",
        "## Ampersand {#a&b .c&amp;d}",
        "## Less {#a<b}",
        "## Smart {#a--b \"q\"}",
        "## Reference [ref] {#refid}",
        "    ## Indented code {#code}",
        "Paragraph {#para}",
    ]

    static let book: [String: String] = [
        "book.toml": "[book]\ntitle = \"H\"\nlanguage = \"en\"\n\n[output.html]\nsmart-punctuation = false\n",
        "src/SUMMARY.md": "# Summary\n\n- [Forms](a.md)\n",
        "src/a.md": forms.joined(separator: "\n\n") + "\n\n[ref]: http://example.com/r\n",
    ]

    static let both = Result { try MdBookOracle.build(book) }

    static func page(_ build: MdBookOracle.Build) throws -> String {
        String(decoding: try FileSystem.read(build.root + "/" + (build.site ?? "book") + "/a.html"), as: UTF8.self)
    }

    @Test func everyFormGetsMdBooksIdAndText() throws {
        let both = try Self.both.get()
        #expect(both.differences(in: [.status, .pages]) == [])
        let ours = MdBookHeadingIDTests.headings(try Self.page(both.lecture))
        let theirs = MdBookHeadingIDTests.headings(try Self.page(both.mdBook))
        #expect(ours.count == theirs.count)
        for (mine, mdBook) in zip(ours, theirs) {
            #expect(mine == mdBook)
        }
        // The case that started it: the block is read before emphasis.
        #expect(theirs.contains { $0.id == "s*t*" && $0.text == "Stars" })
    }

    @Test func classesAndPageTextAreMdBooks() throws {
        let both = try Self.both.get()
        #expect(both.differences(in: [.ids, .classes, .anchors, .text, .links]) == [])
    }

    /// With smart punctuation on, the block is read before it (`{#a--b}` stays `a--b`), and a
    /// heading in an admonition, a definition, a footnote or after raw HTML reads its block too.
    @Test func smartPunctuationAndContainersLeaveTheBlockAsTyped() throws {
        let page = [
            "# C", "## Smart \"quoted\" -- dash {#a--b .c--d}", "## Smart text \"x\" ... {#'y'}",
            "> [!NOTE]\n> ## In note {#innote}", "Term\n: ## In definition {#indef .d}", "Footnote[^f].",
            "[^f]: ## In footnote {#infoot}\n\n    Body.", "## Entity brace &#123;#x}",
            "<div>\n\n## In html {#inhtml}\n\n</div>", "## Id with *star* text *a* {#z}",
        ]
        let both = try MdBookOracle.build([
            "book.toml": "[book]\ntitle = \"H\"\nlanguage = \"en\"\n\n[output.html]\nsmart-punctuation = true\n",
            "src/SUMMARY.md": "- [C](a.md)\n",
            "src/a.md": page.joined(separator: "\n\n") + "\n",
        ])
        #expect(both.differences(in: [.status, .pages, .ids, .classes, .text]) == [])
        let ours = MdBookHeadingIDTests.headings(try Self.page(both.lecture))
        let theirs = MdBookHeadingIDTests.headings(try Self.page(both.mdBook))
        #expect(ours == theirs)
        #expect(theirs.map(\.id).contains("a--b"))
    }
}
