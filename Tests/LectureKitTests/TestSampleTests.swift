import Foundation
import Testing

@testable import CommonMark
@testable import LectureKit
@testable import LectureSupport
@testable import SwiftAnalysis

/// Finding tests in the syntax tree, as XCTest on Linux cannot list them itself.
@Suite struct TestDiscoveryTests {
    @Test func swiftTestingFunctionsAreFoundInSuitesAndAtTopLevel() {
        let found = TestDiscovery.discover(
            in:
                "import Testing\n@Suite struct S { @Test func a() {} }\n@Test(\"이름\") func b() async throws {}\nfunc helper() {}\n"
        )
        #expect(found.importsTesting)
        #expect(found.swiftTestingFunctions == ["a", "b"])
        #expect(found.xcTestClasses.isEmpty)
    }

    @Test func xcTestMethodsAreInstanceTestMethodsWithoutParameters() {
        let source = """
            import XCTest
            class Base: XCTestCase { func testInBase() {} }
            final class Derived: Base {
                func testA() throws {}
                func testAsync() async {}
                func testWith(_ x: Int) {}
                static func testStatic() {}
                func helper() {}
            }
            extension Derived { func testInExtension() {} }
            @MainActor final class ViewModelTests: XCTestCase { func testOnMain() {} }
            final class NotATest { func testNothing() {} }
            """
        let found = TestDiscovery.discover(in: source)
        #expect(found.xcTestClasses.map(\.name) == ["Base", "Derived", "ViewModelTests"])
        // Inherited tests first, as XCTest on macOS runs them for the subclass too.
        #expect(found.xcTestClasses[1].methods.map(\.name) == ["testInBase", "testA", "testAsync", "testInExtension"])
        #expect(found.xcTestClasses[1].methods.map(\.isAsync) == [false, false, true, false])
        #expect(found.xcTestClasses[2].methods.map(\.isMainActor) == [true])
    }

    @Test func aSourceWithoutTestsIsReportedAsSuch() {
        let problem = SampleVerifier.discoveryProblem(TestDiscovery.discover(in: "import Testing\nfunc a() {}\n"))
        #expect(problem?.summary == "test sample declares no tests")
        let mixed = SampleVerifier.discoveryProblem(
            TestDiscovery.discover(
                in: "import Testing\nimport XCTest\n@Test func a() {}\nclass T: XCTestCase { func testB() {} }\n"))
        #expect(mixed?.summary == "test sample mixes Swift Testing and XCTest")
    }
}

/// `swift test` samples: extraction, verification with the real swiftc, report and JUnit.
@Suite(.serialized) struct TestSampleTests {
    func extract(_ markdown: String) -> (samples: [Sample], diagnostics: [Diagnostic]) {
        SampleExtractor.extract(from: MarkdownParser.parse(markdown), path: "page.md")
    }

    func verify(_ markdown: String, noCache: Bool = true) throws -> [SampleResult] {
        var stage = try SampleVerificationTests.stage.get()
        stage.verifier.options.noCache = noCache
        let found = extract(markdown)
        #expect(found.diagnostics.isEmpty)
        return stage.verifier.verify(found.samples)
    }

    static let swiftTesting = """
        ```swift test
        import Testing

        struct Counter { var n = 0; mutating func up() { n += 1 } }

        @Suite struct CounterTests {
            @Test func startsAtZero() { #expect(Counter().n == 0) }
            @Test("한 번 올리면 1") func up() {
                var c = Counter(); c.up()
                #expect(c.n == EXPECTED)
            }
        }
        ```

        """

    static let xcTest = """
        ```swift test
        import XCTest

        final class Counter { var n = 0; func up() { n += 1 } }

        final class CounterTests: XCTestCase {
            func testStartsAtZero() { XCTAssertEqual(Counter().n, 0) }
            func testUp() async throws {
                let c = Counter(); c.up()
                XCTAssertEqual(c.n, EXPECTED)
            }
        }
        @MainActor final class MainTests: XCTestCase { func testOnMain() { XCTAssertTrue(true) } }
        ```

        """

    @Test func testAttributeCombinesWithGroupAndShouldFail() {
        let found = extract(
            "```swift test group=g\nimport Testing\n```\n\n문단\n\n```swift test group=g\n@Test func a() {}\n```\n\n```swift test should_fail\nimport Testing\n```\n"
        )
        #expect(found.diagnostics.isEmpty)
        #expect(found.samples.map(\.mode) == [.test, .test])
        #expect(found.samples.map(\.parts.count) == [2, 1])
        #expect(found.samples.map(\.shouldFail) == [false, true])
    }

