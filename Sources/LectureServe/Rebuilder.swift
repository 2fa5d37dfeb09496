import Foundation
import LectureKit
import LectureSupport

/// Runs builds one at a time: the first on the caller's thread, later ones on its own thread
/// whenever changes were requested.
///
/// A request that arrives during a rebuild supersedes it: the rebuild is cancelled (its
/// `Cancellation`: the running child is killed, no sample starts after it), the token renewed,
/// and one next build covers the paths of both; requests that arrive meanwhile are merged into
/// it, so a burst of saves costs one build. The build that replaced a cancelled one is not
/// cancelled in turn: it finishes, and the build after it covers the requests that came
/// meanwhile, so saves faster than a build (an editor's autosave) still show a finished build at
/// least every second build, and the last save's build ends at most two builds after it. `stop()` cancels the build in progress and waits
/// for it: each sample's temporary folder and the site's staging folder are removed by the
/// build itself as it unwinds, so nothing is left behind.
// @unchecked: its state is under `condition` (NSCondition: the rebuild thread waits for requests,
// which Synchronization's Mutex cannot); `thread` is set once by `start()`.
final class Rebuilder: @unchecked Sendable {
    private let condition = NSCondition()
    private var pending: Set<String> = []
    private var hasPending = false
    private var stopping = false
    private var building = false
    /// Whether a request came while a rebuild ran, which cancelled it.
    private var superseded = false
    /// Whether the last rebuild was cancelled by a request, so the one running replaced it and
    /// is let finish.
    private var lastWasSuperseded = false
    private var thread: Thread?
    private let threadFinished = DispatchSemaphore(value: 0)
    private let cancellation: Cancellation
    private let build: @Sendable () -> BuildOutcome
    private let finished: @Sendable (BuildOutcome, [String]) -> Void

    /// - Parameters:
    ///   - cancellation: the token `build` runs under, cancelled by `stop()` and by a request
    ///     that supersedes a rebuild (then renewed before the next build).
    ///   - build: one build, run on the rebuild thread (or the caller's, for `buildNow()`).
    ///   - finished: called on the rebuild thread after each requested build, with the changed
    ///     paths that caused it; not called for a build that `stop()` or a newer request cut short.
    init(
        cancellation: Cancellation, build: @escaping @Sendable () -> BuildOutcome,
        finished: @escaping @Sendable (BuildOutcome, [String]) -> Void
    ) {
        self.cancellation = cancellation
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
            var paths: [String] = []
            requests: while let requested = nextRequest() {
                paths = Array(Set(paths).union(requested)).sorted()
                let outcome = buildNow()
                switch (outcome, endSupersession()) {
                case (.stopped, true): continue  // the next build covers `paths` too
                case (.stopped, false): break requests
                default:
                    finished(outcome, paths)
                    paths = []
                }
            }
            threadFinished.signal()
        }
        thread.name = "lecture serve: rebuild"
        condition.withLock { self.thread = thread }
        thread.start()
    }

    /// Asks for a build because `paths` changed; a rebuild in progress is cancelled, as its
    /// site would be out of date, unless it replaced a cancelled one (then it finishes, and the
    /// next build covers `paths`).
    func request(_ paths: [String]) {
        condition.withLock {
            pending.formUnion(paths)
            hasPending = true
            if building, thread != nil, !stopping, !lastWasSuperseded {
                superseded = true
                cancellation.cancel()
            }
            condition.broadcast()
        }
    }

    /// After a build: whether a request superseded it; its token is renewed for the next build
    /// unless `stop()` came (under the lock, so a stop's cancellation is never undone).
    private func endSupersession() -> Bool {
        condition.withLock {
            defer {
                lastWasSuperseded = superseded
                superseded = false
            }
            if superseded, !stopping { cancellation.renew() }
            return superseded && !stopping
        }
    }

    /// Stops building: cancels a build in progress and waits for it to return, at most
    /// `timeout` seconds, and ends the thread.
    /// - Returns: whether a build was in progress, so the stop cut it short.
    @discardableResult
    func stop(timeout: Double = 30) -> Bool {
        condition.lock()
        let interrupted = building && !stopping
        stopping = true
        cancellation.cancel()
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
