/// The words of a fenced code block's info string after the language: bare words (`no_run`)
/// and `key="quoted value"` or `key=value` attributes, as in `dot caption="The flow of MVC"`.
/// Commas separate words as spaces do (`swift,ignore` is `swift ignore`), as rustdoc and mdBook
/// read `rust,ignore`; inside quotes a comma is text.
package struct InfoString: Sendable {
    /// The first word (`swift`, `dot`, `table`); empty for an empty info string.
    package var language: String
    /// The words after the language, in order: quotes removed, `value` `nil` for a bare word.
    var attributes: [(key: String, value: String?)]
    /// A problem with the quoting, if any.
    var error: String?

    /// `key=value` as an info string reads it back whole: `value` in quotes (`\\` before a
    /// quote or a backslash) when a space, a tab, a comma, a quote or a backslash would cut or
    /// change it (`reads="my data.txt"`), bare otherwise (`reads=data.txt`).
    static func attribute(_ key: String, _ value: String) -> String {
        guard value.isEmpty || value.contains(where: { separates($0) || $0 == "\"" || $0 == "\\" }) else {
            return "\(key)=\(value)"
        }
        var quoted = ""
        for c in value {
            if c == "\"" || c == "\\" { quoted.append("\\") }
            quoted.append(c)
        }
        return "\(key)=\"\(quoted)\""
    }

    /// Whether `c` separates words: a space, a tab or a comma.
    static func separates(_ c: Character) -> Bool { c == " " || c == "\t" || c == "," }

    /// Splits `info` at spaces, tabs and commas; inside quotes, `\` escapes the next character.
    package init(_ info: String) {
        var words: [(String, String?)] = []
        var error: String?
        var rest = Substring(info)
        func skipSpaces() { while let c = rest.first, Self.separates(c) { rest.removeFirst() } }
        skipSpaces()
        language = String(rest.prefix { !Self.separates($0) })
        rest = rest.dropFirst(language.count)
        while true {
            skipSpaces()
            guard !rest.isEmpty else { break }
            let key = String(rest.prefix { !Self.separates($0) && $0 != "=" })
            rest = rest.dropFirst(key.count)
            guard rest.first == "=" else {
                words.append((key, nil))
                continue
            }
            rest.removeFirst()
            if rest.first == "\"" {
                rest.removeFirst()
                var value = ""
                var closed = false
                while let c = rest.popFirst() {
                    if c == "\\", let next = rest.popFirst() {
                        value.append(next)
                        continue
                    }
                    if c == "\"" {
                        closed = true
                        break
                    }
                    value.append(c)
                }
                if !closed { error = "attribute \(quoted: key) has an unclosed quote" }
                words.append((key, value))
            } else {
                let value = String(rest.prefix { !Self.separates($0) })
                rest = rest.dropFirst(value.count)
                words.append((key, value))
            }
        }
        attributes = words
        self.error = error
    }

    /// The value of the first attribute named `key`; `nil` when there is none or it is bare.
    package func value(_ key: String) -> String? {
        attributes.first(where: { $0.key == key })?.value ?? nil
    }
}
