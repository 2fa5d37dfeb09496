import Foundation
import Testing

@testable import LectureKit
@testable import LectureSupport

/// What a continued page's fences print, fence by fence (newuser-8): a fence that prints without
/// an output block among fences that have theirs, output that differs between two runs, a run
/// that ends badly, and a program that prints nothing; each told at the fence it is about, with
/// what that fence printed and never the marker the program prints between fences.
@Suite struct ContinuedOutputTests {
    /// A page of `fences` fences, the `index`th printing `print(letter)`, each with its output
    /// block but the `bare` one's (`-1`: every fence has its block); `code` replaces one fence's code.
    static func page(fences: Int, bare: Int, code: [Int: String] = [:]) -> String {
        (0..<fences).map { index in
            let letter = String(UnicodeScalar(UInt8(97 + index)))
            return "```swift\n\(code[index] ?? "print(\"\(letter)\")")\n```\n\n"
                + (index == bare ? "" : "```output\n\(letter)\n```\n\n")
        }.joined()
    }

    /// The line of the `index`th Swift fence of `markdown` (1-based lines, 0-based index).
    static func fenceLine(_ index: Int, in markdown: String) -> Int {
        let lines = markdown.split(separator: "\n", omittingEmptySubsequences: false)
        return lines.indices.filter { lines[$0].hasPrefix("```swift") }[index] + 1
    }

    static let require = "without-output = \"require\"\n"

    /// Whether a line shows the marker a continued program prints between fences.
    static func showsMarker(_ lines: [String]) -> Bool {
        lines.contains { $0.contains("lecture-part") || $0.contains("\u{1E}") }
    }

    /// The fence without a block is the 2nd of 2, the 2nd of 3, the 3rd of 3, the 4th of 4.
    static let bareFences = [(2, 1), (3, 1), (3, 2), (4, 3)]

    /// With `require`, a fence that prints without an output block is an error at that fence with
    /// what it printed, even when the page's other fences have theirs (it passed silently).
    @Test(arguments: bareFences)
    func aFenceThatPrintsWithoutABlockAmongOthersIsAnErrorAtItWithRequire(fences: Int, bare: Int) throws {
        let markdown = Self.page(fences: fences, bare: bare)
        let (status, lines, page) = try ContinuedPageTests.check(markdown, samples: Self.require)
        #expect(status != 0, "\(lines)")
        let errors = lines.filter { $0.contains("error: sample has no output block") }
        #expect(
            errors.map { String($0.split(separator: "\n")[0]) } == [
                "\(page):\(Self.fenceLine(bare, in: markdown)):1: error: sample has no output block"
            ], "\(lines)")
        let letter = String(UnicodeScalar(UInt8(97 + bare)))
        #expect(errors.first?.contains("it printed:\n    \(letter)\n") == true, "\(lines)")
        #expect(!Self.showsMarker(lines), "\(lines)")
    }

