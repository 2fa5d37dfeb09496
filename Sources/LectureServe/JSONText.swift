/// JSON string literals (RFC 8259 §7) safe to place inside an HTML `<script>` element and on
/// one Server-Sent Events `data:` line.
enum JSONText {
    /// `a"b</script>` → `"a\"b\u003c/script>"`: quotes, backslashes and control characters
    /// escaped as JSON requires, plus `<`, `>`, `&` (so no `</script>` or `<!--` can end the
    /// script early, per the HTML standard's script content restrictions) and U+2028/U+2029
    /// (line terminators in older JavaScript). The result never contains a newline.
    static func quoted(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            case "<", ">", "&", "\u{2028}", "\u{2029}":
                result += unicodeEscape(scalar.value)
            default:
                if scalar.value < 0x20 || scalar.value == 0x7F {
                    result += unicodeEscape(scalar.value)
                } else {
                    result.unicodeScalars.append(scalar)
                }
            }
        }
        return result + "\""
    }

    private static func unicodeEscape(_ value: UInt32) -> String {
        let hex = String(value, radix: 16)
        return "\\u" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
    }
}
