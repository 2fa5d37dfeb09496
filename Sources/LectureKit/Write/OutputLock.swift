import LectureSupport

#if canImport(Glibc)
    import Glibc
#endif

/// The lock builds into one output folder take on its parent folder (flock(2) on the parent's
/// descriptor): one build checks, writes and swaps its site while another waits, so no build
/// sees another's folder half swapped and calls the tool's own files "files lecture did not
/// write" (attack 15, c13). A check before the build takes it shared, the write exclusive.
enum OutputLock {
    /// Takes the lock on `parent`, waiting for another build's write to end first.
    static func acquire(_ parent: DirectoryHandle, exclusive: Bool) {
        while flock(parent.descriptor, exclusive ? LOCK_EX : LOCK_SH) != 0 && errno == EINTR {}
    }

    /// Lets the lock on `parent` go.
    static func release(_ parent: DirectoryHandle) { flock(parent.descriptor, LOCK_UN) }

    /// Runs `body` holding the lock on `parent`.
    static func holding<T>(_ parent: DirectoryHandle, exclusive: Bool, _ body: () throws -> T) rethrows -> T {
        acquire(parent, exclusive: exclusive)
        defer { release(parent) }
        return try body()
    }
}
