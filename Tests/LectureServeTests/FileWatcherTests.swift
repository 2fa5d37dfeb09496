import Foundation
import LectureKit
import Testing

@testable import LectureServe
@testable import LectureSupport

#if canImport(Glibc)
    import Glibc
#endif

/// The watcher as editors exercise it, with inotify and with polling.
@Suite struct FileWatcherTests {
    /// Collects the watcher's reports.
    final class Reports: @unchecked Sendable {
        private let lock = NSLock()
        private var stored: [[String]] = []
        var all: [[String]] { lock.withLock { stored } }
        func add(_ paths: [String]) { lock.withLock { stored.append(paths) } }
        func clear() { lock.withLock { stored = [] } }

        func waitForCount(_ count: Int, timeout: Double) -> Bool {
            let deadline = Date(timeIntervalSinceNow: timeout)
            while all.count < count && Date() < deadline { usleep(10_000) }
            return all.count >= count
        }
    }

    func makeFolder() throws -> String {
        let root = try FileSystem.makeTemporaryDirectory(prefix: "lecture-watch-test")
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

    @Test func ignoredNamesAreEditorAndToolTemporaries() {
        for name in [".page.md.swp", "page.md~", ".#page.md", "#page.md#", "4913", "page.md.swx", ".hidden", "x.tmp"] {
            #expect(FileWatcher.isIgnored(name: name), "\(name)")
        }
        for name in ["page.md", "SUMMARY.md", "4914", "style.css", "a~b.md"] {
            #expect(!FileWatcher.isIgnored(name: name), "\(name)")
        }
    }

    @Test func writeTemporaryThenRenameIsOneChangeOfThePage() throws {
        let root = try makeFolder()
        defer { try? FileManager.default.removeItem(atPath: root) }
        let (watcher, reports) = try watch(root)
        defer { watcher.stop() }
        #expect(watcher.usesInotify)
        // Vim's sequence: probe file, backup, write a temporary, rename it over the page.
        let page = root + "/content/page.md"
        _ = FileManager.default.createFile(atPath: root + "/content/4913", contents: nil)
        unlink(root + "/content/4913")
        _ = FileManager.default.createFile(atPath: root + "/content/.page.md.swp", contents: Data("# 새 쪽\n".utf8))
        rename(root + "/content/.page.md.swp", page)
        #expect(reports.waitForCount(1, timeout: 2))
        usleep(300_000)
        #expect(reports.all == [[page]])
    }

    @Test func deleteThenCreateIsOneChange() throws {
        let root = try makeFolder()
        defer { try? FileManager.default.removeItem(atPath: root) }
        let (watcher, reports) = try watch(root)
        defer { watcher.stop() }
        let page = root + "/content/part/deep.md"
        unlink(page)
        _ = FileManager.default.createFile(atPath: page, contents: Data("y\n".utf8))
        #expect(reports.waitForCount(1, timeout: 2))
        usleep(300_000)
        #expect(reports.all == [[page]])
    }

    @Test func temporariesAloneAndTheOutputFolderNeverTrigger() throws {
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
        usleep(500_000)
        #expect(reports.all.isEmpty, "\(reports.all)")
    }

    @Test func newFoldersAreWatchedToo() throws {
        let root = try makeFolder()
        defer { try? FileManager.default.removeItem(atPath: root) }
        let (watcher, reports) = try watch(root)
        defer { watcher.stop() }
        try FileManager.default.createDirectory(atPath: root + "/content/new", withIntermediateDirectories: true)
        #expect(reports.waitForCount(1, timeout: 2))
        _ = FileManager.default.createFile(atPath: root + "/content/new/page.md", contents: Data("x".utf8))
        #expect(reports.waitForCount(2, timeout: 2))
        #expect(reports.all.last == [root + "/content/new/page.md"])
    }

    @Test func pollingSeesChangesWhereInotifyIsNotUsed() throws {
        let root = try makeFolder()
        defer { try? FileManager.default.removeItem(atPath: root) }
        let (watcher, reports) = try watch(root, mode: .polling)
        defer { watcher.stop() }
        #expect(!watcher.usesInotify)
        usleep(150_000)
        _ = FileManager.default.createFile(atPath: root + "/content/.page.md.swp", contents: Data("zz".utf8))
        try FileSystem.writeAtomically("# 바뀐 쪽\n", to: root + "/content/page.md")
        #expect(reports.waitForCount(1, timeout: 2))
        #expect(reports.all.first == [root + "/content/page.md"])
    }
}
