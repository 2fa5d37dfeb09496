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
        let together = Array(0..<jobs).parallelMap(jobs: jobs) { _ -> Bool in
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
}
