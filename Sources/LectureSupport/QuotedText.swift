/// The one rule by which a diagnostic's summary or note quotes what it read: a file's path, a
/// summary link's target, a `book.toml` value, a name.
///
/// Text that holds no `'` and nothing `TerminalText` would show as something else (a control
/// character, line feed among them, a bidirectional or invisible character) is written in single
/// quotes as it is, as swiftc and clang quote: `'my page.md'`, `'naïve page.md'`, `'<x>.md'`,
/// `'-draft.md'`. Any other text is written as a Swift string literal, in double quotes with
/// `\\`, `\"`, `\n`, `\r`, `\0` and `\u{…}` escapes: `"a'b.md"`, `"new\nline.md"`,
/// `"\u{1b}[31m.md"`. A tab stays a tab in both, as `TerminalText` keeps it, so a suggested
/// line pastes as it is printed. So where a quotation ends is never in doubt, a name cannot
/// end a note's line and begin a line that reads as a diagnostic of its own, and no escape
/// sequence reaches a terminal; the quoted text, read back as Swift reads the literal, is the
/// name's own characters (a name in NFD keeps its combining marks).
package enum QuotedText {
    /// `text` quoted by the rule above.
    package static func of(_ text: String) -> String {
        let plain = !text.unicodeScalars.contains { $0 == "'" || $0 != "\t" && TerminalText.needsShowing($0.value) }
        guard !plain else { return "'\(text)'" }
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\\": out += "\\\\"
            case "\"": out += "\\\""
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\0": out += "\\0"
            case "\t": out.unicodeScalars.append(scalar)
            case _ where TerminalText.needsShowing(scalar.value):
                out += "\\u{\(String(scalar.value, radix: 16))}"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }
}

extension DefaultStringInterpolation {
    /// `\(quoted: path)`: the path's (or value's) text quoted by `QuotedText`'s rule
    /// (`'my page.md'`, `"a'b.md"`).
    package mutating func appendInterpolation(quoted value: some CustomStringConvertible) {
        appendLiteral(QuotedText.of(value.description))
    }
}
