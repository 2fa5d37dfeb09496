import Testing

@testable import CommonMark
@testable import LectureKit

/// A `// Prints "…"` comment (The Swift Programming Language's convention) is warned about, not
/// compared: TSPL's comments are prose (`// Prints "3 to the power of 10 is 59049".` with the
/// period outside the quotes, a dictionary's unordered lines, a loop's lines without "Prints"),
/// and TSPL tests its samples with hidden blocks of its own. The note says exactly what to do:
/// the `output` block, with the line the comment names, or `--bless` writing each fence's block.
@Suite struct PrintsCommentNoteTests {
    func notes(_ comment: String) -> [String] {
        let markdown = "```swift\nlet power = 3\nprint(\"3 to the power\")\n\(comment)\n```\n"
        let found = SampleExtractor.extract(from: MarkdownParser.parse(markdown), path: "page.md")
        return found.diagnostics.flatMap(\.notes)
    }

    @Test(arguments: [
        ("// Prints \"3 to the power\"", "3 to the power"),
        ("// Prints \"3 to the power of 10 is 59049\".", "3 to the power of 10 is 59049"),
    ])
    func theNoteNamesTheLineAndBless(_ comment: String, _ line: String) {
        let notes = notes(comment)
        #expect(notes.first?.hasSuffix("; this comment's line is:\n\(line)") == true, "\(notes)")
        #expect(
            notes.contains { $0.contains("without-output = \"require\"") && $0.contains("'lecture check --bless'") })
    }

    @Test(arguments: ["// Prints \"\\(power) times\"", "// Prints power"])
    func aCommentThatNamesNoPlainLineGetsTheBlockAndBlessAlone(_ comment: String) {
        let notes = notes(comment)
        #expect(notes.count == 2, "\(notes)")
        #expect(notes.first?.contains("this comment's line") == false, "\(notes)")
    }
}
