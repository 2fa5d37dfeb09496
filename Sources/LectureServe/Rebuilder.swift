import Foundation
import LectureKit
import LectureSupport

/// Runs builds one at a time: the first on the caller's thread, later ones on its own thread
/// whenever changes were requested.
///
/// Requests that arrive during a build are merged into one next build, so a burst of saves
/// costs at most one build after the current one. `stop()` waits for a build in progress,
/// which the server has cancelled (its `Cancellation`: the running child is killed, no sample
/// starts after it): each sample's temporary folder and the site's staging folder are removed
/// by the build itself as it unwinds, so nothing is left behind.
// @unchecked: its state is under `condition` (NSCondition: the rebuild thread waits for requests,
// which Synchronization's Mutex cannot); `thread` is set once by `start()`.
final class Rebuilder: @unchecked Sendable {
    private let condition = NSCondition()
    private var pending: Set<String> = []
    private var hasPending = false
    private var stopping = false
    private var building = false
    private var thread: Thread?
    private let threadFinished = DispatchSemaphore(value: 0)
    private let build: @Sendable () -> BuildOutcome
    private let finished: @Sendable (BuildOutcome, [String]) -> Void

    /// - Parameters:
    ///   - build: one build, run on the rebuild thread (or the caller's, for `buildNow()`).
    ///   - finished: called on the rebuild thread after each requested build, with the changed
    ///     paths that caused it; not called for a build that `stop()` interrupted.
    init(build: @escaping @Sendable () -> BuildOutcome, finished: @escaping @Sendable (BuildOutcome, [String]) -> Void)
    {
        self.build = build
        self.finished = finished
    }

    /// Builds on the calling thread and returns how it ended (`.stopped` if `stop()` came).
    func buildNow() -> BuildOutcome {
        condition.lock()
        guard !stopping else {
            condition.unlock()
            return .stopped
        }
        building = true
        condition.unlock()
        let outcome = build()
        condition.lock()
        building = false
        let stopped = stopping
        condition.broadcast()
        condition.unlock()
        return stopped ? .stopped : outcome
    }

    /// Starts the thread that builds on request.
    func start() {
        let thread = Thread { [self] in
            while let paths = nextRequest() {
                let outcome = buildNow()
                if case .stopped = outcome { break }
                finished(outcome, paths)
            }
            threadFinished.signal()
        }
        thread.name = "lecture serve: rebuild"
        condition.withLock { self.thread = thread }
        thread.start()
    }

    /// Asks for a build because `paths` changed.
    func request(_ paths: [String]) {
        condition.withLock {
            pending.formUnion(paths)
            hasPending = true
            condition.broadcast()
        }
    }

    /// Stops building: waits for a build in progress (cancelled by the caller) to return, at
    /// most `timeout` seconds, and ends the thread.
    /// - Returns: whether a build was in progress, so the stop cut it short.
    @discardableResult
    func stop(timeout: Double = 30) -> Bool {
        condition.lock()
        let interrupted = building && !stopping
        stopping = true
        condition.broadcast()
        let deadline = Date(timeIntervalSinceNow: timeout)
        while building && Date() < deadline { _ = condition.wait(until: deadline) }
        let started = thread != nil
        condition.unlock()
        if started { _ = threadFinished.wait(timeout: .now() + 5) }
        return interrupted
    }

    private func nextRequest() -> [String]? {
        condition.lock()
        defer { condition.unlock() }
        while !hasPending && !stopping { condition.wait() }
        if stopping { return nil }
        let paths = pending.sorted()
        pending = []
        hasPending = false
        return paths
    }
}
