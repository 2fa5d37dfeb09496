import CommonMark
import LectureSupport

/// Strikethrough as pulldown-cmark (mdBook) reads it: text between two runs of one or two `~`
/// of the same length is struck through (`<del>`); runs of three or more stay text. A run of
/// two may stand inside a word (`a~~b~~c`); a run of one may not (`a~b~c` stays text, so a range
/// written between words, as Korean writes chapter ranges, is never struck), as `_` may not. An
/// escaped `\~` is never a run (the parser keeps it apart, `MarkdownParser`).
enum Strikethrough {
    /// `inlines` (adjacent text joined) with their struck-through spans marked.
    static func apply(to inlines: [Inline]) -> [Inline] {
        // The inlines cut into pieces: other inlines, text, and runs of `~`.
        enum Piece {
            case inline(Inline)
            case run(count: Int, canOpen: Bool, canClose: Bool)
        }
        var pieces: [Piece] = []
        for (position, inline) in inlines.enumerated() {
            guard case .text(let text) = inline, text.containsUTF8(UInt8(ascii: "~")) else {
                pieces.append(.inline(inline))
                continue
            }
            let scalars = Array(text.unicodeScalars)
            var start = 0
            var index = 0
            while index < scalars.count {
                guard scalars[index] == "~" else {
                    index += 1
                    continue
                }
                var end = index
                while end < scalars.count, scalars[end] == "~" { end += 1 }
                let count = end - index
                if count <= 2 {
                    if start < index {
                        pieces.append(.inline(.text(String(String.UnicodeScalarView(scalars[start..<index])))))
                    }
                    let before = index > 0 ? scalars[index - 1] : neighbour(inlines, position - 1, last: true)
                    let after = end < scalars.count ? scalars[end] : neighbour(inlines, position + 1, last: false)
                    pieces.append(
                        .run(
                            count: count, canOpen: canOpen(count: count, before: before, after: after),
                            canClose: canClose(count: count, before: before, after: after)))
                    start = end
                }
                index = end
            }
            if start < scalars.count {
                pieces.append(.inline(.text(String(String.UnicodeScalarView(scalars[start...])))))
            }
        }
        // Match each closing run with the nearest open one of the same length.
        var result: [Piece] = []
        var openers: [Int] = []  // indices into `result`
        for piece in pieces {
            guard case .run(let count, let canOpen, let canClose) = piece else {
                result.append(piece)
                continue
            }
            if canClose,
                let found = openers.lastIndex(where: {
                    if case .run(let openCount, _, _) = result[$0] { return openCount == count }
                    return false
                })
            {
                let opener = openers[found]
                let content = result[(opener + 1)...].map { piece -> Inline in
                    switch piece {
                    case .inline(let inline): inline
                    case .run(let count, _, _): .text(String(repeating: "~", count: count))
                    }
                }
                result.removeSubrange(opener...)
                openers.removeSubrange(found...)
                result.append(.inline(.html("<del>")))
                result += content.map { .inline($0) }
                result.append(.inline(.html("</del>")))
                continue
            }
            if canOpen { openers.append(result.count) }
            result.append(piece)
        }
        return result.map { piece -> Inline in
            switch piece {
            case .inline(let inline): inline
            case .run(let count, _, _): .text(String(repeating: "~", count: count))
            }
        }.joiningText
    }

    /// Whether a run may open: pulldown-cmark's `delim_run_can_open` for `~` (`nil` is the edge
    /// of the paragraph).
    static func canOpen(count: Int, before: Unicode.Scalar?, after: Unicode.Scalar?) -> Bool {
        guard let after, !CJKEmphasis.isWhitespace(after) else { return false }
        guard let before else { return true }
        if count > 1 { return true }
        if before == "~" && !CJKEmphasis.isPunctuation(after) { return true }
        return CJKEmphasis.isWhitespace(before) || CJKEmphasis.isPunctuation(before)
    }

    /// Whether a run may close: pulldown-cmark's `delim_run_can_close` for `~`.
    static func canClose(count: Int, before: Unicode.Scalar?, after: Unicode.Scalar?) -> Bool {
        guard let before, !CJKEmphasis.isWhitespace(before) else { return false }
        guard let after else { return true }
        if count > 1 && !CJKEmphasis.isPunctuation(before) { return true }
        if before == "~" { return true }
        return CJKEmphasis.isWhitespace(after) || CJKEmphasis.isPunctuation(after)
    }

    /// The character next to a run across an inline boundary, as pulldown-cmark reads the source:
    /// the neighbouring text's nearest; a break is white space; raw HTML its own first or last
    /// character (an escaped `\~` is one); any other inline begins or ends with punctuation in
    /// the source (`` ` ``, `[`, `)`, `*`…); `nil` past the paragraph's edge.
    private static func neighbour(_ inlines: [Inline], _ index: Int, last: Bool) -> Unicode.Scalar? {
        guard inlines.indices.contains(index) else { return nil }
        switch inlines[index] {
        case .text(let text), .html(let text):
            return (last ? text.unicodeScalars.last : text.unicodeScalars.first) ?? " "
        case .softBreak, .lineBreak: return " "
        default: return "!"
        }
    }
}
