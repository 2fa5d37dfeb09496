/// JSON string literals (RFC 8259, section 7) written straight into UTF-8 bytes, for the scripts
/// the build emits and those `lecture serve` puts in a page or sends as Server-Sent Events: `"`,
/// `\` and control characters escaped (so the result never holds a newline), and `/` too, so that
/// no `</script>` can appear; U+2028 and U+2029 escaped for JavaScript engines older than ES2019.
/// The one JSON escaper of the tool.
package enum JSONLiteral {
    /// `text` as a JSON string literal appended to `bytes`; the runs between escapes copied whole
    /// (every page's search text comes here). With `escapingMarkup`, `<`, `>` and `&` are escaped
    /// too (`\u003c`…), for a literal inside a page's `<script>` element, where `<!--` would change
    /// how the HTML parser finds its end (the HTML standard's script content restrictions).
    static func append(_ text: String, to bytes: inout [UInt8], escapingMarkup: Bool = false) {
        bytes.append(UInt8(ascii: "\""))
        var text = text
        text.withUTF8 { utf8 in
            var copied = 0
            var index = 0
            func escape(_ replacement: some Sequence<UInt8>, upTo end: Int) {
                bytes += UnsafeBufferPointer(rebasing: utf8[copied..<index])
                bytes += replacement
                copied = end
            }
            // A backslash and one byte (a code block's every line feed and quote come here): no
            // array made for the pair, the run before it skipped when empty.
            func backslashed(_ second: UInt8) {
                if copied < index { bytes += UnsafeBufferPointer(rebasing: utf8[copied..<index]) }
                bytes.append(UInt8(ascii: "\\"))
                bytes.append(second)
                copied = index + 1
            }
            while index < utf8.count {
                let byte = utf8[index]
                switch byte {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"):
                    backslashed(byte)
                case UInt8(ascii: "\n"): backslashed(UInt8(ascii: "n"))
                case 0..<0x20,
                    UInt8(ascii: "<") where escapingMarkup, UInt8(ascii: ">") where escapingMarkup,
                    UInt8(ascii: "&") where escapingMarkup:
                    escape(Array("\\u00".utf8) + [hex[Int(byte >> 4)], hex[Int(byte & 0xF)]], upTo: index + 1)
                case 0xE2 where index + 2 < utf8.count && utf8[index + 1] == 0x80 && (utf8[index + 2] | 1) == 0xA9:
                    escape((utf8[index + 2] == 0xA8 ? "\\u2028" : "\\u2029").utf8, upTo: index + 3)
                    index += 2
                default: break
                }
                index += 1
            }
            bytes += UnsafeBufferPointer(rebasing: utf8[copied...])
        }
        bytes.append(UInt8(ascii: "\""))
    }

    private static let hex = Array("0123456789abcdef".utf8)

    /// `text` as a JSON string literal, `<`, `>` and `&` escaped, to be placed in a page's
    /// `<script>` element or on one Server-Sent Events `data:` line: `a"b</script>` →
    /// `"a\"b\u003c\/script\u003e"`.
    package static func quoted(_ text: String) -> String {
        var bytes: [UInt8] = []
        append(text, to: &bytes, escapingMarkup: true)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// A JSON array of string literals.
    static func array(_ texts: [String]) -> [UInt8] {
        var bytes: [UInt8] = [UInt8(ascii: "[")]
        for (offset, text) in texts.enumerated() {
            if offset > 0 { bytes.append(UInt8(ascii: ",")) }
            append(text, to: &bytes)
        }
        bytes.append(UInt8(ascii: "]"))
        return bytes
    }
}
