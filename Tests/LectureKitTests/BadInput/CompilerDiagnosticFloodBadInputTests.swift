import CommonMark
import Foundation
import Testing

@testable import LectureKit
@testable import LectureSupport

/// A sample with thousands of compiler errors was placed in quadratic time (the
/// sample's code split into lines again for every diagnostic: 2,000 errors 17 s, 8,000 166 s,
/// 20,000 more than 7 minutes) and SIGTERM waited for it. Now the code is split once, and the
/// reading stops when the run is cancelled.
struct CompilerDiagnosticFloodBadInputTests {
    /// A sample of `count` lines and swiftc's error at each, as swiftc prints them.
    static func flood(_ count: Int) -> (sample: Sample, output: String) {
        let page =
            "# P\n\n```swift\n" + (0..<count).map { "let x\($0): Int = \"a\"\n" }.joined() + "```\n"
        let sample = SampleExtractor.extract(from: MarkdownParser.parse(page), path: "p.md").samples[0]
        let output = (0..<count).map {
            "p.md:\($0 + 4):16: error: cannot convert value of type 'String' to specified type 'Int'\n"
                + "let x\($0): Int = \"a\"\n               ^\n"
        }.joined()
        return (sample, output)
    }

    /// The thread CPU seconds of placing the errors of a flood of `count` lines, the least of three
    /// runs (CPU time, not the wall clock: CI's load once made a linear run look 12× slower).
    static func seconds(_ count: Int) -> (Double, Int) {
        let (sample, output) = flood(count)
        var least = Double.infinity
        var found = 0
        for _ in 0..<3 {
            let start = TestSupport.threadCPUSeconds()
            found = CompilerOutput.diagnostics(from: output, sample: sample, cancellation: Cancellation()).count
            least = min(least, TestSupport.threadCPUSeconds() - start)
        }
        return (least, found)
    }

    @Test func manyCompilerErrorsArePlacedInLinearTime() {
        let (small, smallCount) = Self.seconds(2_000)
        let (large, largeCount) = Self.seconds(8_000)
        #expect(smallCount == 2_000 && largeCount == 8_000)
        // Four times the errors: linear is 4×, quadratic 16×.
        #expect(large < max(small, 0.05) * 9, "2,000 errors \(small) s, 8,000 errors \(large) s")
    }

    @Test func aCancelledRunStopsReadingTheCompilersOutput() {
        let (sample, output) = Self.flood(2_000)
        let cancellation = Cancellation()
        cancellation.cancel(signal: SIGTERM)
        #expect(CompilerOutput.diagnostics(from: output, sample: sample, cancellation: cancellation).isEmpty)
    }
}
