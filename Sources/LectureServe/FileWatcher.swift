import Foundation
import LectureKit
import LectureSupport

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Watches folders recursively and reports, after a quiet moment, which paths changed.
///
/// On Linux it uses inotify(7) through `InotifyWatches`, which keeps its watches by path: a
/// folder moved out of the tree stops being watched, one moved or made in is watched and its
/// files reported (a rescan), and a root that is moved or deleted and made again is picked up
/// within `rootCheckInterval`. Symbolic links to folders and files are followed at their real
/// paths, with loop protection, when they lead inside the book (`LinkBoundary`: a link out is
/// neither watched nor walked, as the build reads nothing through it). The events are `IN_CLOSE_WRITE`, `IN_MODIFY`, `IN_CREATE`,
/// `IN_DELETE` and the moves, so the save patterns of editors (write a temporary file and
/// rename it over the page, or delete the page and create it again) are seen as one change.
///
/// What inotify cannot watch is polled — a snapshot of sizes, modification times and inodes
/// (`FolderSnapshot`) compared every `pollInterval` seconds: the folders beyond the watch limit
/// (`fs.inotify.max_user_watches`, or `watchLimit`), and everything when no inotify instance can
/// be made (`fs.inotify.max_user_instances`) or on other systems. Each case is told once through
/// `onWarning`, naming the limit and the `sysctl` that raises it.
///
/// Events are debounced: the callback runs once `debounce` seconds pass without a new event
/// (or one second after the first, if events never stop). Ignored: names that editors and
/// tools use for temporary files and every dotfile or dotfolder (`.git`, `.build`), the
/// folders `node_modules` (`isIgnored(name:)`), a file that came and went between two reports
/// whatever its name (`sed -i`'s `sedXXXXXX`: `PendingChanges`), and everything under an
/// `excluded` folder, such as the output folder when it lies inside the content folder: a
/// rebuild never triggers another.
// @unchecked: its state is under an NSLock, not Synchronization's Mutex: ThreadSanitizer does not
// see a contended Mutex's futex wait on Linux (it is in the uninstrumented runtime) and reports
// false races; this lock is held across short reads and writes; `wakePipe` and `usesInotify` are
// set by `start()` before the watcher's thread starts.
final class FileWatcher: @unchecked Sendable {
    /// How changes are noticed: inotify(7) where the kernel offers it, else polling `stat`.
    enum Mode: Sendable {
        /// inotify where available, else polling.
        case automatic
        /// Polling only (for tests, and file systems that inotify does not see, such as some
        /// network mounts).
        case polling
    }

    /// The folders watched, as given.
    let roots: [String]
    /// Where a link met below a root may lead to be followed: the roots and `linksWithin`.
    private let links: LinkBoundary
    private let excluded: [String]
    private let debounce: Double
    private let pollInterval: Double
    private let rootCheckInterval = 0.25
    private let mode: Mode
    private let watchLimit: Int?
    private let onChange: @Sendable ([String]) -> Void
    private let onWarning: @Sendable (String) -> Void

    private let lock = NSLock()
    private var thread: Thread?
    private var wakePipe: [Int32] = [-1, -1]
    private var stopping = false
    private let finished = DispatchSemaphore(value: 0)
    /// Whether the running watcher uses inotify (false when polling everything).
    private(set) var usesInotify = false
    private var polledCount = 0

    /// How many folders and linked files are polled because inotify could not watch them.
    var polledPaths: Int { lock.withLock { polledCount } }

    /// - Parameters:
    ///   - directories: the folders to watch, recursively; missing ones are watched once they exist.
    ///   - excluded: folders never watched nor reported, with everything under them.
    ///   - linksWithin: besides the roots, the folders a symbolic link below a root may lead
    ///     into to be followed (the book's folders: the build reads through no link out of them).
    ///   - debounce: seconds of quiet before `onChange` runs (50–100 ms suits editors).
    ///   - pollInterval: seconds between snapshots of what is polled.
    ///   - watchLimit: at most this many inotify watches (`nil`: the kernel's limit alone); tests
    ///     simulate `fs.inotify.max_user_watches` with it.
    ///   - onChange: called on the watcher's thread with the changed paths, sorted.
    ///   - onWarning: called with a warning (and its notes, indented) when inotify cannot watch
    ///     everything, once per cause.
    init(
        directories: [String], excluded: [String] = [], linksWithin: [String] = [], mode: Mode = .automatic,
        debounce: Double = 0.05,
        pollInterval: Double = 0.5, watchLimit: Int? = nil,
        onWarning: @escaping @Sendable (String) -> Void = { _ in },
        onChange: @escaping @Sendable ([String]) -> Void
    ) {
        roots = directories
        links = LinkBoundary(directories + linksWithin)
        self.excluded = excluded.map(Self.absolute)
        self.mode = mode
        self.debounce = debounce
        self.pollInterval = pollInterval
        self.watchLimit = watchLimit
        self.onWarning = onWarning
        self.onChange = onChange
    }

