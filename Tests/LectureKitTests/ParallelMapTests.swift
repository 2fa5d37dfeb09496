import Foundation
import Testing

@testable import LectureSupport

/// `parallelMap` runs `jobs` blocking jobs at once whatever the number of cores (a sample's
/// compile waits for its child): each job here blocks until all `jobs` are in flight together,
/// which it sees as an event (a condition broadcast by the last to arrive), or until a minute
/// passed. A task group would hold at most the cooperative pool's threads (the cores) and never
/// get there; Dispatch's global queue, which the map used, got there after about 6 s on two
/// cores, adding a worker now and then for the blocked ones.
@Suite struct ParallelMapTests {
    // @unchecked: `inFlight` is read and changed only while `condition` is locked.
    final class Arrivals: @unchecked Sendable {
        let condition = NSCondition()
        var inFlight = 0
    }

    @Test func jobsBlockingJobsRunAtOnceWhateverTheCores() {
        let jobs = 8
        let arrivals = Arrivals()
        let together = Array(0..<jobs).parallelMap(jobs: jobs, start: .atOnce) { _ -> Bool in
            arrivals.condition.lock()
            defer { arrivals.condition.unlock() }
            arrivals.inFlight += 1
            arrivals.condition.broadcast()
            let deadline = Date(timeIntervalSinceNow: 60)
            while arrivals.inFlight < jobs, arrivals.condition.wait(until: deadline) {}
            return arrivals.inFlight == jobs
        }
        let inFlight = arrivals.condition.withLock { arrivals.inFlight }
        #expect(together.allSatisfy { $0 }, "\(inFlight) of \(jobs) jobs were in flight at once")
    }

    /// Work on the CPU that ends before a thread would pay off (a one-page book's maps) stays on
    /// the calling thread: no thread is started.
    @Test func quickWorkStaysOnTheCallingThread() {
        let caller = pthread_self()
        let threads = Array(0..<64).parallelMap(jobs: 8) { _ in pthread_self() }
        #expect(threads.allSatisfy { pthread_equal($0, caller) != 0 }, "a quick map started threads")
    }

    /// Work on the CPU that takes the caller longer than `ParallelStart.worthIt` gets helpers: the
    /// first item outlasts it, and each later one waits (an event: a condition broadcast when a
    /// second thread arrives, or a minute) until an item runs on a thread besides the caller.
    @Test(.enabled(if: ProcessInfo.processInfo.activeProcessorCount >= 2))
    func longWorkGetsHelpers() {
        let caller = pthread_self()
        let arrivals = Arrivals()
        let helped = Array(0..<8).parallelMap(jobs: 2) { item -> Bool in
            if item == 0 {
                let clock = ContinuousClock()
                let began = clock.now
                while clock.now - began < ParallelStart.worthIt * 5 {}
                return false
            }
            arrivals.condition.lock()
            defer { arrivals.condition.unlock() }
            if pthread_equal(pthread_self(), caller) == 0 { arrivals.inFlight += 1 }
            arrivals.condition.broadcast()
            let deadline = Date(timeIntervalSinceNow: 60)
            while arrivals.inFlight == 0, arrivals.condition.wait(until: deadline) {}
            return arrivals.inFlight > 0
        }
        #expect(helped.dropFirst().allSatisfy { $0 }, "no helper thread took an item")
    }
}
