import CommonMark
import LectureSupport

/// mdBook's hidden lines (`# ` at a line's start, which mdBook hides in Rust code only) in a
/// Swift sample: an error at the first such line of each code block, in place of the parser's
/// "expected a macro identifier for a pound literal expression" (newuser-6, #12: the parser's
/// words came first, and the second `#` line repeated them without the fix). The block is not
/// compiled until the line is fixed. A `# ` line inside a multi-line string literal or a block
/// comment is Swift's text, not a hidden line.
enum MdBookHiddenLines {
    /// The error for `part` of a sample at `path`; nil when no line of it is a hidden line.
    static func error(in part: Sample.Part, path: String) -> Diagnostic? {
        let lines = part.code.split(separator: "\n", omittingEmptySubsequences: false)
        guard let index = firstHiddenLine(lines) else { return nil }
        let indent = lines[index].prefix { $0 == " " || $0 == "\t" }.utf8.count
        return .error(
            .sampleHiddenLine, path, SourceLocation(line: part.firstLine + index, column: part.column + indent),
            "'# ' hides lines in Rust code, not in Swift: use '// snippet.hide'",
            notes: [
                "the line as written: \(TerminalText.line(String(lines[index])))",
                CompileErrorHints.hiddenLines
                    + "; this block is not compiled until then (every '# ' line of it: drop the '# ' and put the lines between the markers)",
            ])
    }

    /// The index of the first line that starts with `# ` or is a lone `#` (after spaces), outside
    /// a multi-line string literal (`"""`) and a block comment.
    static func firstHiddenLine(_ lines: [Substring]) -> Int? {
        var inString = false
        var commentDepth = 0
        for (index, line) in lines.enumerated() {
            let text = line.drop { $0 == " " || $0 == "\t" }
            if !inString, commentDepth == 0, text == "#" || text.hasPrefix("# ") { return index }
            if commentDepth == 0, line.components(separatedBy: "\"\"\"").count % 2 == 0 { inString.toggle() }
            if !inString {
                commentDepth = max(
                    0,
                    commentDepth + line.components(separatedBy: "/*").count - line.components(separatedBy: "*/").count)
            }
        }
        return nil
    }
}
