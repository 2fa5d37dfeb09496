import Foundation
import Testing

@testable import CommonMark
@testable import LectureKit
@testable import LectureSupport

/// A page whose fences continue one program (`continue`), checked end to end as a Swift tutorial
/// written in fragments is: the fences that stand apart see the code above them, and each error
/// stands at the fence it is about.
@Suite struct ContinuedPageTests {
    /// `lecture check` of a book whose one page `page.md` holds `markdown`, continued; the
    /// status and the lines printed.
    static func check(
        _ markdown: String, samples: String = "", continued: String = "true", files: [String: String] = [:],
        arguments: [String] = []
    ) throws -> (
        status: Int32, lines: [String], page: String
    ) {
        let root = try TestSupport.temporaryDirectory()
        let toml =
            "[book]\ntitle = \"T\"\n\n[preprocessor.lecture]\nrenderers = []\n\n[preprocessor.lecture.samples]\nverify = true\ncontinue = \(continued)\n"
            + samples
        try FileSystem.writeAtomically(toml, to: root + "/book.toml")
        try FileSystem.writeAtomically("# Summary\n\n- [Page](page.md)\n", to: root + "/src/SUMMARY.md")
        try FileSystem.writeAtomically(markdown, to: root + "/src/page.md")
        for (path, text) in files { try FileSystem.writeAtomically(text, to: root + "/src/" + path) }
        let recorder = TestSupport.Recorder()
        let status = LectureCommand.main(
            ["check", root, "--cache-dir", TestSupport.cacheDirectory] + arguments, console: recorder.console)
        return (status, recorder.lines, root + "/src/page.md")
    }

    static let counter =
        "```swift\nstruct Counter {\n    var count = 0\n    mutating func increment() { count += 1 }\n}\n```\n\n"

    /// A `compile_fail` (or `no_run`) fence stands apart from the continued program, and still
    /// sees its declarations: it fails with the error the page explains.
    @Test func aCompileFailOrNoRunFenceSeesTheDeclarationsAboveIt() throws {
        let markdown =
            Self.counter
            + "```swift\nvar counter = Counter()\ncounter.increment()\nprint(counter.count)\n```\n\n```output\n1\n```\n\n"
            + "```swift compile_fail expect-error=\"mutating member\"\nlet fixed = Counter()\nfixed.increment()\n```\n\n"
            + "```swift no_run\nlet other = Counter()\nprint(other.count, counter.count)\n```\n"
        let (status, lines, _) = try Self.check(markdown)
        #expect(status == 0, "\(lines)")
        #expect(
            lines.last
                == "3 passed, 0 failed (passed: 1 run and compared, 1 compiled only, 1 failed to compile, as intended; 2 code blocks as one program)",
            "\(lines)")
        #expect(!lines.contains { $0.contains("cannot find") }, "\(lines)")
    }

    /// Without an output block (`without-output = "require"`), each fence that printed is an
    /// error at its own fence with what it printed, no internal marker, and that `--bless` writes the block (`ContinuedBlessTests`).
    @Test func eachFenceThatPrintedWithoutAnOutputBlockIsAnErrorAtThatFence() throws {
        let markdown =
            Self.counter + "```swift\nprint(3)\n```\n\nText.\n\n```swift\nlet six = 6\n```\n\n"
            + "```swift\nprint(six)\n```\n"
        let (status, lines, page) = try Self.check(markdown, samples: "without-output = \"require\"\n")
        #expect(status != 0)
        let errors = lines.filter { $0.contains("error: sample has no output block") }
        #expect(
            errors.map { $0.split(separator: "\n")[0] } == [
                "\(page):8:1: error: sample has no output block", "\(page):18:1: error: sample has no output block",
            ], "\(lines)")
        #expect(!lines.contains { $0.contains("lecture-part") || $0.contains("\u{1E}") }, "\(lines)")
        #expect(
            errors.map { $0.components(separatedBy: "it printed:\n")[1].split(separator: "\n")[0] } == [
                "    3", "    6",
            ],
            "what each fence printed: \(lines)")
        #expect(lines.contains { $0.contains("'lecture check --bless' writes the block") }, "\(lines)")
    }

    /// A crash is reported at the fence that was running, found by the part markers the program
    /// printed before it (even when the crashing fence printed nothing).
    @Test func aCrashIsReportedAtTheFenceThatWasRunning() throws {
        let markdown =
            "```swift\nvar items = [1, 2, 3]\nprint(items.count)\n```\n\n```output\n3\n```\n\n"
            + "```swift\nitems.removeAll()\nprint(items[0])\n```\n\n```output\n1\n```\n\n"
            + "```swift\nprint(\"after\")\n```\n\n```output\nafter\n```\n"
        let (status, lines, page) = try Self.check(markdown)
        #expect(status != 0)
        #expect(lines.contains { $0.hasPrefix("\(page):10:1: error: sample crashed") }, "\(lines)")
        #expect(!lines.contains { $0.hasPrefix("\(page):1:1: error") }, "\(lines)")
    }
}

