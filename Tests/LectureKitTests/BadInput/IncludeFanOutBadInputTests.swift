import Foundation
import TestFolders
import Testing

@testable import LectureKit
@testable import LectureSupport

/// A billion laughs in `{{#include}}` (issue 34): files that include each other many times, with
/// no cycle, so the depth limit never fires. A page of ten such levels took more than eleven
/// minutes and ignored Ctrl-C. The time limits are wide (10 min; the unbounded expansion runs for
/// hours): Swift Testing counts the time a test waits for a thread of its cooperative pool (two
/// here), which synchronous tests blocked in builds hold, and at load 17 two limits of 2 min
/// were passed; the counts in the tests are what tell a bound expansion.
@Suite struct IncludeFanOutBadInputTests {
    /// `page.md` includes `l0.md` ten times, each `lN.md` includes `lN+1.md` ten times, and the
    /// last is one line: 10^`levels` copies of it.
    static func fanOut(levels: Int) -> [String: String] {
        var files: [String: String] = [
            "SUMMARY.md": "# 책\n\n- [쪽](page.md)\n",
            "page.md": "# 쪽\n\n" + String(repeating: "{{#include l0.md}}\n", count: 10),
        ]
        for level in 0..<levels - 1 {
            files["l\(level).md"] = String(repeating: "{{#include l\(level + 1).md}}\n", count: 10)
        }
        files["l\(levels - 1).md"] = "하하\n"
        return files
    }

    @Test(.timeLimit(.minutes(10))) func aFanOutOfIncludesStopsAtTheIncludeThatCrossesTheLimitWithAnError() throws {
        let start = ContinuousClock.now
        let (root, lines, failed) = try BadInputBook.build(Self.fanOut(levels: 9))
        defer { FileSystem.removeTemporaryDirectory(root) }
        let seconds = (ContinuousClock.now - start).seconds
        #expect(failed)
        let errors = lines.filter { $0.contains(": error:") }
        #expect(errors.count == 1, "\(lines)")
        // At a directive of the last level but one, where nine includes in ten are made.
        #expect(
            errors.first?.contains(
                "/content/l7.md:") == true,
            "\(errors)")
        #expect(
            errors.first?.contains(
                "error: {{#include l8.md}} makes the page's includes add up to more than 10000 includes") == true,
            "\(errors)")
        // Counted: the expansion stopped at the include past the limit (10,000), not later.
        #expect(lines.contains { $0.contains("included files include each other many times over (10001 includes,") })
        #expect(lines.contains { $0.contains("the page's directives after this one are left out") })
        // A smoke bound only (the count above is the test): unbounded, it took minutes.
        #expect(seconds < 100, "\(seconds) s")
    }

    @Test(.timeLimit(.minutes(10))) func includedTextPastTheByteLimitIsAnErrorAtTheCrossingDirective() throws {
        let megabyte = String(repeating: String(repeating: "가", count: 99) + "\n", count: 3_600)  // 1.07 MB
        let page = "# 쪽\n\n" + String(repeating: "{{#include big.md}}\n", count: 20)
        let (root, lines, failed) = try BadInputBook.build([
            "SUMMARY.md": "# 책\n\n- [쪽](page.md)\n", "page.md": page, "big.md": megabyte,
        ])
        defer { FileSystem.removeTemporaryDirectory(root) }
        #expect(failed)
        let errors = lines.filter { $0.contains(": error:") }
        #expect(errors.count == 1, "\(errors)")
        // 15 copies fit in 16 MiB; the 16th (line 18 of the page: two lines of heading first) crosses.
        #expect(
            errors.first?.contains(
                "/content/page.md:18:1: error: {{#include big.md}} makes the page's includes add up to more than 16 MiB of included text"
            ) == true, "\(errors)")
    }

    /// The signal handlers cancel `Cancellation.process` (`Interruption`); the expansion checks
    /// its token at every include, so a cancelled build stops within one include. Counted, not
    /// timed: the includes made after `cancel` returned are at most the one whose check came
    /// before it (one thread expands), however slowly a loaded machine runs either thread.
    @Test(.timeLimit(.minutes(10))) func aCancelledExpansionStopsAtTheNextInclude() async throws {
        var files = Self.fanOut(levels: 9)
        files["SUMMARY.md"] = nil
        let root = try TestSupport.makeTree(files)
        defer { FileSystem.removeTemporaryDirectory(root) }
        let token = Cancellation()
        // No limit but the cancellation: 1.1 × 10^9 includes if nothing stopped them.
        let budget = IncludeBudget(maximumBytes: .max, maximumIncludes: .max, cancellation: token)
        let page = try SourceFileReader.decode(
            FileSystem.read(root + "/page.md"), displayPath: root + "/page.md", relativePath: "page.md")
        let expansion = ThreadWork {
            IncludeExpander.apply(
                to: page, directory: root, scope: IncludeScope(bookDirectory: root, contentDirectory: root),
                budget: budget
            ).diagnostics
        }
        // Once it is well under way, cancel it.
        #expect(await eventually(within: .seconds(60), every: .milliseconds(1)) { budget.includes >= 2_000 })
        token.cancel(signal: SIGTERM)
        let atCancellation = budget.includes
        let diagnostics = await expansion.value(within: .seconds(60))
        #expect(diagnostics != nil, "the expansion went on after its cancellation")
        #expect(
            budget.includes - atCancellation <= 1,
            "\(budget.includes - atCancellation) includes made after the cancellation")
        // Cancelled includes make no errors of their own: the cancellation is the run's report.
        #expect(diagnostics == [])
    }
}
