/// Emphasis next to Chinese, Japanese and Korean text, by the CJK-friendly amendment to CommonMark
/// (https://github.com/tats-u/markdown-cjk-friendly/blob/main/specification.md, the rule of the
/// `markdown-it-cjk-friendly` and `remark-cjk-friendly` plugins).
///
/// CommonMark's flanking rules leave `**仲介者(mediator)**は` (Japanese; Korean alike) as literal asterisks: the closing
/// `**` follows punctuation (`)`) and precedes a letter (`は`), so it may not close. Korean puts
/// particles right after a word, so this happens on every other page. The amendment counts a
/// CJK character beside punctuation as white space is counted there, and CJK punctuation as a
/// letter. It changes nothing where no CJK character touches a delimiter run, so it applies
/// to every document: a Latin-script page reads as CommonMark says.
///
/// cmark has already matched what CommonMark matches; the runs of `*` and `_` it left as text
/// (found in the source, so an escaped `\*` is never one) are matched again here by the
/// amended rules with CommonMark's algorithm ("process emphasis", the rule of three included).
/// The runs of two or more that still match nothing are returned, so the caller can say where
/// literal `**` would reach the page.
package enum CJKEmphasis {
    /// A piece of inline content: an inline cmark made, or a delimiter run it left as text.
    enum Piece {
        case inline(Inline)
        case run(Run)
    }

    /// A run of `*` or `_` that cmark left as text.
    struct Run {
        /// `*` or `_`.
        var character: UInt8
        /// Delimiters left of it.
        var count: Int
        /// Its length in the source (the rule of three reads it).
        var length: Int
        var canOpen = false
        var canClose = false
        /// Where it stands in the source.
        var location: SourceLocation
    }

    /// The inlines of `pieces` with the runs the amended rules match made emphasis, and the runs
    /// of two or more left over that could open or close (literal `**` or `__` on the page).
    ///
    /// Linear, as CommonMark's algorithm is: the pieces are a list linked both ways, so a match
    /// replaces what lies between its delimiters by one node; the runs are a second list (the
    /// delimiter stack), from which a match removes the runs between; and a closer that finds no
    /// opener sets the bottom below which no closer of its kind looks again (`openers_bottom`).
    /// 60,000 `*a_ ` took 40 s when every closer looked back over every run.
    static func apply(_ pieces: [Piece]) -> (inlines: [Inline], unmatched: [SourceLocation]) {
        var items = pieces
        flank(&items)
        var list = PieceList(count: items.count)
        var runs = PieceList(count: items.count)
        runs.keep { if case .run = items[$0] { true } else { false } }
        var bottoms: [BottomKey: Int] = [:]
        var current = runs.first
        while current != PieceList.none {
            guard case .run(var closer) = items[current], closer.canClose, closer.count > 0 else {
                current = runs.next[current]
                continue
            }
            let key = BottomKey(character: closer.character, length: closer.length % 3, canOpen: closer.canOpen)
            let bottom = bottoms[key] ?? PieceList.none
            var found = PieceList.none
            var candidate = runs.previous[current]
            while candidate != PieceList.none, candidate > bottom {
                if case .run(let opener) = items[candidate], opener.character == closer.character, opener.canOpen,
                    opener.count > 0, !ruleOfThree(opener, closer)
                {
                    found = candidate
                    break
                }
                candidate = runs.previous[candidate]
            }
            guard found != PieceList.none, case .run(var opener) = items[found] else {
                bottoms[key] = current - 1
                let following = runs.next[current]
                if !closer.canOpen { runs.remove(current) }
                current = following
                continue
            }
            let used = opener.count >= 2 && closer.count >= 2 ? 2 : 1
            var between: [Piece] = []
            var member = list.next[found]
            while member != current {
                between.append(items[member])
                member = list.next[member]
            }
            var run = runs.previous[current]
            while run != found {
                let lower = runs.previous[run]
                runs.remove(run)
                run = lower
            }
            let content = inlines(between[...])
            items.append(.inline(used == 2 ? .strong(content) : .emphasis(content)))
            list.replaceBetween(found, current, with: items.count - 1)
            runs.grow(to: items.count)
            opener.count -= used
            closer.count -= used
            items[found] = .run(opener)
            items[current] = .run(closer)
            if opener.count == 0 {
                list.remove(found)
                runs.remove(found)
            }
            if closer.count == 0 {
                // A closer with delimiters left is tried again; a spent one gives way to the next.
                let following = runs.next[current]
                list.remove(current)
                runs.remove(current)
                current = following
            }
        }
        var remaining: [Piece] = []
        var unmatched: [SourceLocation] = []
        var member = list.first
        while member != PieceList.none {
            if case .run(let run) = items[member], run.count >= 2, run.canOpen || run.canClose {
                unmatched.append(run.location)
            }
            remaining.append(items[member])
            member = list.next[member]
        }
        return (inlines(remaining[...]), unmatched)
    }

    /// CommonMark's rule of three: a run that can both open and close matches no run whose
    /// lengths added make a multiple of three, unless both lengths are.
    static func ruleOfThree(_ opener: Run, _ closer: Run) -> Bool {
        (opener.canClose || closer.canOpen) && (opener.length + closer.length) % 3 == 0
            && !(opener.length % 3 == 0 && closer.length % 3 == 0)
    }

    /// What decides whether an opener matches a closer, on the closer's side: a closer that found
    /// none sets the bottom for every later closer of the same key.
    struct BottomKey: Hashable {
        var character: UInt8
        var length: Int
        var canOpen: Bool
    }

    /// The pieces' indices as a list linked both ways, members taken out in constant time.
    struct PieceList {
        static let none = -1
        var next: [Int]
        var previous: [Int]
        var first: Int

        init(count: Int) {
            next = (0..<count).map { $0 + 1 < count ? $0 + 1 : PieceList.none }
            previous = (0..<count).map { $0 - 1 }
            first = count > 0 ? 0 : PieceList.none
        }

        /// Keeps only the members for which `isMember` holds, in order.
        mutating func keep(_ isMember: (Int) -> Bool) {
            var last = PieceList.none
            first = PieceList.none
            for index in next.indices where isMember(index) {
                if last == PieceList.none { first = index } else { next[last] = index }
                previous[index] = last
                last = index
            }
            if last != PieceList.none { next[last] = PieceList.none }
        }

        /// Room for indices up to `count`, the new ones in no list.
        mutating func grow(to count: Int) {
            while next.count < count {
                next.append(PieceList.none)
                previous.append(PieceList.none)
            }
        }

        mutating func remove(_ index: Int) {
            let (before, after) = (previous[index], next[index])
            if before == PieceList.none { first = after } else { next[before] = after }
            if after != PieceList.none { previous[after] = before }
        }

        /// Puts `node` in place of the members between `lower` and `upper`.
        mutating func replaceBetween(_ lower: Int, _ upper: Int, with node: Int) {
            grow(to: node + 1)
            next[lower] = node
            previous[node] = lower
            next[node] = upper
            previous[upper] = node
        }
    }

    /// The inlines of `pieces`, a run as its text, neighbouring text joined (in one buffer, so
    /// a paragraph of runs left as text is joined in linear time).
    static func inlines(_ pieces: ArraySlice<Piece>) -> [Inline] {
        var result: [Inline] = []
        var text = ""
        var hasText = false
        for piece in pieces {
            switch piece {
            case .inline(.text(let value)):
                text += value
                hasText = true
            case .run(let run):
                text += String(repeating: Character(Unicode.Scalar(run.character)), count: run.count)
                hasText = true
            case .inline(let value):
                if hasText { result.append(.text(text)) }
                text = ""
                hasText = false
                result.append(value)
            }
        }
        if hasText { result.append(.text(text)) }
        return result
    }

    /// Sets each run's `canOpen` and `canClose` by the amended flanking rules.
    static func flank(_ items: inout [Piece]) {
        for index in items.indices {
            guard case .run(var run) = items[index] else { continue }
            let before = neighbour(items, index - 1, last: true)
            let after = neighbour(items, index + 1, last: false)
            let left =
                !isWhitespace(after)
                && (!isNonCJKPunctuation(after) || isWhitespace(before) || isNonCJKPunctuation(before) || isCJK(before))
            let right =
                !isWhitespace(before)
                && (!isNonCJKPunctuation(before) || isWhitespace(after) || isNonCJKPunctuation(after) || isCJK(after))
            if run.character == UInt8(ascii: "_") {
                run.canOpen = left && (!right || isPunctuation(before))
                run.canClose = right && (!left || isPunctuation(after))
            } else {
                run.canOpen = left
                run.canClose = right
            }
            items[index] = .run(run)
        }
    }

    /// The character beside a run: the neighbouring text's nearest, a delimiter's own; a line
    /// break or the edge of the content is white space; any other inline begins or ends with
    /// punctuation in the source (`` ` ``, `[`, `)`, `<`, `*`…).
    static func neighbour(_ items: [Piece], _ index: Int, last: Bool) -> Unicode.Scalar {
        guard items.indices.contains(index) else { return " " }
        switch items[index] {
        case .run(let run): return Unicode.Scalar(run.character)
        case .inline(.text(let text)):
            return (last ? text.unicodeScalars.last : text.unicodeScalars.first) ?? " "
        case .inline(.softBreak), .inline(.lineBreak): return "\n"
        case .inline: return "!"
        }
    }

    /// CommonMark's Unicode white space (Zs, tab, line feed, form feed, carriage return).
    package static func isWhitespace(_ scalar: Unicode.Scalar) -> Bool {
        scalar == "\t" || scalar == "\n" || scalar == "\u{0C}" || scalar == "\r"
            || scalar.properties.generalCategory == .spaceSeparator
    }

    /// CommonMark's Unicode punctuation (general categories P and S).
    package static func isPunctuation(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .connectorPunctuation, .dashPunctuation, .openPunctuation, .closePunctuation, .initialPunctuation,
            .finalPunctuation, .otherPunctuation, .mathSymbol, .currencySymbol, .modifierSymbol, .otherSymbol:
            true
        default: false
        }
    }

    static func isNonCJKPunctuation(_ scalar: Unicode.Scalar) -> Bool { isPunctuation(scalar) && !isCJK(scalar) }

    /// The amendment's CJK character: East Asian Width W, F or H (emoji aside), or Hangul.
    static func isCJK(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x1100...0x11FF, 0x3130...0x318F, 0xA960...0xA97F, 0xAC00...0xD7AF, 0xD7B0...0xD7FF, 0xFFA0...0xFFDC:
            true  // Hangul
        case 0x2E80...0x2FFF, 0x3001...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xA000...0xA4CF,
            0xF900...0xFAFF, 0xFE10...0xFE19, 0xFE30...0xFE6F, 0xFF01...0xFF60, 0xFFE0...0xFFE6, 0x20000...0x3FFFD:
            true  // Han, kana, bopomofo, Yi, CJK symbols and punctuation, full- and halfwidth forms
        default: false
        }
    }

    /// The pieces of a text node whose source is `source` (its bytes as written) and whose text
    /// is `literal`: its text, and the runs of `*` and `_` in it that are not escaped; `nil` when
    /// the source has entities or does not spell the text (then it is left as cmark made it).
    static func pieces(literal: String, source: ArraySlice<UInt8>, location: SourceLocation) -> [Piece]? {
        guard !source.contains(UInt8(ascii: "&")) else { return nil }
        var pieces: [Piece] = []
        var text: [UInt8] = []
        var decoded: [UInt8] = []
        var index = source.startIndex
        func flushText() {
            if !text.isEmpty { pieces.append(.inline(.text(String(decoding: text, as: UTF8.self)))) }
            text = []
        }
        while index < source.endIndex {
            let byte = source[index]
            if byte == UInt8(ascii: "\\"), index + 1 < source.endIndex, isASCIIPunctuation(source[index + 1]) {
                text.append(source[index + 1])
                decoded.append(source[index + 1])
                index += 2
            } else if byte == UInt8(ascii: "*") || byte == UInt8(ascii: "_") {
                var end = index
                while end < source.endIndex, source[end] == byte { end += 1 }
                flushText()
                let column = location.column + (index - source.startIndex)
                pieces.append(
                    .run(
                        Run(
                            character: byte, count: end - index, length: end - index,
                            location: SourceLocation(line: location.line, column: column))))
                decoded += source[index..<end]
                index = end
            } else {
                text.append(byte)
                decoded.append(byte)
                index += 1
            }
        }
        flushText()
        guard String(decoding: decoded, as: UTF8.self) == literal else { return nil }
        return pieces
    }

    package static func isASCIIPunctuation(_ byte: UInt8) -> Bool {
        (0x21...0x2F).contains(byte) || (0x3A...0x40).contains(byte) || (0x5B...0x60).contains(byte)
            || (0x7B...0x7E).contains(byte)
    }
}
