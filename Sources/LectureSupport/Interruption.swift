import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// What Ctrl-C (SIGINT), SIGTERM or a closed terminal (SIGHUP) does to `lecture build` and
/// `lecture check`: kill every
/// child process group (samples, swiftc, Graphviz) and the processes they left behind, remove
/// the temporary folders in use, and exit with 128 + the signal's number, as shells expect.
public enum Interruption {
    private static let folders = FolderRegistry()

    /// Installs the handling; the returned trap keeps it installed while it lives.
    public static func install() throws -> SignalTrap {
        try SignalTrap([SIGINT, SIGTERM, SIGHUP]) { signal, _ in
            ChildProcesses.shared.stopSpawning()
            folders.removeAll()
            StandardStream.write("\ninterrupted\n", to: 2)
            exit(128 + signal)
        }
    }

    /// Kills every child and removes the tracked temporary folders now (a forced stop).
    public static func cleanUpNow() {
        ChildProcesses.shared.stopSpawning()
        folders.removeAll()
    }

    /// Whether an interruption is under way (the signal's thread then ends the process).
    public static var isUnderWay: Bool { ChildProcesses.shared.isStopping }

    /// Blocks for good when an interruption is under way, so a failure it caused (a killed
    /// compiler) is not reported, and the signal's exit status (128 + N) is the one the process
    /// ends with.
    public static func waitIfUnderWay() {
        guard isUnderWay else { return }
        while true { sleep(60) }
    }

    /// Records a temporary folder to remove if the run is interrupted.
    package static func track(_ path: String) { folders.insert(path) }

    /// Forgets a folder that was removed, or kept on purpose.
    package static func untrack(_ path: String) { folders.remove(path) }
}

private final class FolderRegistry: @unchecked Sendable {
    private let lock = NSLock()
    private var paths: Set<String> = []
    func insert(_ path: String) { lock.withLock { _ = paths.insert(path) } }
    func remove(_ path: String) { lock.withLock { _ = paths.remove(path) } }
    /// Removes every folder, trying again for up to half a second: a child killed a moment
    /// ago may still be finishing a write into one (SIGKILL takes effect on its way out of the
    /// kernel), which makes the first removal fail on a non-empty folder.
    func removeAll() {
        lock.withLock {
            let deadline = Date(timeIntervalSinceNow: 0.5)
            var remaining = Array(paths)
            while !remaining.isEmpty {
                for path in remaining { try? FileManager.default.removeItem(atPath: path) }
                remaining = remaining.filter { FileManager.default.fileExists(atPath: $0) }
                if remaining.isEmpty || Date() > deadline { break }
                usleep(20_000)
            }
            paths.removeAll()
        }
    }
}
