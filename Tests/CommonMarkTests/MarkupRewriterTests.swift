import Testing

@testable import CommonMark

@Suite struct MarkupRewriterTests {
    /// Changes nothing: every visit is the default.
    struct Identity: MarkupRewriter {}

    /// Upper-cases link destinations, drops thematic breaks and doubles code blocks.
    struct Edits: MarkupRewriter {
        mutating func visit(_ block: Block) -> [Block] {
            switch block.kind {
            case .thematicBreak: return []
            case .codeBlock: return [block, block]
            default: return [descend(into: block)]
            }
        }

        mutating func visit(_ inline: Inline) -> Inline {
            let inline = descend(into: inline)
            guard case .link(var link) = inline else { return inline }
            link.destination = link.destination.uppercased()
            return .link(link)
        }
    }

    static let document = """
        # 제목 [h](h.md)

        > 인용 *[링크 **안**](x.md)*
        >
        > - 항목 ![그림 [c](y.md)](z.png)
        >
        >   ```swift
        >   print(1)
        >   ```
        >
        >   ***

        ---
        """

    @Test func theDefaultVisitsRebuildTheSameTree() {
        let blocks = MarkdownParser.parse(Self.document)
        var identity = Identity()
        #expect(identity.rewrite(blocks) == blocks)
    }

    @Test func blocksAreDroppedOrSplitAtAnyDepthAndContainersKeepTheirRange() {
        let blocks = MarkdownParser.parse(Self.document)
        var edits = Edits()
        let rewritten = edits.rewrite(blocks)
        let html = HTMLRenderer().render(rewritten)
        #expect(!html.contains("<hr />"))
        #expect(
            html.split(separator: "<pre><code class=\"language-swift\">", omittingEmptySubsequences: false).count == 3)
        #expect(rewritten.count == 2)
        #expect(rewritten[1].range == blocks[1].range)
    }

    @Test func linksAreRewrittenInHeadingsEmphasisLinkTextAndImageDescriptions() {
        var edits = Edits()
        let destinations = Self.destinations(edits.rewrite(MarkdownParser.parse(Self.document)))
        #expect(destinations == ["H.MD", "X.MD", "z.png", "Y.MD"])
    }

    @Test func inlinesAloneAreRewrittenToo() {
        var edits = Edits()
        let inlines = edits.rewrite(MarkdownParser.parseInlines("**[a](a.md)** [b](b.md)"))
        #expect(HTMLRenderer().render(inlines) == "<strong><a href=\"A.MD\">a</a></strong> <a href=\"B.MD\">b</a>")
    }

    @Test func rewritingLeafBlocksReplacesLeavesNotQuotesOrLists() {
        let blocks = MarkdownParser.parse("> a\n>\n> - b\n\nc\n")
        var seen: [Int] = []
        let rewritten = blocks.rewritingLeafBlocks { block in
            seen.append(block.range.start.line)
            return block.range.start.line == 3 ? [] : [Block(.thematicBreak, range: block.range)]
        }
        #expect(seen == [1, 3, 5])
        #expect(
            HTMLRenderer().render(rewritten) == "<blockquote>\n<hr />\n<ul>\n<li></li>\n</ul>\n</blockquote>\n<hr />\n")
    }

    @Test func leavesTheTransformKeepsAreKeptAndOnlyTheirNeighboursChange() {
        let blocks = MarkdownParser.parse("> a\n>\n> - b\n\nc\n")
        #expect(blocks.rewritingLeafBlocks { _ in nil } == blocks)
        let nested = blocks.rewritingLeafBlocks { block in block.range.start.line == 3 ? [] : nil }
        #expect(
            HTMLRenderer().render(nested) == "<blockquote>\n<p>a</p>\n<ul>\n<li></li>\n</ul>\n</blockquote>\n<p>c</p>\n"
        )
        let last = blocks.rewritingLeafBlocks { block in
            block.range.start.line == 5 ? [Block(.thematicBreak, range: block.range), block] : nil
        }
        #expect(last.count == 3 && last[0] == blocks[0] && last[2] == blocks[1])
        #expect(
            HTMLRenderer().render(last)
                == "<blockquote>\n<p>a</p>\n<ul>\n<li>b</li>\n</ul>\n</blockquote>\n<hr />\n<p>c</p>\n")
    }

    /// Link and image destinations in document order.
    static func destinations(_ blocks: [Block]) -> [String] {
        struct Destinations: MarkupWalker {
            var found: [String] = []
            mutating func visit(_ inline: Inline) {
                if case .link(let link) = inline { found.append(link.destination) }
                if case .image(let link) = inline { found.append(link.destination) }
                descend(into: inline)
            }
        }
        var walker = Destinations()
        walker.walk(blocks)
        return walker.found
    }
}
