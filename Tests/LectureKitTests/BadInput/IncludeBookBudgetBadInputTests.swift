import Foundation
import LectureSupport
import TestFolders
import Testing

/// Attack 16, k18c: the include budget was per page, so one large file included by every page
/// grew the run without bound (200 pages including a 14.5 MB file: 7.5 GB, then an abort). The
/// text all pages include is bounded book-wide (`BookIncludes`, 64 MiB): the include that
/// crosses it is an error at its directive, and the book's later includes are left out.
/// Through the real tool, contained (`ContainedRun`).
@Suite struct IncludeBookBudgetBadInputTests {
    @Test(.timeLimit(.minutes(10))) func oneFileIncludedByManyPagesStopsAtTheBookWideLimit() throws {
        // 3,977,000 bytes: 16 pages fit in 64 MiB, the 17th (p16) crosses.
        let big = String(repeating: String(repeating: "lol ", count: 24) + "\n", count: 41_000)
        var pages = ["big.txt": big]
        var summary = "# Summary\n\n"
        for page in 0..<20 {
            pages["p\(page).md"] = "# P\(page)\n\n{{#include big.txt}}\n"
            summary += "- [P\(page)](p\(page).md)\n"
        }
        pages["SUMMARY.md"] = summary
        let (run, result) = try TestSupport.containedBook(pages: pages)
        let errors = result.stderrText.split(separator: "\n").filter { $0.contains(": error:") }
        #expect(result.termination == .exited(1), "\(result.stderrText)")
        #expect(errors.count == 1, "\(errors)")
        #expect(
            errors.first?.hasPrefix(
                "src/p16.md:3:1: error: {{#include big.txt}} makes the book's includes add up to more than 64 MiB of included text"
            ) == true, "\(errors)")
        #expect(result.stderrText.contains("the book-wide limit of included text is 64 MiB"))
        #expect(!FileSystem.exists(run.scratch + "/work/book/book"), "nothing written")
    }
}
