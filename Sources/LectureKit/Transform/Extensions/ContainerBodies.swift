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

    /// How deep a body's blocks may still nest (`MarkdownParser.maximumDepth` on the page): a
    /// body's own parse gets one level less, and the bodies inside it half as many, so bodies in
    /// bodies (a definition list in a definition in a footnote…) stop after a few levels and
    /// their blocks stay within twice the page's depth, each page line read again a few times at
    /// most (it was re-read once per level: 16,000 nested footnote markers took 12 s, 1,500
    /// nested definitions never ended).
    let remainingDepth: Int
    /// How many bodies may stand inside one another: `remainingDepth` halved until it is 1.
    static let maximumLevels: Int = {
        var (levels, depth) = (0, MarkdownParser.maximumDepth)
        while depth > 1 { (levels, depth) = (levels + 1, depth / 2) }
        return levels
    }()
    /// Where the first body was cut for its depth, shared by the bodies inside.
    let cut: DepthCut

    /// The first place a body was cut off for nesting too deep, in the page's lines, and
    /// whether it was a body in too many bodies (rather than blocks deep within one).
    final class DepthCut {
        private(set) var first: (location: SourceLocation, inBodies: Bool)?
        func note(_ location: SourceLocation, inBodies: Bool) {
            if first == nil { first = (location, inBodies) }
        }
    }

    /// Where a place in `text` is on the page (the identity for the page's own text).
    let onPage: (SourceLocation) -> SourceLocation

    init(
        text: String, smartPunctuation: Bool, remainingDepth: Int = MarkdownParser.maximumDepth,
        cut: DepthCut = DepthCut(), onPage: @escaping (SourceLocation) -> SourceLocation = { $0 }
    ) {
        lines = text.lineSlices
        references = text.containsUTF8("]:") ? Self.referenceDefinitions(lines) : ""
        self.smartPunctuation = smartPunctuation
        self.remainingDepth = remainingDepth
        self.cut = cut
        self.onPage = onPage
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
        var shift = RangeShift(firstLine: body.firstLine, columns: body.columns)
        guard remainingDepth > 1 else {
            cut.note(onPage(shift.moved(SourceLocation(line: 1, column: 1))), inBodies: true)
            return []
        }
        var (text, protection) = Footnotes.protecting(lines.joined(separator: "\n"))
        // A definition the body holds has its own backslash: columns after it count one less.
        shift.protection = protection
        if !references.isEmpty { text += "\n\n" + references }
        let inner = ContainerBodies(
            text: text, smartPunctuation: smartPunctuation, remainingDepth: remainingDepth / 2, cut: cut,
            onPage: { [onPage, shift] in onPage(shift.moved($0)) })
        let parsed = MarkdownParser.parseDocument(
            text, smartPunctuation: smartPunctuation, maximumDepth: remainingDepth - 1, headingAttributes: true)
        if let tooDeep = parsed.tooDeep { cut.note(onPage(shift.moved(tooDeep)), inBodies: false) }
        let blocks = DefinitionLists.reading(parsed.blocks, bodies: inner).filter { $0.range.start.line <= lines.count }
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

/// Moves a location from a body's lines to the page's (`LocationShift` moves a tree's).
private struct RangeShift {
    let firstLine: Int
    let columns: [Int]
    /// The body's own definitions' backslashes (`Footnotes.protecting`).
    var protection = Footnotes.Protection()

    func moved(_ location: SourceLocation) -> SourceLocation {
        guard location.line > 0 else { return location }
        let location = protection.unprotected(location)
        let index = location.line - 1
        return SourceLocation(
            line: firstLine + index, column: location.column + (columns.indices.contains(index) ? columns[index] : 0))
    }

    func rewrite(_ blocks: [Block]) -> [Block] {
        var shift = LocationShift(move: moved)
        return shift.rewrite(blocks)
    }
}
