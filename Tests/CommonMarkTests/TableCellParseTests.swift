import Testing

@testable import CommonMark

/// `MarkdownParser.parseCells` parses a table's cells in one cmark document and must give each
/// cell what a parse of its own gives (`parseCell`), whatever the cell holds.
@Suite struct TableCellParseTests {
    /// Definitions a cell may use by reference, one a line (`LinkReferences`' form), one with a
    /// title on the next line.
    static let references = "[d]: https://example.com/d \"D\"\n[long]: /x\n  'a title'\n[ko]: 한국.md"

    /// Cells of every kind that reads differently alone or beside others: links by reference and
    /// inline, images, emphasis left open, code spans, raw HTML and an unclosed comment, entities,
    /// a backslash at the end, Korean emphasis (`CJKEmphasis`), quotes for smart punctuation, a
    /// `[` with a combining mark (no character `[`), a carriage return (a line end to cmark),
    /// text that would start a block alone (`#`, `-`, `1.`, `>`, a fence, `[x]: y`), empty cells.
    static let cells = [
        "[a][d] and [d] and [x](y.md#z)", "**강조**를 and *open", "`code | x` ![img](i.png \"t\")",
        "<span id=\"x\">raw</span> <!-- open", "&amp; &nGt; &#x41;", "ends with \\", "\"quoted\" -- dash...",
        "[\u{301}d] combined", "a\rb", "# not a heading", "- not a list", "1. not a list", "> not a quote",
        "```", "[d]: /not-a-definition", "", "[ko][] [long]", "plain", "_a_ __b__ ***c***", "[^1] note",
        "<https://example.com> www.example.com", "[unclosed", "**[d]**", "]", "[[d]]",
    ]

    @Test(arguments: [false, true])
    func cellsParsedTogetherReadAsEachAlone(smart: Bool) {
        let together = MarkdownParser.parseCells(Self.cells, references: Self.references, smartPunctuation: smart)
        let alone = Self.cells.map {
            MarkdownParser.parseCell($0, references: Self.references, smartPunctuation: smart)
        }
        #expect(together.count == alone.count)
        for (index, (a, b)) in zip(together, alone).enumerated() {
            #expect(a == b, "cell \(index) \(Self.cells[index].debugDescription)")
        }
    }

    /// Without definitions, and with so many links by reference that cmark's budget of expanded
    /// definitions (`referenceBudget`) would run out in one document: the cells split into
    /// several documents, every link still resolved as alone.
    @Test func manyLinksByReferenceAcrossTheBudgetReadAsEachAlone() {
        let long = "[big]: /" + String(repeating: "p", count: 900)
        let cells = (0..<400).map { "[\($0)][big] [x][big] \($0)" }
        let together = MarkdownParser.parseCells(cells, references: long)
        let alone = cells.map { MarkdownParser.parseCell($0, references: long) }
        #expect(together == alone)
        #expect(together.allSatisfy { $0.contains { if case .link = $0 { true } else { false } } })
        #expect(
            MarkdownParser.parseCells(Self.cells, references: "")
                == Self.cells.map {
                    MarkdownParser.parseCell($0, references: "")
                })
    }

    /// A link's location counts from the cell's start on line 1, as alone (`CellColumns`).
    @Test func linksKeepTheirColumnsInTheCell() {
        let cells = ["ab [x](y)", "[z](w)"]
        let together = MarkdownParser.parseCells(cells, references: "")
        guard case .link(let second)? = together[1].first, case .link(let first)? = together[0].last else {
            Issue.record("no links: \(together)")
            return
        }
        #expect(first.location == SourceLocation(line: 1, column: 4))
        #expect(second.location == SourceLocation(line: 1, column: 1))
    }
}
