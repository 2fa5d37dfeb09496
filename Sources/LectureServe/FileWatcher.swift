#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation
import LectureKit

/// Watches folders recursively and reports, after a quiet moment, which paths changed.
///
/// On Linux it uses inotify(7): a watch on every folder under each root (new folders are
/// watched as they appear, and a root that is deleted and made again is picked up on the next
/// second's check), with `IN_CLOSE_WRITE`, `IN_MODIFY`, `IN_CREATE`, `IN_DELETE` and the move
/// events, so the save patterns of editors (write a temporary file and rename it over the
/// page, or delete the page and create it again) are seen as one change of the page.
/// Elsewhere, or when inotify is unavailable (no more instances or watches), it polls: a
/// snapshot of every file's size, modification time and inode, compared every
/// `pollInterval` seconds.
///
/// Events are debounced: the callback runs once `debounce` seconds pass without a new event
/// (or one second after the first, if events never stop). Names that editors and tools use
/// for temporary files are ignored (`isIgnored(name:)`), and so is everything under an
/// `excluded` folder, such as the output folder when it lies inside the content folder: a
/// rebuild never triggers another.
public final class FileWatcher: @unchecked Sendable {
    /// How changes are noticed: inotify(7) where the kernel offers it, else polling `stat` every 0.5 s.
    public enum Mode: Sendable {
        /// inotify where available, else polling.
        case automatic
        /// Polling only (for tests, and file systems that inotify does not see, such as some
        /// network mounts).
        case polling
    }

    /// The folders watched, as given.
    public let roots: [String]
    private let excluded: [String]
    private let debounce: Double
    private let pollInterval: Double
    private let mode: Mode
    private let onChange: @Sendable ([String]) -> Void

    private let lock = NSLock()
    private var thread: Thread?
    private var wakePipe: [Int32] = [-1, -1]
    private var stopping = false
    private let finished = DispatchSemaphore(value: 0)
    /// Whether the running watcher uses inotify (false when polling).
    public private(set) var usesInotify = false

    /// - Parameters:
    ///   - directories: the folders to watch, recursively; missing ones are watched once they exist.
    ///   - excluded: folders never watched nor reported, with everything under them.
    ///   - debounce: seconds of quiet before `onChange` runs (50–100 ms suits editors).
    ///   - pollInterval: seconds between snapshots when polling.
    ///   - onChange: called on the watcher's thread with the changed paths, sorted.
    public init(directories: [String], excluded: [String] = [], mode: Mode = .automatic, debounce: Double = 0.05,
                pollInterval: Double = 0.5, onChange: @escaping @Sendable ([String]) -> Void) {
        roots = directories
        self.excluded = excluded.map(Self.absolute)
        self.mode = mode
        self.debounce = debounce
        self.pollInterval = pollInterval
        self.onChange = onChange
    }

    /// Whether a file name is an editor's or tool's temporary file, or hidden: `.page.md.swp`,
    /// `page.md~`, `.#page.md` (Emacs locks), `#page.md#` (Emacs autosaves), `4913` (Vim's
    /// probe for a writable folder), `*.swp`/`*.swx`/`*.swo` (Vim), `*.tmp`, and any dotfile
    /// (which also covers the atomic-write temporaries of Foundation and this tool).
    public static func isIgnored(name: String) -> Bool {
        if name.isEmpty || name.hasPrefix(".") || name.hasSuffix("~") || name == "4913" { return true }
        if name.hasPrefix("#") && name.hasSuffix("#") { return true }
        for suffix in [".swp", ".swx", ".swo", ".tmp", ".part", ".crdownload"] where name.hasSuffix(suffix) { return true }
        return false
    }

