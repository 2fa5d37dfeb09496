import Foundation
import Testing

@testable import CommonMark
@testable import LectureKit
@testable import LectureSupport

/// A sample's own `#sourceLocation` (issue 34): swiftc then names the author's file and lines,
/// which the tool took for none of its own, so the error was dropped (or placed on a wrong line).
@Suite struct SourceLocationBadInputTests {
    @Test func errorsAfterTheAuthorsSourceLocationStandOnTheirMarkdownLines() throws {
        var stage = try SampleVerificationTests.stage.get()
        stage.verifier.options.noCache = true
        let found = SampleExtractor.extract(
            from: MarkdownParser.parse(
                """
                # T

                ```swift no_run
                let a = 1
                #sourceLocation(file: "Other.swift", line: 100)
                let b: Int = "two"
                #sourceLocation()
                let c: Int = "three"
                ```

                """), path: "p.md")
        let results = stage.verifier.verify(found.samples)
        let errors = results[0].diagnostics.filter { $0.severity == .error }.map(\.headline)
        #expect(
            errors == [
                "p.md:6:14: error: cannot convert value of type 'String' to specified type 'Int'",
                "p.md:8:14: error: cannot convert value of type 'String' to specified type 'Int'",
            ], "\(results[0].diagnostics.map(\.headline))")
    }
}
