import Foundation
import TestFolders
import Testing

@testable import LectureKit
@testable import LectureServe
@testable import LectureSupport

#if canImport(Glibc)
    import Glibc
#endif

/// The watcher follows paths, not inodes: folders moved out, moved in, recreated; symbolic
/// links at their real paths; the watch limit; the folders never watched.
@Suite struct WatchedPathsTests {
    typealias Reports = FileWatcherTests.Reports

    /// Collects the watcher's warnings.
    final class Warnings: @unchecked Sendable {
        private let lock = NSLock()
        private var stored: [String] = []
        var all: [String] { lock.withLock { stored } }
        func add(_ text: String) { lock.withLock { stored.append(text) } }
    }

    /// `content/page.md`, `content/ch6/sub/deep.md`, `content/settle.md` (`settle`'s sentinel,
    /// which no test asks about), and `shared/` beside `content/`.
    func makeBook() throws -> String {
        let root = RealPath.of(try TestFolders.make("lecture-watch-paths"))!
        try FileSystem.writeAtomically("# 쪽\n", to: root + "/content/page.md")
        try FileSystem.writeAtomically("x\n", to: root + "/content/\(Self.settleSentinel)")
        try FileSystem.writeAtomically("x\n", to: root + "/content/ch6/sub/deep.md")
        try FileSystem.writeAtomically("# 부록\n", to: root + "/shared/appendix/a.md")
        try FileSystem.writeAtomically("# 연결\n", to: root + "/shared/linked.md")
        try FileSystem.writeAtomically("# 다른\n", to: root + "/shared/other.md")
        return root
    }

    func watch(
        _ root: String, mode: FileWatcher.Mode = .automatic, limit: Int? = nil,
        warnings: Warnings = Warnings()
    ) throws -> (FileWatcher, Reports) {
        let reports = Reports()
        let watcher = FileWatcher(
            directories: [root + "/content"], linksWithin: [root], mode: mode, debounce: 0.075, pollInterval: 0.1,
            watchLimit: limit, onWarning: { warnings.add($0) }, onChange: { reports.add($0) }
        )
        try watcher.start()
        return (watcher, reports)
    }

    func append(_ path: String) throws {
        let handle = try #require(FileHandle(forWritingAtPath: path))
        handle.seekToEndOfFile()
        handle.write(Data("더\n".utf8))
        try handle.close()
    }

    /// Waits for a report that holds one of `paths`; false after `patience` seconds.
    func reported(_ paths: String..., in reports: Reports) -> Bool {
        let deadline = Date(timeIntervalSinceNow: patience)
        while Date() < deadline {
            if reports.all.contains(where: { report in paths.contains { report.contains($0) } }) { return true }
            usleep(10_000)
        }
        return false
    }

    /// Every path reported other than `sentinel`, once an edit of `sentinel` (a watched file whose
    /// edit must be reported) made now has been reported: the watcher reports changes in the order
    /// they happen, a debounced batch holding everything before its last change, so an earlier edit
    /// that is reported at all is in the list by then. Waiting for that event, rather than a fixed
    /// time, keeps "nothing was reported" meaningful on a loaded machine.
    func reportedBefore(sentinel: String, in reports: Reports) throws -> [String] {
        try append(sentinel)
        #expect(reported(sentinel, in: reports), "the sentinel edit of \(sentinel) was not reported")
        return reports.all.flatMap { $0 }.filter { $0 != sentinel && !$0.hasSuffix("/content/" + Self.settleSentinel) }
    }

    /// The file of `content/` whose edit `settle` waits for.
    static let settleSentinel = "settle.md"

    /// Forgets every report so far, once an edit of `sentinel` (a watched file no test asks
    /// about: its edit may be reported more than once) made now has been reported: the watcher
    /// reports changes in the order they happen (`reportedBefore`), so every report of what came
    /// before is in by then. An event waited for, not a quiet period that a loaded machine can
    /// outlast (T4).
    func settle(_ reports: Reports, sentinel: String) throws {
        try append(sentinel)
        #expect(reported(sentinel, in: reports), "the sentinel edit of \(sentinel) was not reported")
        reports.clear()
    }

