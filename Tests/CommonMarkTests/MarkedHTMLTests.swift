import Testing

@testable import CommonMark

/// `MarkedHTML.rewritten` must write what rendering the rewritten blocks writes, byte for byte,
/// whatever the rewrite does to the values (`print.html`'s chapters are made this way).
@Suite struct MarkedHTMLTests {
    /// Rewrites heading ids, link and image destinations and raw HTML, as `rewritten` does.
    struct ValueRewriter: MarkupRewriter {
        let ids: (String) -> String
        let destinations: (String) -> String
        let html: (String) -> String

        mutating func visit(_ block: Block) -> [Block] {
            var block = descend(into: block)
            switch block.kind {
            case .heading(let level, let content, let id):
                block.kind = .heading(level: level, content: content, id: id.map(ids))
            case .html(let raw): block.kind = .html(html(raw))
            default: break
            }
            return [block]
        }

        mutating func visit(_ inline: Inline) -> Inline {
            switch descend(into: inline) {
            case .link(var link):
                link.destination = destinations(link.destination)
                return .link(link)
            case .image(var link):
                link.destination = destinations(link.destination)
                return .image(link)
            case .html(let raw): return .html(html(raw))
            case let other: return other
            }
        }
    }

    /// Headings with ids (as a transform sets them), raw HTML blocks with and without a final
    /// newline, empty ones, inline HTML ending tight list items before nested blocks.
    static func documents() -> [[Block]] {
        var documents = HTMLRendererTests.corpus.map { withIDs(MarkdownParser.parse($0)) }
        documents.append(
            withIDs(
                MarkdownParser.parse(
                    "# A & \"B\" 뷰\n\n- item <span>\n  - nested\n- <b>x</b>\n\n  <div>\n\n> <i>q</i>\n\n"
                        + "[a](b.md#c d&e) ![i](x%20y.png) <a href=\"u.md#v\" id=\"w\">h</a>\n")))
        let raw = { (html: String) in Block(.html(html)) }
        documents.append([raw("<p>no newline</p>"), raw("<p>next</p>\n"), raw(""), raw("x")])
        documents.append([raw(""), raw("<hr>"), Block(.paragraph([.text("t"), .html("<br>")])), raw("")])
        return documents
    }

    private static func withIDs(_ blocks: [Block]) -> [Block] {
        var count = 0
        return blocks.map { block in
            guard case .heading(let level, let content, _) = block.kind else { return block }
            count += 1
            var block = block
            block.kind = .heading(level: level, content: content, id: "제목-\(count)&<\"'>")
            return block
        }
    }

    /// Rewrites that keep, grow, empty and change the last byte of what they are given.
    static let rewrites: [(String, @Sendable (String) -> String)] = [
        ("identity", { $0 }),
        ("prefix", { "ch-장--" + $0 }),
        ("empty", { _ in "" }),
        ("no final newline", { $0.hasSuffix("\n") ? String($0.dropLast()) : $0 }),
        ("CR LF", { $0 + "\r\n" }),
        ("quoted", { "\"" + $0 + "&" }),
    ]

    @Test func rewrittenEqualsRenderingTheRewrittenBlocks() {
        for (index, blocks) in Self.documents().enumerated() {
            let marked = HTMLRenderer().renderMarked(blocks)
            #expect(marked.html == HTMLRenderer().render(blocks))
            for (name, rewrite) in Self.rewrites {
                var rewriter = ValueRewriter(ids: rewrite, destinations: rewrite, html: rewrite)
                let expected = HTMLRenderer().render(rewriter.rewrite(blocks))
                let actual = marked.rewritten(ids: rewrite, destinations: rewrite, html: rewrite)
                #expect(actual == expected, "document \(index), rewrite \(name)")
            }
        }
    }
}
