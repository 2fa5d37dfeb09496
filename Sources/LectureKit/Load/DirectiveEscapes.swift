/// The escape of mdBook's directives, both ways: `\{{#…}}` shows `{{#…}}` as written, less the
/// backslash (`IncludeExpander`). `lecture check --bless` escapes what a program printed so an
/// output block reads back as written (`escaped`), and reads a page whose only directives are
/// escaped ones as the check saw it (`shown`).
enum DirectiveEscapes {
    /// `line` with a backslash before the first directive the expander would find in it (an
    /// escaped one included, so `\{{#x}}` becomes `\\{{#x}}` and still shows one backslash): an
    /// escaped directive keeps the rest of its line as written, so one backslash is enough; `nil`
    /// when that directive has white space between its braces and `#` (`{{ #include f }}`), which
    /// mdBook expands and no backslash escapes.
    static func escaped(_ line: String) -> String? {
        guard IncludeExpander.mentionsDirective(line) else { return line }
        guard let directive = IncludeExpander.Directive.next(in: line[...]) else { return line }
        let braces = directive.range.lowerBound
        let afterBraces = line.index(braces, offsetBy: 2)
        guard afterBraces < line.endIndex, line[afterBraces] == "#" else { return nil }
        return line[..<braces] + "\\" + line[braces...]
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
