import Testing

@testable import LectureSupport

/// `consumingParallelMap`: results in order, and each element freed as soon as its result is
/// made, which is what lets a one-off build's `Render` free the pages' trees page by page.
@Suite struct ConsumingParallelMapTests {
    /// Counts its instances' deinits.
    final class Tracked: Sendable {
        let number: Int
        let freed: Locked<Int>
        init(_ number: Int, freed: Locked<Int>) {
            self.number = number
            self.freed = freed
        }
        deinit { freed.withLock { $0 += 1 } }
    }

    @Test func eachElementIsFreedOnceItsResultIsMade() {
        let freed = Locked(0)
        var items = (0..<50).map { Tracked($0, freed: freed) }
        // One job: element i is transformed after elements 0..<i, which are gone by then.
        let seen = items.consumingParallelMap(jobs: 1) { item in (item.number, freed.withLock { $0 }) }
        #expect(items.isEmpty)
        #expect(seen.map(\.0) == Array(0..<50))
        #expect(seen.map(\.1) == Array(0..<50), "elements freed before each transform: \(seen.map(\.1))")
        #expect(freed.withLock { $0 } == 50)
    }

    @Test func resultsKeepTheOrderAndEveryElementIsFreedOnManyJobs() {
        let freed = Locked(0)
        var items = (0..<200).map { Tracked($0, freed: freed) }
        let numbers = items.consumingParallelMap(jobs: 4) { $0.number * 2 }
        #expect(items.isEmpty)
        #expect(numbers == (0..<200).map { $0 * 2 })
        #expect(freed.withLock { $0 } == 200)
    }
}
