import CCmark

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Parses CommonMark with cmark, the reference implementation, and converts its tree to values.
///
/// Modelled on swift-markdown's `CommonMarkConverter`: the C tree lives only inside `parse(_:)`;
/// it is walked once, converted into `Block` and `Inline` values, and freed before returning, so no
/// C pointer escapes. Options: `CMARK_OPT_SOURCEPOS` (every block knows its line and column),
/// `CMARK_OPT_UNSAFE` (raw HTML kept, as the CommonMark spec allows), `CMARK_OPT_VALIDATE_UTF8`
/// (invalid bytes replaced, never trusted), and `CMARK_OPT_SMART` (curly quotes, dashes,
/// ellipses) only when asked for: by default text stays as written, so `--flag`, `1...5` and
/// `Swift's` copy, search and link as they read in the source.
package enum MarkdownParser {
    /// Options passed to cmark for every parse.
    static let options = CMARK_OPT_SOURCEPOS | CMARK_OPT_UNSAFE | CMARK_OPT_VALIDATE_UTF8

    /// `options`, plus smart punctuation when `smart`.
    static func options(smart: Bool) -> Int32 { smart ? options | CMARK_OPT_SMART : options }

    /// Parses a Markdown document into its top-level blocks.
    ///
    /// - Parameter text: the document. Line numbers count from its first line.
    /// - Returns: the document's blocks in order. Parsing never fails: CommonMark gives every input a meaning.
    package static func parse(_ text: String, smartPunctuation: Bool = false) -> [Block] {
        parseDocument(text, smartPunctuation: smartPunctuation).blocks
    }

    /// How deep blocks and inlines may nest before the rest is cut off (`parseDocument`).
    package static let maximumDepth = 100

    /// Parses like `parse`, and says where the document nests deeper than `maximumDepth`
    /// (block quotes in block quotes, emphasis in emphasis…). Content below that depth is left
    /// out, so no later stage recurses without bound; the caller reports the location.
    /// `smartPunctuation` turns straight quotes, `--`, `---` and `...` into typographic ones.
    ///
    /// Emphasis is matched by CommonMark's rules amended for CJK text (`CJKEmphasis`);
    /// `literalEmphasis` says where a run of two or more `*` or `_` still matches nothing and
    /// so reaches the page as text (`**仲介者` without its closing `**`, as in Japanese or Korean prose).
    ///
    /// A page whose brackets would keep cmark busy for long (`ParseCost`) is parsed up to the
    /// line where that starts, given as `tooSlow`; the rest is left out, and the caller reports it.
    /// A page whose quotes would keep cmark's smart punctuation busy for long (`ParseCost`, the
    /// same scan) is parsed without it; `smartPunctuationOff` is the first line of the paragraph
    /// that costs.
    ///
    /// With `headingAttributes`, a heading's trailing `{#id .class key=value}` is read from the
    /// source as mdBook reads it (`HeadingAttributeSource`) and taken out of its content: its
    /// id in the heading's `id`, the rest in its `attributes`.
    package static func parseDocument(
        _ text: String, smartPunctuation: Bool = false, maximumDepth: Int = MarkdownParser.maximumDepth,
        headingAttributes: Bool = false
    ) -> (
        blocks: [Block], tooDeep: SourceLocation?, literalEmphasis: [SourceLocation], tooSlow: SourceLocation?,
        smartPunctuationOff: SourceLocation?
    ) {
        if headingAttributes, HeadingAttributeSource.mayHold(text) {
            let first = parseDocument(text, smartPunctuation: smartPunctuation, maximumDepth: maximumDepth)
            let source = HeadingAttributeSource(text: text, blocks: first.blocks)
            guard !source.attributes.isEmpty else { return first }
            var second = parseDocument(source.text, smartPunctuation: smartPunctuation, maximumDepth: maximumDepth)
            second.blocks = source.applied(to: second.blocks)
            return second
        }
        var text = text
        return text.withUTF8 { buffer in
            let estimate = ParseCost.estimate(buffer, quotes: smartPunctuation)
            let (cut, costlyQuotes) = (estimate.cut, estimate.costlyQuotes)
            let parsed = cut.map { UnsafeBufferPointer(rebasing: buffer[..<$0.offset]) } ?? buffer
            let options = options(smart: smartPunctuation && costlyQuotes == nil)
            let root = parsed.withMemoryRebound(to: CChar.self) { chars in
                cmark_parse_document(chars.baseAddress, chars.count, options)
            }
            let tooSlow = cut.map { SourceLocation(line: $0.line, column: 1) }
            let smartOff = costlyQuotes.map { SourceLocation(line: $0, column: 1) }
            guard let root else { return ([], nil, [], tooSlow, smartOff) }
            defer { cmark_node_free(root) }
            var converter = Converter(source: parsed, maximumDepth: maximumDepth)
            let blocks = converter.children(of: root).map { converter.block($0) }
            return (blocks, converter.tooDeep, converter.literalEmphasis, tooSlow, smartOff)
        }
    }

    /// Parses `text` as a single paragraph's inline content (for instance a table cell).
    package static func parseInlines(_ text: String, smartPunctuation: Bool = false) -> [Inline] {
        parseInlinesMeasuringDepth(text, smartPunctuation: smartPunctuation).inlines
    }

    /// Parses like `parseInlines`, and says whether content was left out for nesting deeper
    /// than `maximumDepth`, which the caller reports.
    package static func parseInlinesMeasuringDepth(_ text: String, smartPunctuation: Bool = false) -> (
        inlines: [Inline], tooDeep: Bool
    ) {
        let parsed = parseDocument(text, smartPunctuation: smartPunctuation)
        let blocks = parsed.blocks
        guard blocks.count == 1, case .paragraph(let inlines) = blocks[0].kind else {
            return (blocks.isEmpty ? [] : [.text(text)], false)
        }
        return (inlines, parsed.tooDeep != nil)
    }

    /// Parses `text` as a GFM table cell's inline content: never a block (`<img …>` alone is
    /// inline HTML, `# a` is text), with `references` (link reference definitions, one a line)
    /// resolving `[text][label]`.
    package static func parseCell(_ text: String, references: String, smartPunctuation: Bool = false) -> [Inline] {
        guard !text.isEmpty else { return [] }
        // A no-break space first keeps the line from starting a block; to emphasis it is white
        // space, as the start of a line is. It is taken off again below.
        let document = "\u{A0}" + text + (references.isEmpty || !text.contains("[") ? "" : "\n\n" + references)
        let blocks = parse(document, smartPunctuation: smartPunctuation)
        guard case .paragraph(var inlines)? = blocks.first?.kind, case .text(let first)? = inlines.first,
            first.hasPrefix("\u{A0}")
        else { return [.text(text)] }
        let rest = String(first.unicodeScalars.dropFirst())
        if rest.isEmpty { inlines.removeFirst() } else { inlines[0] = .text(rest) }
        // Links' columns count from the cell's start, as without the space.
        var shift = CellColumns(line: 1)
        return shift.rewrite(inlines)
    }

    /// Parses each of `texts` as `parseCell(_:references:smartPunctuation:)` does, with as few
    /// cmark parses as give the same inlines: the cells go into one document, each a paragraph
    /// of its own (a blank line between them; inline content never crosses one), followed once
    /// by `references`. A parse per cell read the page's definitions again for every cell, so a
    /// table of 2,000 rows above 2,000 definitions took time quadratic in the page (16 s of CPU).
    ///
    /// A document is cut where it could differ from a parse per cell: cmark 0.30 resolves links
    /// by reference up to `referenceBudget` bytes of destinations and titles per document (a
    /// bound against exponential expansion), so a batch holds cells whose lookups, counted at
    /// most as the longest definition each, stay within it; a cell that might pass it alone is
    /// parsed alone, as before. A batch whose document `ParseCost` would cut, whose blocks do
    /// not come out one paragraph per cell, or with a carriage return in a cell (a line end to
    /// cmark) is parsed cell by cell.
    ///
    /// A document holds at most `cellsPerDocument` cells; between two, `isCancelled` is asked,
    /// and once it says so the cells left are given no inlines (the caller throws them away).
    package static func parseCells(
        _ texts: [String], references: String, smartPunctuation: Bool = false, isCancelled: () -> Bool = { false }
    ) -> [[Inline]] {
        // A lookup's cost is its definition's destination and title, unescaped: at most its two
        // source lines (the title may be on the next), and an entity may grow by a fifth
        // (`&nGt;` is six bytes): three longest lines bound it.
        let longestDefinition =
            3 * references.utf8.split(separator: UInt8(ascii: "\n")).reduce(0) { max($0, $1.count) }
        var results = [[Inline]](repeating: [], count: texts.count)
        var batch: [Int] = []
        var batchCost = 0
        // The batch's document so far, its definitions counted once (cmark's budget is at least it).
        var batchBytes = references.utf8.count
        func flush() {
            if !batch.isEmpty {
                parseBatch(batch, of: texts, references: references, smart: smartPunctuation, into: &results)
            }
            batch = []
            batchCost = 0
            batchBytes = references.utf8.count
        }
        for (index, text) in texts.enumerated() where !text.isEmpty {
            if batch.count >= cellsPerDocument {
                flush()
                if isCancelled() { return results }
            }
            // `parseCell` adds the definitions when a character is `[`; a cell with the byte but
            // no such character (`[` with a combining mark) is parsed without them, alone.
            let linked = text.contains("[")
            let brackets = text.utf8.contains(UInt8(ascii: "["))
            let cost = linked ? text.utf8.count { $0 == UInt8(ascii: "]") } * longestDefinition : 0
            if cost > referenceBudget || brackets != linked {
                results[index] = parseCell(text, references: references, smartPunctuation: smartPunctuation)
                continue
            }
            let bytes = text.utf8.count + 4
            if batchCost + cost > max(referenceBudget, batchBytes + bytes) { flush() }
            batch.append(index)
            batchCost += cost
            batchBytes += bytes
        }
        flush()
        return results
    }

    /// The bytes of destinations and titles cmark 0.30 expands from link reference definitions in
    /// one document at least (`max_ref_size`: the document's size, and never less than this), so
    /// a batch may spend up to its own document's size: a page's definitions are parsed a few
    /// times, not once for every few hundred cells.
    static let referenceBudget = 100_000

    /// The most cells `parseCells` puts in one document (about 100 ms of cmark's work).
    static let cellsPerDocument = 4096

    /// Parses the cells `batch` of `texts` in one document into `results`, or each alone when
    /// the one document could read otherwise (`parseCells`).
    private static func parseBatch(
        _ batch: [Int], of texts: [String], references: String, smart: Bool, into results: inout [[Inline]]
    ) {
        func eachAlone() {
            for index in batch {
                results[index] = parseCell(texts[index], references: references, smartPunctuation: smart)
            }
        }
        guard batch.count > 1, !batch.contains(where: { texts[$0].utf8.contains(UInt8(ascii: "\r")) }) else {
            return eachAlone()
        }
        var document = ""
        document.reserveCapacity(batch.reduce(references.utf8.count + 2) { $0 + texts[$1].utf8.count + 4 })
        var linked = false
        for index in batch {
            document += "\u{A0}" + texts[index] + "\n\n"
            linked = linked || texts[index].utf8.contains(UInt8(ascii: "["))
        }
        if linked { document += references }
        let parsed = parseDocument(document, smartPunctuation: smart)
        guard parsed.tooSlow == nil, parsed.blocks.count >= batch.count else { return eachAlone() }
        var cells: [[Inline]] = []
        cells.reserveCapacity(batch.count)
        for (number, block) in parsed.blocks.prefix(batch.count).enumerated() {
            // Cell `number` is the paragraph on line 2 × number + 1; read as if on line 1 alone.
            let line = 2 * number + 1
            guard block.range.start.line == line, block.range.end.line == line,
                case .paragraph(var inlines) = block.kind, case .text(let first)? = inlines.first,
                first.hasPrefix("\u{A0}")
            else { return eachAlone() }
            let rest = String(first.unicodeScalars.dropFirst())
            if rest.isEmpty { inlines.removeFirst() } else { inlines[0] = .text(rest) }
            var columns = CellColumns(line: line)
            let shifted = columns.rewrite(inlines)
            if columns.elsewhere { return eachAlone() }
            cells.append(shifted)
        }
        for (index, cell) in zip(batch, cells) { results[index] = cell }
    }

    /// cmark's own HTML for `text`, with the same options as `parse`. The reference our
    /// `HTMLRenderer` is tested against.
    static func referenceHTML(_ text: String, smartPunctuation: Bool = false) -> String {
        let options = (smartPunctuation ? CMARK_OPT_SMART : 0) | CMARK_OPT_UNSAFE | CMARK_OPT_VALIDATE_UTF8
        var text = text
        return text.withUTF8 { buffer in
            buffer.withMemoryRebound(to: CChar.self) { chars in
                guard let html = cmark_markdown_to_html(chars.baseAddress, chars.count, options) else { return "" }
                defer { free(html) }
                return String(cString: html)
            }
        }
    }

    /// The version of the cmark library in use, as `"0.30.2"`.
    package static var cmarkVersion: String { String(cString: cmark_version_string()) }

}

