/// Bounds on the two passes of cmark 0.30.2 that take time quadratic in a paragraph's length,
/// estimated before parsing in one linear pass over the page's bytes. Both walks are paragraph
/// by paragraph (a blank line ends one), with the same escapes, so one scan measures both.
///
/// - Brackets: when `[…](…)` makes a link, cmark walks back over every bracket still open in the
///   paragraph to deactivate them (`handle_close_bracket` in `inlines.c`; fixed upstream in
///   0.30.3, CVE-2023-22486), so a paragraph of `![[]()` repeated leaves one more `![` open each
///   time and 480 KB of it took cmark 13 s (over 100 s on a busy machine). Each `](` costs the
///   number of `[` open before it; past `bracketLimit` (about a second of cmark's work), the page
///   is cut at the start of the line where it happened, and that line is reported. It
///   over-counts (a `[` in a code span or a fenced block counts as well), which only matters for
///   pages no person writes: a paragraph with a thousand links open inside one another.
/// - Quotes, with smart punctuation on: a closing `'` or `"` walks back over every delimiter
///   (`*`, `_`, quotes) still on the stack to its opening quote, and a matched pair leaves the
///   delimiters between on the stack (cmark issue #521, open in 2024; `process_emphasis` in
///   `inlines.c`), so a paragraph of `'x ` repeated and then `'"x` repeated (360 KB) took cmark
///   8 s alone and 23 s in a build. Each quote that could close (one not after white space)
///   costs the number of delimiters before it. Past `quoteLimit`, the page is parsed without
///   smart punctuation (its text complete, its quotes straight), and the paragraph's first line
///   is reported. Only the part of the page parsed (before a cut) counts.
package enum ParseCost {
    /// Steps of cmark's bracket walk allowed in a page (cmark walks about 10⁸ a second).
    package static let bracketLimit = 100_000_000
    /// Steps of cmark's quote walk allowed in a paragraph (cmark walks about 1.7 × 10⁸ a
    /// second): a 50 KB paragraph of prose dense with quotes and emphasis is estimated at a tenth
    /// of it.
    package static let quoteLimit = 300_000_000

    /// What one scan found.
    package struct Estimate: Equatable, Sendable {
        /// The UTF-8 offset and line (from 1) of the start of the line where the brackets' cost
        /// first passes the limit; `nil` when it never does.
        package var cut: Cut?
        /// The line (from 1) of the paragraph where the quotes' cost first passes the limit,
        /// within the part before `cut`; `nil` when it never does or quotes were not measured.
        package var costlyQuotes: Int?
    }

    /// Where a page is cut.
    package struct Cut: Equatable, Sendable {
        package var offset: Int
        package var line: Int
    }

    /// Scans `bytes` once; `quotes`: measure the quotes' cost too (smart punctuation is on).
    package static func estimate(
        _ bytes: UnsafeBufferPointer<UInt8>, quotes: Bool, bracketLimit: Int = bracketLimit,
        quoteLimit: Int = quoteLimit
    ) -> Estimate {
        var (bracketCost, open) = (0, 0)
        var (quoteCost, delimiters) = (0, 0)
        // The quotes' verdict: the paragraph's line and the offset where the cost passed.
        var costlyQuotes: (line: Int, offset: Int)?
        var measuresQuotes = quotes
        var line = 1
        var lineStart = 0
        var paragraphLine = 1
        var blank = true
        var inParagraph = false
        var previous = UInt8(ascii: "\n")
        var index = 0
        let count = bytes.count
        while index < count {
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "\n"):
                // A blank line ends the paragraph, its brackets and its delimiters.
                if blank { (open, delimiters, inParagraph) = (0, 0, false) }
                line += 1
                lineStart = index + 1
                blank = true
            case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\r"):
                break
            case UInt8(ascii: "\\"):
                if !inParagraph { (paragraphLine, inParagraph) = (line, true) }
                blank = false
                index += 1  // an escaped bracket or delimiter is text
                if index < count, bytes[index] == UInt8(ascii: "\n") { continue }
            case UInt8(ascii: "["):
                if !inParagraph { (paragraphLine, inParagraph) = (line, true) }
                blank = false
                open += 1
            case UInt8(ascii: "]"):
                if !inParagraph { (paragraphLine, inParagraph) = (line, true) }
                blank = false
                if index + 1 < count, bytes[index + 1] == UInt8(ascii: "(") {
                    bracketCost += open
                    if bracketCost > bracketLimit {
                        // The page is parsed up to this line's start: quotes past it do not count.
                        let quotes = costlyQuotes.flatMap { $0.offset < lineStart ? $0.line : nil }
                        return Estimate(cut: Cut(offset: lineStart, line: line), costlyQuotes: quotes)
                    }
                }
                if open > 0 { open -= 1 }
            case UInt8(ascii: "*"), UInt8(ascii: "_"), UInt8(ascii: "'"), UInt8(ascii: "\""):
                if !inParagraph { (paragraphLine, inParagraph) = (line, true) }
                blank = false
                let afterSpace =
                    previous == UInt8(ascii: " ") || previous == UInt8(ascii: "\t") || previous == UInt8(ascii: "\n")
                if measuresQuotes, byte == UInt8(ascii: "'") || byte == UInt8(ascii: "\""), !afterSpace {
                    quoteCost += delimiters
                    if quoteCost > quoteLimit {
                        costlyQuotes = (paragraphLine, index)
                        measuresQuotes = false
                    }
                }
                delimiters += 1
            default:
                if !inParagraph { (paragraphLine, inParagraph) = (line, true) }
                blank = false
            }
            previous = byte
            index += 1
        }
        return Estimate(cut: nil, costlyQuotes: costlyQuotes?.line)
    }
}
