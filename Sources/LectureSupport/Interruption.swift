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

    /// Forgets a folder that was removed, or kept on purpose.
    package static func untrack(_ path: String) { folders.remove(path) }
}

// The lock is held across the removals, up to half a second.
private final class FolderRegistry: Sendable {
    private let paths = Locked<Set<String>>([])
    func insert(_ path: String) { paths.withLock { _ = $0.insert(path) } }
    func remove(_ path: String) { paths.withLock { _ = $0.remove(path) } }
    /// Removes every folder, trying again for up to half a second: a child killed a moment
    /// ago may still be finishing a write into one (SIGKILL takes effect on its way out of the
    /// kernel), which makes the first removal fail on a non-empty folder.
    func removeAll() {
        paths.withLock { paths in
            let deadline = ContinuousClock.now + .milliseconds(500)
            var remaining = Array(paths)
            while !remaining.isEmpty {
                for path in remaining { DeepFolderRemoval.remove(path) }
                remaining = remaining.filter { FileManager.default.fileExists(atPath: $0) }
                if remaining.isEmpty || ContinuousClock.now > deadline { break }
                usleep(20_000)
            }
            paths.removeAll()
        }
    }
}
