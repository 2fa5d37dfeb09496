import Foundation

/// The directive parser: which `{{#…}}` directives mdBook knows, and where one stands in a line,
/// found as mdBook's pattern finds it.
extension IncludeExpander {
    /// The directives mdBook's `links` preprocessor knows (`playpen` is `playground`'s old name).
    enum Kind: String, Sendable {
        case include
        case rustdocInclude = "rustdoc_include"
        case playground
        case title
    }

    /// One `{{#name arguments}}` as mdBook's pattern finds it: `{{`, optional white space, `#`,
    /// a name of letters, digits and `_`, white space, then arguments up to the first `}}`;
    /// or an escaped one, `\{{#…}}`, which runs to the last `}}` of the line, as mdBook's
    /// pattern for it does (`\\\{\{\#.*\}\}`): directives after it on its line stay as written.
    struct Directive {
        /// From `{{` to `}}` (the backslash of an escaped one is before it; its `}}` is the
        /// line's last).
        var range: Range<Substring.Index>
        var isEscaped: Bool
        var name: Substring
        /// The arguments, trimmed; empty when there are none (then mdBook leaves it as written).
        var arguments: String

        static func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 }

        /// The first directive in `text`.
        static func next(in text: Substring) -> Directive? {
            var searchFrom = text.startIndex
            while let open = text[searchFrom...].range(of: "{{") {
                searchFrom = open.upperBound
                let afterBraces = text[open.upperBound...]
                let body = afterBraces.drop(while: { $0 == " " || $0 == "\t" })
                guard body.first == "#", let close = body.range(of: "}}") else { continue }
                let escaped =
                    open.lowerBound > text.startIndex && text[text.index(before: open.lowerBound)] == "\\"
                    && body.startIndex == afterBraces.startIndex
                let inner = body[body.index(after: body.startIndex)..<close.lowerBound]
                let name = inner.prefix(while: { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_") })
                let rest = inner[name.endIndex...]
                let separated = rest.first.map { $0 == " " || $0 == "\t" } ?? false
                if !escaped && (name.isEmpty || (!rest.isEmpty && !separated)) { continue }
                let end = escaped ? (text.range(of: "}}", options: .backwards) ?? close).upperBound : close.upperBound
                return Directive(
                    range: open.lowerBound..<end, isEscaped: escaped, name: name,
                    arguments: rest.trimmingCharacters(in: .whitespaces))
            }
            return nil
        }
    }

    /// Whether `text` has a directive at all (a cheap test before `expand`).
    static func mentionsDirective(_ text: String) -> Bool {
        // A byte search: Foundation's `contains` on a whole page costs more than parsing it.
        var text = text
        return text.withUTF8 { bytes in
            guard bytes.count >= 3 else { return false }
            for index in 0..<(bytes.count - 2)
            where bytes[index] == UInt8(ascii: "{") && bytes[index + 1] == UInt8(ascii: "{") {
                // mdBook allows white space between the braces and `#`: `{{ #include f }}`.
                var next = index + 2
                while next < bytes.count, Directive.isSpace(bytes[next]) { next += 1 }
                if next < bytes.count, bytes[next] == UInt8(ascii: "#") { return true }
            }
            return false
        }
    }
}
