import Foundation
import TestFolders
import Testing

@testable import LectureKit
@testable import LectureServe
@testable import LectureSupport

#if canImport(Glibc)
    import Glibc
#endif

/// The watcher as editors exercise it, with inotify and with polling.
@Suite struct FileWatcherTests {
    /// Collects the watcher's reports; `holdFirst()` keeps the watcher's thread inside its first
    /// report until `release()`, so the events made meanwhile wait in the kernel's queue and are
    /// read together, whatever the machine's load.
    final class Reports: @unchecked Sendable {
        private let lock = NSLock()
        private var stored: [[String]] = []
        private var holding = false
        private let gate = DispatchSemaphore(value: 0)
        var all: [[String]] { lock.withLock { stored } }
        func clear() { lock.withLock { stored = [] } }
        func holdFirst() { lock.withLock { holding = true } }
        func release() { gate.signal() }

        func add(_ paths: [String]) {
            let hold = lock.withLock { () -> Bool in
                stored.append(paths)
                return holding && stored.count == 1
            }
            if hold { gate.wait() }
        }

        func waitForCount(_ count: Int, timeout: Double) -> Bool {
            let deadline = Date(timeIntervalSinceNow: timeout)
            while all.count < count && Date() < deadline { usleep(10_000) }
            return all.count >= count
        }
    }

    func makeFolder() throws -> String {
        let root = try TestFolders.make("lecture-watch-test")
        try FileSystem.writeAtomically("# 쪽\n", to: root + "/content/page.md")
        try FileSystem.writeAtomically("x\n", to: root + "/content/part/deep.md")
        return RealPath.of(root)!
    }

    func watch(_ root: String, mode: FileWatcher.Mode = .automatic, excluded: [String] = []) throws -> (
        FileWatcher, Reports
    ) {
        let reports = Reports()
        let watcher = FileWatcher(
            directories: [root + "/content"], excluded: excluded, mode: mode, debounce: 0.075,
            pollInterval: 0.1
        ) { reports.add($0) }
        try watcher.start()
        return (watcher, reports)
    }

    /// Runs `edit` while the watcher's thread is held inside its report of a new folder `gate`:
    /// the edit's events are then read from the kernel in one piece, and reported together.
    func whileHeld(_ root: String, _ reports: Reports, _ edit: () throws -> Void) throws {
        reports.holdFirst()
        try FileManager.default.createDirectory(atPath: root + "/content/gate", withIntermediateDirectories: false)
        try #require(reports.waitForCount(1, timeout: patience))
        defer { reports.release() }
        try edit()
    }

    /// Whether this process can make an inotify instance now: they are few
    /// (`fs.inotify.max_user_instances`, 128 by default) and shared by every process of the user,
    /// so other programs may hold them all; tests of inotify are then skipped, and say why.
    static var inotifyInstanceLeft: Bool {
        let fd = inotify_init1(Int32(IN_CLOEXEC))
        guard fd >= 0 else { return false }
        close(fd)
        return true
    }

    static let noInotifyLeft = "no inotify instance left for this user (fs.inotify.max_user_instances)"

    @Test(.enabled(if: inotifyInstanceLeft, Comment(rawValue: noInotifyLeft)))
    func aStoppedWatcherGivesItsInotifyInstanceBack() throws {
        let root = try makeFolder()
        defer { try? FileManager.default.removeItem(atPath: root) }
        // More watchers than the user may have instances: had each kept its own, the last ones
        // would have had to poll.
        let setting = try? String(contentsOfFile: "/proc/sys/fs/inotify/max_user_instances", encoding: .utf8)
        let limit = setting.flatMap { Int($0.trimmingCharacters(in: .whitespacesAndNewlines)) } ?? 128
        for _ in 0...limit {
            let (watcher, _) = try watch(root)
            let usedInotify = watcher.usesInotify
            watcher.stop()
            try #require(usedInotify, "a watcher had to poll: instances were not given back")
        }
    }

    @Test func ignoredNamesAreEditorAndToolTemporaries() {
        for name in [".page.md.swp", "page.md~", ".#page.md", "#page.md#", "4913", "page.md.swx", ".hidden", "x.tmp"] {
            #expect(FileWatcher.isIgnored(name: name), "\(name)")
        }
        for name in ["page.md", "SUMMARY.md", "4914", "style.css", "a~b.md"] {
            #expect(!FileWatcher.isIgnored(name: name), "\(name)")
        }
    }