/// Converts one cmark tree, tracking how deep it goes.
private struct Converter {
    var depth = 0
    var tooDeep: SourceLocation?
    /// The document's bytes, for the source of text nodes (`CJKEmphasis`).
    let source: UnsafeBufferPointer<UInt8>
    /// Where each line of `source` starts, found when first needed.
    var lineStarts: [Int]?
    /// Runs of `*` or `_` left as text (`MarkdownParser.parseDocument`).
    var literalEmphasis: [SourceLocation] = []
    /// How deep the tree may go before the rest is cut off (`MarkdownParser.parseDocument`).
    let maximumDepth: Int

    init(source: UnsafeBufferPointer<UInt8>, maximumDepth: Int) {
        self.source = source
        self.maximumDepth = maximumDepth
    }

    /// The bytes a single-line inline node spans in the source, if cmark says.
    mutating func sourceBytes(of node: OpaquePointer) -> (bytes: ArraySlice<UInt8>, start: SourceLocation)? {
        let line = Int(cmark_node_get_start_line(node))
        let start = Int(cmark_node_get_start_column(node))
        let end = Int(cmark_node_get_end_column(node))
        guard line > 0, Int(cmark_node_get_end_line(node)) == line, start > 0, end >= start else { return nil }
        if lineStarts == nil { lineStarts = LineStarts(source).offsets }
        guard let starts = lineStarts, line <= starts.count else { return nil }
        let lower = starts[line - 1] + start - 1
        let upper = starts[line - 1] + end
        guard upper <= source.count else { return nil }
        return (ArraySlice(source[lower..<upper]), SourceLocation(line: line, column: start))
    }

