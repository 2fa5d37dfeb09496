import Foundation
import Testing

@testable import LectureKit
@testable import LectureSupport

/// `--bless` on a continued page (new user 3: it refused every continued page, so a TSPL-style
/// book could never be blessed): each fence's output block gets what the program printed while
/// running that fence, the markers between fences telling them apart; a program that ended
/// before its last fence is refused, with why.
@Suite struct ContinuedBlessTests {
    static let page =
        "# P\n\n```swift\nvar items = [1, 2, 3]\nprint(items.count)\n```\n\n```output\n9\n```\n\n"
        + "```swift\nitems.append(4)\nprint(items)\n```\n\n```output\n[1, 2, 3, 4]\n```\n\n"
        + "```swift\nprint(items.count * 10)\n```\n\n```output\n0\n```\n"

    @Test func eachFencesBlockGetsWhatTheProgramPrintedWhileRunningIt() throws {
        let (status, lines, page) = try ContinuedPageTests.check(Self.page, arguments: ["--bless"])
        #expect(status == 0, "\(lines)")
        #expect(lines.contains { $0.hasPrefix("blessed 2 output blocks in") }, "\(lines)")
        let text = try #require(TestSupport.read(page))
        #expect(
            text
                == Self.page.replacingOccurrences(of: "```output\n9\n", with: "```output\n3\n")
                .replacingOccurrences(of: "```output\n0\n", with: "```output\n40\n"), "\(text)")
        let again = try ContinuedPageTests.check(text)
        #expect(again.status == 0 && again.lines.last?.hasPrefix("1 passed, 0 failed (") == true, "\(again.lines)")
    }

    @Test func aFenceThatMustHaveABlockGetsOneInserted() throws {
        let markdown = "# P\n\n```swift\nlet six = 6\n```\n\n```swift\nprint(six)\n```\n\nText.\n"
        let (status, lines, page) = try ContinuedPageTests.check(
            markdown, samples: "without-output = \"require\"\n", arguments: ["--bless"])
        #expect(status == 0, "\(lines)")
        #expect(
            TestSupport.read(page)
                == markdown.replacingOccurrences(
                    of: "print(six)\n```\n", with: "print(six)\n```\n\n```output\n6\n```\n"))
    }

    @Test func aProgramThatEndedBeforeItsLastFenceIsRefused() throws {
        let markdown =
            "# P\n\n```swift\nimport Foundation\nprint(1)\n```\n\n```output\n2\n```\n\n"
            + "```swift\nexit(0)\n```\n\n```swift\nprint(3)\n```\n\n```output\n3\n```\n"
        let (status, lines, page) = try ContinuedPageTests.check(markdown, arguments: ["--bless"])
        #expect(status != 0)
        #expect(
            lines.contains {
                $0.contains("cannot bless: the program continued on this page ended before its last fence")
            }, "\(lines)")
        #expect(TestSupport.read(page) == markdown)
    }
}
