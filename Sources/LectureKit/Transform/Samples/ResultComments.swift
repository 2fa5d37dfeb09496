import LectureSupport
import SourceText

/// Result comments, the way playgrounds, DocC and blog posts show a value beside the line that
/// makes it: `// → [2, 4, 6]`, `// => 3`, `// total == 99`, or a bare literal after the
/// expression, `doubled.first!   // 42`. lecture compares only what a sample
/// prints with its `output` block, so such a comment is a warning with the fix, as a `// Prints`
/// comment is (`UncomparedOutputHints.printsComments`), unless that block holds its value. A bare
/// expression on its line (`x`, which a playground shows) gets a note on the compiler's
/// "is unused" warning (`CompileErrorHints.unusedValue`), as does an unused call's result whose
/// line ends in a result comment (`try parser.parse("21")   // 42`).
enum ResultComments {
    /// A warning at each result comment of a sample that is run, unless the output block the
    /// comment's part is compared with holds the value it states as a line (`print(total) // → 3`
    /// over a block holding `3`): then the value is verified, and the comment stays for readers.
    static func warnings(_ sample: Sample) -> [Diagnostic] {
        guard sample.mode == .run else { return [] }
        return sample.parts.flatMap { part -> [Diagnostic] in
            let expected = sample.continued ? part.expectedOutput : sample.expectedOutput
            let expectedLines = expected.map {
                Set(
                    OutputComparison.normalize($0).split(separator: "\n").map {
                        $0.trimmingCharacters(in: .whitespaces)
                    })
            }
            return part.code.split(separator: "\n", omittingEmptySubsequences: false).enumerated().compactMap {
                index, line -> Diagnostic? in
                guard let (column, said) = resultComment(line) else { return nil }
                if let expectedLines, statedValues(said).contains(where: expectedLines.contains) { return nil }
                return .warning(
                    .sampleOutputPlacement, sample.path,
                    SourceLocation(line: part.firstLine + index, column: part.column + column),
                    "this result comment is not compared with what the sample prints: \(quoted: said)",
                    notes: [
                        expectedLines != nil
                            ? "lecture compares only what a sample prints with its output block, which holds no line with this value: print the value (print(...)) and put the line it prints in the block (the comment may then stay, for readers), correct the comment, or remove it"
                            : "lecture compares only what a sample prints: print the value (print(...)) and put the line it prints in a block with info string 'output' right under the fence (```output); the comment may stay, for readers"
                    ])
            }
        }
    }

    /// The lines `print` shows for the value a result comment states (`// → 3`, `// => "a"`,
    /// `// total == 3`): the value as written, and a string literal's text without its quotes.
    static func statedValues(_ comment: String) -> [String] {
        let text = comment.dropFirst(2).trimmingCharacters(in: .whitespaces)
        let value: Substring
        if text.hasPrefix("→") {
            value = text.dropFirst()
        } else if text.hasPrefix("=>") {
            value = text.dropFirst(2)
        } else if let range = text.range(of: " == ") {
            value = text[range.upperBound...]
        } else if isBareLiteral(text[...]) {
            value = text[...]
        } else {
            return []
        }
        let stated = value.trimmingCharacters(in: .whitespaces)
        return [stated] + (UncomparedOutputHints.printedLine(stated[...]).map { [$0] } ?? [])
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
                let afterCode = line[..<index].contains { $0 != " " && $0 != "\t" }
                guard statesResult(text) || (afterCode && isBareLiteral(text)) else { return nil }
                return (line[..<index].utf8.count, "//" + after)
            }
            previous = character
            index = next
        }
        return nil
    }

    /// Whether a comment's text is a bare literal, `42`, `-1.5`, `"hi"`, `[1, 2]`, `true`, `nil`:
    /// after an expression on its line (`doubled.first!   // 42`), the commonest result comment
    /// (newuser-10, #9); alone on its line it is prose (`// 2020`), and a word after it makes it
    /// prose too (`// 2020 version`).
    static func isBareLiteral(_ text: Substring) -> Bool {
        let value = text.trimmingCharacters(in: " \t")
        if ["true", "false", "nil"].contains(String(value)) { return true }
        if value.count >= 2, value.first == "\"", value.last == "\"" { return true }
        if value.count >= 2, value.first == "[", value.last == "]" { return true }
        let digits = value.hasPrefix("-") ? value.dropFirst() : value
        guard let first = digits.first, first.isASCII, first.isNumber else { return false }
        return digits.allSatisfy { ($0.isASCII && $0.isNumber) || $0 == "." || $0 == "_" }
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
