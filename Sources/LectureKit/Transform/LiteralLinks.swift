import CommonMark
import LectureSupport

/// Links and images that CommonMark shows as literal text because their destination holds a
/// space: `![output](images/run output.png)` becomes the paragraph text `![output](…)`, with no link and no
/// image. Each one found gets a warning at its line and column, with the two fixes.
///
/// Found without a parser of our own: a line's `[…](…)` whose destination has a space is a
/// candidate, and it is reported only when cmark reads it as text, the same text with the
/// spaces written `%20` as a link or image, and the text is in the page's prose (not in a code span).
enum LiteralLinks {
    /// The warnings for the paragraphs and headings of `blocks`, whose source is `source`.
    /// At most `limit` warnings are made one by one; past them, one more counts the rest.
    static func warnings(_ blocks: [Block], source: SourceFile, limit: Int = 100) -> [Diagnostic] {
        var warnings: [Diagnostic] = []
        var unchecked = 0
        var firstUnchecked: SourceLocation?
        let lines = Self.lines(of: source.text)
        // The candidates of each line that has any (most pages have none: then nothing is walked).
        // The scan is slower than a byte search, so it reads only lines whose bytes may hold one.
        var candidates: [Int: [Range<String.Index>]] = [:]
        for (offset, line) in lines.enumerated() where Self.mayHoldCandidate(line) {
            let found = Self.candidates(in: line)
            if !found.isEmpty { candidates[offset + 1] = found }
        }
        if candidates.isEmpty { return [] }
        for block in blocks.leafBlocks {
            let lineNumbers = block.range.start.line...max(block.range.start.line, block.range.end.line)
            guard lineNumbers.contains(where: { candidates[$0] != nil }) else { continue }
            let inlines: [Inline]
            switch block.kind {
            case .paragraph(let content): inlines = content
            case .heading(_, let content, _): inlines = content
            default: continue
            }
            // The candidates the prose itself holds, found by the same scan: a set to look each
            // line's candidate up in, where searching the prose for each would take time
            // quadratic in the paragraph's length.
            let prose = Set(
                textRuns(inlines).flatMap { $0.split(separator: "\n") }.flatMap { run in
                    Self.candidates(in: run).map { String(run[$0]) }
                })
            guard !prose.isEmpty else { continue }
            for number in lineNumbers where number <= lines.count {
                let line = lines[number - 1]
                for range in candidates[number] ?? [] {
                    let text = String(line[range])
                    guard let fixed = fixed(text), prose.contains(text) else { continue }
                    let column = line[..<range.lowerBound].utf8.count + 1
                    // Each is parsed twice to be sure: past `limit` warnings, the rest are counted.
                    guard warnings.count < limit else {
                        unchecked += 1
                        firstUnchecked = firstUnchecked ?? SourceLocation(line: number, column: column)
                        continue
                    }
                    guard !isLink(MarkdownParser.parseInlines(text)), isLink(MarkdownParser.parseInlines(fixed))
                    else { continue }
                    let (open, destination) = split(text)
                    warnings.append(
                        .warning(
                            .linkAsText,
                            source.displayPath, SourceLocation(line: number, column: column),
                            "\(open.hasPrefix("!") ? "image" : "link") is shown as text: its destination \(quoted: destination) has a space",
                            notes: [
                                "a link destination cannot hold a space in CommonMark; write \(open)(<\(destination)>) or \(fixed)"
                            ]))
                }
            }
        }
        if let firstUnchecked {
            warnings.append(
                .warning(
                    .linkAsText, source.displayPath, firstUnchecked,
                    "\(unchecked) more links or images from here on may be shown as text: their destinations have a space",
                    notes: ["only the first \(limit) on a page are reported one by one; fix those and build again"]))
        }
        return warnings
    }

