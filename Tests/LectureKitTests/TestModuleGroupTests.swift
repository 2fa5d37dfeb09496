import CommonMark
import Foundation
import Testing

@testable import LectureKit
@testable import SwiftAnalysis

/// `test` samples compiled as the files of one module (`TestModuleGroups`): only when none could
/// see another's declarations (`ModuleScopeNames`), and then with the verdicts and reports each
/// gets alone, with the real swiftc.
@Suite(.serialized) struct TestModuleGroupTests {
    let suite = MergedSampleTests()

    static func names(_ source: String) -> ModuleScopeNames { ModuleScopeNames.of(source)! }

    static func independent(_ a: String, _ b: String) -> Bool {
        names(a).isIndependent(of: names(b)) && names(b).isIndependent(of: names(a))
    }

    static let plain =
        "import Testing\nstruct Counter { var count = 0 }\n@Test func counts() { #expect(Counter().count == 0) }"

    @Test func filesThatCannotSeeEachOtherAreIndependent() {
        // Different names; members of one's own types (`count`, `value`) are reached only through its types.
        #expect(Self.independent(Self.plain, "import Testing\nstruct Box { var value = 1 }\n@Test func boxes() {}"))
        // The same imports written twice or in another order are the same imports.
        #expect(
            Self.independent(
                "import Testing\nimport Observation\nimport Testing\n@Test func a() {}",
                "import Observation\nimport Testing\n@Test func b() {}"))
        // `#sourceLocation` lines, as every sample's program has, declare nothing.
        #expect(
            Self.independent(
                "#sourceLocation(file: \"a.md\", line: 3)\nimport Testing\n@Test func a() {}\n#sourceLocation()\n",
                "#sourceLocation(file: \"a.md\", line: 9)\nimport Testing\n@Test func b() {}\n#sourceLocation()\n"))
    }

    /// Each way one file could reach another's declaration, or the compiler reach one for it.
    @Test(arguments: [
        // A type both declare (a redeclaration) or one uses.
        ("import Testing\nstruct Box {}", "import Testing\nstruct Box {}"),
        ("import Testing\nstruct Box {}", "import Testing\n@Test func t() { _ = Box() }"),
        // A top-level function one declares and the other calls or overloads.
        (
            "import Testing\nfunc describe(_ x: Int) -> String { \"A\" }",
            "import Testing\nfunc describe<T>(_ x: T) -> String { \"B\" }"
        ),
        // A variable, in a tuple pattern, in `#if`.
        ("import Testing\nlet (width, height) = (1, 2)", "import Testing\n@Test func t() { #expect(height == 2) }"),
        ("import Testing\n#if true\nlet limit = 3\n#endif", "import Testing\n@Test func t() { #expect(limit == 3) }"),
        // An extension member of a type neither declares, a backticked name.
        (
            "import Testing\nextension Int { var doubled: Int { self * 2 } }",
            "import Testing\n@Test func t() { #expect(2.doubled == 4) }"
        ),
        (
            "import Testing\nextension String { func `shout`() -> String { uppercased() } }",
            "import Testing\n@Test func t() { #expect(\"a\".shout() == \"A\") }"
        ),
        // An operator, declared and implemented for another type.
        (
            "import Testing\ninfix operator <+>\nextension Int { static func <+> (a: Int, b: Int) -> Int { a + b } }",
            "import Testing\n@Test func t() { #expect(1 <+> 2 == 3) }"
        ),
        // Different imports: an import reaches the extension members of the whole module.
        ("import Testing\nimport Foundation\n@Test func a() {}", "import Testing\n@Test func b() {}"),
        // Names the compiler looks up unspelled: literal types, sugar's initializers and interpolation, pattern matching.
        (
            "import Testing\ntypealias IntegerLiteralType = Double",
            "import Testing\n@Test func t() { #expect(1 / 2 == 0.5) }"
        ),
        (
            "import Testing\nextension Int { init(text: String) { self = text.count } }",
            "import Testing\n@Test func other() {}"
        ),
        (
            "import Testing\nextension DefaultStringInterpolation { mutating func appendInterpolation(loud: String) { appendLiteral(loud) } }",
            "import Testing\n@Test func other() {}"
        ),
        (
            "import Testing\nfunc ~= (pattern: String, value: Int) -> Bool { true }",
            "import Testing\n@Test func other() {}"
        ),
    ])
    func filesThatCouldSeeEachOtherAreNot(_ a: String, _ b: String) {
        #expect(!Self.independent(a, b))
    }

    @Test func whatThisReadingCannotSeeThroughIsNeverShared() {
        // A freestanding macro at the top level, `@main`, a statement.
        #expect(ModuleScopeNames.of("import Testing\n#warning(\"x\")") == nil)
        #expect(ModuleScopeNames.of("@main struct App { static func main() {} }") == nil)
        #expect(ModuleScopeNames.of("print(1)") == nil)
    }

    static func test(_ code: String) -> String { "```swift test\n\(code)\n```\n\n" }

    @Test func independentTestSamplesShareAModuleAndReportAsAlone() throws {
        let markdown = [
            Self.test(Self.plain),
            Self.test(
                "import Testing\nstruct Box { var value = 1 }\n@Suite struct BoxTests { @Test func boxes() { #expect(Box().value == 1) } }"
            ),
            // A failure in a shared module: verified alone, as any merged sample's.
            Self.test("import Testing\n@Test func wrong() { let n = 2; #expect(n == 3) }"),
            Self.test("import XCTest\nfinal class ATests: XCTestCase { func testA() { XCTAssertEqual(1, 1) } }"),
            Self.test("import XCTest\nfinal class BTests: XCTestCase { func testB() async { await Task.yield() } }"),
            // Reaches the first sample's `Counter`: compiled alone, where it does not compile.
            Self.test("import Testing\n@Test func borrows() { #expect(Counter().count == 0) }"),
        ].joined()
        let samples = SampleExtractor.extract(from: MarkdownParser.parse(markdown), path: "page.md").samples
        #expect(TestModuleGroups.units(of: samples, jobs: 2) == [[0, 1, 2], [3, 4], [5]])

        let merged = try suite.verify(markdown, merging: true)
        let alone = try suite.verify(markdown, merging: false)
        for (merged, alone) in zip(merged, alone) {
            #expect(
                suite.verdict(merged) + "\(merged.tests)" == suite.verdict(alone) + "\(alone.tests)",
                "sample at line \(merged.sample.location.line)")
        }
        #expect(merged.map(\.merged) == [true, true, false, true, true, false])
        #expect(merged.map(\.outcome) == [.passed, .passed, .failed, .passed, .passed, .failed])
        #expect(merged[1].tests.map(\.name) == ["BoxTests/boxes()"])
        #expect(merged[4].tests.map(\.name) == ["BTests.testB"])
        #expect(merged[5].diagnostics.contains { $0.summary.contains("Counter") })
    }

    @Test func aWarningInASharedModuleIsTheSampleOwnJobs() throws {
        // Two samples that could share a module; the first's warning sends both to jobs of their own.
        let markdown =
            Self.test("import Testing\n@Test func first() { var x = 1; #expect(x == 1) }")
            + Self.test("import Testing\n@Test func second() { #expect(Bool(true)) }")
        let merged = try suite.verify(markdown, merging: true)
        let alone = try suite.verify(markdown, merging: false)
        #expect(merged.map(\.merged) == [true, true])
        #expect(merged.map { suite.verdict($0) } == alone.map { suite.verdict($0) })
        #expect(merged[0].diagnostics.map(\.severity) == [.warning])
        #expect(merged[1].diagnostics.isEmpty)
    }
}
