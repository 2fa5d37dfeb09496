import Foundation
import Testing

@testable import LectureKit

/// Attack 22 F2: a retroactive conformance the walker took for the sample's own (a nested type
/// named like the standard one, `extension Swift.StrideTo: CustomStringConvertible`) sat in the
/// merged program, and another sample printed through it and passed with output it never prints
/// alone. Such a sample is now verified alone, and the other sample fails as it does alone. Real
/// swiftc.
@Suite(.serialized) struct ProcessWideConformanceBadInputTests {
    let suite = MergedSampleTests()

    /// The victim: alone it prints `Swift.StrideTo<Swift.Int>(…)`, never `0, 1, 2`.
    static let victim = MergedSampleTests.sample("print(stride(from: 0, to: 3, by: 1))", output: "0, 1, 2\n")

    /// Each way the attack's sample spells the conformance.
    static let conformances = [
        "enum Notes { struct StrideTo {} }\nextension Swift.StrideTo: Swift.CustomStringConvertible {\n    public var description: String { \"0, 1, 2\" }\n}\nprint(\"ok\")",
        "enum Notes { struct StrideTo {} }\nextension StrideTo: CustomStringConvertible {\n    public var description: String { \"0, 1, 2\" }\n}\nprint(\"ok\")",
        "typealias Counting = StrideTo<Int>\nextension Counting: CustomStringConvertible {\n    public var description: String { \"0, 1, 2\" }\n}\nprint(\"ok\")",
    ]

    @Test(arguments: conformances) func aConformanceTheWalkerCannotProveLocalRunsAlone(conformance: String) throws {
        let markdown = MergedSampleTests.sample(conformance, output: "ok\n") + Self.victim
        let results = try suite.verify(markdown, merging: true)
        #expect(!results[0].merged, "\(results.map(\.diagnostics))")
        #expect(results.map(\.outcome) == [.passed, .failed], "\(results.map(\.diagnostics))")
        #expect(results[1].diagnostics.map(\.identifier).contains(.sampleOutputMismatch), "\(results[1].diagnostics)")
    }
}
