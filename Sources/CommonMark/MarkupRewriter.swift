/// A pass that rebuilds blocks and inlines, depth first in document order, after swift-markdown's
/// `MarkupRewriter`: each `visit` returns its node with the children rewritten
/// (`descend(into:)`) by default, so a pass implements only the visits of the nodes it changes.
///
/// A block becomes any number of blocks (none drops it; a transform may put a figure in its place);
/// an inline becomes one inline. Children are those `MarkupWalker` visits.
///
/// A conforming type has a stored property: the `inout self` of an empty one reaches these
/// generic methods as an undefined address, on which ThreadSanitizer then reports false races
/// between threads rewriting different pages (Swift 6.3, `-sanitize=thread`).
package protocol MarkupRewriter {
    /// The blocks that replace `block`, in order. Default: `[descend(into: block)]`.
    mutating func visit(_ block: Block) -> [Block]
    /// The inline that replaces `inline`. Default: `descend(into: inline)`.
    mutating func visit(_ inline: Inline) -> Inline
}

/// A rewriter that moves the source locations a tree holds: links' and images' places go
/// through `moved`, so each rewriter says only how a location moves.
package protocol LocationRewriter: MarkupRewriter {
    /// `location` where the rewriter puts it.
    mutating func moved(_ location: SourceLocation) -> SourceLocation
}

extension LocationRewriter {
    package mutating func visit(_ inline: Inline) -> Inline {
        switch descend(into: inline) {
        case .link(var link):
            link.location = moved(link.location)
            return .link(link)
        case .image(var link):
            link.location = moved(link.location)
            return .image(link)
        case let other: return other
        }
    }
}

extension MarkupRewriter {
    @inlinable package mutating func visit(_ block: Block) -> [Block] { [descend(into: block)] }

    @inlinable package mutating func visit(_ inline: Inline) -> Inline { descend(into: inline) }

    /// `blocks`, each replaced by what `visit` returns for it.
    @inlinable package mutating func rewrite(_ blocks: [Block]) -> [Block] {
        var result: [Block] = []
        result.reserveCapacity(blocks.count)
        for block in blocks { result += visit(block) }
        return result
    }

    /// `inlines`, each replaced by what `visit` returns for it.
    @inlinable package mutating func rewrite(_ inlines: [Inline]) -> [Inline] {
        var result: [Inline] = []
        result.reserveCapacity(inlines.count)
        for inline in inlines { result.append(visit(inline)) }
        return result
    }

    /// `block` with its children rewritten; its range kept.
    @inlinable package mutating func descend(into block: Block) -> Block {
        var block = block
        switch block.kind {
        case .paragraph(let inlines): block.kind = .paragraph(rewrite(inlines))
        case .heading(let level, let content, let id):
            block.kind = .heading(level: level, content: rewrite(content), id: id)
        case .blockQuote(let children): block.kind = .blockQuote(rewrite(children))
        case .list(var list):
            for index in list.items.indices { list.items[index].blocks = rewrite(list.items[index].blocks) }
            block.kind = .list(list)
        case .element(var element):
            switch element.content {
            case .blocks(let children): element.content = .blocks(rewrite(children))
            case .inlines(let inlines): element.content = .inlines(rewrite(inlines))
            }
            block.kind = .element(element)
        case .codeBlock, .html, .thematicBreak, .custom: break
        }
        return block
    }

    /// `inline` with its children rewritten.
    @inlinable package mutating func descend(into inline: Inline) -> Inline {
        switch inline {
        case .emphasis(let children): return .emphasis(rewrite(children))
        case .strong(let children): return .strong(rewrite(children))
        case .link(var link):
            link.content = rewrite(link.content)
            return .link(link)
        case .image(var link):
            link.content = rewrite(link.content)
            return .image(link)
        case .text, .softBreak, .lineBreak, .code, .html: return inline
        }
    }
}

extension Array where Element == Block {
    /// These blocks with every leaf block (any block but a block quote, a list or an element of
    /// blocks, see `leafBlocks`) replaced by what `transform` returns for it, or kept where it
    /// returns `nil`; quotes and lists keep their place and range. Only the arrays holding a
    /// replaced block are made again: a page whose leaves are all kept is returned as it was.
    package func rewritingLeafBlocks(_ transform: (Block) -> [Block]?) -> [Block] {
        Self.replacingLeaves(in: self, transform) ?? self
    }

    /// `blocks` with their leaves replaced, or `nil` when `transform` kept every one.
    private static func replacingLeaves(in blocks: [Block], _ transform: (Block) -> [Block]?) -> [Block]? {
        var result: [Block]?
        for index in blocks.indices {
            let replacement: [Block]?
            switch blocks[index].kind {
            case .blockQuote(let children):
                replacement = replacingLeaves(in: children, transform).map { children in
                    var block = blocks[index]
                    block.kind = .blockQuote(children)
                    return [block]
                }
            case .list(var list):
                var changed = false
                for item in list.items.indices {
                    if let children = replacingLeaves(in: list.items[item].blocks, transform) {
                        list.items[item].blocks = children
                        changed = true
                    }
                }
                if changed {
                    var block = blocks[index]
                    block.kind = .list(list)
                    replacement = [block]
                } else {
                    replacement = nil
                }
            case .element(var element):
                if case .blocks(let children) = element.content {
                    replacement = replacingLeaves(in: children, transform).map { children in
                        element.content = .blocks(children)
                        var block = blocks[index]
                        block.kind = .element(element)
                        return [block]
                    }
                } else {
                    replacement = transform(blocks[index])
                }
            default: replacement = transform(blocks[index])
            }
            if let replacement {
                if result == nil {
                    result = Array(blocks[..<index])
                    result?.reserveCapacity(blocks.count)
                }
                result?.append(contentsOf: replacement)
            } else {
                result?.append(blocks[index])
            }
        }
        return result
    }
}
