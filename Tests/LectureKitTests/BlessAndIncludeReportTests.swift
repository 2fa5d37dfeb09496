import Foundation
import Testing

@testable import CommonMark
@testable import LectureKit
@testable import LectureServe
@testable import LectureSupport

/// What a new user met with `--bless` and `{{#include}}`: each kind once, the way a person
/// would have written it.
@Suite struct BlessAndIncludeReportTests {
    func check(_ arguments: [String]) -> (status: Int32, lines: [String]) {
        run(["check", "--cache-dir", TestSupport.cacheDirectory] + arguments)
    }

    /// `check` of a book whose one page `p.md` is `page`, with `files` beside it: the status,
    /// what it printed, and the book's folder, for the caller to remove.
    func checkPage(_ page: String, files: [String: String]) throws -> (status: Int32, text: String, root: String) {
        var tree = ["content/SUMMARY.md": "# 책\n\n- [쪽](p.md)\n", "content/p.md": page]
        for (name, text) in files { tree["content/" + name] = text }
        let root = try TestSupport.makeTree(tree)
        let result = check(["--content", root + "/content"])
        return (result.status, result.lines.joined(separator: "\n"), root)
    }

    /// `lecture ARGUMENTS…` in this process: its exit status and what it printed.
    func run(_ arguments: [String]) -> (status: Int32, lines: [String]) {
        let recorder = TestSupport.Recorder()
        let status = LectureCommand.main(arguments, console: recorder.console, extraSubcommands: HTTPSubcommands.all)
        return (status, recorder.lines)
    }

    @Test func blessInsertsTheNewOutputBlockAfterABlankLine() {
        for (page, expected) in [
            ("```swift\nprint(1)\n```\n", "```swift\nprint(1)\n```\n\n```output\n1\n```\n"),
            ("```swift\nprint(1)\n```", "```swift\nprint(1)\n```\n\n```output\n1\n```"),
            ("> ```swift\n> print(1)\n> ```\n", "> ```swift\n> print(1)\n> ```\n>\n> ```output\n> 1\n> ```\n"),
            ("- ```swift\n  print(1)\n  ```\n", "- ```swift\n  print(1)\n  ```\n\n  ```output\n  1\n  ```\n"),
        ] {
            let sample = SampleExtractor.extract(from: MarkdownParser.parse(page), path: "p.md").samples[0]
            #expect(Bless.apply(page, outputs: [(sample: sample, output: "1\n")]) == expected, "\(page)")
        }
    }

    /// Output ending in a blank line (`print("a\n")`, `print("a"); print("")`, `print("\n\n")`)
    /// was refused "(a tab or a container around the fence)" though there was neither, while the
    /// mismatch said bless accepts it (attack 12): a fence keeps its trailing blank lines, so it
    /// is blessed, with a block and without, and the page then matches.
    @Test(arguments: ["a\n\n", "a\n\n\n", "\n\n\n", "\n", "a\n \n"])
    func outputEndingInBlankLinesIsBlessed(_ output: String) {
        for page in [
            "```swift\nprint(1)\n```\n\n```output\nx\n```\n", "```swift\nprint(1)\n```\n",
            "> ```swift\n> print(1)\n> ```\n",
        ] {
            let sample = SampleExtractor.extract(from: MarkdownParser.parse(page), path: "p.md").samples[0]
            let (text, refused) = Bless.rewrite(page, outputs: [(sample: sample, output: output)])
            #expect(refused.isEmpty, "\(refused.map(\.1))")
            let blessed = SampleExtractor.extract(from: MarkdownParser.parse(text), path: "p.md").samples[0]
            #expect(OutputComparison.matches(expected: blessed.expectedOutput ?? "", actual: output), "\(text)")
        }
    }

