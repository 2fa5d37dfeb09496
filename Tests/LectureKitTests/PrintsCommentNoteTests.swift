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

    /// The headlines of what `markdown` warns about, on a continued page when `continued`.
    func headlines(_ markdown: String, continued: Bool = false) -> [String] {
        var rules = SampleRules()
        if continued { rules.continuation = .everyPage }
        let found = SampleExtractor.extract(
            from: MarkdownParser.parse(markdown), path: "page.md", rules: rules, page: "page.md")
        return found.diagnostics.map(\.headline)
    }

    /// A comment naming a line the output block does not hold is stale: the page would show it
    /// above "verified" output that contradicts it. Each form the comment is read in (`"X"`,
    /// TSPL's `"X".`, indented), in a fence, a group and a continued page's fence.
    @Test(arguments: [
        "// Prints \"Ada and Grace\"", "// Prints \"Ada and Grace\".", "    // Prints \"Ada and Grace\"",
    ])
    func aCommentTheOutputBlockContradictsIsAWarningAtIt(_ comment: String) {
        let column = comment.prefix { $0 == " " }.count + 1
        let expected =
            "page.md:4:\(column): warning: this '// Prints' comment names a line the sample's output block does not hold: 'Ada and Grace'"
        let fence =
            "```swift\nlet names = [\"Ada\", \"Grace\"]\nprint(names.joined(separator: \", \"))\n\(comment)\n```\n\n```output\nAda, Grace\n```\n"
        #expect(headlines(fence) == [expected])
        #expect(headlines(fence, continued: true) == [expected])
        let group =
            "```swift group=g\nlet names = [\"Ada\", \"Grace\"]\n```\n\n```swift group=g\nprint(names.joined(separator: \", \"))\n\(comment)\n```\n\n```output\nAda, Grace\n```\n"
        #expect(headlines(group) == [expected.replacingOccurrences(of: "page.md:4:", with: "page.md:7:")])
    }

    /// On a continued page, each fence's comments are checked against that fence's own block.
    @Test func aContinuedFenceIsCheckedAgainstItsOwnBlock() {
        let markdown =
            "```swift\nprint(\"one\")\n// Prints \"one\"\n```\n\n```output\none\n```\n\n"
            + "```swift\nprint(\"two\")\n// Prints \"one\"\n```\n\n```output\ntwo\n```\n"
        #expect(
            headlines(markdown, continued: true) == [
                "page.md:12:1: warning: this '// Prints' comment names a line the sample's output block does not hold: 'one'"
            ])
    }

    /// A comment that names a line of the block, or names no plain line (prose, an
    /// interpolation, a bare value), says nothing under an output block.
    @Test(arguments: [
        "// Prints \"Ada, Grace\"", "// Prints \"Ada, Grace\".", "// Prints \"\\(names)\"", "// Prints the names",
        "// Prints 2",
    ])
    func aCommentTheBlockHoldsOrThatNamesNoLineIsQuiet(_ comment: String) {
        let fence =
            "```swift\nlet names = [\"Ada\", \"Grace\"]\nprint(names.joined(separator: \", \"))\n\(comment)\n```\n\n```output\nAda, Grace\n```\n"
        #expect(headlines(fence) == [])
    }
}
