extension Array where Element == Block {
    /// These blocks with every inline replaced by what `transform` returns for it, children
    /// first (as `MarkupRewriter.descend(into:)` and then its `visit`), or kept where it returns
    /// `nil`. The inlines are those `MarkupRewriter` visits: in paragraphs, headings and elements
    /// of inlines, inside block quotes, lists and elements of blocks. Only the arrays on the way
    /// to a replaced inline are made again: a page whose inlines are all kept is returned as it
    /// was (a `MarkupRewriter` made every array of every page again, issue 36).
    package func rewritingInlines(_ transform: (Inline) -> Inline?) -> [Block] {
        InlineRewriting.blocks(self, transform) ?? self
    }
}

extension Array where Element == Inline {
    /// These inlines rewritten as `[Block].rewritingInlines(_:)` rewrites a paragraph's.
    package func rewritingInlines(_ transform: (Inline) -> Inline?) -> [Inline] {
        InlineRewriting.inlines(self, transform) ?? self
    }
}

/// The walk of `rewritingInlines`: each function returns `nil` when nothing under it changed.
private enum InlineRewriting {
    static func blocks(_ blocks: [Block], _ transform: (Inline) -> Inline?) -> [Block]? {
        var result: [Block]?
        for index in blocks.indices {
            let replacement = block(blocks[index], transform)
            if let replacement {
                if result == nil { result = blocks }
                result?[index] = replacement
            }
        }
        return result
    }

    static func block(_ block: Block, _ transform: (Inline) -> Inline?) -> Block? {
        var block = block
        switch block.kind {
        case .paragraph(let inlines):
            guard let inlines = self.inlines(inlines, transform) else { return nil }
            block.kind = .paragraph(inlines)
        case .heading(let level, let content, let id):
            guard let content = inlines(content, transform) else { return nil }
            block.kind = .heading(level: level, content: content, id: id)
        case .blockQuote(let children):
            guard let children = blocks(children, transform) else { return nil }
            block.kind = .blockQuote(children)
        case .list(var list):
            var changed = false
            for index in list.items.indices {
                if let children = blocks(list.items[index].blocks, transform) {
                    list.items[index].blocks = children
                    changed = true
                }
            }
            guard changed else { return nil }
            block.kind = .list(list)
        case .element(var element):
            switch element.content {
            case .blocks(let children):
                guard let children = blocks(children, transform) else { return nil }
                element.content = .blocks(children)
            case .inlines(let content):
                guard let content = inlines(content, transform) else { return nil }
                element.content = .inlines(content)
            }
            block.kind = .element(element)
        case .codeBlock, .html, .thematicBreak, .custom: return nil
        }
        return block
    }

    static func inlines(_ inlines: [Inline], _ transform: (Inline) -> Inline?) -> [Inline]? {
        var result: [Inline]?
        for index in inlines.indices {
            if let replacement = inline(inlines[index], transform) {
                if result == nil { result = inlines }
                result?[index] = replacement
            }
        }
        return result
    }

    /// `inline` with its children rewritten, then transformed; `nil` when neither changed it.
    static func inline(_ inline: Inline, _ transform: (Inline) -> Inline?) -> Inline? {
        var rewritten: Inline?
        switch inline {
        case .emphasis(let children): rewritten = inlines(children, transform).map { .emphasis($0) }
        case .strong(let children): rewritten = inlines(children, transform).map { .strong($0) }
        case .link(var link):
            rewritten = inlines(link.content, transform).map {
                link.content = $0
                return .link(link)
            }
        case .image(var link):
            rewritten = inlines(link.content, transform).map {
                link.content = $0
                return .image(link)
            }
        case .text, .softBreak, .lineBreak, .code, .html: rewritten = nil
        }
        return transform(rewritten ?? inline) ?? rewritten
    }
}
