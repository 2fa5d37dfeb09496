import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// A request to stop work, as a value every long loop checks: the sample verifier before each
/// sample, `Subprocess.run` while its child runs (it then kills the child's process group), the
/// sample stage after its samples and the site writer before it swaps the new site in. Work
/// stops because it was asked to and says so (`LectureError` with `lecture.cancelled`); nobody
/// calls `exit()` from a signal handler (Swift-DocC checks `Task.isCancelled` in its loops alike).
///
/// `process` is what SIGINT, SIGTERM and SIGHUP cancel (`Interruption`); `LectureCommand.main`
/// turns it into exit status 128 + the signal's number on the main thread. `lecture serve`
/// gives each server a token of its own, so stopping it cancels its build and nothing else.
package final class Cancellation: Sendable, Hashable {
    /// 0 while not cancelled; the signal's number; -1 when cancelled without a signal.
    private let state = Atomic<Int32>(0)

    /// A token not yet cancelled.
    package init() {}

    /// A token is itself: two tokens are equal when they are the same one (a session keeps its
    /// token across builds, so settings that hold it compare equal from build to build).
    package static func == (a: Cancellation, b: Cancellation) -> Bool { a === b }

    package func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }

    /// The run's token, cancelled by the signals `Interruption.install()` handles.
    package static let process = Cancellation()

    /// The token of the work this thread does, for the long loops inside one step of a build
    /// (a table of 100,000 cells, a page of 20,000 ids, the whole print page) that have no token
    /// passed to them: `BuildPipeline.run` binds its run's, `parallelMap` passes it on to its
    /// threads. `nil` outside a build.
    @TaskLocal package static var current: Cancellation?

    /// Whether the current token (`current`) is cancelled: a loop that sees it stops early, and
    /// what it made is thrown away (the pipeline then throws the cancellation).
    package static var currentIsCancelled: Bool { current?.isCancelled ?? false }

    /// Whether `cancel` was called.
    package var isCancelled: Bool { state.load(ordering: .acquiring) != 0 }

    /// The signal that cancelled, if a signal did.
    var signal: Int32? {
        let value = state.load(ordering: .acquiring)
        return value > 0 ? value : nil
    }

    /// Cancels; the first call wins, later ones change nothing.
    package func cancel(signal: Int32? = nil) {
        _ = state.compareExchange(expected: 0, desired: signal ?? -1, ordering: .acquiringAndReleasing)
    }

    /// What a cancelled run ends with: `lecture.cancelled`, exit status 128 + the signal's number
    /// (130 for SIGINT, 143 for SIGTERM), as shells report a process a signal ended.
    package var error: LectureError {
        let signal = signal ?? SIGINT
        return LectureError(
            .cancelled, "interrupted by \(Subprocess.signalName(signal)); nothing was written",
            exitStatus: 128 + signal)
    }

    /// Makes a cancelled token uncancelled again, for the next piece of work of the same owner:
    /// `lecture serve` cancels its session's build when a newer edit supersedes it, and renews
    /// the token before the next build (the session keeps one token, so its settings compare
    /// equal from build to build). Only the owner that runs the builds one at a time calls it,
    /// between them (`Rebuilder`), when nothing else holds the token.
    package func renew() { state.store(0, ordering: .releasing) }

    /// - Throws: `error` when cancelled.
    package func check() throws { if isCancelled { throw error } }
}
