import Foundation
import Testing

@testable import LectureKit
@testable import LectureSupport

/// The counts of `lecture check` add up on every line (new user 4, F12): a page's error outside
/// any sample's verdict (an unknown attribute) is counted as failed on the closing line, the one
/// summary line; a sample `--bless` wrote a block for is run and compared (a bare "passed"),
/// whether the block was new or rewritten.
@Suite(.serialized) struct CheckCountTests {
    @Test func aPagesOwnErrorIsCountedOnEveryLine() throws {
        let markdown =
            "# P\n\n```swift compile_fail\nlet x: Int = \"no\"\n```\n\n```swift bogus\nprint(1)\n```\n\n```swift\nprint(2)\n```\n\n```output\n3\n```\n"
        let (status, lines, _) = try ContinuedPageTests.check(markdown, continued: "false")
        #expect(status == 1)
        #expect(lines.last == "1 passed, 2 failed (passed: 1 failed to compile, as intended)", "\(lines)")
        #expect(lines.filter { $0.contains(" passed, ") }.count == 1, "one summary line: \(lines)")
    }

    /// An output block that follows no sample (a paragraph between) is the page's error, counted
    /// beside the sample above it, which passed: it does not fail that sample (code review 40 #6).
    @Test func anOutputBlockWithoutASampleDoesNotFailTheSampleAbove() throws {
        let markdown = "# P\n\n```swift\nprint(1)\n```\n\n```output\n1\n```\n\nText.\n\n```output\n2\n```\n"
        let (status, lines, _) = try ContinuedPageTests.check(markdown, continued: "false")
        #expect(status == 1)
        #expect(lines.contains { $0.contains("error: output block does not follow a swift sample") }, "\(lines)")
        #expect(lines.last == "1 passed, 1 failed", "\(lines)")
    }

    @Test(arguments: ["```swift\nprint(2)\n```\n", "```swift\nprint(2)\n```\n\n```output\n3\n```\n"])
    func aBlessedSampleIsRunAndCompared(_ sample: String) throws {
        let (status, lines, _) = try ContinuedPageTests.check(
            "# P\n\n" + sample, samples: "without-output = \"require\"\n", continued: "false", arguments: ["--bless"])
        #expect(status == 0, "\(lines)")
        #expect(lines.last == "1 passed, 0 failed", "\(lines)")
    }

    /// A continued page's fences run as one program: the count says how many code blocks it
    /// joined, so "1 run and compared" matches the three fences and blocks the author sees
    /// (newuser-6, #14).
    @Test func aContinuedPageSaysHowManyBlocksMadeItsProgram() throws {
        let markdown =
            "# P\n\n```swift\nlet a = 1\nprint(a)\n```\n\n```output\n1\n```\n\n"
            + "```swift\nlet b = a + 1\nprint(b)\n```\n\n```output\n2\n```\n\n"
            + "```swift\nprint(a + b)\n```\n\n```output\n3\n```\n"
        let (status, lines, _) = try ContinuedPageTests.check(markdown)
        #expect(status == 0, "\(lines)")
        #expect(lines.last == "1 passed, 0 failed (3 code blocks as one program)", "\(lines)")
    }

    /// Attack 20, F8: a verdict taken from the cache was counted as "1 run and compared" with
    /// nothing said, though nothing ran; now a line says how many came from the cache and that
    /// `--no-cache` runs them (as Go's `go test` marks a result `(cached)`). A first run and a
    /// `--no-cache` run print no such line.
    @Test func verdictsFromTheCacheAreSaid() throws {
        let marker = String(UInt64.random(in: 0...UInt64.max), radix: 36)
        let markdown = "# P\n\n```swift\nprint(\"\(marker)\")\n```\n\n```output\n\(marker)\n```\n"
        let cold = try ContinuedPageTests.check(markdown, continued: "false")
        #expect(cold.status == 0 && !cold.lines.contains { $0.contains("from the cache") }, "\(cold.lines)")
        let warm = try ContinuedPageTests.check(markdown, continued: "false")
        #expect(warm.status == 0, "\(warm.lines)")
        #expect(
            warm.lines.contains(
                "1 of 1 verdict came from the cache, as an earlier run reached it with the same inputs, without running again; --no-cache runs every sample"
            ), "\(warm.lines)")
        #expect(warm.lines.last == "1 passed, 0 failed", "\(warm.lines)")
        let uncached = try ContinuedPageTests.check(markdown, continued: "false", arguments: ["--no-cache"])
        #expect(!uncached.lines.contains { $0.contains("from the cache") }, "\(uncached.lines)")
    }

    /// newuser-9 #5: an mdBook book's page with a sample that imports the project's own package
    /// and one that prints with no output block said "Samples: 1 run only, 1 failed" and then
    /// "1 passed, 1 failed", one result in two vocabularies. Now one line says it, and the
    /// import's error offers marking the fence `swift ignore` as well as a library.
    @Test func anMdBookBooksRunOnlyAndFailedSampleHaveOneSummaryLine() throws {
        let root = try TestSupport.makeTree([
            "book.toml": "[book]\ntitle = \"T\"\n",
            "src/SUMMARY.md": "- [Swift](swift.md)\n",
            "src/swift.md": "# Swift\n\n```swift\nimport Tally\nprint(Tally.count)\n```\n\n```swift\nprint(13)\n```\n",
        ])
        defer { try? FileManager.default.removeItem(atPath: root) }
        let recorder = TestSupport.Recorder()
        let status = LectureCommand.main(
            ["check", root, "--cache-dir", TestSupport.cacheDirectory], console: recorder.console)
        let lines = recorder.lines
        #expect(status == 1)
        #expect(lines.last == "1 passed, 1 failed (passed: 1 run only)", "\(lines)")
        #expect(lines.filter { $0.contains("1 failed") }.count == 1, "one summary line: \(lines)")
        #expect(!lines.contains { $0.hasPrefix("Samples:") }, "\(lines)")
        let error = try #require(lines.first { $0.contains("error: no such module 'Tally'") }, "\(lines)")
        #expect(error.contains("mark the fence 'swift ignore'"), "\(error)")
    }
}