    /// The text's lines, as `split(separator: "\n")` makes them (a `\r\n` is one `Character`, not a
    /// separator), found as UTF-8 bytes with `memchr`: splitting by `Character` is slow on a whole page.
    static func lines(of text: String) -> [Substring] {
        var bytes = text
        let ends = bytes.withUTF8 { bytes -> [Int] in
            var ends: [Int] = []
            var next = 0
            while let newline = UTF8Search.offset(of: UInt8(ascii: "\n"), in: bytes, from: next) {
                if newline == 0 || bytes[newline - 1] != UInt8(ascii: "\r") { ends.append(newline) }
                next = newline + 1
            }
            return ends
        }
        let utf8 = text.utf8
        var lines: [Substring] = []
        lines.reserveCapacity(ends.count + 1)
        var start = utf8.startIndex
        for end in ends {
            let index = utf8.index(utf8.startIndex, offsetBy: end)
            lines.append(text[start..<index])
            start = utf8.index(after: index)
        }
        lines.append(text[start...])
        return lines
    }

    /// Whether the line's bytes may hold a `candidate`: a `](` with a space before the `)` that
    /// surely closes it, one that is a `Character` of its own (the scan compares characters).
    /// Linear: the scan after one `](` that ends at a `)` without a space also decides every `](`
    /// before that `)`, so the next search starts after it; one that reaches the line's end
    /// decides all the rest.
    static func mayHoldCandidate(_ line: Substring) -> Bool {
        var line = line
        return line.withUTF8 { bytes in
            var next = 0
            while let open = UTF8Search.offset(of: UInt8(ascii: "("), in: bytes, from: next) {
                next = open + 1
                guard open > 0, bytes[open - 1] == UInt8(ascii: "]") else { continue }
                var closed = false
                for scan in next..<bytes.count {
                    if bytes[scan] == UInt8(ascii: " ") { return true }
                    if bytes[scan] == UInt8(ascii: ")"), standsAlone(bytes, closingAt: scan) {
                        next = scan + 1
                        closed = true
                        break
                    }
                }
                if !closed { return false }
            }
            return false
        }
    }

    /// Whether the `)` at `index` is a `Character` of its own (Unicode Standard Annex #29): the
    /// scalar before it is ASCII or in U+1000–U+FFFF, where no scalar is of the class Prepend,
    /// which would join a `)` after it (GB9b), and the scalar after it is ASCII or a precomposed
    /// Hangul syllable (LV or LVT, so neither Extend nor SpacingMark, which join a `)` before
    /// them: GB9, GB9a). Anything else counts as joined: the scan then goes on, which only makes
    /// the regex run on a line it need not.
    static func standsAlone(_ bytes: UnsafeBufferPointer<UInt8>, closingAt index: Int) -> Bool {
        if index > 0 {
            let before = bytes[index - 1]
            if before >= 0x80 {
                // The last byte of a three-byte sequence whose lead byte is 0xE1–0xEF: U+1000–U+FFFF.
                guard index >= 3 else { return false }
                let lead = bytes[index - 3]
                let middle = bytes[index - 2]
                guard lead >= 0xE1, lead <= 0xEF, middle & 0xC0 == 0x80, before & 0xC0 == 0x80 else { return false }
            }
        }
        let next = index + 1
        guard next < bytes.count, bytes[next] >= 0x80 else { return true }
        guard bytes.count - next >= 3 else { return false }
        let b0 = UInt32(bytes[next])
        let b1 = UInt32(bytes[next + 1])
        let b2 = UInt32(bytes[next + 2])
        guard b0 & 0xF0 == 0xE0, b1 & 0xC0 == 0x80, b2 & 0xC0 == 0x80 else { return false }
        let scalar = (b0 & 0x0F) << 12 | (b1 & 0x3F) << 6 | (b2 & 0x3F)
        return (0xAC00...0xD7A3).contains(scalar)
    }

