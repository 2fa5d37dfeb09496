import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// What Ctrl-C (SIGINT), SIGTERM or a closed terminal (SIGHUP) does to `lecture build` and
/// `lecture check`: cancel `Cancellation.process` and kill every child process group (samples,
/// swiftc, Graphviz) and the processes they left behind, refusing new ones. The work then
/// unwinds on its own threads (each temporary folder removed by its owner), and
/// `LectureCommand.main` returns 128 + the signal's number on the main thread, as shells expect;
/// `finish()` removes any tracked folder left.
package enum Interruption {
    private static let folders = FolderRegistry()

    /// Starts handling the signals; `restore()` on the result stops it.
    package static func install() -> SignalSources {
        SignalSources([SIGINT, SIGTERM, SIGHUP]) { signal, _ in
            Cancellation.process.cancel(signal: signal)
            ChildProcesses.shared.stopSpawning()
        }
    }

    /// Kills every child and removes the tracked temporary folders now (a forced stop).
    static func cleanUpNow() {
        ChildProcesses.shared.stopSpawning()
        folders.removeAll()
    }

    /// When the run was cancelled: kills what is left, removes the tracked temporary folders and
    /// returns the cancellation (`lecture.cancelled`, exit status 128 + N) to report instead of
    /// whatever the cut-short work ended with (a killed compiler is no failure of the content).
    /// `nil` when the run was not cancelled.
    package static func finish() -> LectureError? {
        guard Cancellation.process.isCancelled else { return nil }
        cleanUpNow()
        return Cancellation.process.error
    }

    /// Records a temporary folder to remove if the run is interrupted.
    package static func track(_ path: String) { folders.insert(path) }

    /// Makes a temporary folder with `make` and records it, as one step against a forced stop:
    /// once `cleanUpNow()` has removed the recorded folders (the process ends next), no folder is
    /// made any more — a worker thread still unwinding would otherwise make one the ending
    /// process never removes (a `lecture-run.*` left in `TMPDIR`). Throws `lecture.cancelled`
    /// then.
    package static func makeTracked(_ make: () throws -> String) throws -> String {
        try folders.make(make)
    }

    /// Forgets a folder that was removed, or kept on purpose.
    package static func untrack(_ path: String) { folders.remove(path) }
}

/// The temporary folders to remove on a forced stop. The lock is held across the removals (up to
/// half a second) and across each folder's making.
final class FolderRegistry: Sendable {
    private struct State {
        var paths: Set<String> = []
        /// Set by `removeAll()`: the process ends, nothing more is made.
        var closed = false
    }
    private let state = Locked(State())
    func insert(_ path: String) { state.withLock { _ = $0.paths.insert(path) } }
    func remove(_ path: String) { state.withLock { _ = $0.paths.remove(path) } }

    func make(_ make: () throws -> String) throws -> String {
        try state.withLock { state in
            if state.closed { throw Cancellation.process.error }
            let path = try make()
            state.paths.insert(path)
            return path
        }
    }

    /// Removes every folder (`DeepFolderRemoval.removeWaiting`: a child killed a moment ago may
    /// still be finishing a write into one), and makes no more.
    func removeAll() {
        state.withLock { state in
            state.closed = true
            DeepFolderRemoval.removeWaiting(Array(state.paths))
            state.paths.removeAll()
        }
    }
}