    func children(of node: OpaquePointer) -> [OpaquePointer] {
        var result: [OpaquePointer] = []
        var child = cmark_node_first_child(node)
        while let current = child {
            result.append(current)
            child = cmark_node_next(current)
        }
        return result
    }

    func range(_ node: OpaquePointer) -> SourceRange {
        SourceRange(
            start: SourceLocation(
                line: Int(cmark_node_get_start_line(node)), column: Int(cmark_node_get_start_column(node))),
            end: SourceLocation(line: Int(cmark_node_get_end_line(node)), column: Int(cmark_node_get_end_column(node))))
    }

    func literal(_ node: OpaquePointer) -> String {
        cmark_node_get_literal(node).map { String(cString: $0) } ?? ""
    }

    mutating func block(_ node: OpaquePointer) -> Block {
        let location = range(node)
        depth += 1
        defer { depth -= 1 }
        if depth > maximumDepth {
            if tooDeep == nil { tooDeep = location.start }
            return Block(.paragraph([]), range: location)
        }
        switch cmark_node_get_type(node) {
        case CMARK_NODE_PARAGRAPH:
            return Block(.paragraph(inlines(node, at: location.start)), range: location)
        case CMARK_NODE_HEADING:
            return Block(
                .heading(
                    level: Int(cmark_node_get_heading_level(node)), content: inlines(node, at: location.start), id: nil),
                range: location)
        case CMARK_NODE_BLOCK_QUOTE:
            return Block(.blockQuote(children(of: node).map { block($0) }), range: location)
        case CMARK_NODE_LIST:
            let items = children(of: node).map { item in
                ListItem(blocks: children(of: item).map { block($0) }, range: range(item))
            }
            let list = List(
                isOrdered: cmark_node_get_list_type(node) == CMARK_ORDERED_LIST,
                start: Int(cmark_node_get_list_start(node)),
                isTight: cmark_node_get_list_tight(node) != 0,
                items: items)
            return Block(.list(list), range: location)
        case CMARK_NODE_CODE_BLOCK:
            let info = cmark_node_get_fence_info(node).map { String(cString: $0) } ?? ""
            let fenced = !info.isEmpty || isFenced(node)
            return Block(.codeBlock(CodeBlock(info: info, code: literal(node), isFenced: fenced)), range: location)
        case CMARK_NODE_HTML_BLOCK:
            return Block(.html(literal(node)), range: location)
        case CMARK_NODE_THEMATIC_BREAK:
            return Block(.thematicBreak, range: location)
        default:
            // CUSTOM_BLOCK never comes out of the parser; keep its text rather than lose it.
            return Block(.html(literal(node)), range: location)
        }
    }

