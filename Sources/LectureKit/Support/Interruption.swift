#if canImport(Glibc)
import Glibc
#endif
import Foundation

/// What Ctrl-C (SIGINT), SIGTERM or a closed terminal (SIGHUP) does to `lecture build` and
/// `lecture check`: kill every
/// child process group (samples, swiftc, Graphviz) and the processes they left behind, remove
/// the temporary folders in use, and exit with 128 + the signal's number, as shells expect.
public enum Interruption {
    private static let folders = FolderRegistry()

    /// Installs the handling; the returned trap keeps it installed while it lives.
    public static func install() throws -> SignalTrap {
        try SignalTrap([SIGINT, SIGTERM, SIGHUP]) { signal, _ in
            ChildProcesses.shared.killAll()
            folders.removeAll()
            Console.write("\ninterrupted\n", to: 2)
            exit(128 + signal)
        }
    }

    /// Kills every child and removes the tracked temporary folders now (a forced stop).
    public static func cleanUpNow() {
        ChildProcesses.shared.killAll()
        folders.removeAll()
    }

    /// Records a temporary folder to remove if the run is interrupted.
    static func track(_ path: String) { folders.insert(path) }

    /// Forgets a folder that was removed, or kept on purpose.
    static func untrack(_ path: String) { folders.remove(path) }
}

private final class FolderRegistry: @unchecked Sendable {
    private let lock = NSLock()
    private var paths: Set<String> = []
    func insert(_ path: String) { lock.withLock { _ = paths.insert(path) } }
    func remove(_ path: String) { lock.withLock { _ = paths.remove(path) } }
    func removeAll() {
        lock.withLock {
            for path in paths { try? FileManager.default.removeItem(atPath: path) }
            paths.removeAll()
        }
    }
}
