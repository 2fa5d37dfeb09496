import CommonMark
internal import SwiftAnalysis

/// The plain text of blocks, for the search index, as the page shows it: a paragraph's or
/// heading's text, a code block's code, a figure's code, output, cells or labels, the text
/// between raw HTML's tags, each ending in a newline; thematic breaks give none, nor does text
/// inside raw HTML no reader sees (`UnseenHTML`: `<template>`, `hidden`, `<script>`…), followed
/// from block to block of a page through `unseen`.
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
            // An admonition's title before the content; a footnote's back links (chrome) after it.
            text += unseen.read(element.leading)
            if case .inlines(let inlines) = element.content {
                add(inlines)
            } else {
                descend(into: block)
            }
            unseen.read(element.trailing)
        case .html(let html): text += unseen.read(html)
        case .custom: if unseen.isSeen, let figure = Figure(block) { text += Self.shown(figure) }
        case .thematicBreak: break
        }
    }

    /// A figure's text as the page shows it: a sample block's code (`Sample.Part.displayedCode`,
    /// as `shown(_:)` a code block's) and the output or expected error under it; a table's
    /// caption and cells; a diagram's caption and the labels Graphviz drew (`<title>`s, which
    /// only a tooltip shows, left out).
    static func shown(_ figure: Figure) -> String {
        var lines: [String] = []
        switch figure {
        case .sample(let shown):
            let sample = shown.sample
            let part = sample.parts[shown.part]
            lines.append(part.displayedCode.code)
            let isLast = shown.part == sample.parts.count - 1
            if let output = sample.continued ? part.expectedOutput : isLast ? sample.expectedOutput : nil {
                lines.append(output.hasSuffix("\n") || output.isEmpty ? output : output + "\n")
            }
            if isLast, sample.mode == .compileFail, !sample.expectedErrors.isEmpty {
                lines.append(sample.expectedErrors.map { "error: " + $0 + "\n" }.joined())
            }
        case .table(let table):
            if let caption = table.caption { lines.append(caption.plainText + "\n") }
            for row in table.allRows {
                lines.append(row.cells.map { $0.content.plainText }.joined(separator: " ") + "\n")
            }
        case .diagram(let diagram):
            if let caption = diagram.caption { lines.append(caption.plainText + "\n") }
            var unseen = UnseenHTML()
            lines.append(unseen.read(diagram.wide.svg))
        }
        return lines.filter { $0 != "\n" }.joined()
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
