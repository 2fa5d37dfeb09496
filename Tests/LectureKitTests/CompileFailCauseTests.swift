import Foundation
import Testing

@testable import LectureKit
@testable import LectureSupport

/// A `compile_fail` fence passes only on an error its page shows (newuser-10, #1): each kind of
/// failure that is not the fence's own code's fails it, with real swiftc, and names why; a scope
/// lesson and an `expect-error` that pins the error still pass.
@Suite struct CompileFailCauseTests {
    /// The fence's first error line and the closing count, from a book of `markdown` on one page.
    func checked(_ markdown: String, continued: String = "false") throws -> (status: Int32, lines: [String]) {
        let (status, lines, _) = try ContinuedPageTests.check(markdown, continued: continued)
        return (status, lines)
    }

    @Test(arguments: [
        // A name no fence declares (a typo, or a name of another page's).
        (
            "```swift compile_fail\nlet total = missingValue + 1\n```\n",
            "fails only because it cannot find 'missingValue', which it does not declare"
        ),
        // A module the run does not have.
        (
            "```swift compile_fail\nimport NoSuchLibraryAnywhere\nlet n: Int = 1\n```\n",
            "fails only because there is no module 'NoSuchLibraryAnywhere'"
        ),
        // A library the link lacks: a symbol nothing defines.
        (
            "```swift compile_fail\n@_silgen_name(\"lecture_no_such_symbol\")\nfunc missing() -> Int32\nprint(missing())\n```\n",
            "fails only at the link, not on its code"
        ),
        // A syntax error elsewhere: on lines the page hides.
        (
            "```swift compile_fail\n// snippet.hide\nlet = 5\n// snippet.show\nlet shown = 2\n```\n",
            "fails only on lines its page does not show as its code"
        ),
    ])
    func aFenceFailingForAReasonItsPageDoesNotShowFails(_ markdown: String, _ summary: String) throws {
        let (status, lines) = try checked(markdown)
        #expect(status != 0, "\(lines)")
        let error = lines.first { $0.contains("error: 'compile_fail' sample " + summary) }
        #expect(error != nil, "\(lines)")
        #expect(error?.contains("would show \"fails to compile, as intended\"") == true, "\(lines)")
        #expect(error?.contains("expect-error=") == true, "the fix: \(lines)")
        #expect(lines.last == "0 passed, 1 failed", "\(lines)")
    }

    /// A syntax error elsewhere: in the continued fences above the fence, which it compiles after.
    @Test func aFenceFailingOnlyOnTheContinuedFencesAboveItFails() throws {
        let markdown =
            "```swift\nlet = 5\n```\n\n```swift\nprint(1)\n```\n\n```output\n1\n```\n\n```swift compile_fail\nlet own = 2\n```\n"
        let (status, lines, page) = try ContinuedPageTests.check(markdown, continued: "true")
        #expect(status != 0)
        let error = lines.first { $0.contains("'compile_fail' sample fails only on lines its page does not show") }
        #expect(error?.hasPrefix(page + ":13:1:") == true, "\(lines)")
        #expect(error?.contains("\(page):2: error:") == true, "the error it failed on, listed: \(lines)")
    }

    @Test func anExpectErrorPinsTheErrorWhateverItIs() throws {
        let (status, lines) = try checked(
            "```swift compile_fail expect-error=\"no such module\"\nimport NoSuchLibraryAnywhere\n```\n")
        #expect(status == 0, "\(lines)")
        #expect(lines.last == "1 passed, 0 failed (passed: 1 failed to compile, as intended)", "\(lines)")
    }

    @Test func aFenceFailingOnItsOwnShownCodePasses() throws {
        let (status, lines) = try checked(
            "```swift compile_fail\n// snippet.hide\nlet hidden = 1\n// snippet.show\nlet shown: String = hidden\n```\n"
        )
        #expect(status == 0, "\(lines)")
        #expect(lines.last == "1 passed, 0 failed (passed: 1 failed to compile, as intended)", "\(lines)")
    }

    /// The review's case: the name is declared by a fence of another page.
    @Test func aFenceFailingOnANameAnotherPageDeclaresFailsAndNamesThatPage() throws {
        for continued in ["false", "[\"a.md\", \"b.md\"]"] {
            let (status, lines, root) = try CrossPageProgramTests.check(
                a: "```swift\nlet csv = [1, 2]\nprint(csv.count)\n```\n\n```output\n2\n```\n",
                b: "```swift compile_fail\nlet broken: String = csv\n```\n", continued: continued)
            #expect(status != 0, "\(lines)")
            let error = lines.first {
                $0.contains(
                    "'compile_fail' sample fails only because it cannot find 'csv', which another page declares")
            }
            #expect(error?.hasPrefix(root + "/src/b.md:1:1:") == true, "\(lines)")
            #expect(error?.contains("'csv' is declared by the fence at \(root)/src/a.md:1, on another page") == true)
            #expect(error?.contains("// snippet.hide") == true, "\(lines)")
            #expect(lines.last == "1 passed, 1 failed", "\(lines)")
        }
    }
}
