import Foundation
import Testing

@testable import LectureKit
@testable import LectureSupport

/// `check --bless` writes where the page is the author's and says only what is true after it
/// wrote (new-user review 5, findings 2 and 4): a sample whose code an `{{#include}}` brings
/// between the page's own fences gets its output block in the page; only a fence or an output
/// line from an include is refused; and the warnings about a block bless has just written are
/// judged again on it. Each run is the real tool in the contained scratch folder.
@Suite struct BlessAgreementTests {
    static let settings =
        "\n[preprocessor.lecture]\nrenderers = []\n\n[preprocessor.lecture.samples]\nverify = true\nwithout-output = \"require\"\n"

    /// Runs `check --bless` on a book whose `intro.md` is `page` (and `files` beside it under
    /// `src/`), then a plain check; the two runs and the page as bless left it.
    static func blessed(_ page: String, files: [String: String] = [:]) throws -> (
        bless: Subprocess.Result, again: Subprocess.Result, page: String
    ) {
        let (run, bless) = try TestSupport.containedBook(
            settings, pages: ["intro.md": page, "next.md": "# Next\n"].merging(files) { $1 },
            running: ["check", "--bless"])
        let book = run.scratch + "/work/book"
        let again = try run.lecture(["check"], in: "work/book")
        let text = String(decoding: try FileSystem.read(book + "/src/intro.md"), as: UTF8.self)
        return (bless, again, text)
    }

    /// Code from `{{#include}}` between the page's fences, no output block: bless writes one
    /// under the page's closing fence, and the next check passes without a word.
    @Test func includedCodeGetsItsOutputBlockInThePage() throws {
        let page = "# Intro\n\n```swift\n{{#include join.swift}}\n```\n\nText.\n"
        let done = try Self.blessed(page, files: ["join.swift": "print([\"a\", \"b\"].joined(separator: \"+\"))\n"])
        #expect(done.bless.termination == .exited(0), "\(done.bless.stdoutText)\(done.bless.stderrText)")
        #expect(done.bless.stdoutText.contains("blessed 1 output block in src/intro.md"), "\(done.bless.stdoutText)")
        #expect(done.page == "# Intro\n\n```swift\n{{#include join.swift}}\n```\n\n```output\na+b\n```\n\nText.\n")
        #expect(done.again.termination == .exited(0), "\(done.again.stderrText)")
        #expect(!done.again.stderrText.contains("warning"), "\(done.again.stderrText)")
    }

    /// Siblings: a part of a file (`:2:2`) with a wrong output block of the page's own (rewritten),
    /// and an output block whose line an include brings (refused, the include kept).
    @Test func aWrongBlockOfThePageIsRewrittenAndAnIncludedOneIsRefused() throws {
        let page =
            "# Intro\n\n```swift\n{{#include two.swift:2:2}}\n```\n\n```output\nwrong\n```\n\n"
            + "```swift\nprint(\"right\")\n```\n\n```output\n{{#include out.txt}}\n```\n"
        let done = try Self.blessed(page, files: ["two.swift": "let unused = 0\nprint(2)\n", "out.txt": "wrong\n"])
        #expect(done.bless.termination == .exited(1))
        #expect(done.page.hasPrefix("# Intro\n\n```swift\n{{#include two.swift:2:2}}\n```\n\n```output\n2\n```\n"))
        #expect(done.page.hasSuffix("```output\n{{#include out.txt}}\n```\n"), "\(done.page)")
        #expect(
            done.bless.stderrText.contains(
                "error: cannot bless: a fence of this sample or a line of its output block comes from an {{#include}}"),
            "\(done.bless.stderrText)")
    }

    /// A whole fenced sample from an included Markdown file: its fences are the file's, so it
    /// is refused, and the page is left as it was.
    @Test func aWholeIncludedSampleIsRefused() throws {
        let page = "# Intro\n\n{{#include sample.md}}\n"
        let done = try Self.blessed(page, files: ["sample.md": "```swift\nprint(1)\n```\n"])
        #expect(done.bless.termination == .exited(1))
        #expect(done.page == page)
        #expect(done.bless.stderrText.contains("cannot bless: a fence of this sample"), "\(done.bless.stderrText)")
    }

    /// `// Prints` comments and a `text` block under a fence, no output block: bless writes the
    /// blocks, and the same run says nothing about them (it advised doing just that before);
    /// a comment that now contradicts the written block is still said.
    @Test func warningsAboutWhatBlessWroteAreJudgedAgain() throws {
        let page =
            "# Intro\n\n```swift\nprint(2) // Prints \"2\"\n```\n\n```text\n2\n```\n\n"
            + "```swift\nprint(3)\n// Prints \"3\"\n```\n\n```swift\nprint(4)\n// Prints \"5\"\n```\n"
        let done = try Self.blessed(page)
        #expect(done.bless.termination == .exited(0), "\(done.bless.stderrText)")
        func warnings(_ text: String) -> [String] {
            text.split(separator: "\n").compactMap { line in
                line.range(of: ": warning: ").map { String(line[$0.upperBound...]) }
            }
        }
        let stale = "this '// Prints' comment names a line the sample's output block does not hold: '5'"
        #expect(warnings(done.bless.stderrText) == [stale], "\(done.bless.stderrText)")
        #expect(warnings(done.again.stderrText) == [stale], "\(done.again.stderrText)")
    }
}
