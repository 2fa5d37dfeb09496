import Foundation
import Testing

@testable import CommonMark
@testable import LectureKit
@testable import LectureSupport

/// State that threads share, as `make sanitize` checks it (there a ThreadSanitizer report fails
/// the run): a contended lock, and links rewritten on several threads, where an empty
/// `MarkupRewriter` once gave reports (whenever a register held a shared address); everywhere
/// the values must come out whole.
struct SharedStateTests {
    /// Threads appending to one `Locked` array at once, each holding the lock long enough that
    /// the others wait for it: every value kept, none twice. (With a `Mutex` here, the same test
    /// gives a ThreadSanitizer report, 2026-12-01.)
    @Test func lockedKeepsEveryValueThreadsAdd() {
        let values = Locked<[Int]>([])
        _ = Array(0..<8).parallelMap(jobs: 8, start: .atOnce) { thread in
            for value in 0..<300 {
                values.withLock {
                    $0.append(thread * 300 + value)
                    usleep(100)  // held long enough that the other threads wait for the lock
                }
            }
        }
        #expect(values.withLock { $0.sorted() } == Array(0..<2400))
    }

    /// Pages' links rewritten on several threads at once (as `Render` does): each page gets its own.
    @Test func linksOfPagesRewrittenAtOnceAreEachPagesOwn() {
        let pages = (0..<16).map { "[다음](page\($0).md#end)\n\n> [안](in\($0).md)\n" }
        let rewritten = pages.parallelMap(jobs: 4) { source in
            HTMLRenderer().render(LinkRewriter.apply(to: MarkdownParser.parse(source)))
        }
        for (index, html) in rewritten.enumerated() {
            #expect(html.contains("href=\"page\(index).html#end\""))
            #expect(html.contains("href=\"in\(index).html\""))
        }
    }
}
