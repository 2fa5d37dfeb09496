import CommonMark

/// Depth-first traversal and rewriting of block trees, through block quotes and list items.
enum BlockWalk {
    /// Every leaf block (not a quote or list) in document order.
    static func leaves(_ blocks: [Block]) -> [Block] {
        var result: [Block] = []
        func visit(_ blocks: [Block]) {
            for block in blocks {
                switch block.kind {
                case .blockQuote(let children): visit(children)
                case .list(let list): for item in list.items { visit(item.blocks) }
                default: result.append(block)
                }
            }
        }
        visit(blocks)
        return result
    }

    /// Rebuilds the tree, replacing each leaf block by what `transform` returns (none, one or more).
    static func rewrite(_ blocks: [Block], _ transform: (Block) throws -> [Block]) rethrows -> [Block] {
        try blocks.flatMap { block -> [Block] in
            var block = block
            switch block.kind {
            case .blockQuote(let children):
                block.kind = .blockQuote(try rewrite(children, transform))
                return [block]
            case .list(var list):
                for index in list.items.indices {
                    list.items[index].blocks = try rewrite(list.items[index].blocks, transform)
                }
                block.kind = .list(list)
                return [block]
            default:
                return try transform(block)
            }
        }
    }
}