    /// For indented code blocks cmark's start line is the first code line; for fenced ones, the
    /// fence. An empty fenced block ends on its closing fence, two lines or more after its start.
    /// Whether a code block without an info string is fenced. cmark keeps no such flag: an
    /// indented block starts at its code, so its first line in the source (from its start
    /// column) is its code's first line; a fenced one starts at its fence. (Line counts cannot
    /// tell: an indented block's range takes in the blank lines after it.)
    mutating func isFenced(_ node: OpaquePointer) -> Bool {
        let line = Int(cmark_node_get_start_line(node))
        let column = Int(cmark_node_get_start_column(node))
        if lineStarts == nil { lineStarts = LineStarts(source).offsets }
        guard let starts = lineStarts, line > 0, line <= starts.count, column > 0 else {
            return sourceLine(ofCodeIn: node) != line
        }
        let lower = starts[line - 1] + column - 1
        guard lower <= source.count else { return sourceLine(ofCodeIn: node) != line }
        func isSpace(_ byte: UInt8) -> Bool { byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") }
        let rest = source[lower...].prefix { $0 != UInt8(ascii: "\n") && $0 != UInt8(ascii: "\r") }.drop(while: isSpace)
        guard let first = rest.first, first == UInt8(ascii: "`") || first == UInt8(ascii: "~") else { return false }
        let code = literal(node).utf8.prefix { $0 != UInt8(ascii: "\n") && $0 != UInt8(ascii: "\r") }.drop(
            while: isSpace)
        return !rest.elementsEqual(code)
    }

    func sourceLine(ofCodeIn node: OpaquePointer) -> Int {
        let start = Int(cmark_node_get_start_line(node))
        let end = Int(cmark_node_get_end_line(node))
        // Line feeds as characters count them (`"\r\n"` is one character, not `"\n"`), counted
        // in the UTF-8: iterating the characters was a tenth of a build of code-heavy pages.
        var lines = 0
        var previous: UInt8 = 0
        for byte in literal(node).utf8 {
            if byte == 0x0A && previous != 0x0D { lines += 1 }
            previous = byte
        }
        // Indented: exactly `lines` lines long. Fenced: the fence lines make it longer (or the
        // closing fence is missing at end of document, handled by the info/first-line test).
        return end - start + 1 > lines ? start + 1 : start
    }

    mutating func inlines(_ node: OpaquePointer, at fallback: SourceLocation) -> [Inline] {
        let children = children(of: node)
        // A text node cut around its escaped tildes maps to several inlines: only a node kept
        // whole is matched again for CJK emphasis below (by its source).
        var converted: [Inline] = []
        var nodes: [OpaquePointer?] = []
        for child in children {
            let parts = textCutAtEscapedTildes(child) ?? [inline(child, fallback: fallback)]
            converted += parts
            nodes += parts.count == 1 ? [child] : Array(repeating: nil, count: parts.count)
        }
        func hasDelimiter(_ text: String) -> Bool {
            text.utf8.contains(where: { $0 == UInt8(ascii: "*") || $0 == UInt8(ascii: "_") })
        }
        guard converted.contains(where: { if case .text(let text) = $0 { hasDelimiter(text) } else { false } }) else {
            return converted
        }
        // The runs cmark left as text, matched again by the CJK-friendly rules.
        var pieces: [CJKEmphasis.Piece] = []
        var hasRun = false
        for (child, inline) in zip(nodes, converted) {
            if case .text(let literal) = inline, hasDelimiter(literal), let child,
                let (bytes, start) = sourceBytes(of: child),
                let split = CJKEmphasis.pieces(literal: literal, source: bytes, location: start)
            {
                pieces += split
                hasRun = true
            } else {
                pieces.append(.inline(inline))
            }
        }
        guard hasRun else { return converted }
        let (result, unmatched) = CJKEmphasis.apply(pieces)
        literalEmphasis += unmatched
        return result
    }

    /// A text node whose source escapes a tilde (`\~`, `&#126;`), cut so each such tilde stands
    /// apart as raw HTML: strikethrough, matched later on text as mdBook matches it, never reads an
    /// escaped tilde as a delimiter. cmark joins an escape into the text around it, so the tildes
    /// of the literal are paired in order with the tildes the source writes; `nil` when the node
    /// escapes none (or the two cannot be paired).
    mutating func textCutAtEscapedTildes(_ node: OpaquePointer) -> [Inline]? {
        // The literal is searched where cmark keeps it, so a text node without a tilde (nearly
        // all) is not copied into a string for nothing (3.8% of a build of one 4 MB page).
        guard cmark_node_get_type(node) == CMARK_NODE_TEXT, let literal = cmark_node_get_literal(node),
            strchr(literal, Int32(UInt8(ascii: "~"))) != nil
        else { return nil }
        let text = String(cString: literal)
        guard let (source, _) = sourceBytes(of: node),
            source.contains(where: { $0 == UInt8(ascii: "\\") || $0 == UInt8(ascii: "&") })
        else { return nil }
        // Each tilde of the source in order: whether it is escaped.
        var escaped: [Bool] = []
        var index = source.startIndex
        while index < source.endIndex {
            let byte = source[index]
            if byte == UInt8(ascii: "\\"), index + 1 < source.endIndex,
                CJKEmphasis.isASCIIPunctuation(source[index + 1])
            {
                if source[index + 1] == UInt8(ascii: "~") { escaped.append(true) }
                index += 2
            } else if byte == UInt8(ascii: "~") {
                escaped.append(false)
                index += 1
            } else if byte == UInt8(ascii: "&"), let end = source[index...].firstIndex(of: UInt8(ascii: ";")),
                end - index <= 10
            {
                let name = String(decoding: source[(index + 1)..<end], as: UTF8.self).lowercased()
                let value: UInt32? =
                    name.hasPrefix("#x")
                    ? UInt32(name.dropFirst(2), radix: 16)
                    : name.hasPrefix("#") ? UInt32(name.dropFirst(), radix: 10) : nil
                if value == 0x7E { escaped.append(true) }
                index = end + 1
            } else {
                index += 1
            }
        }
        let tildes = text.unicodeScalars.filter { $0 == "~" }.count
        guard escaped.contains(true), escaped.count == tildes else { return nil }
        var parts: [Inline] = []
        var piece = ""
        var next = 0
        for scalar in text.unicodeScalars {
            guard scalar == "~" else {
                piece.unicodeScalars.append(scalar)
                continue
            }
            if escaped[next] {
                if !piece.isEmpty { parts.append(.text(piece)) }
                piece = ""
                parts.append(.html("~"))
            } else {
                piece.unicodeScalars.append(scalar)
            }
            next += 1
        }
        if !piece.isEmpty { parts.append(.text(piece)) }
        return parts
    }

    mutating func inline(_ node: OpaquePointer, fallback: SourceLocation) -> Inline {
        depth += 1
        defer { depth -= 1 }
        if depth > maximumDepth {
            if tooDeep == nil { tooDeep = fallback }
            return .text("")
        }
        switch cmark_node_get_type(node) {
        case CMARK_NODE_TEXT: return .text(literal(node))
        case CMARK_NODE_SOFTBREAK: return .softBreak
        case CMARK_NODE_LINEBREAK: return .lineBreak
        case CMARK_NODE_CODE: return .code(literal(node))
        case CMARK_NODE_HTML_INLINE: return .html(literal(node))
        case CMARK_NODE_EMPH: return .emphasis(inlines(node, at: fallback))
        case CMARK_NODE_STRONG: return .strong(inlines(node, at: fallback))
        case CMARK_NODE_LINK, CMARK_NODE_IMAGE:
            let line = Int(cmark_node_get_start_line(node))
            let location =
                line > 0
                ? SourceLocation(line: line, column: Int(cmark_node_get_start_column(node)))
                : fallback
            let link = Link(
                destination: cmark_node_get_url(node).map { String(cString: $0) } ?? "",
                title: cmark_node_get_title(node).map { String(cString: $0) } ?? "",
                content: inlines(node, at: location),
                location: location)
            return cmark_node_get_type(node) == CMARK_NODE_LINK ? .link(link) : .image(link)
        default:
            return .text(literal(node))
        }
    }
}

/// Moves links' locations on a cell's line (`line` of the document parsed) to line 1, back over
/// the no-break space `parseCell` put first; `elsewhere` says a link was on another line.
private struct CellColumns: LocationRewriter {
    let width = "\u{A0}".utf8.count
    let line: Int
    var elsewhere = false

    init(line: Int) { self.line = line }

    mutating func moved(_ location: SourceLocation) -> SourceLocation {
        guard location.line == line else {
            elsewhere = elsewhere || line != 1
            return location
        }
        return SourceLocation(line: 1, column: location.column - width)
    }
}