    @Test(.enabled(if: inotifyInstanceLeft, Comment(rawValue: noInotifyLeft)))
    func writeTemporaryThenRenameIsOneChangeOfThePage() throws {
        let root = try makeFolder()
        defer { try? FileManager.default.removeItem(atPath: root) }
        let (watcher, reports) = try watch(root)
        defer { watcher.stop() }
        #expect(watcher.usesInotify)
        // Vim's sequence: probe file, backup, write a temporary, rename it over the page.
        let page = root + "/content/page.md"
        try whileHeld(root, reports) {
            _ = FileManager.default.createFile(atPath: root + "/content/4913", contents: nil)
            unlink(root + "/content/4913")
            _ = FileManager.default.createFile(atPath: root + "/content/.page.md.swp", contents: Data("# 새 쪽\n".utf8))
            rename(root + "/content/.page.md.swp", page)
        }
        #expect(reports.waitForCount(2, timeout: patience))
        watcher.stop()  // no report can come after this
        #expect(reports.all == [[root + "/content/gate"], [page]])
    }

    @Test(.enabled(if: inotifyInstanceLeft, Comment(rawValue: noInotifyLeft)))
    func deleteThenCreateIsOneChange() throws {
        let root = try makeFolder()
        defer { try? FileManager.default.removeItem(atPath: root) }
        let (watcher, reports) = try watch(root)
        defer { watcher.stop() }
        let page = root + "/content/part/deep.md"
        try whileHeld(root, reports) {
            unlink(page)
            _ = FileManager.default.createFile(atPath: page, contents: Data("y\n".utf8))
        }
        #expect(reports.waitForCount(2, timeout: patience))
        watcher.stop()  // no report can come after this
        #expect(reports.all == [[root + "/content/gate"], [page]])
    }

    @Test(.enabled(if: inotifyInstanceLeft, Comment(rawValue: noInotifyLeft)))
    func temporariesAloneAndTheOutputFolderNeverTrigger() throws {
        let root = try makeFolder()
        defer { try? FileManager.default.removeItem(atPath: root) }
        let output = root + "/content/_site"
        let (watcher, reports) = try watch(root, excluded: [output])
        defer { watcher.stop() }
        for name in [".page.md.swp", "page.md~", ".#page.md", "4913"] {
            _ = FileManager.default.createFile(atPath: root + "/content/" + name, contents: Data("x".utf8))
        }
        // A build writing its site inside the content folder, and swapping it in.
        try FileSystem.writeAtomically("<p>", to: output + "/index.html")
        try FileSystem.writeAtomically("<p>", to: root + "/content/._site.tmp-1/index.html")
        // A change after them: inotify keeps events in order, so by its report, any report of
        // theirs has come too (or is in the same one).
        try FileManager.default.createDirectory(atPath: root + "/content/after", withIntermediateDirectories: false)
        #expect(reports.waitForCount(1, timeout: patience))
        watcher.stop()
        #expect(reports.all == [[root + "/content/after"]])
    }

    @Test(.enabled(if: inotifyInstanceLeft, Comment(rawValue: noInotifyLeft)))
    func newFoldersAreWatchedToo() throws {
        let root = try makeFolder()
        defer { try? FileManager.default.removeItem(atPath: root) }
        let (watcher, reports) = try watch(root)
        defer { watcher.stop() }
        try FileManager.default.createDirectory(atPath: root + "/content/new", withIntermediateDirectories: true)
        #expect(reports.waitForCount(1, timeout: patience))
        _ = FileManager.default.createFile(atPath: root + "/content/new/page.md", contents: Data("x".utf8))
        #expect(reports.waitForCount(2, timeout: patience))
        #expect(reports.all.last == [root + "/content/new/page.md"])
    }

    @Test func pollingSeesChangesWhereInotifyIsNotUsed() throws {
        let root = try makeFolder()
        defer { try? FileManager.default.removeItem(atPath: root) }
        let (watcher, reports) = try watch(root, mode: .polling)
        defer { watcher.stop() }
        #expect(!watcher.usesInotify)
        _ = FileManager.default.createFile(atPath: root + "/content/.page.md.swp", contents: Data("zz".utf8))
        try FileSystem.writeAtomically("# 바뀐 쪽\n", to: root + "/content/page.md")
        #expect(reports.waitForCount(1, timeout: patience))
        #expect(reports.all.first == [root + "/content/page.md"])
    }
}
