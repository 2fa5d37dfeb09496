import Foundation
import TestFolders
import Testing

@testable import CommonMark
@testable import LectureKit
@testable import LectureSupport

/// Limits (issue 34): a page of N terms, each with a `: ` definition, is read in time linear in
/// N. Joining each neighbouring list into the one before it copied the joined list's items, so
/// 10,000 terms took 8 to 25 s. The step is timed in-process (`MarkdownExtensions.applying`,
/// where the lists are read and joined), at 1,000 and 16,000 terms, the fastest of three runs
/// each, so neither process start nor a load spike weighs: linear is about 16, quadratic about
/// 256, and the bound (64) sits between them with a wide margin. One build of the real
/// `lecture`, contained (`ContainedRun`), checks the page it makes.
@Suite struct DefinitionListLimitBadInputTests {
    /// `# P`, then `terms` terms, each with its definition, a blank line between them.
    static func page(terms: Int) -> String {
        "# P\n\n" + (0..<terms).map { "Term \($0)\n: definition \($0)\n\n" }.joined()
    }

    /// The fastest of three runs of the extensions step on a page of `terms` terms, parsed before.
    static func extensionSeconds(terms: Int) -> Double {
        let text = Footnotes.protectingDefinitions(page(terms: terms))
        let blocks = MarkdownParser.parseDocument(text, smartPunctuation: false).blocks
        var fastest = Double.infinity
        for _ in 0..<3 {
            var lists = 0
            let elapsed = ContinuousClock().measure {
                lists = MarkdownExtensions.applying(to: blocks, text: text).blocks.count
            }
            #expect(lists == 2, "the heading and one list")
            fastest = min(fastest, Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18)
        }
        return fastest
    }

    @Test func definitionListsAreReadInTimeLinearInTheirTerms() {
        let small = Self.extensionSeconds(terms: 1_000)
        let large = Self.extensionSeconds(terms: 16_000)
        #expect(large / small < 64, "1,000 terms: \(small) s, 16,000: \(large) s (linear 16, quadratic 256)")
    }

    @Test func twentyThousandTermsBuildIntoOneList() throws {
        let run = try ContainedRun()
        let book = try run.makeBook()
        try TestSupport.write(Array(Self.page(terms: 20_000).utf8), to: book + "/src/intro.md")
        let result = try run.command(
            TestSupport.executable, ["build", "--cache-dir", run.scratch + "/cache"], in: "work/book")
        #expect(result.succeeded, "\(result.stderrText.suffix(2000))")
        let page = TestSupport.read(book + "/book/intro.html") ?? ""
        // One list, every term and definition in it.
        #expect(page.components(separatedBy: "<dl>").count == 2)
        #expect(page.components(separatedBy: "<dt id=").count == 20_001)
        #expect(page.contains("definition 0\n</dd>") && page.contains("definition 19999\n</dd>"))
    }
}
