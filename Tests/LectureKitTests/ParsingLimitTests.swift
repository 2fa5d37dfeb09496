import Testing

@testable import CommonMark
@testable import LectureKit
@testable import SwiftAnalysis

/// Swift nested so deeply in `[` that swift-syntax's parser would take exponential time (an input
/// `make fuzz` found: a `no_run` sample of 90 `[` hung the build) is not parsed; the build says so.
/// The time limit only catches that hang (exponential: hours, not minutes). It is wide because
/// Swift Testing counts from the test's start the time it waits for a thread of its cooperative
/// pool (two on a two-core machine), which synchronous tests blocked in builds hold: at load 17
/// these tests of milliseconds passed 60 s.
@Suite(.timeLimit(.minutes(10))) struct ParsingLimitTests {
    static let deep = "let x = " + String(repeating: "[", count: 90) + "a\n"

    @Test func bracketDepthCountsNestingNotTotals() {
        #expect(ParsingLimit.bracketDepth(of: "[[a], [b], [[c]]]") == 3)
        #expect(ParsingLimit.bracketDepth(of: "]] [a]") == 1)
        #expect(ParsingLimit.bracketDepth(of: Self.deep) == 90)
        #expect(ParsingLimit.allowsParsing("let grid: [[Int]] = [[1, 2], [3]]"))
        #expect(!ParsingLimit.allowsParsing(Self.deep))
    }

    @Test func tooDeepSourceIsNeitherHighlightedNorSearchedForTests() {
        #expect(SyntaxHighlighter.tokens(in: Self.deep).isEmpty)
        #expect(TestDiscovery.discover(in: "import Testing\n@Test func a() {}\n" + Self.deep).isEmpty)
        // Within the limit, highlighting is as before.
        #expect(!SyntaxHighlighter.tokens(in: "let x = [[1]]\n").isEmpty)
    }

    @Test func theBuildWarnsAtTheBlockAndShowsItPlain() throws {
        let markdown = "# 쪽\n\n```swift no_run\n\(Self.deep)```\n"
        let found = SampleExtractor.extract(from: MarkdownParser.parse(markdown), path: "p.md")
        let warning = try #require(found.diagnostics.first { $0.identifier == .swiftTooDeep })
        #expect(warning.severity == .warning)
        #expect(warning.location?.line == 3)
        #expect(warning.summary.contains("90"))
    }
}