/// What a Swift author who wrote a page as they write Swift elsewhere is told: where the way to
/// say it is, at the line.
@Suite struct SwiftAuthorHintTests {
    /// A `continue` entry is a page's path in the pages' folder; one that names no page (written
    /// from the book's folder, or without `.md`) is a warning at its line, with the path meant.
    @Test func aContinueEntryThatNamesNoPageIsWarnedAboutWithThePathMeant() throws {
        let markdown = ContinuedPageTests.counter + "```swift\nprint(Counter().count)\n```\n\n```output\n0\n```\n"
        let (status, lines, page) = try ContinuedPageTests.check(
            markdown, continued: "[\"src/page.md\", \"page\", \"tour.md\"]")
        #expect(status != 0, "the page is not continued: \(lines)")
        let toml = page.replacingOccurrences(of: "src/page.md", with: "book.toml")
        let warnings = lines.filter { $0.hasPrefix(toml + ":9:") && $0.contains(": warning: ") }
        #expect(warnings.count == 3, "\(lines)")
        #expect(warnings.filter { $0.contains("did you mean 'page.md'?") }.count == 2, "\(warnings)")
        #expect(warnings.contains { $0.contains("names 'tour.md'") && !$0.contains("did you mean") }, "\(warnings)")
        let (_, named, _) = try ContinuedPageTests.check(markdown, continued: "[\"page.md\"]")
        #expect(!named.contains { $0.contains("lecture.samples.continue") }, "\(named)")
    }

    /// A page written as one program in fragments, without `continue`: the compiler's "cannot
    /// find 'X' in scope" says where the page declares `X` and how to continue the program.
    @Test func aNameAnEarlierFenceDeclaresPointsAtContinueAndGroup() throws {
        let markdown =
            ContinuedPageTests.counter
            + "```swift\nvar counter = Counter()\ncounter.increment()\nprint(counter.count)\n```\n\n```output\n1\n```\n"
            + "\n```swift\nlet unknown = Missing()\n```\n"
        let (status, lines, page) = try ContinuedPageTests.check(markdown, continued: "false")
        #expect(status != 0)
        let counter = lines.first { $0.contains("cannot find 'Counter' in scope") }
        #expect(counter?.contains("declared by the fence at \(page):1") == true, "\(lines)")
        #expect(counter?.contains("continue = [\"page.md\"]") == true, "\(lines)")
        #expect(counter?.contains("group=NAME") == true, "\(lines)")
        let missing = lines.first { $0.contains("cannot find 'Missing' in scope") }
        #expect(missing?.contains("declared by the fence") == false, "no fence declares it: \(lines)")
    }

    /// The fix is said once per fence: every later use of a name an earlier fence declares gets
    /// one line pointing back to it (newuser-6, #11: four copies of the note buried the rest).
    @Test func theFixForAFragmentIsSaidOncePerFence() throws {
        let markdown =
            ContinuedPageTests.counter
            + "```swift\nvar a = Counter()\nvar b = Counter()\nlet c: Counter = a\nprint(b.count, c.count)\n```\n"
        let (status, lines, page) = try ContinuedPageTests.check(markdown, continued: "false")
        #expect(status != 0)
        let text = lines.joined(separator: "\n")
        #expect(text.components(separatedBy: "continue = [\"page.md\"]").count == 2, "once: \(text)")
        let pointers = lines.filter { $0.contains("how to join the fences: see the note at ") }
        #expect(pointers.count == 2, "\(text)")
        #expect(pointers.allSatisfy { $0.contains("'Counter' is declared by the fence at \(page):1") }, "\(text)")
    }

    /// A compile error notes the attributes of a fence not meant to compile; a manifest's import
    /// of SwiftPM's own module says so instead of asking for its sources as a sample library.
    @Test func aCompileErrorNamesTheAttributesAndAManifestIsNoSampleLibrary() throws {
        let markdown =
            "```swift\n    mutating func increment() { }\n```\n\n"
            + "```swift\n// swift-tools-version: 5.9\nimport PackageDescription\nlet package = Package(name: \"X\")\n```\n"
        let (_, lines, _) = try ContinuedPageTests.check(markdown, continued: "false")
        let excerpt = lines.first { $0.contains("only valid on methods") }
        #expect(excerpt?.contains("mark it 'ignore'") == true, "\(lines)")
        #expect(excerpt?.contains("mark it 'compile_fail'") == true, "\(lines)")
        let manifest = lines.first { $0.contains("no such module 'PackageDescription'") }
        #expect(manifest?.contains("SwiftPM's own module") == true, "\(lines)")
        #expect(manifest?.contains("path/to/PackageDescription") == false, "\(lines)")
    }

    /// Output written the way The Swift Programming Language writes it (a `// Prints` comment),
    /// or in a plain or `text` block under the fence, is not compared: a warning at it points at
    /// the `output` block; the `output` block itself is no warning.
    @Test func outputWrittenInAnotherWayIsAWarningPointingAtTheOutputBlock() {
        let markdown =
            "```swift\nlet n = 3\nprint(n)  // Prints \"3\"\n    // Prints \"3\"\n```\n\n```\n3\n```\n\n"
            + "```swift\nprint(6)\n```\n\n```text\n6\n```\n\n"
            + "```swift\nprint(1)\n// Prints \"1\"\n```\n\n```output\n1\n```\n\n```swift\nprint(2)\n```\n\n```rust\nfn main() {}\n```\n"
        let found = SampleExtractor.extract(from: MarkdownParser.parse(markdown), path: "page.md")
        #expect(
            found.diagnostics.map(\.headline).sorted() == [
                "page.md:15:1: warning: this block under a Swift sample is not compared with what the sample prints",
                "page.md:4:5: warning: a '// Prints' comment is not compared with what the sample prints",
                "page.md:7:1: warning: this block under a Swift sample is not compared with what the sample prints",
            ], "\(found.diagnostics)")
        #expect(found.diagnostics.allSatisfy { $0.notes.joined().contains("```output") })
    }
}