    /// Starts watching: the folders are watched (or first scanned, when polling) before this
    /// returns, so any later change is reported; then the watcher's thread takes over.
    /// - Throws: `LectureError` when the wake-up pipe cannot be made.
    public func start() throws {
        guard pipe(&wakePipe) == 0 else { throw LectureError("error: cannot create a pipe for the file watcher") }
        for fd in wakePipe { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
        var inotify = mode == .automatic ? Self.makeInotify() : nil
        if let fd = inotify, !watchRoots(fd) {
            // Out of watches (fs.inotify.max_user_watches): polling still works.
            close(fd)
            inotify = nil
        }
        let watching = inotify
        usesInotify = watching != nil
        let initial = watching == nil ? snapshot() : [:]
        let thread = Thread { [self] in
            if let watching { runInotify(watching) } else { runPolling(from: initial) }
            finished.signal()
        }
        thread.name = "lecture serve: watcher"
        self.thread = thread
        thread.start()
    }

    /// Stops the thread and waits for it (at most 5 s).
    public func stop() {
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

    // MARK: inotify

    private static func makeInotify() -> Int32? {
        #if os(Linux)
        let fd = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
        return fd >= 0 ? fd : nil
        #else
        return nil
        #endif
    }

    #if os(Linux)
    private static let mask = UInt32(IN_CLOSE_WRITE | IN_MODIFY | IN_CREATE | IN_DELETE | IN_MOVED_FROM | IN_MOVED_TO
        | IN_DELETE_SELF | IN_MOVE_SELF | IN_ONLYDIR | IN_EXCL_UNLINK)
    #endif

    /// inotify's watch descriptors and the folders they watch; the real paths of watched
    /// folders, so a symlink loop is walked once. Used by `start()`, then by the thread alone.
    private var folders: [Int32: String] = [:]
    private var watched: Set<String> = []

    /// Watches `folder` and every folder under it; false when inotify's limit of watches is
    /// reached.
    private func watchTree(_ folder: String, _ fd: Int32) -> Bool {
        #if os(Linux)
        let path = Self.absolute(folder)
        guard !isExcluded(path), FileSystem.isDirectory(path) else { return true }
        let descriptor = inotify_add_watch(fd, path, Self.mask)
        if descriptor < 0 { return errno != ENOSPC }
        folders[descriptor] = path
        guard watched.insert(RealPath.of(path) ?? path).inserted else { return true }
        for name in (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? [] where !Self.isIgnored(name: name) {
            // Real folders only: a symbolic link could lead anywhere (even to `/`), and the build
            // does not follow links either.
            if Self.isRealFolder(path + "/" + name), !watchTree(path + "/" + name, fd) { return false }
        }
        #endif
        return true
    }

    /// Watches every root not watched yet (one made again after a delete, or made late).
    private func watchRoots(_ fd: Int32) -> Bool {
        var ok = true
        for root in roots where !folders.values.contains(Self.absolute(root)) {
            ok = watchTree(root, fd) && ok
        }
        return ok
    }

    private func runInotify(_ fd: Int32) {
        #if os(Linux)
        defer { close(fd) }
        var changed: Set<String> = []
        var firstEvent: Date?
        var lastEvent = Date()
        var lastRootCheck = Date()
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        while !isStopping {
            var timeout: Int32 = 1000
            if let firstEvent {
                let due = min(lastEvent.addingTimeInterval(debounce), firstEvent.addingTimeInterval(1))
                timeout = Int32(max(0, due.timeIntervalSinceNow * 1000).rounded(.up))
            }
            var fds = [pollfd(fd: fd, events: Int16(POLLIN), revents: 0), pollfd(fd: wakePipe[0], events: Int16(POLLIN), revents: 0)]
            let ready = poll(&fds, 2, timeout)
            if ready < 0 && errno != EINTR { break }
            if fds[1].revents != 0 { break }
            if ready > 0 && fds[0].revents != 0 {
                let count = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
                var offset = 0
                while count > 0 && offset + MemoryLayout<inotify_event>.size <= count {
                    let (wd, eventMask, nameLength) = buffer.withUnsafeBytes { raw -> (Int32, UInt32, Int) in
                        let event = raw.loadUnaligned(fromByteOffset: offset, as: inotify_event.self)
                        return (event.wd, event.mask, Int(event.len))
                    }
                    let nameStart = offset + MemoryLayout<inotify_event>.size
                    let name = String(decoding: buffer[nameStart..<(nameStart + nameLength)].prefix { $0 != 0 }, as: UTF8.self)
                    offset = nameStart + nameLength
                    if eventMask & UInt32(IN_Q_OVERFLOW) != 0 {
                        // Events were lost: rebuild anyway, and pick up any folder made meanwhile.
                        for root in roots { _ = watchTree(root, fd); changed.insert(Self.absolute(root)) }
                        lastEvent = Date()
                        if firstEvent == nil { firstEvent = lastEvent }
                    }
                    if eventMask & UInt32(IN_IGNORED) != 0 {
                        if let path = folders.removeValue(forKey: wd) { watched.remove(RealPath.of(path) ?? path) }
                        continue
                    }
                    guard let folder = folders[wd] else { continue }
                    let path = name.isEmpty ? folder : folder + "/" + name
                    if !name.isEmpty && Self.isIgnored(name: name) || isExcluded(path) { continue }
                    if eventMask & UInt32(IN_ISDIR) != 0 && eventMask & UInt32(IN_CREATE | IN_MOVED_TO) != 0 {
                        _ = watchTree(path, fd)
                    }
                    changed.insert(path)
                    lastEvent = Date()
                    if firstEvent == nil { firstEvent = lastEvent }
                }
            }
            if let first = firstEvent,
               Date() >= min(lastEvent.addingTimeInterval(debounce), first.addingTimeInterval(1)) {
                // A root deleted and made again (a checkout) needs its watches back before the build.
                _ = watchRoots(fd)
                let paths = changed.sorted()
                changed = []
                firstEvent = nil
                onChange(paths)
            } else if firstEvent == nil && Date().timeIntervalSince(lastRootCheck) >= 1 {
                lastRootCheck = Date()
                let missing = roots.filter { !folders.values.contains(Self.absolute($0)) }
                if !missing.isEmpty, missing.contains(where: FileSystem.isDirectory) {
                    _ = watchRoots(fd)
                    onChange(missing.map(Self.absolute).sorted())
                }
            }
        }
        #endif
    }

    // MARK: polling

    private struct Stamp: Equatable {
        var size: Int64
        var modified: Int64
        var inode: UInt64
    }

    private func runPolling(from initial: [String: Stamp]) {
        var previous = initial
        while !isStopping {
            var fds = [pollfd(fd: wakePipe[0], events: Int16(POLLIN), revents: 0)]
            let ready = poll(&fds, 1, Int32(pollInterval * 1000))
            if ready > 0 { break }
            let current = snapshot()
            guard current != previous else { continue }
            var paths = Set<String>()
            for (path, stamp) in current where previous[path] != stamp { paths.insert(path) }
            for path in previous.keys where current[path] == nil { paths.insert(path) }
            previous = current
            onChange(paths.sorted())
        }
    }

    private func snapshot() -> [String: Stamp] {
        var stamps: [String: Stamp] = [:]
        var seen: Set<String> = []
        func walk(_ folder: String) {
            guard !isExcluded(folder), seen.insert(RealPath.of(folder) ?? folder).inserted else { return }
            for name in (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? [] where !Self.isIgnored(name: name) {
                let path = folder + "/" + name
                var info = stat()
                guard lstat(path, &info) == 0, !isExcluded(path) else { continue }
                if info.st_mode & S_IFMT == S_IFDIR {
                    walk(path)
                } else {
                    stamps[path] = Stamp(size: Int64(info.st_size),
                                         modified: Int64(info.st_mtim.tv_sec) * 1_000_000_000 + Int64(info.st_mtim.tv_nsec),
                                         inode: UInt64(info.st_ino))
                }
            }
        }
        for root in roots { walk(Self.absolute(root)) }
        return stamps
    }

    // MARK: paths

    private func isExcluded(_ path: String) -> Bool {
        let real = RealPath.of(path) ?? path
        return excluded.contains { real == $0 || real.hasPrefix($0 + "/") || path == $0 || path.hasPrefix($0 + "/") }
    }

    /// A folder that is not a symbolic link.
    static func isRealFolder(_ path: String) -> Bool {
        var info = stat()
        return lstat(path, &info) == 0 && info.st_mode & S_IFMT == S_IFDIR
    }

    static func absolute(_ path: String) -> String {
        let url = URL(fileURLWithPath: path).standardizedFileURL
        return RealPath.of(url.path) ?? url.path
    }
}
