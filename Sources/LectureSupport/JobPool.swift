import Foundation

/// A fixed number of places that child processes take while they run, as make's job server
/// hands out `-j` tokens: whoever starts a process waits for a free place, and gives it back
/// when the process has ended, so no more than `slots` run at once, whichever thread, path or
/// pool of threads starts them.
///
/// Work that holds a place must not wait for another (a compile followed by a run takes one
/// place, gives it back, then takes one again), or `slots` holders could wait for each other.
package final class JobPool: @unchecked Sendable {
    /// How many processes may run at once (`-j`, at least 1).
    package let slots: Int
    private let condition = NSCondition()
    private var busy = 0
    private var mostBusy = 0
    private var finished = 0

    /// A pool of `slots` places (at least one).
    package init(slots: Int) { self.slots = max(1, slots) }

    /// What `body` returns, run while holding a place: waits for one first.
    package func run<Result>(_ body: () throws -> Result) rethrows -> Result {
        condition.lock()
        while busy >= slots { condition.wait() }
        busy += 1
        mostBusy = max(mostBusy, busy)
        condition.unlock()
        defer {
            condition.lock()
            busy -= 1
            finished += 1
            condition.signal()
            condition.unlock()
        }
        return try body()
    }

    /// The most places held at once so far, and how many times a place was given back: what a
    /// test observes of the processes started through the pool.
    package var usage: (mostAtOnce: Int, processes: Int) {
        condition.lock()
        defer { condition.unlock() }
        return (mostBusy, finished)
    }
}