    @Test(arguments: [FileWatcher.Mode.automatic, .polling])
    func aFolderMovedOutIsNotWatchedAndOneCopiedInIs(mode: FileWatcher.Mode) throws {
        let root = try makeBook()
        defer { try? FileManager.default.removeItem(atPath: root) }
        let (watcher, reports) = try watch(root, mode: mode)
        defer { watcher.stop() }
        #expect(rename(root + "/content/ch6", root + "/ch6.old") == 0)
        #expect(reported(root + "/content/ch6", root + "/content/ch6/sub/deep.md", in: reports))
        try FileManager.default.copyItem(atPath: root + "/ch6.old", toPath: root + "/content/ch6")
        // The folder copied in is rescanned: its files are reported.
        #expect(reported(root + "/content/ch6/sub/deep.md", in: reports))
        try settle(reports, sentinel: root + "/content/" + Self.settleSentinel)
        try append(root + "/ch6.old/sub/deep.md")
        try append(root + "/content/ch6/sub/deep.md")
        #expect(
            reported(root + "/content/ch6/sub/deep.md", in: reports),
            "an edit in the folder copied in was missed (\(mode))"
        )
        try settle(reports, sentinel: root + "/content/" + Self.settleSentinel)
        try append(root + "/ch6.old/sub/deep.md")
        let outside = try reportedBefore(sentinel: root + "/content/page.md", in: reports)
        #expect(outside.isEmpty, "an edit outside the book was reported: \(outside) (\(mode))")
    }

    @Test(.enabled(if: FileWatcherTests.inotifyInstanceLeft, Comment(rawValue: FileWatcherTests.noInotifyLeft)))
    func theWholeContentFolderMovedAwayAndRecreatedIsWatchedAgain() throws {
        let root = try makeBook()
        defer { try? FileManager.default.removeItem(atPath: root) }
        let (watcher, reports) = try watch(root)
        defer { watcher.stop() }
        #expect(rename(root + "/content", root + "/content.old") == 0)
        #expect(reported(root + "/content", in: reports))
        try FileManager.default.copyItem(atPath: root + "/content.old", toPath: root + "/content")
        #expect(reported(root + "/content/ch6/sub/deep.md", in: reports))
        try settle(reports, sentinel: root + "/content/" + Self.settleSentinel)
        try append(root + "/content.old/page.md")
        // The recreated folder's own file is watched, and its edit is the sentinel.
        let movedAway = try reportedBefore(sentinel: root + "/content/ch6/sub/deep.md", in: reports)
        #expect(movedAway.isEmpty, "an edit in the moved-away folder was reported: \(movedAway)")
    }

    @Test(.enabled(if: FileWatcherTests.inotifyInstanceLeft, Comment(rawValue: FileWatcherTests.noInotifyLeft)))
    func aFolderMovedInIsWatchedAndRescanned() throws {
        let root = try makeBook()
        defer { try? FileManager.default.removeItem(atPath: root) }
        try FileSystem.writeAtomically("# 새 장\n", to: root + "/incoming/ch7/deep/page.md")
        let (watcher, reports) = try watch(root)
        defer { watcher.stop() }
        #expect(rename(root + "/incoming/ch7", root + "/content/ch7") == 0)
        #expect(reported(root + "/content/ch7/deep/page.md", in: reports))
        try settle(reports, sentinel: root + "/content/" + Self.settleSentinel)
        try append(root + "/content/ch7/deep/page.md")
        #expect(reported(root + "/content/ch7/deep/page.md", in: reports))
    }

    @Test(arguments: [FileWatcher.Mode.automatic, .polling])
    func symlinkedFoldersAndFilesAreWatchedAtTheirRealPaths(mode: FileWatcher.Mode) throws {
        let root = try makeBook()
        defer { try? FileManager.default.removeItem(atPath: root) }
        #expect(symlink("../shared/appendix", root + "/content/appendix") == 0)
        #expect(symlink("../shared/linked.md", root + "/content/linked.md") == 0)
        let (watcher, reports) = try watch(root, mode: mode)
        defer { watcher.stop() }
        try append(root + "/shared/appendix/a.md")
        #expect(reported(root + "/content/appendix/a.md", in: reports), "\(mode)")
        try settle(reports, sentinel: root + "/content/" + Self.settleSentinel)
        try append(root + "/shared/linked.md")
        #expect(reported(root + "/content/linked.md", in: reports), "\(mode)")
        try settle(reports, sentinel: root + "/content/" + Self.settleSentinel)
        // Other files beside the linked file's target are not the book's.
        try append(root + "/shared/other.md")
        let beside = try reportedBefore(sentinel: root + "/content/page.md", in: reports)
        #expect(beside.isEmpty, "\(beside) (\(mode))")
    }

    /// Attack 15, F6: a link out of the book (`src/h -> ~`, `src/usr -> /usr`) is neither watched
    /// nor walked, as the build reads nothing through it: an edit behind it rebuilds nothing, and
    /// no watch is spent on the folder it leads to. A link inside the book still is (above).
    @Test(arguments: [FileWatcher.Mode.automatic, .polling])
    func linksOutOfTheBookAreNotFollowed(mode: FileWatcher.Mode) throws {
        let root = try makeBook()
        defer { try? FileManager.default.removeItem(atPath: root) }
        let home = RealPath.of(try TestFolders.make("lecture-watch-home"))!
        defer { try? FileManager.default.removeItem(atPath: home) }
        try FileSystem.writeAtomically("notes\n", to: home + "/docs/notes.txt")
        try FileSystem.writeAtomically("secret\n", to: home + "/secret.txt")
        #expect(symlink(home, root + "/content/h") == 0)
        #expect(symlink(home + "/secret.txt", root + "/content/secret.md") == 0)
        #expect(symlink(home + "/docs", root + "/content/ch6/docs") == 0)
        let warnings = Warnings()
        let (watcher, reports) = try watch(root, mode: mode, warnings: warnings)
        defer { watcher.stop() }
        try append(home + "/docs/notes.txt")
        try append(home + "/secret.txt")
        let reported = try reportedBefore(sentinel: root + "/content/page.md", in: reports)
        #expect(reported.isEmpty, "\(reported) (\(mode))")
        #expect(watcher.polledPaths == 0, "nothing polled in place of the links")
    }

    @Test(arguments: [FileWatcher.Mode.automatic, .polling])
    func linkLoopsAreWalkedOnce(mode: FileWatcher.Mode) throws {
        let root = try makeBook()
        defer { try? FileManager.default.removeItem(atPath: root) }
        #expect(symlink(".", root + "/content/ch6/sub/self") == 0)
        #expect(symlink("../..", root + "/content/ch6/up") == 0)
        #expect(symlink("/", root + "/content/root") == 0)
        let (watcher, reports) = try watch(root, mode: mode)
        defer { watcher.stop() }
        try append(root + "/content/ch6/sub/deep.md")
        #expect(reported(root + "/content/ch6/sub/deep.md", in: reports))
        #expect(
            reports.all.flatMap { $0 }.allSatisfy {
                !$0.contains("/self/") && !$0.contains("/up/") && !$0.contains("/root/")
            },
            "\(reports.all)")
    }

    @Test(.enabled(if: FileWatcherTests.inotifyInstanceLeft, Comment(rawValue: FileWatcherTests.noInotifyLeft)))
    func beyondTheWatchLimitFoldersArePolledAndTheLimitIsNamed() throws {
        let root = try makeBook()
        defer { try? FileManager.default.removeItem(atPath: root) }
        let warnings = Warnings()
        // Room for the content folder alone: `ch6` and `ch6/sub` are polled.
        let (watcher, reports) = try watch(root, limit: 1, warnings: warnings)
        defer { watcher.stop() }
        #expect(watcher.usesInotify)
        #expect(watcher.polledPaths == 1)
        let warning = try #require(warnings.all.first)
        #expect(
            warning.hasPrefix(
                "warning: the watch limit of this watcher (1) is reached: 1 folder is polled every 0.1 s instead"))
        #expect(warning.contains("sudo sysctl fs.inotify.max_user_watches="))
        try append(root + "/content/ch6/sub/deep.md")
        #expect(reported(root + "/content/ch6/sub/deep.md", in: reports), "an edit in a polled folder was missed")
        // A folder made while serving, beyond the limit, is polled too.
        try FileSystem.writeAtomically("# 새\n", to: root + "/content/new/page.md")
        #expect(reported(root + "/content/new/page.md", in: reports))
        try settle(reports, sentinel: root + "/content/" + Self.settleSentinel)
        try append(root + "/content/new/page.md")
        #expect(
            reported(root + "/content/new/page.md", in: reports), "an edit in a folder made beyond the limit was missed"
        )
        #expect(watcher.polledPaths == 2)
        #expect(warnings.all.count == 2)
        // The kernel's own limit is named in its warning.
        #expect(
            FileWatcher.watchLimitWarning(polled: 3, limit: nil, pollInterval: 0.5)
                .hasPrefix("warning: the inotify watch limit (fs.inotify.max_user_watches"))
        #expect(
            FileWatcher.noInotifyWarning(errno: EMFILE, pollInterval: 0.5).contains(
                "sudo sysctl fs.inotify.max_user_instances="))
    }

    @Test(arguments: [FileWatcher.Mode.automatic, .polling])
    func gitBuildNodeModulesAndDotfoldersAreNeverWatched(mode: FileWatcher.Mode) throws {
        let root = try makeBook()
        defer { try? FileManager.default.removeItem(atPath: root) }
        for folder in [".git", ".build", "node_modules", ".cache", "ch6/node_modules"] {
            try FileSystem.writeAtomically("x\n", to: root + "/content/\(folder)/file.txt")
        }
        let (watcher, reports) = try watch(root, mode: mode)
        defer { watcher.stop() }
        for folder in [".git", ".build", "node_modules", ".cache", "ch6/node_modules"] {
            try append(root + "/content/\(folder)/file.txt")
            try FileSystem.writeAtomically("y\n", to: root + "/content/\(folder)/new/file.txt")
        }
        let ignored = try reportedBefore(sentinel: root + "/content/page.md", in: reports)
        #expect(ignored.isEmpty, "\(ignored) (\(mode))")
        #expect(FileWatcher.isIgnored(name: "node_modules"))
    }
}
