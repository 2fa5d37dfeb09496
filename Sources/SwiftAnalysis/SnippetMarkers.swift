import LectureSupport

/// Swift-DocC's snippet markers in a sample's code, `// snippet.hide` and `// snippet.show`, as
/// comments only: a line that reads `// snippet.hide` inside a multiline string literal is part of
/// the string, and the code shown on the page keeps it (swift-docc#946).
package enum SnippetMarkers {
    /// The comment that hides the lines after it.
    package static let hide = "// snippet.hide"
    /// The comment that shows them again.
    package static let show = "// snippet.show"

    /// The 0-based lines of `code` that are a marker comment and nothing else (white space
    /// around it aside), each with whether it hides (`true`) or shows (`false`).
    package static func lines(in code: String) -> [Int: Bool] {
        guard code.containsUTF8("// snippet.") else { return [:] }
        // Lines whose text is a marker: the candidates; swift-syntax tells which are comments.
        let candidates = candidateLines(in: code)
        guard !candidates.isEmpty, ParsingLimit.allowsParsing(code) else { return [:] }
        // Only a construct that spans lines can hold a whole line as its text: a multiline
        // string literal (raw or not), a block comment, an extended regular expression literal.
        // Without one, `//` at a line's start begins a comment, so every candidate is a marker,
        // and swift-syntax's parse (half of a lecture build's CPU with every verdict cached) is
        // not needed.
        if !spansLines(code) { return candidates }
        let comments = SwiftSyntaxLibrary.table.lineComments(code)
        return candidates.filter { comments.contains($0.key) }
    }

    /// The 0-based lines of `code` whose text, spaces and tabs around it aside (and a `\r` at
    /// its end), is a marker, each with whether it hides. One scan of the UTF-8: a line ends at a
    /// `\n` that does not follow a `\r`, as when the code was cut by `Character` (`\r\n` is one
    /// character, which a cut at `"\n"` never splits), so the line numbers stay those it gave.
    static func candidateLines(in code: String) -> [Int: Bool] {
        let bytes = Array(code.utf8)
        var candidates: [Int: Bool] = [:]
        var line = 0
        var start = 0
        for end in 0...bytes.count {
            guard end == bytes.count || (bytes[end] == 0x0A && (end == 0 || bytes[end - 1] != 0x0D)) else { continue }
            var low = start
            var high = end
            while low < high, bytes[low] == 0x20 || bytes[low] == 0x09 { low += 1 }
            while high > low, bytes[high - 1] == 0x20 || bytes[high - 1] == 0x09 || bytes[high - 1] == 0x0D {
                high -= 1
            }
            let text = bytes[low..<high]
            if text.elementsEqual(hideBytes) {
                candidates[line] = true
            } else if text.elementsEqual(showBytes) {
                candidates[line] = false
            }
            line += 1
            start = end + 1
        }
        return candidates
    }

    private static let hideBytes = Array(hide.utf8)
    private static let showBytes = Array(show.utf8)

    /// Whether `code` may hold a construct that spans lines: `"""`, `/*` or `#/` anywhere.
    static func spansLines(_ code: String) -> Bool {
        code.containsUTF8("\"\"\"") || code.containsUTF8("/*") || code.containsUTF8("#/")
    }
}