    @Test func outputBlockUnderATestSampleIsAnError() {
        let found = extract("```swift test\nimport Testing\n```\n\n```output\nx\n```\n")
        #expect(
            found.diagnostics.map(\.headline) == [
                "page.md:5:1: error: output block under a 'test' sample, which shows a test report instead"
            ])
    }

    @Test func testContradictsTheOtherModes() {
        let found = extract("```swift test no_run\nimport Testing\n```\n")
        #expect(
            found.diagnostics.map(\.headline) == [
                "page.md:1:1: error: attributes 'test' and 'no_run' contradict each other"
            ])
    }

    @Test func passingSwiftTestingSampleListsEachTest() throws {
        let results = try verify(Self.swiftTesting.replacingOccurrences(of: "EXPECTED", with: "1"))
        #expect(results[0].outcome == .passed, "\(results[0].diagnostics)")
        #expect(
            results[0].tests == [
                TestCaseResult(name: "CounterTests/startsAtZero()", passed: true),
                TestCaseResult(name: "CounterTests/한 번 올리면 1", passed: true),
            ])
    }

    @Test func failedExpectationIsAnErrorAtItsMarkdownLine() throws {
        let results = try verify("문단\n\n" + Self.swiftTesting.replacingOccurrences(of: "EXPECTED", with: "2"))
        #expect(results[0].outcome == .failed)
        let errors = results[0].diagnostics.filter { $0.severity == .error }
        #expect(
            errors.map(\.headline) == [
                "page.md:12:9: error: test 'CounterTests/한 번 올리면 1' failed: Expectation failed: (c.n → 1) == 2"
            ])
        #expect(results[0].tests.map(\.passed) == [true, false])
    }

    /// The abstract base test case. A subclass runs the tests it inherits (it
    /// passed, "1 of 1", without running them), an overriding test is listed once, and a base and
    /// a subclass that both declare tests compile (their lists once had the same name).
    @Test func xcTestSubclassesRunTheTestsTheyInherit() throws {
        let markdown = """
            ```swift test
            import XCTest

            class BaseTests: XCTestCase {
                var shouldPass: Bool { true }
                func testItShouldPass() { XCTAssertTrue(shouldPass) }
                func testOverridden() { XCTFail("the base's version") }
            }

            class InheritedTests: BaseTests {
                override var shouldPass: Bool { false }
                override func testOverridden() {}
                func testOwn() {}
            }
            ```
            """
        let results = try verify(markdown)
        #expect(results[0].outcome == .failed)
        #expect(
            Set(results[0].tests.map { "\($0.name) \($0.passed)" }) == [
                "BaseTests.testItShouldPass true", "BaseTests.testOverridden false",
                "InheritedTests.testItShouldPass false", "InheritedTests.testOverridden true",
                "InheritedTests.testOwn true",
            ], "\(results[0].tests) \(results[0].diagnostics)")
    }

    @Test func xcTestSampleRunsDiscoveredMethodsAndLocatesFailures() throws {
        let passing = try verify(Self.xcTest.replacingOccurrences(of: "EXPECTED", with: "1"))
        #expect(passing[0].outcome == .passed, "\(passing[0].diagnostics)")
        #expect(
            passing[0].tests.map(\.name) == [
                "CounterTests.testStartsAtZero", "CounterTests.testUp", "MainTests.testOnMain",
            ])
        let failing = try verify(Self.xcTest.replacingOccurrences(of: "EXPECTED", with: "3"))
        #expect(
            failing[0].diagnostics.filter { $0.severity == .error }.map(\.location) == [
                SourceLocation(line: 10, column: 1)
            ])
        #expect(failing[0].tests.map(\.passed) == [true, false, true])
    }

    /// Test methods isolated to the main actor in a class that is not, synchronous and `async`:
    /// the runner XCTest needs must still compile in Swift 6 mode (no "sending 'test'" error).
    @Test func xcTestMainActorMethodsInANonisolatedClassRun() throws {
        let markdown = """
            ```swift test
            import XCTest

            final class Model { var n = 0 }

            final class ModelTests: XCTestCase {
                @MainActor func testOnMain() { let m = Model(); m.n += 1; XCTAssertEqual(m.n, 1) }
                @MainActor func testOnMainAsync() async { await Task.yield(); XCTAssertEqual(2, 2) }
                func testAsync() async throws { await Task.yield() }
            }
            ```

            """
        let results = try verify(markdown)
        #expect(results[0].outcome == .passed, "\(results[0].diagnostics)")
        #expect(
            results[0].tests.map(\.name) == [
                "ModelTests.testOnMain", "ModelTests.testOnMainAsync", "ModelTests.testAsync",
            ])
    }

    @Test func shouldFailNeedsAFailingTestAndShowsWhich() throws {
        let failing = Self.swiftTesting.replacingOccurrences(of: "EXPECTED", with: "2").replacingOccurrences(
            of: "swift test", with: "swift test should_fail")
        let results = try verify(failing)
        #expect(results[0].outcome == .passed, "\(results[0].diagnostics)")
        #expect(results[0].tests.map(\.passed) == [true, false])
        #expect(results[0].tests[1].failures.map(\.line) == [10])
        let html = SampleRendering.figure(
            results[0].sample, part: 0, swiftVersion: "Swift 6.3", result: results[0].shown)
        #expect(html.contains("<li class=\"test-failed\"><span class=\"test-mark\" aria-hidden=\"true\">✘</span>"))
        #expect(html.contains("<code>#expect(c.n == 2)</code> Expectation failed: (c.n → 1) == 2"))

        let passing = Self.xcTest.replacingOccurrences(of: "EXPECTED", with: "1").replacingOccurrences(
            of: "swift test", with: "swift test should_fail")
        let passed = try verify(passing)
        #expect(passed[0].diagnostics.map(\.summary) == ["test sample is marked 'should_fail' but every test passed"])
    }

    @Test func sampleWithoutTestsOrWithATrapFails() throws {
        let empty = try verify("```swift test\nimport Testing\nfunc helper() {}\n```\n")
        #expect(empty[0].diagnostics.map(\.headline) == ["page.md:1:1: error: test sample declares no tests"])
        let trap = try verify(
            "```swift test should_fail\nimport Testing\n@Test func crash() { let a: [Int] = []; _ = a[1] }\n```\n")
        #expect(trap[0].outcome == .failed)
        #expect(trap[0].diagnostics.first?.summary.hasPrefix("test program crashed with SIG") == true)
    }

    @Test func testsInAGroupAndAListItemAreLocatedInTheMarkdown() throws {
        let markdown =
            "- 항목\n\n  ```swift test group=g\n  import Testing\n  struct X { var a = 1 }\n  ```\n\n  ```swift test group=g\n  @Test func a() { #expect(X().a == 2) }\n  ```\n"
        let results = try verify(markdown)
        #expect(
            results[0].diagnostics.filter { $0.severity == .error }.map(\.location) == [
                SourceLocation(line: 9, column: 20)
            ])
    }

    @Test func warmRunKeepsTheTestReport() throws {
        let nonce = UUID().uuidString
        let markdown = Self.swiftTesting.replacingOccurrences(of: "EXPECTED", with: "2").replacingOccurrences(
            of: "swift test", with: "swift test should_fail"
        )
        .replacingOccurrences(of: "import Testing", with: "import Testing // \(nonce)")
        let cold = try verify(markdown, noCache: false)
        let warm = try verify("문단\n\n" + markdown, noCache: false)
        #expect(warm[0].fromCache)
        #expect(warm[0].tests.map(\.name) == cold[0].tests.map(\.name))
        #expect(warm[0].tests[1].failures.map(\.line) == [12])
    }

    @Test func junitReportListsEachTestCase() throws {
        let results = try verify(Self.swiftTesting.replacingOccurrences(of: "EXPECTED", with: "2"))
        let xml = JUnitReport.xml(results)
        #expect(xml.contains("<testsuite name=\"page.md\" tests=\"2\" failures=\"1\""))
        #expect(
            xml.contains(
                "<testcase classname=\"page.md\" name=\"page.md:1 › CounterTests/startsAtZero()\" file=\"page.md\" line=\"1\""
            ))
        #expect(
            xml.contains(
                "name=\"page.md:1 › CounterTests/한 번 올리면 1\" file=\"page.md\" line=\"1\" time=\"0.000\"><properties><property name=\"check\" value=\"run-only\"/></properties><failure message=\"Expectation failed: (c.n → 1) == 2\">page.md:10: Expectation failed"
            ))
    }
}

