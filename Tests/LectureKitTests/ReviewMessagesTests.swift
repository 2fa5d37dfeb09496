import Foundation
import Testing

@testable import LectureKit
@testable import LectureSupport

/// The messages a new user met (new-user review 5, findings 3, 6, 7, 8, 13, 14, 15), each with
/// its fix: result comments said as `// Prints` comments are, a page named from the wrong
/// folder, a sample that never ends or crashes on purpose, a caption attribute, a book with no
/// Swift, and a site's words without `lecture init`'s.
@Suite struct ReviewMessagesTests {
    /// `check` of a one-page book (`page.md` holding `markdown`), in this process.
    static func check(_ markdown: String, arguments: [String] = []) throws -> (status: Int32, text: String) {
        let run = try ContinuedPageTests.check(markdown, continued: "false", arguments: arguments)
        return (run.status, run.lines.joined(separator: "\n"))
    }

    /// `// → value`, `// => value`, `// name == value`: a warning at the comment with the fix;
    /// `//` in a string and a `///` documentation comment are none; a bare expression's
    /// "is unused" warning says that a program shows nothing there.
    @Test func resultCommentsAndBareExpressionsAreSaid() throws {
        let markdown =
            "# P\n\n```swift\nlet doubled = [1, 2, 3].map { $0 * 2 } // → [2, 4, 6]\nlet total = doubled.reduce(0, +) // total == 99\n"
            + "let url = \"http://a // → b\"\n/// x == 1\nprint(total) // => 12\ntotal\n```\n\n```output\n12\n```\n"
        let (status, text) = try Self.check(markdown)
        #expect(status == 0, "\(text)")
        #expect(
            text.contains(
                "page.md:4:40: warning: this result comment is not compared with what the sample prints: '// → [2, 4, 6]'"
            ), "\(text)")
        #expect(
            text.contains(
                "page.md:5:34: warning: this result comment is not compared with what the sample prints: '// total == 99'"
            ), "\(text)")
        #expect(!text.contains("page.md:6:") && !text.contains("page.md:7:"), "\(text)")
        #expect(!text.contains("page.md:8:"), "the block holds '12': the comment stays, for readers\n\(text)")
        #expect(text.contains("which holds no line with this value"), "\(text)")
        #expect(text.contains("a playground shows this value beside the line; a program shows nothing"), "\(text)")
    }

    /// New-user review 6, finding 10: a result comment whose value the output block holds as a
    /// line (`→ 3`, `=> 3`, `total == 3`, a string literal's text) says nothing, on every build;
    /// one whose value the block does not hold, or with no block, still warns.
    @Test func aResultCommentTheOutputBlockVerifiesIsSilent() throws {
        let markdown =
            "# P\n\n```swift\nlet total = 3\nprint(total) // → 3\nprint(total) // => 3\nprint(total) // total == 3\n"
            + "print(\"hi\") // → \"hi\"\nprint(total + 1) // → 5\n```\n\n```output\n3\n3\n3\nhi\n4\n```\n"
        let (status, text) = try Self.check(markdown)
        #expect(status == 0, "\(text)")
        for line in 5...8 { #expect(!text.contains("page.md:\(line):"), "\(text)") }
        #expect(
            text.contains(
                "page.md:9:18: warning: this result comment is not compared with what the sample prints: '// → 5'"),
            "\(text)")
    }

    @Test(arguments: [
        "→ 3", "=> 3", "total == 99", "doubled[0] == 2", "a.b == c", "42", "-1.5", "\"hi\"", "[1, 2]", "true", "nil",
    ])
    func aCommentThatStatesAValueIsOne(comment: String) {
        #expect(ResultComments.resultComment("x // \(comment)"[...]) != nil)
    }

    @Test(arguments: ["see above", "-> Int", "a==b", "==", "\"//\" → 3", "TODO: x == y later", "2020 version", "42x"])
    func prose(comment: String) {
        #expect(ResultComments.resultComment("x // \(comment)"[...]) == nil)
        #expect(ResultComments.resultComment("let s = \"a // → 3\""[...]) == nil)
    }

    /// A bare literal is a result comment after an expression only: alone on its line it is prose.
    @Test func aBareLiteralAloneOnItsLineIsProse() {
        #expect(ResultComments.resultComment("// 42"[...]) == nil)
        #expect(ResultComments.resultComment("    // 2020"[...]) == nil)
        #expect(ResultComments.statedValues("// 42") == ["42"])
    }

    /// `// 42` after an expression (newuser-10, #9): the comment is warned about, and the compiler's
    /// "is unused" warning gets the playground note, an unused call's result included.
    @Test func aBareResultCommentIsWarnedAboutAndItsUnusedValueNoted() throws {
        let (_, lines, page) = try ContinuedPageTests.check(
            "```swift\nlet doubled = [42]\ndoubled.first!   // 42\nfunc twice(_ s: String) -> Int { Int(s)! * 2 }\ntwice(\"21\")   // 42\n```\n",
            continued: "false")
        #expect(
            lines.contains {
                $0.hasPrefix(page + ":3:")
                    && $0.contains("warning: this result comment is not compared with what the sample prints: '// 42'")
            }, "\(lines)")
        let call = lines.first { $0.contains("warning: result of call to 'twice") }
        #expect(call?.contains(CompileErrorHints.unusedValue) == true, "\(lines)")
        let value = lines.first { $0.contains("warning: expression of type 'Int' is unused") }
        #expect(value?.contains(CompileErrorHints.unusedValue) == true, "\(lines)")
    }

    /// A terminal session in a `swift` fence (newuser-10, #8): one error at the fence with the fix,
    /// not one of swiftc's per line.
    @Test func aShellSessionInASwiftFenceIsOneErrorWithTheFix() throws {
        let (status, lines, page) = try ContinuedPageTests.check(
            "# Build\n\n```swift\n$ swift build\nBuilding for debugging...\nBuild complete!\n```\n", continued: "false")
        #expect(status != 0)
        let errors = lines.filter { $0.contains(": error: ") }
        #expect(errors.count == 1, "\(lines)")
        #expect(errors.first?.hasPrefix(page + ":3:1: error: the fence holds a shell session, not Swift") == true)
        #expect(errors.first?.contains("```console") == true, "\(lines)")
    }

    /// A sample that never ends offers `no_run`; one that crashes offers `should_fail`.
    @Test func anEndlessOrCrashingSampleIsOfferedTheAttribute() throws {
        let markdown =
            "# P\n\n```swift\nwhile true {}\n```\n\n```swift\nlet maybe: Int? = nil\nprint(maybe!)\n```\n\n```output\n1\n```\n"
        let (status, text) = try Self.check(markdown, arguments: ["--timeout", "2"])
        #expect(status == 1)
        #expect(
            text.contains("if it runs forever on purpose (a server's loop, an event loop), mark it 'no_run'"), "\(text)"
        )
        #expect(text.contains("if the page shows the crash on purpose, mark it 'should_fail'"), "\(text)")
    }

    /// `title="Counter.swift"` is quoted as written and says how to name a sample's file.
    @Test func aCaptionAttributeIsQuotedAsWrittenWithTheWayToCaption() throws {
        let (_, text) = try Self.check("# P\n\n```swift title=\"Counter.swift\"\nprint(1)\n```\n\n```output\n1\n```\n")
        #expect(text.contains("error: unknown sample attribute 'title=\"Counter.swift\"'"), "\(text)")
        #expect(text.contains("a sample takes no caption"), "\(text)")
    }

    /// A book without Swift: the closing line says there was nothing to check.
    @Test func aBookWithoutSwiftSaysSo() throws {
        let (status, text) = try Self.check("# P\n\nNo code.\n")
        #expect(status == 0)
        #expect(text.hasSuffix("0 passed, 0 failed: no Swift samples in this book"), "\(text)")
    }

    /// A page named from the book's pages folder, not from the current one: exit 2, the folder
    /// looked in and the path meant.
    @Test func aPageNamedFromThePagesFolderIsFoundForTheMessage() throws {
        let root = try TestSupport.makeTree([
            "book.toml": "[book]\ntitle = \"T\"\n", "src/SUMMARY.md": "- [A](ch/a.md)\n", "src/ch/a.md": "# A\n",
        ])
        defer { FileSystem.removeTemporaryDirectory(root) }
        let recorder = TestSupport.Recorder()
        let status = LectureCommand.main(["check", root, "ch/a.md"], console: recorder.console)
        let text = recorder.lines.joined(separator: "\n")
        #expect(status == 2)
        #expect(
            text.contains("ch/a.md: error: file does not exist (a page is named from the current folder, "), "\(text)")
        #expect(text.contains("did you mean '\(root)/src/ch/a.md'?"), "\(text)")
        #expect(!text.contains("build step"), "\(text)")
    }

    /// words.js holds the site's words, none of `lecture init`'s.
    @Test func theSiteShipsNoInitWords() throws {
        let words = InterfaceWords.load(language: "en", themeDirectory: nil).words
        #expect(words.table["init-text"] != nil)
        let script = String(decoding: words.script, as: UTF8.self)
        #expect(!script.contains("\"init-"), "\(script)")
        #expect(script.contains("\"not-found-heading\""))
    }
}
