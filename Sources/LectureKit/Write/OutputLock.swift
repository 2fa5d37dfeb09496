import Foundation
import LectureSupport

#if canImport(Glibc)
    import Glibc
#endif

/// The lock builds into one output folder take on its parent folder (flock(2) on the parent's
/// descriptor): one build checks, writes and swaps its site while another waits, so no build
/// sees another's folder half swapped and calls the tool's own files "files lecture did not
/// write" (attack 15, c13). A check before the build takes it shared, the write exclusive.
///
/// A build never waits without a word (attack 16, kind 24): past a second it says once that it
/// waits for another build writing to the folder, and Ctrl-C (`Cancellation.process`) stops the
/// wait, which polls the lock rather than blocking in flock(2), where the signal, handled by
/// `Interruption`, would not end it.
enum OutputLock {
    /// How long a build waits in silence before it says so.
    static let quietWait: Duration = .seconds(1)

    /// Takes the lock on `parent`, waiting for another build's write to end first; `waiting`
    /// is called once when that takes longer than `quietWait`.
    /// - Throws: the cancellation's `LectureError` when the run is cancelled while it waits.
    static func acquire(_ parent: DirectoryHandle, exclusive: Bool, waiting: () -> Void = {}) throws {
        let operation = (exclusive ? LOCK_EX : LOCK_SH) | LOCK_NB
        let said = ContinuousClock.now + quietWait
        var waited = false
        while flock(parent.descriptor, operation) != 0 {
            guard errno == EWOULDBLOCK || errno == EINTR else { return }
            try Cancellation.process.check()
            if !waited && ContinuousClock.now >= said {
                waited = true
                waiting()
            }
            usleep(50_000)
        }
    }

    /// Lets the lock on `parent` go.
    static func release(_ parent: DirectoryHandle) { flock(parent.descriptor, LOCK_UN) }

    /// Runs `body` holding the lock on `parent`.
    static func holding<T>(
        _ parent: DirectoryHandle, exclusive: Bool, waiting: () -> Void = {}, _ body: () throws -> T
    ) throws -> T {
        try acquire(parent, exclusive: exclusive, waiting: waiting)
        defer { release(parent) }
        return try body()
    }

    /// Says on standard error, once, that a build waits for another writing to `output`.
    static func sayWaiting(for output: String) {
        FileHandle.standardError.write(
            Data(
                "\(output): note: waiting for another build writing to this folder to finish (Ctrl-C stops this one)\n"
                    .utf8))
    }
}
