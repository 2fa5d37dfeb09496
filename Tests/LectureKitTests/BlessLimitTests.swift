import Foundation
import Testing

@testable import LectureKit
@testable import LectureSupport

/// New-user review 6, finding 13: `--bless` pasted 5,000 printed lines into a page without a
/// word. Each page it rewrites is reported with the lines it wrote; a block longer than the limit
/// is refused at its sample, the page untouched, the note naming `--bless-max-lines`.
@Suite struct BlessLimitTests {
    static func page(printing count: Int) -> String {
        "# P\n\n```swift\nfor i in 1...\(count) { print(\"line \\(i)\") }\n```\n"
    }
    static let require = "without-output = \"require\"\n"

    @Test func aLongOutputIsRefusedAndThePageIsLeftAlone() throws {
        let markdown = Self.page(printing: 501)
        let run = try ContinuedPageTests.check(
            markdown, samples: Self.require, continued: "false", arguments: ["--bless"])
        let text = run.lines.joined(separator: "\n")
        #expect(run.status == 1, "\(text)")
        #expect(
            text.contains("page.md:3:1: error: cannot bless: the output block would hold 501 lines, more than 500"),
            "\(text)")
        #expect(text.contains("run 'lecture check --bless --bless-max-lines 501'"), "\(text)")
        #expect(!text.contains("blessed "), "\(text)")
        #expect(TestSupport.read(run.page) == markdown)
    }

    @Test func theLimitIsRaisedOnRequestAndTheLinesAreSaid() throws {
        let markdown = Self.page(printing: 501)
        let run = try ContinuedPageTests.check(
            markdown, samples: Self.require, continued: "false", arguments: ["--bless", "--bless-max-lines", "501"])
        let text = run.lines.joined(separator: "\n")
        #expect(run.status == 0, "\(text)")
        #expect(
            run.lines.contains { $0.hasPrefix("blessed 1 output block in") && $0.hasSuffix("page.md (501 lines)") },
            "\(text)")
        let written = try #require(TestSupport.read(run.page))
        #expect(written.contains("```output\nline 1\n") && written.contains("line 501\n```\n"))
    }

    /// Under the limit nothing changes but the report, which counts each block's lines (a
    /// continued page's fences each their own block).
    @Test func eachRewrittenPageSaysItsBlocksAndLines() throws {
        let markdown = "# P\n\n```swift\nprint(1)\nprint(2)\n```\n\n```swift\nprint(3)\n```\n"
        let run = try ContinuedPageTests.check(markdown, samples: Self.require, arguments: ["--bless"])
        let text = run.lines.joined(separator: "\n")
        #expect(run.status == 0, "\(text)")
        #expect(
            run.lines.contains { $0.hasPrefix("blessed 2 output blocks in") && $0.hasSuffix("page.md (3 lines)") },
            "\(text)")
    }

    @Test(arguments: ["0", "-1", "many"])
    func aLimitThatIsNotAPositiveNumberIsAUsageError(value: String) throws {
        let run = try ContinuedPageTests.check(
            "# P\n", continued: "false", arguments: ["--bless", "--bless-max-lines", value])
        #expect(run.status == 2, "\(run.lines)")
        #expect(run.lines.joined().contains("--bless-max-lines needs a whole number of 1 or more"), "\(run.lines)")
    }

    @Test func lineCounts() {
        #expect(BlessLimit.lineCount("") == 0)
        #expect(BlessLimit.lineCount("a\n") == 1)
        #expect(BlessLimit.lineCount("a\n\nb") == 3)
    }
}