    /// Whether a file or folder name is ignored: one rule with the build's copy of the
    /// content folder (`EditorLeftovers`).
    static func isIgnored(name: String) -> Bool { EditorLeftovers.contains(name: name) }

    /// Starts watching: the folders are watched (or first scanned, when polling) before this
    /// returns, so any later change is reported; then the watcher's thread takes over.
    /// - Throws: `LectureError` when the wake-up pipe cannot be made.
    func start() throws {
        guard pipe(&wakePipe) == 0 else { throw LectureError(.fileSystem, "cannot create a pipe for the file watcher") }
        for fd in wakePipe { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
        #if os(Linux)
            if mode == .automatic {
                if let watches = InotifyWatches(
                    limit: watchLimit, links: links, isExcluded: { [excluded] in Self.isExcluded($0, excluded) })
                {
                    for root in roots { watches.watch(Self.absolute(root)) }
                    usesInotify = true
                    let polled = FolderSnapshot(roots: watches.unwatched.sorted(), links: links, isExcluded: isExcluded)
                    warnIfPolling(watches)
                    run { self.runInotify(watches, polled: polled) }
                    return
                }
                onWarning(Self.noInotifyWarning(errno: errno, pollInterval: pollInterval))
            }
        #endif
        let initial = FolderSnapshot(roots: roots.map(Self.absolute), links: links, isExcluded: isExcluded)
        run { self.runPolling(from: initial) }
    }

    /// Stops the thread and waits for it (at most 5 s).
    func stop() {
        let running = lock.withLock { () -> Bool in
            guard thread != nil, !stopping else { return false }
            stopping = true
            return true
        }
        guard running else { return }
        var byte: UInt8 = 1
        _ = write(wakePipe[1], &byte, 1)
        _ = finished.wait(timeout: .now() + 5)
        for fd in wakePipe { close(fd) }
    }

    private var isStopping: Bool { lock.withLock { stopping } }

    private func run(_ body: @escaping @Sendable () -> Void) {
        let thread = Thread { [self] in
            body()
            finished.signal()
        }
        thread.name = "lecture serve: watcher"
        lock.withLock { self.thread = thread }
        thread.start()
    }

    /// Waits until the wake-up pipe or `fd` (if any) is readable or `timeout` seconds pass.
    /// - Returns: `nil` when woken to stop, else whether `fd` is readable.
    private func wait(for fd: Int32?, timeout: Double) -> Bool? {
        var fds = [pollfd(fd: wakePipe[0], events: Int16(POLLIN), revents: 0)]
        if let fd { fds.append(pollfd(fd: fd, events: Int16(POLLIN), revents: 0)) }
        let ready = poll(&fds, nfds_t(fds.count), Int32(max(0, timeout * 1000).rounded(.up)))
        if ready < 0 && errno != EINTR { return nil }
        if fds[0].revents != 0 || isStopping { return nil }
        return fds.count > 1 && fds[1].revents != 0
    }

    // MARK: inotify

    #if os(Linux)
        private func runInotify(_ watches: InotifyWatches, polled initial: FolderSnapshot) {
            var pending = PendingChanges(debounce: debounce)
            var polled = initial
            var lastPoll = ContinuousClock.now
            var lastRootCheck = ContinuousClock.now
            var buffer = [UInt8](repeating: 0, count: 64 * 1024)
            while true {
                var timeout = pending.timeout ?? 1
                if !watches.unwatched.isEmpty {
                    timeout = min(timeout, max(0, pollInterval - (ContinuousClock.now - lastPoll).seconds))
                }
                timeout = min(timeout, rootCheckInterval)
                guard let readable = wait(for: watches.descriptor, timeout: timeout) else { break }
                if readable {
                    let count = buffer.withUnsafeMutableBytes { read(watches.descriptor, $0.baseAddress, $0.count) }
                    if count > 0 { handle(buffer[0..<count], watches, &pending) }
                }
                if !watches.unwatched.isEmpty && (ContinuousClock.now - lastPoll).seconds >= pollInterval {
                    lastPoll = .now
                    let current = FolderSnapshot(
                        roots: watches.unwatched.sorted(), links: links, isExcluded: isExcluded)
                    pending.add(current.changes(since: polled))
                    polled = current
                }
                if (ContinuousClock.now - lastRootCheck).seconds >= rootCheckInterval {
                    lastRootCheck = .now
                    // A root moved or deleted and made again (a checkout, `mv content x && cp -r x content`).
                    for root in roots.map(Self.absolute) where !watches.isWatched(root) && FileSystem.isDirectory(root)
                    {
                        pending.add(watches.watch(root) + [root])
                    }
                }
                warnIfPolling(watches)
                if let paths = pending.takeIfDue() { onChange(paths) }
            }
            watches.close()
        }

        /// Applies a buffer of inotify events: the watches follow moves, the changed paths are noted.
        private func handle(_ bytes: ArraySlice<UInt8>, _ watches: InotifyWatches, _ pending: inout PendingChanges) {
            let header = MemoryLayout<inotify_event>.size
            var offset = bytes.startIndex
            while offset + header <= bytes.endIndex {
                let (wd, mask, length) = bytes.withUnsafeBytes { raw -> (Int32, UInt32, Int) in
                    let event = raw.loadUnaligned(fromByteOffset: offset - bytes.startIndex, as: inotify_event.self)
                    return (event.wd, event.mask, Int(event.len))
                }
                let nameStart = offset + header
                let name = String(
                    decoding: bytes[nameStart..<min(bytes.endIndex, nameStart + length)].prefix { $0 != 0 },
                    as: UTF8.self)
                offset = nameStart + length
                if mask & UInt32(IN_Q_OVERFLOW) != 0 {
                    // Events were lost: watch anything made meanwhile and rebuild anyway.
                    for root in roots.map(Self.absolute) { pending.add(watches.watch(root) + [root]) }
                    continue
                }
                if mask & UInt32(IN_IGNORED) != 0 {
                    watches.forget(wd)
                    continue
                }
                if mask & UInt32(IN_MOVE_SELF) != 0 {
                    // Moved away (a root, or a folder whose parent's event came first): not a path of the tree any more.
                    if let folder = watches.folder(of: wd) {
                        watches.unwatch(folder)
                        pending.add([folder])
                    }
                    continue
                }
                let (inFolder, links) = watches.paths(of: wd, name: name)
                pending.add(links.sorted())
                guard let path = inFolder, name.isEmpty || !Self.isIgnored(name: name), !isExcluded(path) else {
                    continue
                }
                if mask & UInt32(IN_MOVED_FROM | IN_DELETE) != 0 && !name.isEmpty {
                    watches.unwatch(path)
                }
                if mask & UInt32(IN_CREATE | IN_MOVED_TO) != 0 && !name.isEmpty {
                    // A folder (or link) moved or made in: watched, and every file in it reported.
                    pending.add(watches.watch(path) + [path], created: true)
                } else {
                    pending.add([path])
                }
            }
        }

        /// Tells once (each time more paths need it) that some folders are polled.
        private func warnIfPolling(_ watches: InotifyWatches) {
            let count = watches.unwatched.count
            let grew = lock.withLock { () -> Bool in
                defer { polledCount = count }
                return count > polledCount
            }
            guard grew else { return }
            onWarning(Self.watchLimitWarning(polled: count, limit: watchLimit, pollInterval: pollInterval))
        }
    #endif

    /// The warning when inotify's watches run out.
    static func watchLimitWarning(polled: Int, limit: Int?, pollInterval: Double) -> String {
        let kernel = Self.kernelSetting("max_user_watches").map { " = \($0)" } ?? ""
        let cause =
            limit.map { "the watch limit of this watcher (\($0))" }
            ?? "the inotify watch limit (fs.inotify.max_user_watches\(kernel))"
        return
            "warning: \(cause) is reached: \(polled) folder\(polled == 1 ? " is" : "s are") polled every \(Self.seconds(pollInterval)) instead\n"
            + "    note: raise fs.inotify.max_user_watches\(kernel) with 'sudo sysctl fs.inotify.max_user_watches=524288' "
            + "(and a file in /etc/sysctl.d/ to keep it)"
    }

    /// The warning when no inotify instance can be made.
    static func noInotifyWarning(errno code: Int32, pollInterval: Double) -> String {
        guard code == EMFILE else {
            return
                "warning: inotify is not available (\(String(cString: strerror(code)))); watching for changes by polling every \(seconds(pollInterval))"
        }
        let kernel = kernelSetting("max_user_instances").map { " = \($0)" } ?? ""
        return
            "warning: the inotify instance limit (fs.inotify.max_user_instances\(kernel)) is reached; watching for changes by polling every \(seconds(pollInterval))\n"
            + "    note: raise it with 'sudo sysctl fs.inotify.max_user_instances=1024' (and a file in /etc/sysctl.d/ to keep it)"
    }

    private static func kernelSetting(_ name: String) -> String? {
        (try? String(contentsOfFile: "/proc/sys/fs/inotify/" + name, encoding: .utf8))?.trimmingCharacters(
            in: .whitespacesAndNewlines)
    }

    private static func seconds(_ interval: Double) -> String { String(format: "%g s", interval) }

    // MARK: polling

    private func runPolling(from initial: FolderSnapshot) {
        var previous = initial
        while wait(for: nil, timeout: pollInterval) != nil {
            let current = FolderSnapshot(roots: roots.map(Self.absolute), links: links, isExcluded: isExcluded)
            let paths = current.changes(since: previous)
            previous = current
            if !paths.isEmpty { onChange(paths) }
        }
    }

    // MARK: paths

    private func isExcluded(_ path: String) -> Bool { Self.isExcluded(path, excluded) }

    private static func isExcluded(_ path: String, _ excluded: [String]) -> Bool {
        let real = RealPath.of(path) ?? path
        return excluded.contains { real == $0 || real.hasPrefix($0 + "/") || path == $0 || path.hasPrefix($0 + "/") }
    }

    static func absolute(_ path: String) -> String {
        let url = URL(fileURLWithPath: path).standardizedFileURL
        return RealPath.of(url.path) ?? url.path
    }
}
