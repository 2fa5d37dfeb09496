/// A bound on the one pass of cmark 0.30.2 that takes time quadratic in a page's length: when
/// `[…](…)` makes a link, cmark walks back over every bracket still open in the paragraph to
/// deactivate them (`handle_close_bracket` in `inlines.c`; fixed upstream in 0.30.3, CVE-2023-22486),
/// so a paragraph of `![[]()` repeated leaves one more `![` open each time and 480 KB of it took
/// cmark 13 s (over 100 s on a busy machine).
///
/// Estimated before parsing, in one linear pass over the bytes: within a paragraph (up to a blank
/// line), each `](` costs the number of `[` open before it. Past `limit` (about a second of
/// cmark's work), the page is cut at the start of the line where it happened, and that line is
/// reported. It over-counts (a `[` in a code span or a fenced block counts as well), which only
/// matters for pages no person writes: a paragraph with a thousand links open inside one another.
package enum BracketCost {
    /// Steps of cmark's walk allowed in a page (cmark walks about 10⁸ a second).
    package static let limit = 100_000_000

    /// The UTF-8 offset and line (from 1) of the start of the line where the estimated cost
    /// first passes `limit`; `nil` when it never does.
    package static func cut(_ bytes: UnsafeBufferPointer<UInt8>, limit: Int = limit) -> (offset: Int, line: Int)? {
        var cost = 0
        var open = 0
        var line = 1
        var lineStart = 0
        var blank = true
        var index = 0
        let count = bytes.count
        while index < count {
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "\n"):
                if blank { open = 0 }  // a blank line ends the paragraph and its brackets
                line += 1
                lineStart = index + 1
                blank = true
            case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\r"):
                break
            case UInt8(ascii: "\\"):
                blank = false
                index += 1  // an escaped bracket is text
                if index < count, bytes[index] == UInt8(ascii: "\n") { continue }
            case UInt8(ascii: "["):
                blank = false
                open += 1
            case UInt8(ascii: "]"):
                blank = false
                if index + 1 < count, bytes[index + 1] == UInt8(ascii: "(") {
                    cost += open
                    if cost > limit { return (lineStart, line) }
                }
                if open > 0 { open -= 1 }
            default:
                blank = false
            }
            index += 1
        }
        return nil
    }
}
