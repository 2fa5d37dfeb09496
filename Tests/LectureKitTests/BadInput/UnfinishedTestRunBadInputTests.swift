import Foundation
import Testing

@testable import LectureKit

/// Attack 22 F3: code under test that ends the process (`exit(0)`, `_exit(0)`) left a test
/// started and never ended and the failing tests after it never run, with a status of 0; the
/// sample passed, "1 of 1 test passed". A test run is verified only when the runner wrote its end
/// record; otherwise the sample fails, naming the tests that did not finish and those that never
/// ran. Swift Testing and XCTest, merged and alone, with the real swiftc.
@Suite(.serialized) struct UnfinishedTestRunBadInputTests {
    let suite = MergedSampleTests()

    /// Each sample, with the test that did not finish and the one that never ran.
    static let unfinished: [(code: String, unfinished: String, neverRan: String)] = [
        (
            "import Testing\n#if canImport(Glibc)\nimport Glibc\n#endif\nstruct Tool {\n    func parse(_ args: [String]) -> Int {\n        if args.isEmpty { exit(0) }\n        return args.count\n    }\n}\n@Test func parsesNothingAsZero() { #expect(Tool().parse([]) == 0) }\n@Test func countsArguments() { #expect(Tool().parse([\"a\", \"b\"]) == 3) }",
            "parsesNothingAsZero()", "countsArguments()"
        ),
        (
            "import Testing\n#if canImport(Glibc)\nimport Glibc\n#endif\n@Test func first() { #expect(1 == 1) }\n@Test func second() { _exit(0) }\n@Test func third() { #expect(1 == 2) }",
            "second()", "third()"
        ),
        (
            "import XCTest\n#if canImport(Glibc)\nimport Glibc\n#endif\nfinal class ParseTests: XCTestCase {\n    func testCounts() { XCTAssertEqual(1, 1) }\n    func testEmptyIsZero() { exit(0) }\n    func testTwo() { XCTAssertEqual(2, 3) }\n}",
            "ParseTests.testEmptyIsZero", "ParseTests.testTwo"
        ),
    ]

    @Test(arguments: [false, true]) func aTestRunThatEndsMidwayFailsNamingTheTestsItDidNotFinish(merging: Bool) throws {
        let markdown = Self.unfinished.map { MergedTestSampleTests.test($0.code) }.joined()
        let results = try suite.verify(markdown, merging: merging)
        #expect(results.count == Self.unfinished.count)
        for (result, sample) in zip(results, Self.unfinished) {
            #expect(result.outcome == .failed, "\(sample.code)")
            let errors = result.diagnostics.filter { $0.severity == .error }
            #expect(
                errors.map(\.summary) == ["test sample's process ended with status 0 before the test run finished"],
                "\(result.diagnostics)")
            let notes = errors.first?.notes ?? []
            #expect(notes.contains("did not finish: '\(sample.unfinished)'"), "\(notes)")
            #expect(notes.contains("never ran: '\(sample.neverRan)'"), "\(notes)")
            #expect(result.tests.filter(\.passed).count <= 1)
            #expect(result.tests.contains { $0.name == sample.neverRan && !$0.passed }, "\(result.tests)")
        }
    }

    /// Runs that reach their end pass as before: the end records are written and read.
    @Test func aTestRunThatReachesItsEndPasses() throws {
        let markdown = [
            "import Testing\n@Test func a() { #expect(1 == 1) }\n@Test(.disabled()) func off() {}\n@Test(arguments: [1, 2]) func b(x: Int) { #expect(x > 0) }",
            "import XCTest\nfinal class T: XCTestCase {\n    func testA() { XCTAssertEqual(1, 1) }\n    func testB() async { await Task.yield() }\n}",
        ].map { MergedTestSampleTests.test($0) }.joined()
        for merging in [false, true] {
            let results = try suite.verify(markdown, merging: merging)
            #expect(results.map(\.outcome) == [.passed, .passed], "\(results.map(\.diagnostics))")
            #expect(
                results.map { $0.tests.map(\.passed) } == [[true, true], [true, true]], "\(results.map(\.tests))")
        }
    }
}
