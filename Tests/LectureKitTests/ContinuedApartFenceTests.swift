import Foundation
import Testing

@testable import LectureKit
@testable import LectureSupport

/// On a continued page, the fences that stand apart and see the page's program above them
/// (newuser-10, #2, #3): `compile_fail`, `no_run` and `should_fail`, whether the program is one
/// plain fence or several; a `should_fail` fence runs after it, what it printed left out; and no
/// note advises `continue` on a page that is continued.
@Suite struct ContinuedApartFenceTests {
    static let one = "```swift\nlet x = 1\n```\n\n"
    static let two = one + "```swift\nprint(x)\n```\n\n```output\n1\n```\n\n"

    @Test(arguments: [one, two])
    func aCompileFailFenceSeesOnePlainFenceAsItSeesTwo(_ program: String) throws {
        for continued in ["true", "[\"page.md\"]"] {
            let (status, lines, _) = try ContinuedPageTests.check(
                program + "```swift compile_fail expect-error=\"cannot convert\"\nlet y: String = x\n```\n",
                continued: continued)
            #expect(status == 0, "\(lines)")
            #expect(!lines.contains { $0.contains("cannot find 'x'") }, "\(lines)")
        }
    }

    @Test(arguments: [one, two])
    func aShouldFailFenceCrashesOnThePagesOwnValues(_ program: String) throws {
        let (status, lines, _) = try ContinuedPageTests.check(program + "```swift should_fail\nlet z = [x][5]\n```\n")
        #expect(status == 0, "\(lines)")
        #expect(!lines.contains { $0.contains("cannot find 'x'") }, "\(lines)")
    }

    /// Its output block holds what its own code printed, not what the program above it did.
    @Test func aShouldFailFencesOutputIsItsOwn() throws {
        let (status, lines, _) = try ContinuedPageTests.check(
            Self.two + "```swift should_fail\nprint(\"before\", x)\nlet z = [x][5]\n```\n\n```output\nbefore 1\n```\n")
        #expect(status == 0, "\(lines)")
        #expect(lines.last == "2 passed, 0 failed (2 code blocks as one program)", "\(lines)")
    }

    @Test func aShouldFailFenceWhoseRunEndsAboveItFails() throws {
        let (status, lines, page) = try ContinuedPageTests.check(
            "```swift\nlet x = [Int]()[1]\n```\n\n```swift should_fail\nprint(x)\n```\n")
        #expect(status != 0)
        let error = lines.first { $0.contains("'should_fail' sample ended in the page's fences above it") }
        #expect(error?.hasPrefix(page + ":5:1:") == true, "\(lines)")
    }

    /// An error of the page's program is said once, at its fence, not again by each fence that
    /// sees it; a fence that failed only there says so in one error of its own.
    @Test func anErrorAboveIsSaidOnceAndTheFencesThatSeeItSayWhy() throws {
        let (status, lines, page) = try ContinuedPageTests.check(
            "```swift\nlet x: Int = \"one\"\n```\n\n```swift should_fail\nlet z = [x][5]\n```\n\n```swift no_run\nprint(x)\n```\n"
        )
        #expect(status != 0)
        #expect(lines.filter { $0.hasPrefix("\(page):2:") }.count == 1, "\(lines)")
        for line in [5, 9] {
            let error = lines.first {
                $0.hasPrefix("\(page):\(line):1: error: sample is compiled after the page's continued fences")
            }
            #expect(error?.contains("\(page):2: error: cannot convert") == true, "\(lines)")
        }
    }

    /// A fence that stands apart without seeing the program (`group=`): the note says the page is
    /// continued already, never to set `continue`.
    @Test func aFenceApartOnAContinuedPageIsNotToldToContinueIt() throws {
        let (status, lines, _) = try ContinuedPageTests.check(
            Self.two + "```swift group=g\nprint(x + 1)\n```\n\n```output\n2\n```\n")
        #expect(status != 0)
        let error = lines.first { $0.contains("cannot find 'x' in scope") }
        #expect(error?.contains("the page is continued already") == true, "\(lines)")
        #expect(error?.contains("continue = [") == false, "\(lines)")
    }
}
