import CommonMark

/// The plain text of blocks, for the search index: a paragraph's or heading's text and a code
/// block's code, each ending in a newline; raw HTML and thematic breaks give none.
struct SearchText: MarkupWalker {
    var text = ""

    /// The search text of `block` and the blocks inside it.
    static func of(_ block: Block) -> String {
        var search = SearchText()
        search.visit(block)
        return search.text
    }

    mutating func visit(_ block: Block) {
        switch block.kind {
        case .paragraph(let inlines), .heading(_, let inlines, _): text += inlines.plainText + "\n"
        case .codeBlock(let code): text += code.code
        case .blockQuote, .list: descend(into: block)
        case .element(let element):
            if case .inlines(let inlines) = element.content {
                text += inlines.plainText + "\n"
            } else {
                descend(into: block)
            }
        case .html, .thematicBreak, .custom: break
        }
    }
}