    /// The candidates of `line` (which holds no line feed), leftmost first and not overlapping:
    /// `[…](…)` or `![…](…)` with a space inside the parentheses and no `<…>` around the
    /// destination. As the regular expression `!?\[[^\]]*\]\([^<)][^)]* [^)]*\)` over the
    /// line's characters would find them, in time linear in the line (the expression backtracks:
    /// a long line of `[x](a b` took it time cubic in its length). For a `[`, the `]` is the first
    /// after it, and the match ends at the first `)` after the `](`.
    static func candidates(in line: Substring) -> [Range<String.Index>] {
        let characters = Array(line)
        let count = characters.count
        guard count >= 6 else { return [] }
        // From the right: the first `]`, `)` and space at or after each offset (`count`: none).
        var nextClose = [Int](repeating: count, count: count + 1)
        var nextParen = [Int](repeating: count, count: count + 1)
        var nextSpace = [Int](repeating: count, count: count + 1)
        for offset in stride(from: count - 1, through: 0, by: -1) {
            nextClose[offset] = characters[offset] == "]" ? offset : nextClose[offset + 1]
            nextParen[offset] = characters[offset] == ")" ? offset : nextParen[offset + 1]
            nextSpace[offset] = characters[offset] == " " ? offset : nextSpace[offset + 1]
        }
        /// The offset of the `)` ending a candidate whose `]` is at `close`, or `nil`.
        func end(after close: Int) -> Int? {
            let first = close + 2
            guard first < count, characters[close + 1] == "(", characters[first] != "<", characters[first] != ")"
            else { return nil }
            let paren = nextParen[first + 1]
            guard paren < count, nextSpace[first + 1] < paren else { return nil }
            return paren
        }
        var found: [Range<Int>] = []
        var offset = 0
        while offset < count {
            let bang = characters[offset] == "!" && offset + 1 < count && characters[offset + 1] == "["
            if bang || characters[offset] == "[" {
                let open = bang ? offset + 1 : offset
                let close = nextClose[open + 1]
                if close < count, let last = end(after: close) {
                    found.append(offset..<(last + 1))
                    offset = last + 1
                    continue
                }
            }
            offset += 1
        }
        guard !found.isEmpty else { return [] }
        // Offsets in characters to indices of the line.
        var indices: [String.Index] = []
        indices.reserveCapacity(count + 1)
        var index = line.startIndex
        while index != line.endIndex {
            indices.append(index)
            index = line.index(after: index)
        }
        indices.append(line.endIndex)
        return found.map { indices[$0.lowerBound]..<indices[$0.upperBound] }
    }

    /// `[text]` part and destination of a candidate.
    static func split(_ text: String) -> (open: String, destination: String) {
        let close = text.range(of: "](")!
        return (String(text[..<close.lowerBound]) + "]", String(text[close.upperBound...].dropLast()))
    }

    /// The candidate with its destination's spaces written `%20`; `nil` when it has a title
    /// (a space then may be the title's separator, which cmark reads fine).
    static func fixed(_ text: String) -> String? {
        let (open, destination) = split(text)
        guard !destination.contains("\""), !destination.contains("'") else { return nil }
        return open + "(" + destination.replacingOccurrences(of: " ", with: "%20") + ")"
    }

    static func isLink(_ inlines: [Inline]) -> Bool {
        inlines.contains {
            if case .link = $0 { return true }
            if case .image = $0 { return true }
            return false
        }
    }

    /// The prose of the inlines as runs of adjacent text (code spans, links and HTML break runs).
    static func textRuns(_ inlines: [Inline]) -> [String] {
        var runs = TextRuns()
        runs.walk(inlines)
        return runs.runs.filter { !$0.isEmpty }
    }

    /// Collects runs of text: emphasis is read through but starts and ends a run; any other inline
    /// ends one, and its content is not prose.
    private struct TextRuns: MarkupWalker {
        var runs: [String] = [""]

        mutating func visit(_ inline: Inline) {
            switch inline {
            case .text(let text): runs[runs.count - 1] += text
            case .emphasis, .strong:
                runs.append("")
                descend(into: inline)
                runs.append("")
            default: runs.append("")
            }
        }
    }
}
