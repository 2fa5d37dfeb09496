import Foundation
import Testing

@testable import LectureKit
@testable import LectureSupport

/// A tutorial that builds one program across pages (newuser-10, #4): no setting joins pages, so a
/// fence that uses what another page declared fails, and its error names the fence that declares
/// it and how such a tutorial is verified (a hidden preamble), which then passes.
@Suite struct CrossPageProgramTests {
    /// `lecture check` of a book of two pages, `a.md` then `b.md`, with `continue = CONTINUED`:
    /// its status, lines and folder.
    static func check(a: String, b: String, continued: String = "false") throws -> (
        status: Int32, lines: [String], root: String
    ) {
        let root = try TestSupport.makeTree([
            "book.toml":
                "[book]\ntitle = \"T\"\n\n[preprocessor.lecture]\nrenderers = []\n\n[preprocessor.lecture.samples]\nverify = true\ncontinue = \(continued)\n",
            "src/SUMMARY.md": "# Summary\n\n- [A](a.md)\n- [B](b.md)\n", "src/a.md": a, "src/b.md": b,
        ])
        let recorder = TestSupport.Recorder()
        let status = LectureCommand.main(
            ["check", root, "--cache-dir", TestSupport.cacheDirectory], console: recorder.console)
        return (status, recorder.lines, root)
    }

    static let stepOne = "```swift\nlet x = 1\n```\n"

    @Test func aNameAnotherPageDeclaresIsNamedWithTheWayToVerifyTheTutorial() throws {
        for continued in ["false", "[\"a.md\", \"b.md\"]", "true"] {
            let (status, lines, root) = try Self.check(
                a: Self.stepOne, b: "```swift\nprint(x)\n```\n\n```output\n1\n```\n", continued: continued)
            #expect(status != 0)
            let error = lines.first { $0.contains("b.md:2:7: error: cannot find 'x' in scope") }
            #expect(
                error?.contains("'x' is declared by the fence at \(root)/src/a.md:1, on another page") == true,
                "\(lines)")
            #expect(error?.contains("'// snippet.hide' and '// snippet.show'") == true, "\(lines)")
            #expect(error?.contains("continue = [") == false, "no setting joins pages: \(lines)")
            #expect(error?.contains(CompileErrorAdvice.fixTheCode) == false, "\(lines)")
        }
    }

    @Test func theHiddenPreambleTheNoteGivesVerifiesTheStep() throws {
        let (status, lines, _) = try Self.check(
            a: Self.stepOne,
            b: "```swift\n// snippet.hide\nlet x = 1\n// snippet.show\nprint(x)\n```\n\n```output\n1\n```\n")
        #expect(status == 0, "\(lines)")
        #expect(lines.last == "2 passed, 0 failed (passed: 1 run and compared, 1 run only)", "\(lines)")
    }
}