/// `check`'s summary says how far what passed was checked: a `test` sample with its tests, not
/// "run only"; a bare "passed" only for samples run and compared.
@Suite struct TestSampleCountTests {
    static func samples(_ markdown: String) -> [Sample] {
        SampleExtractor.extract(from: MarkdownParser.parse(markdown), path: "page.md", rules: SampleRules()).samples
    }

    static func result(_ sample: Sample, _ outcome: SampleResult.Outcome = .passed, tests: Int = 0) -> SampleResult {
        var result = SampleResult(
            sample: sample, outcome: outcome, actualOutput: nil, diagnostics: [], fromCache: false, compiled: true,
            duration: 0)
        result.tests = (0..<tests).map { TestCaseResult(name: "t\($0)", passed: true) }
        return result
    }

    @Test func testSamplesAreCountedWithTheirTests() {
        let samples = Self.samples(
            "```swift,test\nimport Testing\n@Test func a() {}\n@Test func b() {}\n```\n\n```swift\nprint(1)\n```\n\n```swift,test\nlet x = 1\n```\n"
        )
        #expect(samples.map(\.mode) == [.test, .run, .test])
        let result = { (sample: Sample, tests: Int) in Self.result(sample, tests: tests) }
        #expect(SampleResult.summary([result(samples[0], 2)]) == "1 passed, 0 failed (passed: 1 test sample (2 tests))")
        #expect(
            SampleResult.summary([result(samples[0], 2), result(samples[1], 0)])
                == "2 passed, 0 failed (passed: 1 run only, 1 test sample (2 tests))")
        #expect(
            SampleResult.summary([result(samples[0], 1), result(samples[2], 0)])
                == "2 passed, 0 failed (passed: 2 test samples (1 test))")
        #expect(
            SampleResult.summary([result(samples[2], 0)]) == "1 passed, 0 failed (passed: 1 test sample (no test ran))")
    }

    /// A sample that failed is counted as failed, not as the kind of check it did not pass (a
    /// `compile_fail` sample that compiled is no "failed to compile, as intended"): the kinds and
    /// the failures add up to the samples.
    @Test func aFailedSampleIsCountedAsFailedOnly() {
        let samples = Self.samples(
            "```swift\nprint(1)\n```\n\n```swift compile_fail\nlet x = 1\n```\n\n```swift\nprint(2)\n```\n")
        #expect(
            SampleResult.summary([
                Self.result(samples[0], .passed), Self.result(samples[1], .failed), Self.result(samples[2], .failed),
            ]) == "1 passed, 2 failed (passed: 1 run only)")
        #expect(
            SampleResult.summary([Self.result(samples[1], .passed)])
                == "1 passed, 0 failed (passed: 1 failed to compile, as intended)")
    }

    /// The summary for each mix of verdicts (newuser-9 #5): a bare "passed" only when every
    /// passed sample was run and compared; what failed and what was skipped never among the passed.
    @Test func theSummarySaysHowFarThePassedWereChecked() {
        let samples = Self.samples(
            "```swift\nprint(1)\n```\n\n```output\n1\n```\n\n```swift\nprint(2)\n```\n\n```swift ignore\nx\n```\n\n```swift no_run\nprint(3)\n```\n"
        )
        let result = { (index: Int, outcome: SampleResult.Outcome) in Self.result(samples[index], outcome) }
        #expect(SampleResult.summary([]) == "0 passed, 0 failed")
        #expect(SampleResult.summary([result(0, .passed)]) == "1 passed, 0 failed")
        #expect(SampleResult.summary([result(0, .failed)]) == "0 passed, 1 failed")
        #expect(
            SampleResult.summary([result(0, .passed), result(1, .passed)])
                == "2 passed, 0 failed (passed: 1 run and compared, 1 run only)")
        #expect(
            SampleResult.summary([result(0, .passed), result(1, .failed), result(2, .skipped)])
                == "1 passed, 1 failed, 1 skipped")
        #expect(
            SampleResult.summary([result(1, .passed), result(2, .skipped), result(3, .passed)], otherErrors: 1)
                == "2 passed, 1 failed, 1 skipped (passed: 1 run only, 1 compiled only)")
        #expect(SampleResult.summary([result(2, .skipped)], otherSkipped: 2) == "0 passed, 0 failed, 3 skipped")
    }
}
