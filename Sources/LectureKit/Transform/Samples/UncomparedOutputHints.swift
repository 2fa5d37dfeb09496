import CommonMark
import LectureSupport

/// The ways Swift authors write a sample's output that lecture does not compare, each a warning
/// pointing at the one it does (an `output` block right under the fence): a `// Prints "3"`
/// comment in a fence without an output block (The Swift Programming Language's convention), and
/// a plain or `text` code block right under a sample.
enum UncomparedOutputHints {
    /// The info strings of a block that looks like a sample's output written by hand.
    static let plainLanguages: Set<String> = ["", "text", "txt", "plaintext", "console"]

    /// The warning for a code block with info string `language` right under `sample`, or under
    /// the paragraph `label` ("Output:") right under it, when it may be meant as its output.
    static func plainBlock(_ block: Block, language: String, under sample: Sample, label: String?, path: String)
        -> Diagnostic?
    {
        guard plainLanguages.contains(language), sample.mode == .run, sample.expectedOutput == nil else { return nil }
        guard let label else {
            return .warning(
                .sampleOutputPlacement, path, block.range.start,
                "this block under a Swift sample is not compared with what the sample prints",
                notes: [
                    "if it shows the sample's output, give it the info string 'output' (```output): lecture then runs the sample and compares what it prints"
                ])
        }
        return .warning(
            .sampleOutputPlacement, path, block.range.start,
            "this block under \(quoted: label) below a Swift sample is not compared with what the sample prints",
            notes: [
                "an output block must stand right under the sample's fence: if this block shows the sample's output, remove the \(quoted: label) line and give the block the info string 'output' (```output); lecture then runs the sample and compares what it prints"
            ])
    }

    /// The text of `block` when it is a short paragraph that introduces a sample's output, as
    /// hand-written books do under a fence: "Output:", "Prints:", "This prints:", "Result:",
    /// "Console output:" (a colon at its end, at most five words, one of them about output).
    static func outputLabel(_ block: Block) -> String? {
        guard case .paragraph(let inlines) = block.kind else { return nil }
        let text = inlines.plainText.trimmingCharacters(in: .whitespacesAndNewlines)
        guard text.hasSuffix(":"), !text.contains("\n") else { return nil }
        let words = text.dropLast().lowercased().split(whereSeparator: { $0 == " " || $0 == "\t" })
        guard (1...5).contains(words.count) else { return nil }
        let about = ["output", "outputs", "prints", "print", "printed", "result", "results", "console", "produces"]
        return words.contains(where: { about.contains(String($0)) }) ? text : nil
    }

    /// The warning for a plain or `text` block right under an output block that holds the same
    /// lines (what `--bless` left when it wrote a block above one written by hand): the page shows
    /// the output twice, once verified.
    static func repeatedOutput(_ block: Block, language: String, code: String, output: String, path: String)
        -> Diagnostic?
    {
        guard plainLanguages.contains(language),
            OutputComparison.normalize(code) == OutputComparison.normalize(output)
        else { return nil }
        return .warning(
            .sampleOutputPlacement, path, block.range.start,
            "this block repeats the output block above it",
            notes: ["remove it: the output block above shows the sample's output, compared with what it prints"])
    }

    /// What to do about a `// Prints …` comment whose text after `// Prints ` is `said`: the
    /// `output` block that compares it (with the line it names, when it names one as a plain
    /// string literal, as `"Hello"` or The Swift Programming Language's `"Hello".`), or `--bless`
    /// writing each fence's block. Comments are not compared themselves: they are prose (TSPL's
    /// put a period after the quotes, show a dictionary's unordered lines, leave out "Prints").
    static func printsNotes(_ said: Substring) -> [String] {
        let line = printedLine(said)
        return [
            "put every line the fence prints in a block with info string 'output' right under the fence (```output), where lecture compares it"
                + (line.map { "; this comment's line is:\n\($0)" } ?? ""),
            "or let lecture write each fence's block: set without-output = \"require\" under [preprocessor.lecture.samples] and run 'lecture check --bless' (continued pages too); the comments may stay, for readers",
        ]
    }

    /// The line a `// Prints …` comment names, when its text after `// Prints ` is one plain
    /// string literal (`"Hello"`, or The Swift Programming Language's `"Hello".`): no quote or
    /// backslash inside, so the text is the line as printed. `nil` for any other comment (prose,
    /// an interpolation, a bare value).
    static func printedLine(_ said: Substring) -> String? {
        var literal = said.trimmingCharacters(in: .whitespaces)[...]
        if literal.hasSuffix("\".") { literal = literal.dropLast() }
        guard literal.count >= 2, literal.hasPrefix("\""), literal.hasSuffix("\""),
            !literal.dropFirst().dropLast().contains(where: { $0 == "\"" || $0 == "\\" })
        else { return nil }
        return String(literal.dropFirst().dropLast())
    }

    /// The warnings at a sample's comments that show output or a value: `// Prints …`
    /// (`printsComments`) and result comments (`ResultComments`).
    static func commentWarnings(_ sample: Sample) -> [Diagnostic] {
        printsComments(sample) + ResultComments.warnings(sample)
    }

    /// A warning at each `// Prints …` comment of a part that has no output block to compare;
    /// under an output block, at each comment naming a line (`printedLine`) that the block does
    /// not hold: the block is what lecture compares, so such a comment is stale, and the page
    /// would show it above "verified" output that contradicts it.
    static func printsComments(_ sample: Sample) -> [Diagnostic] {
        guard sample.mode == .run else { return [] }
        return sample.parts.flatMap { part -> [Diagnostic] in
            let expected = sample.continued ? part.expectedOutput : sample.expectedOutput
            let expectedLines = expected.map {
                Set(
                    OutputComparison.normalize($0).split(separator: "\n", omittingEmptySubsequences: false).map(
                        String.init))
            }
            return part.code.split(separator: "\n", omittingEmptySubsequences: false).enumerated().compactMap {
                index, line in
                let text = line.drop { $0 == " " || $0 == "\t" }
                guard text.hasPrefix("// Prints ") else { return nil }
                let said = text.dropFirst("// Prints ".count)
                let location = SourceLocation(
                    line: part.firstLine + index, column: part.column + line.count - text.count)
                guard let expectedLines else {
                    return .warning(
                        .sampleOutputPlacement, sample.path, location,
                        "a '// Prints' comment is not compared with what the sample prints",
                        notes: printsNotes(said))
                }
                guard let named = printedLine(said), !expectedLines.contains(named) else {
                    return nil
                }
                return .warning(
                    .sampleOutputPlacement, sample.path, location,
                    "this '// Prints' comment names a line the sample's output block does not hold: \(quoted: named)",
                    notes: [
                        "the output block is what lecture compares with what the sample prints; correct the comment, or remove it"
                    ])
            }
        }
    }
}
