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
    /// The process's temporary folders, removed on a forced stop. A folder is recorded only as
    /// it is made, under the registry's lock (`makeTracked`, `FolderRegistry.make`): there is no
    /// recording after the fact, which a worker thread still unwinding after the clean-up would
    /// do for a folder the ending process never removes.
    package static let folders = FolderRegistry()

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
/// half a second) and across each folder's making (a `mkdtemp`, a `mkdirat`, the rename that
/// puts an old site aside): a folder is either made and recorded before the clean-up, or never
/// made after it.
package final class FolderRegistry: Sendable {
    private struct State {
        var paths: Set<String> = []
        /// Set by `removeAll()`: the process ends, nothing more is made.
        var closed = false
    }
    private let state = Locked(State())
    package init() {}

    /// Forgets a folder that was removed, or kept on purpose.
    package func remove(_ path: String) { state.withLock { _ = $0.paths.remove(path) } }

    /// Whether `path` is recorded (tests).
    package func holds(_ path: String) -> Bool { state.withLock { $0.paths.contains(path) } }

    /// Makes a folder with `make` and records the path it returns.
    /// - Throws: `lecture.cancelled` before calling `make` once `removeAll()` ran; what `make` throws.
    package func make(_ make: () throws -> String) throws -> String {
        try makeKeeping { () throws -> (path: String, made: String) in
            let path = try make()
            return (path, path)
        }
    }

    /// Makes a folder with `make`, which returns its path and what the caller keeps of it (a
    /// descriptor, a name), and records the path.
    /// - Throws: `lecture.cancelled` before calling `make` once `removeAll()` ran; what `make` throws.
    package func makeKeeping<Made>(_ make: () throws -> (path: String, made: Made)) throws -> Made {
        try state.withLock { state in
            if state.closed { throw Cancellation.process.error }
            let result = try make()
            state.paths.insert(result.path)
            return result.made
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
