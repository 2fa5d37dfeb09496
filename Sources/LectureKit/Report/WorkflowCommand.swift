/// GitHub Actions workflow commands: lines such as `::error file=a.md,line=3::message` that the
/// runner turns into annotations on the named line of a pull request's changed files.
///
/// Syntax and escaping follow GitHub's documentation ("Workflow commands for GitHub Actions") and
/// its toolkit (`@actions/core`, `command.ts`: `escapeData` and `escapeProperty`): in the message,
/// `%`, CR and LF become `%25`, `%0D` and `%0A`; in a property's value `:` and `,` also become
/// `%3A` and `%2C`, since they separate the properties from one another and from the message.
enum WorkflowCommand {
    /// `text` escaped as a command's message: `%` → `%25`, CR → `%0D`, LF → `%0A`.
    ///
    /// Not `QuotedText`'s rule, though both loop over the scalars: the runner decodes exactly
    /// these three escapes (`@actions/core`'s `escapeData` reversed), so any other escape (a
    /// `\n`, a `\u{…}`) would reach the annotation as written; and a quoted name is quoted
    /// first, then escaped here as part of the message, one rule after the other.
    static func escapeData(_ text: String) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "%": out += "%25"
            case "\r": out += "%0D"
            case "\n": out += "%0A"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    /// `text` escaped as a property's value: as `escapeData`, and `:` → `%3A`, `,` → `%2C`.
    static func escapeProperty(_ text: String) -> String {
        escapeData(text).replacingColonsAndCommas()
    }

    /// `text` with no line that the runner would take for a workflow command: a line whose first
    /// characters after leading white space are `::` (the runner trims them before looking)
    /// gets its first `:` written `%3A`, and every `##[` (the older syntax, which the runner looks
    /// for anywhere in a line, and the log viewer's `##[group]`, `##[error]`) gets its `[`
    /// written `%5B`, the escapes of GitHub's own syntax. Every other line is left as it is.
    static func inert(_ text: String) -> String {
        guard text.contains("::") || text.contains("##[") else { return text }
        return text.split(separator: "\n", omittingEmptySubsequences: false).map { line -> String in
            var line = String(line).replacingOccurrences(of: "##[", with: "##%5B")
            let body = line.drop(while: { $0.isWhitespace })
            if body.hasPrefix("::") {
                line.replaceSubrange(body.startIndex..<line.index(after: body.startIndex), with: "%3A")
            }
            return line
        }.joined(separator: "\n")
    }

    /// One command line (without its newline): `::name key=value,…::message`, properties in the
    /// order given and escaped, the message escaped as data.
    static func line(_ name: String, properties: [(key: String, value: String)], message: String) -> String {
        let list = properties.map { "\($0.key)=\(escapeProperty($0.value))" }.joined(separator: ",")
        return "::\(name)\(list.isEmpty ? "" : " " + list)::\(escapeData(message))"
    }
}

extension String {
    fileprivate func replacingColonsAndCommas() -> String {
        var out = ""
        for character in self {
            switch character {
            case ":": out += "%3A"
            case ",": out += "%2C"
            default: out.append(character)
            }
        }
        return out
    }
}
