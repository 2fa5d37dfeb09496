import Dispatch
import Foundation
import Synchronization

/// When a map's helper threads start (`parallelMap(jobs:start:_:)`).
package enum ParallelStart: Sendable {
    /// At once, `jobs` workers: for blocking work (a compiler, a sample), where each job waits
    /// for a child and `jobs` children should run at once whatever the number of cores; and for a
    /// few items each known to be large (print.html and the search index), which `whenWorthIt`
    /// would make one after the other (its helpers start between the caller's items).
    case atOnce
    /// Only once the calling thread has spent `ParallelStart.worthIt` on the items and some are
    /// left, and no more workers than cores: for work on the CPU (pages, files, link checks),
    /// where a small book's map is done on the calling thread before a thread would have started.
    case whenWorthIt

    /// The time the caller works alone before helpers start: about ten thread starts and joins
    /// (a thread cost 50 to 100 µs of CPU here), so a map that ends sooner never pays for one.
    package static let worthIt: Duration = .milliseconds(1)
}

extension Array where Element: Sendable {
    /// Maps the elements on up to `jobs` threads, the calling thread one of them, keeping the
    /// order of results.
    ///
    /// For blocking work (`.atOnce`): each job is a thread of its own, started for the map, so
    /// `jobs` children run at once whatever the number of cores, and none stalls Swift's
    /// cooperative pool. Neither of the others reaches `jobs`: 16 blocking jobs of 200 ms at
    /// `jobs` 8 on 2 cores took 0.4 s on threads, 1.2 to 1.4 s on Dispatch's global queue (which
    /// adds few workers for blocked ones) and 1.6 s in a task group (the pool's 2 threads).
    /// For work on the CPU (`.whenWorthIt`, the default), helpers start only when the caller's
    /// share would take long (a one-page book's build starts no thread).
    package func parallelMap<Result: Sendable>(
        jobs: Int, start: ParallelStart = .whenWorthIt, _ transform: @escaping @Sendable (Element) -> Result
    ) -> [Result] {
        let workers =
            start == .atOnce
            ? Swift.min(jobs, count) : Swift.min(jobs, count, ProcessInfo.processInfo.activeProcessorCount)
        if workers <= 1 { return map(transform) }
        let slots = ResultSlots<Result>(count: count)
        let group = DispatchGroup()
        let items = self
        // The caller's cancellation token goes with the work (`Cancellation.current`).
        let cancellation = Cancellation.current
        var helpersStarted = false
        func startHelpers() {
            helpersStarted = true
            for _ in 1..<workers {
                group.enter()
                Thread {
                    Cancellation.$current.withValue(cancellation) {
                        while let index = slots.take(limit: items.count) {
                            slots.set(index, transform(items[index]))
                        }
                    }
                    group.leave()
                }.start()
            }
        }
        if start == .atOnce { startHelpers() }
        let clock = ContinuousClock()
        let began = clock.now
        while let index = slots.take(limit: items.count) {
            slots.set(index, transform(items[index]))
            if !helpersStarted, slots.left(limit: items.count) > 0, clock.now - began > ParallelStart.worthIt {
                startHelpers()
            }
        }
        group.wait()
        return slots.values()
    }
}

/// The results by index, and the next index to hand out.
private final class ResultSlots<T: Sendable>: Sendable {
    private let slots: Locked<[T?]>
    private let next = Atomic<Int>(0)

    init(count: Int) { slots = Locked(Array(repeating: nil, count: count)) }

    func set(_ index: Int, _ value: T) {
        slots.withLock { $0[index] = value }
    }

    func values() -> [T] { slots.withLock { $0.map { $0! } } }

    /// How many indices below `limit` are still to be handed out.
    func left(limit: Int) -> Int { Swift.max(0, limit - next.load(ordering: .relaxed)) }

    /// Hands out the next index below `limit`, each once.
    func take(limit: Int) -> Int? {
        let index = next.wrappingAdd(1, ordering: .relaxed).oldValue
        return index < limit ? index : nil
    }
}

extension Array where Element: Sendable {
    /// `parallelMap(jobs:_:)` that empties the array first and hands each element to `transform`
    /// as the map's only reference to it, dropped once its result is made: what an element holds
    /// (a page's syntax tree, when `transform` leaves it out of the result) is freed element by
    /// element while the map runs, not all at once when it ends.
    package mutating func consumingParallelMap<Result: Sendable>(
        jobs: Int, start: ParallelStart = .whenWorthIt, _ transform: @escaping @Sendable (Element) -> Result
    ) -> [Result] {
        let items = TakenOnce(self)
        self = []
        let indices = [Int](0..<items.count)
        return indices.parallelMap(jobs: jobs, start: start) { transform(items.take($0)) }
    }
}

/// Elements each handed out once, the slot emptied as it is taken.
private final class TakenOnce<T: Sendable>: Sendable {
    private let slots: Locked<[T?]>
    let count: Int

    init(_ items: [T]) {
        count = items.count
        slots = Locked(items.map(Optional.some))
    }

    func take(_ index: Int) -> T {
        slots.withLock { slots in
            defer { slots[index] = nil }
            return slots[index]!
        }
    }
}
