import Foundation
import LectureKit
import LectureSupport

#if canImport(Glibc)
    import Glibc
#endif

/// Watches one file, book.toml, which `lecture serve` reads once when it starts: each change
/// (written, replaced, deleted or made again) is told through `onChange` once, within
/// `interval` seconds, so an edit to the settings is never silently without effect (mdBook's
/// `serve` rereads it; `lecture serve` reads it once and says so). The file is
/// polled (`stat`: device, inode, size, modification time) because it lies in the book's
/// folder, which the folder watcher does not watch (it would see the output and the cache).
/// book.toml's additional-css and additional-js files are polled the same way, each change a
/// rebuild (`ServeConfiguration.filesToWatch`).
// @unchecked: `running` is under `lock`; the rest is set in `init`.
final class SettingsFileWatch: @unchecked Sendable {
    /// The file watched.
    let path: String
    private let interval: Double
    private let onChange: @Sendable () -> Void
    private let lock = NSLock()
    private var running = false
    private let finished = DispatchSemaphore(value: 0)

    init(path: String, interval: Double = 0.25, onChange: @escaping @Sendable () -> Void) {
        self.path = path
        self.interval = interval
        self.onChange = onChange
    }

    /// What identifies the file's state; `nil` when it does not exist.
    static func identity(of path: String) -> [Int]? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        return [
            Int(info.st_dev), Int(info.st_ino), Int(info.st_size), info.st_mtim.tv_sec, info.st_mtim.tv_nsec,
        ]
    }

    /// Starts polling on a thread of its own, from the file's state now.
    func start() { start(from: Self.identity(of: path)) }

    /// Starts polling on a thread of its own, from `initial` (`identity(of:)` when the file was
    /// read): a change made before the thread's first look is told too.
    func start(from initial: [Int]?) {
        lock.withLock { running = true }
        Thread.detachNewThread { [self] in
            defer { finished.signal() }
            var last = initial
            while lock.withLock({ running }) {
                usleep(useconds_t(interval * 1_000_000))
                let now = Self.identity(of: path)
                if now != last {
                    last = now
                    onChange()
                }
            }
        }
    }

    /// Stops polling and waits for the thread to end. Safe to call more than once.
    func stop() {
        let wasRunning = lock.withLock { () -> Bool in
            defer { running = false }
            return running
        }
        if wasRunning { finished.wait() }
    }

    /// What `lecture serve` says when book.toml changed: a warning that the change applies at
    /// the next start, and what the file now holds that is wrong (its errors and warnings), so a
    /// broken edit is seen at once rather than at the restart.
    static func changed(_ path: String) -> [Diagnostic] {
        let restart = Diagnostic.warning(
            .serveSettingsChanged, path, nil,
            "book.toml changed; 'lecture serve' reads it only when it starts, so the site still follows the old settings",
            notes: ["stop 'lecture serve' (Ctrl-C) and start it again to apply them"])
        guard FileSystem.exists(path) else { return [restart] }
        return [restart] + BookSettingsLoader.load(path: path).diagnostics
    }
}
