import CommonMark
import LectureSupport

/// Footnote references that name no definition on their page (`[^nope]` without `[^nope]: …`):
/// shown as the text `[^nope]`, as mdBook 0.5.4 shows them, and said nowhere, while a definition
/// referenced nowhere was warned (attack 9, kind 33). Read after the extensions ran, so what is
/// still text is no reference (never code); each is placed on its source line, where it is
/// written unescaped (`\[^nope]` shows the brackets on purpose and is not reported).
enum UndefinedFootnotes {
    struct Reference: Hashable {
        var label: String
        var location: SourceLocation
    }

    /// The undefined references in `blocks` (the page's blocks, extensions applied), parsed
    /// from `text`, each place once, in the page's order.
    static func find(in blocks: [Block], text: String) -> [Reference] {
        guard text.containsUTF8("[^"), text.contains("[^") else { return [] }
        var finder = Finder(lines: text.split(separator: "\n", omittingEmptySubsequences: false))
        finder.walk(blocks)
        return finder.found
    }

    /// The labels of `[^label]` in `text` (a label is one or more characters, none a space, a
    /// bracket or a line break).
    static func labels(in text: String) -> [String] {
        var labels: [String] = []
        var rest = text[...]
        while let open = rest.range(of: "[^") {
            rest = rest[open.upperBound...]
            let label = rest.prefix { !$0.isWhitespace && $0 != "]" && $0 != "[" }
            if !label.isEmpty, rest[label.endIndex...].first == "]" { labels.append(String(label)) }
        }
        return labels
    }

    private struct Finder: MarkupWalker {
        let lines: [Substring]
        var found: [Reference] = []

        mutating func visit(_ block: Block) {
            switch block.kind {
            case .paragraph(let inlines), .heading(_, let inlines, _):
                var texts = TextCollector()
                texts.walk(inlines)
                for label in Set(texts.text.flatMap(UndefinedFootnotes.labels)).sorted() {
                    found += places(of: label, from: block.range.start.line, to: block.range.end.line)
                }
            default:
                descend(into: block)
            }
        }

        /// Each unescaped `[^label]` on lines `first` to `last` (1-based).
        func places(of label: String, from first: Int, to last: Int) -> [Reference] {
            let written = Array("[^\(label)]".utf8)
            var references: [Reference] = []
            guard first <= last else { return [] }
            for line in first...last where line >= 1 && line <= lines.count {
                let bytes = Array(lines[line - 1].utf8)
                guard bytes.count >= written.count else { continue }
                for start in 0...(bytes.count - written.count)
                where bytes[start..<(start + written.count)].elementsEqual(written)
                    && (start == 0 || bytes[start - 1] != UInt8(ascii: "\\"))
                {
                    references.append(Reference(label: label, location: SourceLocation(line: line, column: start + 1)))
                }
            }
            return references
        }
    }

    /// The text of inlines, adjacent pieces joined (cmark cuts text at `[` and escapes).
    private struct TextCollector: MarkupWalker {
        var text: [String] = []
        var joining = false

        mutating func visit(_ inline: Inline) {
            if case .text(let piece) = inline {
                if joining, let last = text.popLast() { text.append(last + piece) } else { text.append(piece) }
                joining = true
            } else {
                joining = false
                descend(into: inline)
                joining = false
            }
        }
    }
}
