import CommonMark
import LectureSupport

/// Strikethrough as pulldown-cmark (mdBook) reads it: text between two runs of one or two `~`
/// of the same length, the opening run followed and the closing run preceded by no white
/// space, is struck through (`<del>`). Runs of three or more stay text.
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
            guard case .text(let text) = inline, text.containsUTF8(UInt8(ascii: "~")), text.contains("~") else {
                pieces.append(.inline(inline))
                continue
            }
            let characters = Array(text)
            var start = 0
            var index = 0
            while index < characters.count {
                guard characters[index] == "~" else {
                    index += 1
                    continue
                }
                var end = index
                while end < characters.count, characters[end] == "~" { end += 1 }
                let count = end - index
                if count <= 2 {
                    if start < index { pieces.append(.inline(.text(String(characters[start..<index])))) }
                    let before: Character? =
                        index > 0 ? characters[index - 1] : neighbour(inlines, position - 1, last: true)
                    let after: Character? =
                        end < characters.count ? characters[end] : neighbour(inlines, position + 1, last: false)
                    let spaceAfter = after.map(\.isWhitespace) ?? true
                    let spaceBefore = before.map(\.isWhitespace) ?? true
                    pieces.append(.run(count: count, canOpen: !spaceAfter, canClose: !spaceBefore))
                    start = end
                }
                index = end
            }
            if start < characters.count { pieces.append(.inline(.text(String(characters[start...])))) }
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

    /// The character next to a run across an inline boundary: the neighbouring text's nearest
    /// character; a break is white space; another inline (code, a link…) is not.
    private static func neighbour(_ inlines: [Inline], _ index: Int, last: Bool) -> Character? {
        guard inlines.indices.contains(index) else { return nil }
        switch inlines[index] {
        case .text(let text): return last ? text.last : text.first
        case .softBreak, .lineBreak: return " "
        default: return "x"
        }
    }
}
