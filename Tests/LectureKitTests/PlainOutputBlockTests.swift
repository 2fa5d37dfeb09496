import Testing

@testable import CommonMark
@testable import LectureKit
@testable import LectureSupport

/// Output written by hand under a sample in a block lecture does not compare (new user 4, F4 and
/// F5): a plain or `text` block right under the fence, or one under a paragraph such as "Output:".
/// Each is a warning at the block; `--bless` makes the first the output block rather than write a
/// second copy above it, and refuses the second, naming the block; a block that repeats the output
/// block above it (what an earlier bless left) is a warning too. The page never shows the output
/// twice without a word.
@Suite struct PlainOutputBlockTests {
    func extract(_ markdown: String) -> (samples: [Sample], diagnostics: [Diagnostic]) {
        SampleExtractor.extract(from: MarkdownParser.parse(markdown), path: "page.md")
    }

    @Test(arguments: ["```text", "```", "~~~txt", "```console"])
    func blessMakesThePlainBlockUnderTheFenceTheOutputBlock(_ opening: String) {
        let closing = opening.hasPrefix("~") ? "~~~" : "```"
        let original = "# P\n\n```swift\nprint(10)\n```\n\n\(opening)\n9\n\(closing)\n\nText.\n"
        let sample = extract(original).samples[0]
        let rewritten = Bless.rewrite(original, outputs: [(sample: sample, output: "10\n")])
        #expect(rewritten.refused.isEmpty)
        #expect(rewritten.text == "# P\n\n```swift\nprint(10)\n```\n\n```output\n10\n```\n\nText.\n")
    }

    @Test(arguments: ["Output:", "**Output:**", "This prints:", "Console output:", "It prints:"])
    func aBlockUnderAnOutputLabelIsAWarningAndBlessRefusesNamingIt(_ label: String) {
        let original = "# P\n\n```swift\nprint(2)\n```\n\n\(label)\n\n```\n2\n```\n"
        let found = extract(original)
        let shown = label.replacingOccurrences(of: "*", with: "")
        #expect(
            found.diagnostics.map(\.headline) == [
                "page.md:9:1: warning: this block under '\(shown)' below a Swift sample is not compared with what the sample prints"
            ])
        #expect(found.diagnostics.first?.notes.first?.contains("remove the '\(shown)' line") == true)
        let rewritten = Bless.rewrite(original, outputs: [(sample: found.samples[0], output: "2\n")])
        #expect(rewritten.text == original)
        #expect(rewritten.refused.first?.1.hasPrefix("the code block at line 9, under '\(shown)'") == true)
    }

    /// Prose that does not introduce output, or a block that is not plain, is no output label.
    @Test(arguments: [
        "Now the same loop, with an index:", "Output: the program prints each name on a line of its own.",
        "A function that counts the printed names in the list we made above:",
    ])
    func otherProseAboveABlockSaysNothing(_ prose: String) {
        #expect(extract("```swift\nprint(2)\n```\n\n\(prose)\n\n```\n2\n```\n").diagnostics.isEmpty)
        #expect(extract("```swift\nprint(2)\n```\n\nOutput:\n\n```rust\nfn main() {}\n```\n").diagnostics.isEmpty)
    }

    /// What an earlier `--bless` left: the output block, then the hand-written copy under it.
    @Test func aPlainBlockRepeatingTheOutputBlockAboveIsAWarning() {
        let page = "```swift\nprint(10)\n```\n\n```output\n10\n```\n\n```text\n10\n```\n"
        #expect(
            extract(page).diagnostics.map(\.headline) == [
                "page.md:9:1: warning: this block repeats the output block above it"
            ])
        #expect(extract(page.replacingOccurrences(of: "```text\n10", with: "```text\n$ swift run")).diagnostics.isEmpty)
    }

    /// The reviewer's page through `lecture check --bless`: the `text` block becomes the output
    /// block (one copy of the output), and the next check passes without a warning.
    @Test func blessOnAPageWithATextBlockLeavesOneCopy() throws {
        let markdown =
            "# P\n\n```swift\nactor Counter {\n    var value = 0\n    func add(_ n: Int) { value += n }\n}\n"
            + "let counter = Counter()\nawait counter.add(10)\nprint(await counter.value)\n```\n\n```text\n10\n```\n"
        let (status, lines, page) = try ContinuedPageTests.check(
            markdown, samples: "without-output = \"require\"\n", continued: "false", arguments: ["--bless"])
        #expect(status == 0, "\(lines)")
        let text = try #require(TestSupport.read(page))
        #expect(text == markdown.replacingOccurrences(of: "```text\n", with: "```output\n"), "\(text)")
        let again = try ContinuedPageTests.check(text, samples: "without-output = \"require\"\n", continued: "false")
        #expect(again.status == 0 && !again.lines.contains { $0.contains("warning") }, "\(again.lines)")
    }

    /// A sample that prints nothing (a declaration) gets no empty output block, which the page
    /// would show as an empty "verified" box (F10): bless leaves it, and the run says one thing,
    /// one error with one fix (`run` or `continue`): no "cannot bless", no "blessed 0 output
    /// blocks", no note that bless writes the block (new-user review 5, finding 5).
    @Test func blessWritesNoEmptyBlockAndTheErrorNamesContinue() throws {
        let markdown = "# P\n\n```swift\nstruct Greeter {\n    var name: String\n}\n```\n\nText.\n"
        let sample = extract(markdown).samples[0]
        let rewritten = Bless.rewrite(markdown, outputs: [(sample: sample, output: "")])
        #expect(rewritten.text == markdown)
        #expect(rewritten.refused.first?.1.hasPrefix("it printed nothing") == true)
        let (status, lines, page) = try ContinuedPageTests.check(
            markdown, samples: "without-output = \"require\"\n", continued: "false", arguments: ["--bless"])
        #expect(status == 1)
        #expect(TestSupport.read(page) == markdown)
        #expect(lines.filter { $0.contains(": error: ") }.count == 1, "\(lines)")
        #expect(lines.contains { $0.contains(": error: sample has no output block\n") }, "\(lines)")
        #expect(lines.contains { $0.contains("continue the page (continue = [") && $0.contains("mark it 'run'") })
        #expect(!lines.contains { $0.contains("cannot bless") || $0.contains("blessed 0") }, "\(lines)")
        #expect(!lines.contains { $0.contains("--bless' writes") || $0.contains("'output' right after it") })
    }
}
