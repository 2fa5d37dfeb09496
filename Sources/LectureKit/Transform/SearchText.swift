import CommonMark
internal import SwiftAnalysis

/// The plain text of blocks, for the search index: a paragraph's or heading's text and a code
/// block's code, each ending in a newline; raw HTML and thematic breaks give none, nor does text
/// inside raw HTML no reader sees (`UnseenHTML`: `<template>`, `hidden`…), followed from block to
/// block of a page through `unseen`.
struct SearchText: MarkupWalker {
    var text = ""
    var unseen: UnseenHTML

    /// The search text of `block` and the blocks inside it, after the page's raw HTML before it
    /// (`unseen`, which it then follows through `block`'s).
    static func of(_ block: Block, unseen: inout UnseenHTML) -> String {
        var search = SearchText(unseen: unseen)
        search.visit(block)
        unseen = search.unseen
        return search.text
    }

    mutating func visit(_ block: Block) {
        if case .html = block.kind {} else { unseen.blockStarts() }
        switch block.kind {
        case .paragraph(let inlines), .heading(_, let inlines, _): add(inlines)
        case .codeBlock(let code): if unseen.isSeen { text += Self.shown(code) }
        case .blockQuote, .list: descend(into: block)
        case .element(let element):
            if case .inlines(let inlines) = element.content {
                add(inlines)
            } else {
                descend(into: block)
            }
        case .html(let html): unseen.read(html)
        case .thematicBreak, .custom: break
        }
    }

    /// A block's code as the page shows it: a Swift block's snippet markers (`// snippet.hide`,
    /// `// snippet.show`, comments alone on their line: `SnippetMarkers`) left out, as the page
    /// leaves them out; the lines they hide stay, as the page holds them behind its button.
    static func shown(_ block: CodeBlock) -> String {
        guard InfoString(block.info).language.lowercased() == "swift" else { return block.code }
        let markers = SnippetMarkers.lines(in: block.code)
        guard !markers.isEmpty else { return block.code }
        return block.code.split(separator: "\n", omittingEmptySubsequences: false).enumerated()
            .filter { markers[$0.offset] == nil }.map(\.element).joined(separator: "\n")
    }

    /// The text of `inlines` that a reader sees, ending in a newline (none when none is seen).
    private mutating func add(_ inlines: [Inline]) {
        var seen: [Inline] = []
        var allSeen = unseen.isSeen
        for inline in inlines {
            if case .html(let html) = inline { unseen.read(html) }
            if unseen.isSeen { seen.append(inline) } else { allSeen = false }
        }
        if allSeen || !seen.isEmpty { text += seen.plainText + "\n" }
    }
}
