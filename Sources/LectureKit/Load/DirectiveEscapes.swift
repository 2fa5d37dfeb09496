/// The escape of mdBook's directives, both ways: `\{{#…}}` shows `{{#…}}` as written, less the
/// backslash (`IncludeExpander`). `lecture check --bless` escapes what a program printed so an
/// output block reads back as written (`escaped`), and reads a page whose only directives are
/// escaped ones as the check saw it (`shown`).
enum DirectiveEscapes {
    /// `line` with a backslash before every directive the expander would find in it (escaped ones
    /// included, so `\{{#x}}` becomes `\\{{#x}}` and still shows one backslash); `nil` when a
    /// directive has white space between its braces and `#` (`{{ #include f }}`), which mdBook
    /// expands and no backslash escapes.
    static func escaped(_ line: String) -> String? {
        guard IncludeExpander.mentionsDirective(line) else { return line }
        var result = ""
        var rest = line[...]
        while let directive = IncludeExpander.Directive.next(in: rest) {
            let braces = directive.range.lowerBound
            let afterBraces = rest.index(braces, offsetBy: 2)
            guard afterBraces < rest.endIndex, rest[afterBraces] == "#" else { return nil }
            result += rest[..<braces] + "\\" + rest[directive.range]
            rest = rest[directive.range.upperBound...]
        }
        return result + rest
    }

    /// `text` as the expander shows it when its only directives are escaped ones (each less its
    /// backslash); `nil` when it holds a directive the expander would expand or warn about.
    static func shown(_ text: String) -> String? {
        guard IncludeExpander.mentionsDirective(text) else { return text }
        var lines: [String] = []
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            var shown = ""
            var rest = line
            while let directive = IncludeExpander.Directive.next(in: rest) {
                guard directive.isEscaped else { return nil }
                shown += rest[..<rest.index(before: directive.range.lowerBound)] + rest[directive.range]
                rest = rest[directive.range.upperBound...]
            }
            lines.append(shown + rest)
        }
        return lines.joined(separator: "\n")
    }
}
