/// A read-only pass over blocks and inlines, depth first in document order, after swift-markdown's
/// `MarkupWalker`: each `visit` descends into the node's children by default, so a pass implements
/// only the visits of the nodes it cares about, and calls `descend(into:)` where it wants their
/// children visited too.
///
/// Children are a block quote's blocks, a list's items' blocks (item after item), an element's
/// blocks or inlines, a paragraph's or heading's inlines, an emphasis's or strong emphasis's inlines, and a link's text or an image's
/// description. Code blocks, HTML, thematic breaks, text, code spans and breaks have none.
package protocol MarkupWalker {
    /// Visits one block. Default: `descend(into: block)`.
    mutating func visit(_ block: Block)
    /// Visits one inline. Default: `descend(into: inline)`.
    mutating func visit(_ inline: Inline)
}

extension MarkupWalker {
    @inlinable package mutating func visit(_ block: Block) { descend(into: block) }

    @inlinable package mutating func visit(_ inline: Inline) { descend(into: inline) }

    /// Visits each of `blocks`, in order.
    @inlinable package mutating func walk(_ blocks: [Block]) {
        for block in blocks { visit(block) }
    }

    /// Visits each of `inlines`, in order.
    @inlinable package mutating func walk(_ inlines: [Inline]) {
        for inline in inlines { visit(inline) }
    }

    /// Visits the block's children (see the type's documentation), in order.
    @inlinable package mutating func descend(into block: Block) {
        switch block.kind {
        case .paragraph(let inlines), .heading(_, let inlines, _): walk(inlines)
        case .blockQuote(let children): walk(children)
        case .list(let list): for item in list.items { walk(item.blocks) }
        case .element(let element):
            switch element.content {
            case .blocks(let children): walk(children)
            case .inlines(let inlines): walk(inlines)
            }
        case .codeBlock, .html, .thematicBreak, .custom: break
        }
    }

    /// Visits the inline's children (see the type's documentation), in order.
    @inlinable package mutating func descend(into inline: Inline) {
        switch inline {
        case .emphasis(let children), .strong(let children): walk(children)
        case .link(let link), .image(let link): walk(link.content)
        case .text, .softBreak, .lineBreak, .code, .html: break
        }
    }
}

extension Array where Element == Block {
    /// Every leaf block (any block but a block quote, a list or an element of blocks) of these
    /// blocks and of the quotes, lists and elements among them, in document order: found as they
    /// are asked for, so a pass that looks at each once copies no block into an array of them.
    package var leafBlocks: LeafBlockSequence { LeafBlockSequence(blocks: self) }
}

/// The leaf blocks of some blocks, in document order (`[Block].leafBlocks`).
package struct LeafBlockSequence: Sequence {
    let blocks: [Block]

    package func makeIterator() -> Iterator { Iterator(frames: [Iterator.Frame(blocks: blocks, next: 0)]) }

    /// Walks the blocks depth first with a stack of the arrays it is inside.
    package struct Iterator: IteratorProtocol {
        /// One array of blocks being walked and the index of the next block to look at.
        struct Frame {
            var blocks: [Block]
            var next: Int
        }
        var frames: [Frame]

        package mutating func next() -> Block? {
            while let top = frames.indices.last {
                let index = frames[top].next
                guard index < frames[top].blocks.count else {
                    frames.removeLast()
                    continue
                }
                frames[top].next = index + 1
                switch frames[top].blocks[index].kind {
                case .blockQuote(let children):
                    frames.append(Frame(blocks: children, next: 0))
                case .list(let list):
                    // Items in order: the first item's blocks on top of the stack.
                    for item in list.items.reversed() { frames.append(Frame(blocks: item.blocks, next: 0)) }
                case .element(let element):
                    if case .blocks(let children) = element.content {
                        frames.append(Frame(blocks: children, next: 0))
                    } else {
                        return frames[top].blocks[index]
                    }
                default: return frames[top].blocks[index]
                }
            }
            return nil
        }
    }
}
