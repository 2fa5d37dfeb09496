/// A bound on the pass of cmark's smart punctuation that takes time quadratic in a paragraph's
/// length: a closing `'` or `"` walks back over every delimiter (`*`, `_`, quotes) still on the
/// stack to its opening quote, and a matched pair leaves the delimiters between on the stack
/// (cmark issue #521, open in 2024; `process_emphasis` in `inlines.c`), so a paragraph of
/// `'x ` repeated and then `'"x` repeated (360 KB) took cmark 8 s alone and 23 s in a build.
///
/// Estimated before parsing, in one linear pass over the bytes: within a paragraph (up to a blank
/// line), each quote that could close (one not after white space) costs the number of delimiters
/// before it. The estimate only over-counts. Past `limit`, the page is parsed without smart
/// punctuation (its text complete, its quotes straight), and the paragraph's first line is
/// reported.
package enum QuoteCost {
    /// Steps of cmark's walk allowed in a paragraph (cmark walks about 1.7 × 10⁸ a second): a
    /// 50 KB paragraph of prose dense with quotes and emphasis is estimated at a tenth of it.
    package static let limit = 300_000_000

    /// The line (from 1) of the paragraph where the estimated cost first passes `limit`; `nil`
    /// when it never does.
    package static func costlyParagraph(_ bytes: UnsafeBufferPointer<UInt8>, limit: Int = limit) -> Int? {
        var cost = 0
        var delimiters = 0
        var line = 1
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
                if blank { (delimiters, inParagraph) = (0, false) }  // a blank line ends the paragraph
                line += 1
                blank = true
            case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\r"):
                break
            case UInt8(ascii: "\\"):
                if !inParagraph { (paragraphLine, inParagraph) = (line, true) }
                blank = false
                index += 1  // an escaped delimiter is text
                if index < count, bytes[index] == UInt8(ascii: "\n") { continue }
            case UInt8(ascii: "*"), UInt8(ascii: "_"), UInt8(ascii: "'"), UInt8(ascii: "\""):
                if !inParagraph { (paragraphLine, inParagraph) = (line, true) }
                blank = false
                let afterSpace =
                    previous == UInt8(ascii: " ") || previous == UInt8(ascii: "\t") || previous == UInt8(ascii: "\n")
                if (byte == UInt8(ascii: "'") || byte == UInt8(ascii: "\"")) && !afterSpace {
                    cost += delimiters
                    if cost > limit { return paragraphLine }
                }
                delimiters += 1
            default:
                if !inParagraph { (paragraphLine, inParagraph) = (line, true) }
                blank = false
            }
            previous = byte
            index += 1
        }
        return nil
    }
}
