import CommonMark
import LectureSupport

/// A warning at each line of a sample's code that holds a bidirectional control or an invisible
/// character (`InvisibleCharacters`), at the column of the first, as rustc's
/// `text_direction_codepoint_in_literal` and GitHub's banner do: the page shows the code as the
/// reader's eye reorders it, the compiler reads it as stored, and the verdict says nothing of
/// the difference. The note shows the line with each such character as `\u{…}`
/// (`TerminalText`), which is how every diagnostic shows them.
enum InvisibleCharacterWarnings {
    /// The warnings for one code block of a sample on the page at `path`.
    static func of(_ part: Sample.Part, path: String) -> [Diagnostic] {
        let found = InvisibleCharacters.find(in: part.code)
        guard !found.isEmpty else { return [] }
        let lines = part.code.split(separator: "\n", omittingEmptySubsequences: false)
        var warnings: [Diagnostic] = []
        var index = 0
        while index < found.count {
            let line = found[index].line
            var onLine: [InvisibleCharacters.Occurrence] = []
            while index < found.count, found[index].line == line {
                onLine.append(found[index])
                index += 1
            }
            var seen = Set<UInt32>()
            let kinds = onLine.filter { seen.insert($0.scalar.value).inserted }
            let bidirectional = kinds.contains { InvisibleCharacters.isBidirectional($0.scalar.value) }
            let names = kinds.map(\.described).joined(separator: ", ")
            let what =
                bidirectional
                ? "a bidirectional control character: the code may read differently from how it compiles (Trojan Source, CVE-2021-42574)"
                : "an invisible character: the code holds what the page does not show"
            warnings.append(
                .warning(
                    .sampleInvisibleCharacter, path,
                    SourceLocation(line: part.firstLine + line, column: part.column + onLine[0].offset),
                    "sample code holds \(names), \(what)",
                    notes: [
                        "the line as the compiler reads it: \(TerminalText.line(String(lines[line])))",
                        "remove it; in a string literal, write it as an escape such as \\u{\(String(onLine[0].scalar.value, radix: 16, uppercase: true))}",
                    ]))
        }
        return warnings
    }
}
