import CommonMark
import LectureSupport

/// The ways Swift authors write a sample's output that lecture does not compare, each a warning
/// pointing at the one it does (an `output` block right under the fence): a `// Prints "3"`
/// comment in a fence without an output block (The Swift Programming Language's convention), and
/// a plain or `text` code block right under a sample.
enum UncomparedOutputHints {
    /// The info strings of a block that looks like a sample's output written by hand.
    static let plainLanguages: Set<String> = ["", "text", "txt", "plaintext", "console"]

    /// The warning for a code block with info string `language` right under `sample`, when it
    /// may be meant as its output.
    static func plainBlock(_ block: Block, language: String, under sample: Sample, path: String) -> Diagnostic? {
        guard plainLanguages.contains(language), sample.mode == .run, sample.expectedOutput == nil else { return nil }
        return .warning(
            .sampleOutputPlacement, path, block.range.start,
            "this block under a Swift sample is not compared with what the sample prints",
            notes: [
                "if it shows the sample's output, give it the info string 'output' (```output): lecture then runs the sample and compares what it prints"
            ])
    }

    /// What to do about a `// Prints …` comment whose text after `// Prints ` is `said`: the
    /// `output` block that compares it (with the line it names, when it names one as a plain
    /// string literal, as `"Hello"` or The Swift Programming Language's `"Hello".`), or `--bless`
    /// writing each fence's block. Comments are not compared themselves: they are prose (TSPL's
    /// put a period after the quotes, show a dictionary's unordered lines, leave out "Prints").
    static func printsNotes(_ said: Substring) -> [String] {
        var literal = said.trimmingCharacters(in: .whitespaces)[...]
        if literal.hasSuffix("\".") { literal = literal.dropLast() }
        let line: String? =
            literal.count >= 2 && literal.hasPrefix("\"") && literal.hasSuffix("\"")
                && !literal.dropFirst().dropLast().contains { $0 == "\"" || $0 == "\\" }
            ? String(literal.dropFirst().dropLast()) : nil
        return [
            "put every line the fence prints in a block with info string 'output' right under the fence (```output), where lecture compares it"
                + (line.map { "; this comment's line is:\n\($0)" } ?? ""),
            "or let lecture write each fence's block: set without-output = \"require\" under [preprocessor.lecture.samples] and run 'lecture check --bless' (continued pages too); the comments may stay, for readers",
        ]
    }

    /// A warning at each `// Prints …` comment of a part that has no output block to compare.
    static func printsComments(_ sample: Sample) -> [Diagnostic] {
        guard sample.mode == .run else { return [] }
        return sample.parts.flatMap { part -> [Diagnostic] in
            guard (sample.continued ? part.expectedOutput : sample.expectedOutput) == nil else { return [] }
            return part.code.split(separator: "\n", omittingEmptySubsequences: false).enumerated().compactMap {
                index, line in
                let text = line.drop { $0 == " " || $0 == "\t" }
                guard text.hasPrefix("// Prints ") else { return nil }
                return .warning(
                    .sampleOutputPlacement, sample.path,
                    SourceLocation(line: part.firstLine + index, column: part.column + line.count - text.count),
                    "a '// Prints' comment is not compared with what the sample prints",
                    notes: printsNotes(text.dropFirst("// Prints ".count)))
            }
        }
    }
}
