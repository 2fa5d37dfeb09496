import LectureSupport
import SourceText

/// Result comments, the way playgrounds, DocC and blog posts show a value beside the line that
/// makes it: `// → [2, 4, 6]`, `// => 3`, `// total == 99`. lecture compares only what a sample
/// prints with its `output` block, so such a comment is never checked: each is a warning with
/// the fix, as a `// Prints` comment is (`UncomparedOutputHints.printsComments`). A bare
/// expression on its line (`x`, which a playground shows) gets a note on the compiler's
/// "is unused" warning (`CompileErrorHints.unusedValue`).
enum ResultComments {
    /// A warning at each result comment of a sample that is run.
    static func warnings(_ sample: Sample) -> [Diagnostic] {
        guard sample.mode == .run else { return [] }
        return sample.parts.flatMap { part -> [Diagnostic] in
            part.code.split(separator: "\n", omittingEmptySubsequences: false).enumerated().compactMap {
                index, line -> Diagnostic? in
                guard let (column, said) = resultComment(line) else { return nil }
                return .warning(
                    .sampleOutputPlacement, sample.path,
                    SourceLocation(line: part.firstLine + index, column: part.column + column),
                    "this result comment is not compared with what the sample prints: \(quoted: said)",
                    notes: [
                        sample.hasExpectedOutput
                            ? "lecture compares only what a sample prints with its output block: print the value (print(...)) and put the line it prints in the block, or remove the comment"
                            : "lecture compares only what a sample prints: print the value (print(...)) and put the line it prints in a block with info string 'output' right under the fence (```output); the comment may stay, for readers"
                    ])
            }
        }
    }

    /// The comment of `line` when it states a result, with its column (0-based, in UTF-8 bytes
    /// from the line's start): `// →`, `// =>`, or `// NAME == VALUE`, alone on its line or after
    /// code (a `//` after an odd number of quotes is inside a string literal, and not a comment).
    static func resultComment(_ line: Substring) -> (column: Int, comment: String)? {
        var quotes = 0
        var previous: Character = " "
        var index = line.startIndex
        while index < line.endIndex {
            let character = line[index]
            if character == "\"" { quotes += 1 }
            let next = line.index(after: index)
            if character == "/", next < line.endIndex, line[next] == "/", quotes % 2 == 0,
                previous == " " || previous == "\t"
            {
                let after = line[line.index(after: next)...]
                guard !after.hasPrefix("/") else { return nil }
                let text = after.drop { $0 == " " || $0 == "\t" }
                guard statesResult(text) else { return nil }
                return (line[..<index].utf8.count, "//" + after)
            }
            previous = character
            index = next
        }
        return nil
    }

    /// Whether a comment's text claims a value: `→ 3`, `=> 3`, `total == 99`, `doubled[0] == 2`.
    static func statesResult(_ text: Substring) -> Bool {
        if text.hasPrefix("→") || text.hasPrefix("=> ") { return text.count > 2 }
        guard let first = text.first, first.isLetter || first == "_" else { return false }
        let name = text.prefix { $0.isLetter || $0.isNumber || $0 == "_" || $0 == "." || $0 == "[" || $0 == "]" }
        let rest = text.dropFirst(name.count).drop { $0 == " " }
        return rest.hasPrefix("== ") && rest.dropFirst(3).contains { $0 != " " }
    }
}
