import Foundation
import TestFolders
import Testing

@testable import CommonMark
@testable import LectureKit
@testable import LectureSupport

/// Limits (issue 34): a page of N terms, each with a `: ` definition, is read in time linear in
/// N. Joining each neighbouring list into the one before it copied the joined list's items, so
/// 10,000 terms took 8 to 25 s. The step alone is measured in-process (`MarkdownExtensions.applying`,
/// where the lists are read and joined), in the CPU time of the thread that runs it, which load
/// does not stretch as it stretches wall time: at 1,000 and 16,000 terms, in three interleaved
/// rounds, the least of each size. Linear is about 16, quadratic about 256, and the bound (64) sits
/// between them with a wide margin. One build of the real `lecture`, contained (`ContainedRun`),
/// checks the page it makes.
@Suite struct DefinitionListLimitBadInputTests {
    /// `# P`, then `terms` terms, each with its definition, a blank line between them.
    static func page(terms: Int) -> String {
        "# P\n\n" + (0..<terms).map { "Term \($0)\n: definition \($0)\n\n" }.joined()
    }

    /// A page of `terms` terms, parsed: what the extensions step takes.
    static func parsed(terms: Int) -> (text: String, blocks: [Block]) {
        let text = Footnotes.protectingDefinitions(page(terms: terms))
        return (text, MarkdownParser.parseDocument(text, smartPunctuation: false).blocks)
    }

    /// The thread CPU seconds of one run of the extensions step on `page`.
    static func extensionSeconds(_ page: (text: String, blocks: [Block])) -> Double {
        let start = TestSupport.threadCPUSeconds()
        let lists = MarkdownExtensions.applying(to: page.blocks, text: page.text).blocks.count
        let seconds = TestSupport.threadCPUSeconds() - start
        #expect(lists == 2, "the heading and one list")
        return seconds
    }

    @Test func definitionListsAreReadInTimeLinearInTheirTerms() {
        let (smallPage, largePage) = (Self.parsed(terms: 1_000), Self.parsed(terms: 16_000))
        var (small, large) = (Double.infinity, Double.infinity)
        for _ in 0..<3 {
            small = min(small, Self.extensionSeconds(smallPage))
            large = min(large, Self.extensionSeconds(largePage))
        }
        #expect(large / small < 64, "1,000 terms: \(small) s, 16,000: \(large) s of CPU (linear 16, quadratic 256)")
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
