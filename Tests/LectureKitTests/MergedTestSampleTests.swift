import Foundation
import Testing

@testable import LectureKit

/// `test` samples in the merged program (`MergedTestSamples`), with the real swiftc: each gets
/// the verdict and the test report it gets alone, sees only its own tests, and falls back to
/// being verified alone for anything but a clean pass.
@Suite(.serialized) struct MergedTestSampleTests {
    let suite = MergedSampleTests()

    static func test(_ code: String, _ attributes: String = "") -> String {
        "```swift test\(attributes.isEmpty ? "" : " " + attributes)\n\(code)\n```\n\n"
    }

    /// What a result says, tests included, without how long it took or how it was reached.
    func report(_ result: SampleResult) -> String {
        suite.verdict(result) + "\n" + result.tests.map { "\($0)" }.joined(separator: "\n")
    }

    /// One of each kind of `test` sample, each with its verdict as the point.
    static let kinds = [
        // Swift Testing, passing: a suite, a display name, a free function, a disabled test, a warning.
        test(
            "import Testing\n@Suite struct Calc {\n    @Test(\"더하기\") func adds() { var x = 1; #expect(x + 1 == 2) }\n    @Test(.disabled()) func off() {}\n}\n@Test func free() { #expect(Bool(true)) }"
        ),
        // Swift Testing, failing.
        test("import Testing\n@Test func wrong() {\n    let n = 2\n    #expect(n == 3)\n}"),
        // XCTest, passing and failing.
        test(
            "import XCTest\nfinal class CalcTests: XCTestCase {\n    func testAdds() { XCTAssertEqual(1 + 1, 2) }\n    func testAsync() async { await Task.yield() }\n}"
        ),
        test("import XCTest\nfinal class CalcTests: XCTestCase {\n    func testWrong() { XCTAssertEqual(2, 3) }\n}"),
        // should_fail: one failing test (a pass), all passing (a failure).
        test("import Testing\n@Test func a() { #expect(1 == 2) }\n@Test func b() {}", "should_fail"),
        test("import Testing\n@Test func c() {}", "should_fail"),
        // A crash, a time-out, no tests at all.
        test("import Testing\n@Test func crash() { let a: [Int] = []; _ = a[1] }"),
        test("import Testing\n@Test func forever() { while true {} }"),
        test("import Testing\nfunc helper() {}"),
    ].joined()

    @Test func mergedTestReportsAreThoseOfEachSampleAlone() throws {
        let merged = try suite.verify(Self.kinds, merging: true)
        let alone = try suite.verify(Self.kinds, merging: false)
        #expect(merged.count == alone.count)
        for (merged, alone) in zip(merged, alone) {
            #expect(report(merged) == report(alone), "sample at line \(merged.sample.location.line)")
        }
        // Only clean passes are merged verdicts; everything else is verified alone.
        #expect(merged.map(\.merged) == [true, false, true, false, false, false, false, false, false])
        #expect(
            merged.map(\.outcome) == [.passed, .failed, .passed, .failed, .passed, .failed, .failed, .failed, .failed])
        #expect(merged[0].tests.map(\.name) == ["Calc/더하기", "free()"])
        #expect(merged[0].diagnostics.map(\.severity) == [.warning])
        #expect(merged[2].tests.map(\.name) == ["CalcTests.testAdds", "CalcTests.testAsync"])
        #expect(merged[7].diagnostics.map(\.identifier) == [.sampleTimeout])
    }

    @Test func testSamplesWithTheSameNamesSeeOnlyTheirOwnTests() throws {
        // The same suite, functions and classes, at the same lines of each sample's code.
        let swiftTesting = "import Testing\n@Suite struct Calc { @Test func adds() {} }\n@Test func free() {}"
        let xcTest = "import XCTest\nfinal class CalcTests: XCTestCase {\n    func testAdds() {}\n}"
        let markdown =
            Self.test(swiftTesting) + Self.test(swiftTesting + "\n@Test func extra() {}")
            + Self.test(xcTest) + Self.test(xcTest + "\nextension CalcTests { func testExtra() {} }")
            // A plain sample's program never loads the testing libraries.
            + MergedSampleTests.sample(
                "import Foundation\nlet maps = try String(contentsOfFile: \"/proc/self/maps\", encoding: .utf8)\nprint(maps.contains(\"libTesting\"), maps.contains(\"libXCTest\"))",
                output: "false false\n")
            + MergedSampleTests.sample("print(1)", output: "1\n")
        let results = try suite.verify(markdown, merging: true)
        #expect(results.map(\.merged) == [true, true, true, true, true, true], "\(results.map(\.diagnostics))")
        #expect(results.map(\.outcome) == Array(repeating: .passed, count: 6))
        #expect(results[0].tests.map(\.name) == ["Calc/adds()", "free()"])
        #expect(results[1].tests.map(\.name) == ["Calc/adds()", "free()", "extra()"])
        #expect(results[2].tests.map(\.name) == ["CalcTests.testAdds"])
        #expect(results[3].tests.map(\.name) == ["CalcTests.testAdds", "CalcTests.testExtra"])
    }

    @Test func aTestSampleWithAnExitTestIsVerifiedAlone() throws {
        // Swift Testing starts an exit test's child through /proc/self/exe, which names no sample.
        let exits = Self.test(
            "import Testing\n@Test func exits() async { await #expect(processExitsWith: .failure) { fatalError() } }")
        let other = Self.test("import Testing\n@Test func t() {}")
        let results = try suite.verify(exits + other + other, merging: true)
        #expect(results.map(\.merged) == [false, true, true])
        #expect(results.map(\.outcome) == [.passed, .passed, .passed], "\(results.map(\.diagnostics))")
    }
}