    @Test func aReadOnlyPageIsRefusedOnceNotOncePerSample() throws {
        let page =
            "# 쪽\n\n```swift\nprint(1)\n```\n\n```output\n2\n```\n\n```swift\nprint(3)\n```\n\n```output\n4\n```\n"
        let root = try TestSupport.makeTree(["content/SUMMARY.md": "# 책\n\n- [쪽](p.md)\n", "content/p.md": page])
        defer {
            chmod(root + "/content/p.md", 0o644)
            FileSystem.removeTemporaryDirectory(root)
        }
        chmod(root + "/content/p.md", 0o444)
        let result = check(["--bless", "--content", root + "/content"])
        #expect(result.status == 1)
        #expect(
            result.lines.filter { $0.contains("cannot bless: the file is read-only") }.count == 1, "\(result.lines)")
        #expect(try FileSystem.read(root + "/content/p.md") == Array(page.utf8), "left as it was")
    }

    @Test func aMissingIncludeIsTheOneProblemOfItsSample() throws {
        let page = "# 쪽\n\n```swift\n{{#include missing.swift}}\n```\n"
        let root = try TestSupport.makeTree(["content/SUMMARY.md": "# 책\n\n- [쪽](p.md)\n", "content/p.md": page])
        defer { FileSystem.removeTemporaryDirectory(root) }
        let result = check(["--content", root + "/content"])
        #expect(result.status == 1)
        let errors = result.lines.filter { $0.contains(": error: ") }
        #expect(errors.count == 1, "\(result.lines)")
        #expect(errors.first?.hasPrefix(root + "/content/p.md:4:") == true, "\(errors)")
        #expect(errors.first?.contains("missing.swift") == true)
        #expect(!result.lines.joined().contains("no output block") && !result.lines.joined().contains("--bless"))
        #expect(result.lines.last == "0 passed, 1 failed")
    }

    /// A sample whose code an `{{#include}}` brings between the page's own fences is blessed in
    /// the page (newuser-5 F2), so its diagnostics say so; one whose output block an include
    /// brings is left alone, and its diagnostics must not suggest bless.
    @Test(arguments: ["```output\n2\n```\n", ""])
    func anIncludedCodeSampleIsToldToBless(_ outputBlock: String) throws {
        let (status, text, root) = try checkPage(
            "# 쪽\n\n```swift\n{{#include code.swift}}\n```\n\n" + outputBlock, files: ["code.swift": "print(1)\n"])
        defer { FileSystem.removeTemporaryDirectory(root) }
        #expect(status == 1)
        #expect(
            text.contains(outputBlock.isEmpty ? "sample has no output block" : "output does not match"), "\(text)")
        #expect(!text.contains("does not rewrite lines an {{#include}} brings"), "\(text)")
        #expect(
            text.contains(
                outputBlock.isEmpty ? "'lecture check --bless' writes the block" : "'lecture check --bless' accepts"),
            "\(text)")
    }

    @Test func aSampleWhoseOutputIsIncludedIsNotToldToBless() throws {
        let (status, text, root) = try checkPage(
            "# 쪽\n\n```swift\nprint(1)\n```\n\n```output\n{{#include out.txt}}\n```\n", files: ["out.txt": "2\n"])
        defer { FileSystem.removeTemporaryDirectory(root) }
        #expect(status == 1)
        #expect(text.contains("does not rewrite lines an {{#include}} brings"), "\(text)")
        #expect(!text.contains("'lecture check --bless' accepts") && !text.contains("'lecture check --bless' writes"))
    }

    /// An expected output that comes from `{{#include out.txt}}` in the output block was located
    /// at the page's fence, out.txt named nowhere (attack 12; Sphinx PR #4584): the mismatch is at
    /// out.txt's line, with the included-from note, and the note names the included file as the
    /// place to edit.
    @Test func aMismatchOfAnIncludedOutputIsAtTheIncludedFile() throws {
        let (status, text, root) = try checkPage(
            "# 쪽\n\n```swift\nprint(\"right\")\n```\n\n```output\n{{#include out.txt}}\n```\n",
            files: ["out.txt": "wrong\n"])
        defer { FileSystem.removeTemporaryDirectory(root) }
        #expect(status == 1)
        #expect(
            text.contains(root + "/content/out.txt:1:1: error: output does not match the expected output"), "\(text)")
        #expect(text.contains("included from " + root + "/content/p.md:8"), "\(text)")
        #expect(text.contains("(or the file it includes) by hand"), "\(text)")
    }
}
