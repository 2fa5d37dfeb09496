import Foundation
import Testing

@testable import LectureKit
@testable import LectureSupport

/// An error about a sample's own fences or blocks (an output block under a sample that is not
/// run, a second output block, a bad attribute) fails that sample, counted once in the closing
/// line, the page's line and the JUnit report (newuser-8, #8: 12 fences were 13 cases).
@Suite struct SampleOwnErrorTests {
    /// A page of a passing sample and `second`, which is wrong in its own way.
    static func page(_ second: String) -> String {
        "# P\n\n```swift\nprint(\"a\")\n```\n\n```output\na\n```\n\n" + second
    }

    @Test(arguments: [
        "```swift compile_fail\nlet x: Int = \"no\"\n```\n\n```output\nnothing\n```\n",
        "```swift no_run\nprint(1)\n```\n\n```output\n1\n```\n",
        "```swift\nprint(2)\n```\n\n```output\n2\n```\n\n```output\n2\n```\n",
        "```swift test\nimport Testing\n@Test func t() { #expect(1 == 1) }\n```\n\n```output\n1\n```\n",
    ])
    func anErrorAboutASampleFailsThatSampleOnce(second: String) throws {
        let root = try TestSupport.temporaryDirectory()
        let report = root + "/junit.xml"
        let (status, lines, _) = try ContinuedPageTests.check(
            Self.page(second), continued: "false", arguments: ["--report", "junit:" + report])
        #expect(status != 0, "\(lines)")
        #expect(lines.last == "1 passed, 1 failed", "two samples, one failed: \(lines)")
        let xml = try #require(TestSupport.read(report))
        // One failed case, the sample's own (a test sample has a case per test besides).
        #expect(xml.contains("failures=\"1\""), "\(xml)")
        #expect(!xml.contains("— output block") && !xml.contains("— sample already"), "\(xml)")
    }

    /// An output block under no sample is no sample's: still a failure of its own.
    @Test func anOutputBlockUnderNoSampleIsStillAFailureOfItsOwn() throws {
        let markdown = Self.page("Prose.\n\n```output\nx\n```\n")
        let (status, lines, _) = try ContinuedPageTests.check(markdown, continued: "false")
        #expect(status != 0, "\(lines)")
        #expect(lines.last == "1 passed, 1 failed", "\(lines)")
    }
}

/// `--bless` with a misspelt output block (`ouptut`) right under the fence renames it in place,
/// as it does a `text` block, on a page of samples alone and on a continued page, instead of
/// writing a second block above it (newuser-8, #7).
@Suite struct MisspeltOutputBlessTests {
    @Test(arguments: ["ouptut", "outpt", "Output"], ["false", "true"])
    func blessRenamesAMisspeltOutputBlockInPlace(info: String, continued: String) throws {
        let markdown =
            "# P\n\n```swift\nlet word = \"typo\"\nprint(\"a\")\n```\n\n```output\na\n```\n\n"
            + "```swift\nprint(word)\n```\n\n```\(info)\ntypo\n```\n"
        let written = markdown.replacingOccurrences(of: "```\(info)\n", with: "```output\n")
        let (status, lines, page) = try ContinuedPageTests.check(
            continued == "true" ? markdown : markdown.replacingOccurrences(of: "print(word)", with: "print(\"typo\")"),
            samples: "without-output = \"require\"\n", continued: continued, arguments: ["--bless"])
        #expect(status == 0, "\(lines)")
        let expected =
            continued == "true" ? written : written.replacingOccurrences(of: "print(word)", with: "print(\"typo\")")
        #expect(TestSupport.read(page) == expected, "\(lines)")
        #expect(!lines.contains { $0.contains("is not an expected output") }, "renamed, not warned about: \(lines)")
    }
}
