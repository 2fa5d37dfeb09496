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
                    notes: [
                        "put the output in a block with info string 'output' right under the fence (```output): lecture then runs the sample and compares what it prints"
                    ])
            }
        }
    }
}
