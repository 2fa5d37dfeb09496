import Foundation
import Testing

@testable import CommonMark
@testable import LectureKit
@testable import LectureSupport

/// State that threads share, as `make sanitize` checks it: under ThreadSanitizer each of these
/// reported a race before (a contended `Synchronization.Mutex`, an empty `MarkupRewriter`), so
/// there a report fails the run; everywhere the values must come out whole.
struct SharedStateTests {
    /// Threads appending to one `Locked` array at once: every value kept, none twice.
    @Test func lockedKeepsEveryValueThreadsAdd() {
        let values = Locked<[Int]>([])
        _ = Array(0..<8).parallelMap(jobs: 8) { thread in
            for value in 0..<500 { values.withLock { $0.append(thread * 500 + value) } }
        }
        #expect(values.withLock { $0.sorted() } == Array(0..<4000))
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
