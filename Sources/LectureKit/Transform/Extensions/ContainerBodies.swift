import CommonMark
import LectureSupport

/// The bodies of the two containers pulldown-cmark (mdBook 0.5) reads and cmark does not: a
/// footnote definition (`[^label]: …`) and a definition under a term (`: …`). cmark reads their
/// indented lines as code, or their first line's blocks as text; here a body is cut from the
/// page's own lines (the marker and the container's indentation taken off) and parsed again as
/// a document of its own, so it holds any block a list item holds: paragraphs, code, lists,
/// quotes, definition lists. The page's link reference definitions are read with it, and its
/// blocks' source ranges are the page's.
struct ContainerBodies {
    /// The page's lines, as cmark read them (footnote definitions protected).
    let lines: [Substring]
    /// The page's link reference definitions, one a line, for `[text][label]` in a body.
    let references: String
    let smartPunctuation: Bool

    init(text: String, smartPunctuation: Bool) {
        lines = text.lineSlices
        references = text.containsUTF8("]:") ? Self.referenceDefinitions(lines) : ""
        self.smartPunctuation = smartPunctuation
    }

    /// The page line `number` (1-based), or an empty line past the end.
    func line(_ number: Int) -> Substring { lines.indices.contains(number - 1) ? lines[number - 1] : "" }

    /// One body: its lines, the first from page line `firstLine`. `columns[i]` is how many
    /// columns were taken off the start of line `i`.
    struct Body {
        var lines: [Substring]
        var firstLine: Int
        var columns: [Int]
    }

    /// `body` parsed as a document of the page: its own definition lists read (`DefinitionLists`),
    /// its blocks' ranges in the page's lines and columns.
    func parse(_ body: Body) -> [Block] {
        var lines = body.lines
        while let last = lines.last, Self.isBlank(last) { lines.removeLast() }
        guard !lines.isEmpty else { return [] }
        var text = Footnotes.protectingDefinitions(lines.joined(separator: "\n"))
        if !references.isEmpty { text += "\n\n" + references }
        let inner = ContainerBodies(text: text, smartPunctuation: smartPunctuation)
        let blocks = DefinitionLists.reading(
            MarkdownParser.parse(text, smartPunctuation: smartPunctuation), bodies: inner
        ).filter { $0.range.start.line <= lines.count }
        var shift = RangeShift(firstLine: body.firstLine, columns: body.columns)
        return shift.rewrite(blocks)
    }

    /// Whether a line holds only white space.
    static func isBlank(_ line: Substring) -> Bool { line.allSatisfy { $0 == " " || $0 == "\t" || $0 == "\r" } }

    /// The columns of white space a line starts with (a tab to the next multiple of four).
    static func indentation(_ line: Substring) -> Int {
        var column = 0
        for character in line {
            if character == " " {
                column += 1
            } else if character == "\t" {
                column += 4 - column % 4
            } else {
                break
            }
        }
        return column
    }

    /// `line` with up to `columns` columns of white space taken off, and how many were.
    static func dropping(_ columns: Int, from line: Substring) -> (line: Substring, dropped: Int) {
        var rest = line
        var dropped = 0
        while dropped < columns, let first = rest.first, first == " " || first == "\t" {
            let width = first == "\t" ? 4 - dropped % 4 : 1
            // A tab wider than what is left stays (as spaces: its columns count in the body).
            if dropped + width > columns {
                return (Substring(String(repeating: " ", count: dropped + width - columns)) + rest.dropFirst(), columns)
            }
            dropped += width
            rest = rest.dropFirst()
        }
        return (rest, dropped)
    }

    /// Whether `line`, under a paragraph, starts a block of its own rather than continuing it
    /// lazily: a heading, a quote, a list item, a fence, a rule, HTML, a table row.
    static func startsBlock(_ line: Substring) -> Bool {
        let text = line.drop { $0 == " " }
        guard let first = text.first else { return true }
        switch first {
        case "#", ">", "<", "|", "`", "~": return true
        case "-", "*", "+", "_", "=":
            let next = text.dropFirst().first
            return next == nil || next == " " || next == "\t" || next == first
        case "0"..."9":
            let digits = text.prefix { $0.isASCII && $0.isNumber }
            let after = text.dropFirst(digits.count)
            return (after.hasPrefix(".") || after.hasPrefix(")")) && (after.dropFirst().first ?? " ") == " "
        default: return false
        }
    }

    /// The lines of `lines` that define a link reference (`[label]: destination`), outside
    /// fenced code.
    private static func referenceDefinitions(_ lines: [Substring]) -> String {
        var found: [Substring] = []
        var fence: Character?
        for line in lines {
            let text = line.drop { $0 == " " }
            if line.leadingSpaces <= 3, let first = text.first, first == "`" || first == "~",
                text.prefix(3).allSatisfy({ $0 == first })
            {
                fence = fence == nil ? first : (fence == first ? nil : fence)
                continue
            }
            guard fence == nil, line.leadingSpaces <= 3, text.hasPrefix("["), !text.hasPrefix("[^"),
                let close = text.firstIndex(of: "]"), text[close...].hasPrefix("]:")
            else { continue }
            found.append(text)
        }
        return found.joined(separator: "\n")
    }
}

/// Moves parsed blocks' ranges from a body's lines to the page's.
private struct RangeShift: MarkupRewriter {
    let firstLine: Int
    let columns: [Int]

    func moved(_ location: SourceLocation) -> SourceLocation {
        guard location.line > 0 else { return location }
        let index = location.line - 1
        return SourceLocation(
            line: firstLine + index, column: location.column + (columns.indices.contains(index) ? columns[index] : 0))
    }

    mutating func visit(_ block: Block) -> [Block] {
        var block = descend(into: block)
        block.range = SourceRange(start: moved(block.range.start), end: moved(block.range.end))
        if case .list(var list) = block.kind {
            for index in list.items.indices {
                let range = list.items[index].range
                list.items[index].range = SourceRange(start: moved(range.start), end: moved(range.end))
            }
            block.kind = .list(list)
        }
        return [block]
    }
}