    /// `--bless` with `require` writes that fence's block, and the page then passes.
    @Test(arguments: bareFences)
    func blessWritesTheBlockOfTheFenceThatPrintedWithoutOne(fences: Int, bare: Int) throws {
        let markdown = Self.page(fences: fences, bare: bare)
        let (status, lines, page) = try ContinuedPageTests.check(
            markdown, samples: Self.require, arguments: ["--bless"])
        #expect(status == 0, "\(lines)")
        #expect(TestSupport.read(page) == Self.page(fences: fences, bare: -1), "\(lines)")
        let again = try ContinuedPageTests.check(try #require(TestSupport.read(page)), samples: Self.require)
        #expect(again.status == 0 && again.lines.last?.hasPrefix("1 passed, 0 failed (") == true, "\(again.lines)")
    }

    /// With the default setting (`run`), such a fence passes on its exit status as any fence
    /// without a block does (rustdoc's rule), and `--bless` writes no block for it.
    @Test(arguments: bareFences)
    func withTheDefaultSettingSuchAFencePassesAndBlessLeavesIt(fences: Int, bare: Int) throws {
        let markdown = Self.page(fences: fences, bare: bare)
        let (status, lines, page) = try ContinuedPageTests.check(markdown, arguments: ["--bless"])
        #expect(status == 0, "\(lines)")
        #expect(!lines.contains { $0.contains("error:") }, "\(lines)")
        #expect(TestSupport.read(page) == markdown)
    }

    /// A fence marked `run` says it passes on its exit status: with `require` it needs no block,
    /// and `--bless` writes none; the unmarked fence beside it still does.
    @Test func aFenceMarkedRunNeedsNoBlockWithRequire() throws {
        let markdown = Self.page(fences: 3, bare: 1).replacingOccurrences(
            of: "```swift\nprint(\"b\")", with: "```swift run\nprint(\"b\")")
        let (status, lines, _) = try ContinuedPageTests.check(markdown, samples: Self.require)
        #expect(status == 0, "\(lines)")
        let both = markdown.replacingOccurrences(of: "```output\nc\n```\n\n", with: "")
        let (failed, errors, page) = try ContinuedPageTests.check(both, samples: Self.require, arguments: ["--bless"])
        #expect(failed == 0, "\(errors)")
        #expect(TestSupport.read(page) == markdown, "only the unmarked fence gets a block: \(errors)")
    }

    /// Output that differs between two runs is an error at the fence that printed it, with only
    /// what each run printed while running that fence (it stood at the page's first fence and
    /// showed every fence's output, the markers between them too).
    @Test(arguments: [(2, 1), (3, 0), (3, 1), (3, 2)])
    func outputThatDiffersBetweenRunsIsAnErrorAtTheFenceThatPrintedIt(fences: Int, unstable: Int) throws {
        let markdown = Self.page(
            fences: fences, bare: -1, code: [unstable: "print(UInt64.random(in: 0...UInt64.max))"])
        let (status, lines, page) = try ContinuedPageTests.check(markdown)
        #expect(status != 0, "\(lines)")
        let errors = lines.filter { $0.contains("error: output differs between two runs") }
        #expect(
            errors.map { String($0.split(separator: "\n")[0]) } == [
                "\(page):\(Self.fenceLine(unstable, in: markdown)):1: error: output differs between two runs"
            ], "\(lines)")
        let shown = errors.first?.components(separatedBy: "second run:")[0].split(separator: "\n").dropFirst(2)
            .filter { !$0.allSatisfy { $0 == " " } }
        #expect(shown?.count == 1, "one line, the unstable fence's: \(lines)")
        #expect(!Self.showsMarker(lines), "\(lines)")
    }

    /// A run killed at the time limit is reported at the fence that was running, with what the
    /// program printed before the kill and no marker.
    @Test func aTimeOutIsReportedAtTheFenceThatWasRunningWithoutMarkers() throws {
        let markdown = Self.page(fences: 3, bare: -1, code: [1: "print(\"b\")\nwhile true {}"])
        let (status, lines, page) = try ContinuedPageTests.check(markdown, arguments: ["--timeout", "2"])
        #expect(status != 0, "\(lines)")
        let timedOut = lines.filter { $0.contains("error: sample timed out") }
        #expect(timedOut.count == 1, "\(lines)")
        #expect(timedOut.first?.hasPrefix("\(page):\(Self.fenceLine(1, in: markdown)):1:") == true, "\(lines)")
        #expect(!Self.showsMarker(lines), "\(lines)")
    }

    /// Output that is not UTF-8 is shown without the markers between fences.
    @Test func outputThatIsNotUTF8IsShownWithoutMarkers() throws {
        let markdown =
            "```swift\nimport Glibc\nprint(\"a\")\n```\n\n```output\na\n```\n\n"
            + "```swift\nputchar(0xFF)\nputchar(0x0A)\n```\n\n```output\nb\n```\n"
        let (status, lines, _) = try ContinuedPageTests.check(markdown)
        #expect(status != 0, "\(lines)")
        #expect(lines.contains { $0.contains("output is not valid UTF-8") }, "\(lines)")
        #expect(!Self.showsMarker(lines), "\(lines)")
    }

    /// On a continued page whose plain fences print nothing, the error says the page is continued
    /// already and offers `no_run` or `run`, never "continue the page" (newuser-8, #3), whether
    /// the plain fences are one (the other stands apart with `group=`) or several.
    @Test(arguments: [
        "```swift\nstruct Account {\n    var balance = 0\n}\n```\n\n"
            + "```swift group=full\nstruct Account { var owner = \"Ada\"; var balance = 0 }\nprint(Account().owner)\n```\n\n```output\nAda\n```\n",
        "```swift\nstruct Account {\n    var balance = 0\n}\n```\n\n```swift\nlet account = Account()\n```\n",
    ])
    func aSilentProgramOnAContinuedPageIsNotToldToContinueThePage(markdown: String) throws {
        let (status, lines, _) = try ContinuedPageTests.check(markdown, samples: Self.require)
        #expect(status != 0, "\(lines)")
        let errors = lines.filter { $0.contains("error: sample has no output block") }
        #expect(errors.count == 1, "\(lines)")
        #expect(errors.first?.contains("continued already") == true, "\(lines)")
        #expect(errors.first?.contains("continue the page") == false, "\(lines)")
        #expect(!Self.showsMarker(lines), "\(lines)")
    }
}
