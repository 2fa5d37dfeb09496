import Testing

@testable import LectureKit
@testable import LectureSupport

/// A sample that traps is reported at the line that trapped, as a compiler error is, with the
/// fence as a note: it was reported at the fence while its stderr named the line
/// (`src/page.md:13: Fatal error: …`). Each trap the runtime names a line for, a trap in an
/// included file (at the file's line), in a continued program's later fence, and in the fences
/// a `should_fail` fence runs after; a trap in the standard library names no line of the page
/// and stays at the fence.
@Suite struct TrapLineBadInputTests {
    /// The first line of each error.
    static func errors(_ lines: [String]) -> [String] {
        BadInputBook.headlines(lines, "error")
    }

    /// Fences at 1, 7, 11, 15, 19, 25 (in a list item) and 31; the last traps in the standard
    /// library.
    static let traps = """
        ```swift
        print("start")
        let missing: Int? = nil
        print(missing!)
        ```

        ```swift
        fatalError("stop here")
        ```

        ```swift
        precondition(1 > 2, "one is not above two")
        ```

        ```swift
        assertionFailure("never")
        ```

        ```swift
        assert(1 > 2)
        ```

        - A list:

          ```swift
          if true {
              preconditionFailure("deep")
          }
          ```

        ```swift
        print([1][2])
        ```

        """

    @Test func eachTrapIsReportedAtItsLineWithTheFenceAsANote() throws {
        let (status, lines, page) = try ContinuedPageTests.check(Self.traps, continued: "false")
        #expect(status != 0)
        let errors = Self.errors(lines)
        let expected = [
            "\(page):4:1: error: sample crashed with SIGILL: Fatal error: Unexpectedly found nil while unwrapping an Optional value",
            "\(page):8:1: error: sample crashed with SIGILL: Fatal error: stop here",
            "\(page):12:1: error: sample crashed with SIGILL: Precondition failed: one is not above two",
            "\(page):16:1: error: sample crashed with SIGILL: Fatal error: never",
            "\(page):20:1: error: sample crashed with SIGILL: Assertion failed",
            "\(page):27:7: error: sample crashed with SIGILL: Fatal error: deep",
            "\(page):31:1: error: sample crashed with SIGILL: Fatal error: Index out of range",
        ]
        #expect(errors == expected, "\(lines.joined(separator: "\n"))")
        let text = lines.joined(separator: "\n")
        #expect(text.contains("it trapped here, in the fence at \(page):1:1\n"), "\(text)")
        #expect(text.contains("it trapped here, in the fence at \(page):25:3\n"), "\(text)")
        #expect(!text.contains("in the fence at \(page):31"), "no line of the page to name: \(text)")
    }

    @Test func aTrapInAnIncludedFileIsAtTheFilesLine() throws {
        let code =
            "func pick(_ values: [Int]) -> Int {\n    guard let first = values.first else { fatalError(\"empty\") }\n    return first\n}\n"
        let page = "# Page\n\n```swift\n{{#include pick.swift}}\nprint(pick([]))\n```\n"
        let (status, lines, path) = try ContinuedPageTests.check(
            page, continued: "false", files: ["pick.swift": code])
        #expect(status != 0)
        let file = String(path.dropLast("page.md".count)) + "pick.swift"
        let text = lines.joined(separator: "\n")
        #expect(
            Self.errors(lines) == ["\(file):2:5: error: sample crashed with SIGILL: Fatal error: empty"], "\(text)")
        #expect(text.contains("it trapped here, in the fence at \(path):3:1\n"), "\(text)")
        #expect(text.contains("included from \(path):4"), "\(text)")
    }

    /// A continued program (fences at 1 and 10) traps in its second fence, line 12; the
    /// `should_fail` fence at 18 runs after both and ends there too.
    @Test func aTrapInAContinuedProgramIsAtItsLineInTheFenceThatRan() throws {
        let page = """
            ```swift
            let values = [1, 2]
            print(values.count)
            ```

            ```output
            2
            ```

            ```swift
            func pick(_ index: Int) -> Int {
                precondition(index < values.count, "too far")
                return values[index]
            }
            print(pick(5))
            ```

            ```swift should_fail
            print("own")
            ```

            """
        let (status, lines, path) = try ContinuedPageTests.check(page)
        #expect(status != 0)
        let text = lines.joined(separator: "\n")
        #expect(
            Self.errors(lines) == [
                "\(path):12:5: error: sample crashed with SIGILL: Precondition failed: too far",
                "\(path):12:5: error: 'should_fail' sample ended in the page's fences above it, before its own code ran",
            ], "\(text)")
        #expect(
            text.contains("it trapped here, in the fence at \(path):10:1 (run for the sample at \(path):1:1)"),
            "\(text)")
        #expect(
            text.contains("it trapped here, in the fence at \(path):10:1 (run for the sample at \(path):18:1)"),
            "\(text)")
    }

    @Test func aTrapInATestIsAtItsLine() throws {
        let page = """
            ```swift test
            import Testing

            @Test func first() {
                let missing: Int? = nil
                let value = missing!
                #expect(value == 1)
            }
            ```

            """
        let (status, lines, path) = try ContinuedPageTests.check(page, continued: "false")
        #expect(status != 0)
        #expect(
            Self.errors(lines) == [
                "\(path):6:5: error: test program crashed with SIGILL: Fatal error: Unexpectedly found nil while unwrapping an Optional value"
            ], "\(lines.joined(separator: "\n"))")
    }

    @Test func aTrapMessageNamesItsLineOnlyForTheSamplesPage() {
        #expect(TrapPlace.trapLine("src/a.md:13: Fatal error: x", path: "src/a.md") == 13)
        #expect(TrapPlace.trapLine("src/a.md:3: Precondition failed", path: "src/a.md") == 3)
        #expect(TrapPlace.trapLine("Swift/ContiguousArrayBuffer.swift:692: Fatal error: x", path: "src/a.md") == nil)
        #expect(TrapPlace.trapLine("src/a.md:13: warning: x", path: "src/a.md") == nil)
        #expect(SampleVerifier.trapMessage(in: "a.md:3: Precondition failed") == "Precondition failed")
        #expect(SampleVerifier.trapMessage(in: "a.md:3: Assertion failed: no") == "Assertion failed: no")
    }
}
