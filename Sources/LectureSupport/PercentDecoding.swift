// `%XX` escapes undone in the bytes, with Foundation's `removingPercentEncoding` rule: `nil`
// when an escape is malformed or the bytes it gives are not UTF-8. Foundation's own went through
// its string bridging for every `href` of `print.html` (about 2% of a 1,000-page build, issue 36).

extension String {
    /// The text with every `%XX` escape decoded, or `nil` when a `%` is not followed by two hex
    /// digits or the result is not UTF-8 (as Foundation's `removingPercentEncoding` answers).
    package var percentDecodedStrictly: String? {
        var out: [UInt8] = []
        out.reserveCapacity(utf8.count)
        var bytes = utf8.makeIterator()
        while let byte = bytes.next() {
            guard byte == UInt8(ascii: "%") else {
                out.append(byte)
                continue
            }
            guard let high = bytes.next().flatMap(HexDigit.value), let low = bytes.next().flatMap(HexDigit.value) else {
                return nil
            }
            out.append(high << 4 | low)
        }
        return String(validating: out, as: UTF8.self)
    }
}

/// A hex digit's value, for the percent-escape readers (`percentDecodedStrictly`, the emitted-URL
/// check's and the preview server's lenient ones).
package enum HexDigit {
    /// `0`–`9`, `a`–`f`, `A`–`F` as 0–15; `nil` for any other byte.
    package static func value(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}
