import Foundation
import TestFolders
import Testing

@testable import LectureKit
@testable import LectureSupport

/// Limits (issue 34): a page of N terms, each with a `: ` definition, builds in time linear in
/// N. Joining each neighbouring list into the one before it copied the joined list's items, so
/// 10,000 terms took 8 to 25 s. Measured as a ratio of two builds (2,000 and 20,000 terms) of the
/// real `lecture`, contained (`ContainedRun`), so a loaded machine slows both alike: linear is
/// at most 10 (less, with the fixed cost of a build), quadratic past 30.
@Suite struct DefinitionListLimitBadInputTests {
    /// `# P`, then `terms` terms, each with its definition, a blank line between them.
    static func page(terms: Int) -> String {
        "# P\n\n" + (0..<terms).map { "Term \($0)\n: definition \($0)\n\n" }.joined()
    }

    /// The seconds a build of a book whose page has `terms` terms takes, and the page it made.
    static func build(terms: Int) throws -> (seconds: Double, page: String) {
        let run = try ContainedRun()
        let book = try run.makeBook()
        try TestSupport.write(Array(page(terms: terms).utf8), to: book + "/src/intro.md")
        let result = try run.command(
            TestSupport.executable, ["build", "--cache-dir", run.scratch + "/cache"], in: "work/book")
        #expect(result.succeeded, "\(result.stderrText.suffix(2000))")
        return (result.duration, TestSupport.read(book + "/book/intro.html") ?? "")
    }

    @Test func twentyThousandTermsBuildInTimeLinearInTheirNumber() throws {
        let small = try Self.build(terms: 2_000)
        let large = try Self.build(terms: 20_000)
        #expect(large.seconds / small.seconds <= 20, "2,000 terms: \(small.seconds) s, 20,000: \(large.seconds) s")
        // One list, every term and definition in it.
        #expect(large.page.components(separatedBy: "<dl>").count == 2)
        #expect(large.page.components(separatedBy: "<dt id=").count == 20_001)
        #expect(large.page.contains("definition 0\n</dd>") && large.page.contains("definition 19999\n</dd>"))
    }
}
