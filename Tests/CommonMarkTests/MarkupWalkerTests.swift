import Testing

@testable import CommonMark

@Suite struct MarkupWalkerTests {
    /// Names each node it visits, descending by default.
    struct Trace: MarkupWalker {
        var names: [String] = []
        var skipsLinkText = false

        mutating func visit(_ block: Block) {
            switch block.kind {
            case .paragraph: names.append("paragraph")
            case .heading(let level, _, _): names.append("h\(level)")
            case .blockQuote: names.append("quote")
            case .list: names.append("list")
            case .codeBlock(let code): names.append("code:\(code.language)")
            case .html: names.append("html")
            case .thematicBreak: names.append("break")
            case .custom: names.append("custom")
            case .element(let element): names.append(element.name)
            }
            descend(into: block)
        }

        mutating func visit(_ inline: Inline) {
            switch inline {
            case .text(let text): names.append(text)
            case .link(let link): names.append("link:\(link.destination)")
            case .image(let link): names.append("image:\(link.destination)")
            case .emphasis: names.append("em")
            case .strong: names.append("strong")
            default: names.append("other")
            }
            if case .link = inline, skipsLinkText { return }
            descend(into: inline)
        }
    }

    static let document = """
        # 제목 *a*

        > 인용 [링크 **b**](x.md)
        >
        > - 항목 ![그림 [c](y.md)](z.png)
        >
        >   ```swift
        >   print(1)
        >   ```

        ---
        """

    @Test func visitsEveryNodeInDocumentOrderDescendingByDefault() {
        var trace = Trace()
        trace.walk(MarkdownParser.parse(Self.document))
        #expect(
            trace.names == [
                "h1", "제목 ", "em", "a",
                "quote", "paragraph", "인용 ", "link:x.md", "링크 ", "strong", "b",
                "list", "paragraph", "항목 ", "image:z.png", "그림 ", "link:y.md", "c", "code:swift",
                "break",
            ])
    }

    @Test func aVisitThatDoesNotDescendSkipsTheChildren() {
        var trace = Trace(skipsLinkText: true)
        trace.walk(MarkdownParser.parseInlines("앞 [링크 *b*](x.md) 뒤"))
        #expect(trace.names == ["앞 ", "link:x.md", " 뒤"])
    }

    @Test func leafBlocksAreFoundInsideQuotesAndListsInOrder() {
        let leaves = MarkdownParser.parse(Self.document).leafBlocks
        #expect(leaves.map(\.range.start.line) == [1, 3, 5, 7, 11])
        #expect(
            leaves.allSatisfy {
                switch $0.kind {
                case .blockQuote, .list: false
                default: true
                }
            })
    }

    @Test func plainTextKeepsTheTextOfEmphasisLinksAndImagesAndDropsHTML() {
        let inlines = MarkdownParser.parseInlines("*모델*과 [`뷰`](v.md)<b>!</b>  \n![그림](p.png)")
        #expect(inlines.plainText == "모델과 뷰! 그림")
        #expect(
            Inline.link(Link(destination: "", title: "", content: [.text("a")], location: .init(line: 1, column: 1)))
                .plainText == "a")
    }
}
