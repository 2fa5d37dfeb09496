/// JSON string literals (RFC 8259, section 7) written straight into UTF-8 bytes, for the scripts
/// the build emits: `"`, `\` and control characters escaped, and `/` too, so that no `</script>`
/// can appear; U+2028 and U+2029 escaped for JavaScript engines older than ES2019.
enum JSONLiteral {
    /// `text` as a JSON string literal appended to `bytes`.
    static func append(_ text: String, to bytes: inout [UInt8]) {
        bytes.append(UInt8(ascii: "\""))
        let hex = Array("0123456789abcdef".utf8)
        let utf8 = Array(text.utf8)
        var index = 0
        while index < utf8.count {
            let byte = utf8[index]
            switch byte {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"):
                bytes.append(UInt8(ascii: "\\"))
                bytes.append(byte)
            case UInt8(ascii: "\n"): bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "n")])
            case 0..<0x20:
                bytes.append(contentsOf: Array("\\u00".utf8))
                bytes.append(hex[Int(byte >> 4)])
                bytes.append(hex[Int(byte & 0xF)])
            case 0xE2 where index + 2 < utf8.count && utf8[index + 1] == 0x80 && (utf8[index + 2] | 1) == 0xA9:
                bytes.append(contentsOf: Array((utf8[index + 2] == 0xA8 ? "\\u2028" : "\\u2029").utf8))
                index += 2
            default:
                bytes.append(byte)
            }
            index += 1
        }
        bytes.append(UInt8(ascii: "\""))
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
