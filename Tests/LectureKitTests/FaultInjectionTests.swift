import Foundation
import Testing

@testable import LectureKit
@testable import LectureSupport

/// Issue 19's injected faults, each on the built `lecture` run as a user runs it: the disk filling
/// up while the site is written, `kill -9` at moments spread over a build, pages and cache
/// entries that cannot be read, a cache on a read-only file system. After each, what the README's
/// Reliability section promises: a clear error or a cache miss, the previous site complete, no
/// temporary folder left, the next build succeeding, and never a wrong verdict.
@Suite(.serialized) struct FaultInjectionTests {
    /// A small book whose every page says which version of the content it was built from.
    struct Book {
        let root: String
        var content: String { root + "/content" }
        var cache: String { root + "/cache" }

        init() throws {
            root = try TestSupport.temporaryDirectory()
            try write(version: 0)
        }

        /// Writes the pages of `version`: a sample with its expected output, a table, a link.
        func write(version: Int) throws {
            try FileSystem.writeAtomically(
                "# 책\n\n- [가](a.md)\n- [나](b.md)\n", to: content + "/SUMMARY.md")
            try FileSystem.writeAtomically(
                """
                # 가

                버전 \(version)

                ```swift
                print("가")
                ```

                ```output
                가
                ```

                | 패턴 | 버전 |
                |---|---|
                | MVC | \(version) |

                [나](b.md)

                """, to: content + "/a.md")
            try FileSystem.writeAtomically("# 나\n\n버전 \(version)\n\n[가](a.md#가)\n", to: content + "/b.md")
        }

        func remove() { FileSystem.removeTemporaryDirectory(root) }
    }

    /// Runs `lecture` with `arguments`; a run over 5 minutes is a hang and fails the test.
    static func lecture(_ arguments: [String]) throws -> Subprocess.Result {
        try Subprocess.run(TestSupport.executable, arguments, timeout: 300, cancellation: .process)
    }

    static func build(_ book: Book, output: String) throws -> Subprocess.Result {
        try lecture(["build", "--content", book.content, "--output", output, "--cache-dir", book.cache])
    }

    /// The files a built site must have, each naming the same content version.
    static let pages = ["index.html", "a.html", "b.html", "print.html"]

    /// The content version the site at `output` was built from, when it is complete: marker,
    /// pages, search index and assets present and every page of one version; else `nil`.
    static func completeVersion(_ output: String) -> Int? {
        guard FileSystem.exists(output + "/" + SiteWriter.marker),
            FileSystem.exists(HashedSitePath.of("search/pages.js", in: output)),
            FileSystem.exists(HashedSitePath.of("assets/style.css", in: output))
        else { return nil }
        let versions = pages.map { page -> Int? in
            guard let html = TestSupport.read(output + "/" + page),
                let match = html.firstMatch(of: /버전 (\d+)/)
            else { return nil }
            return Int(match.1)
        }
        guard let first = versions.first, let version = first, versions.allSatisfy({ $0 == version }) else {
            return nil
        }
        return version
    }

    /// Every regular file under `folder` with its bytes.
    static func snapshot(_ folder: String) -> [String: [UInt8]] {
        Dictionary(
            uniqueKeysWithValues: FileSystem.files(under: folder).map {
                ($0, (try? FileSystem.read(folder + "/" + $0)) ?? [])
            })
    }

    /// Staging and old folders of a site named `name` left in `parent`.
    static func leftovers(in parent: String, site name: String) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: parent)) ?? []).filter {
            $0.hasPrefix(".\(name).tmp-") || $0.hasPrefix(".\(name).old-")
        }
    }

    // MARK: - The disk fills up while the site is written

    @Test(
        .enabled(
            if: TmpfsMount.allowed,
            "mounting a tmpfs is not allowed here (needs root or CAP_SYS_ADMIN); the disk-full fault is not injected"))
    func aFullDiskFailsClearlyKeepsThePreviousSiteAndLeavesNoTemporaryFolder() throws {
        let book = try Book()
        defer { book.remove() }
        let disk = try TmpfsMount(at: book.root + "/disk", megabytes: 16)
        defer { disk.unmount() }
        let output = disk.path + "/site"
        let first = try Self.build(book, output: output)
        try #require(first.succeeded, "\(first.stderrText)")
        #expect(Self.completeVersion(output) == 0)
        var previous = Self.snapshot(output)
        // A rebuild writes only the files that change (the others are hard-linked from the live
        // site) and the marker: what it needs is their pages (tmpfs counts 4 KiB pages), measured
        // by building the next version elsewhere.
        try book.write(version: 1)
        let elsewhere = try Self.build(book, output: book.root + "/elsewhere")
        try #require(elsewhere.succeeded, "\(elsewhere.stderrText)")
        let rebuildBytes = Self.snapshot(book.root + "/elsewhere").filter { previous[$0.key] != $0.value }.values
            .reduce(4096) { $0 + ($1.count + 4095) / 4096 * 4096 }
        var version = 0
        var failures = 0
        // Free space from none to one page less than a rebuild writes: the fault lands on the
        // folders, the generated pages and the marker in turn.
        let freeSpaces = [
            0, 4096, 16384, rebuildBytes / 4, rebuildBytes / 2, rebuildBytes * 3 / 4, rebuildBytes - 8192,
            rebuildBytes - 4096,
        ]
        for (step, free) in freeSpaces.enumerated() {
            try book.write(version: step + 1)
            try disk.fill(leaving: free)
            let result = try Self.build(book, output: output)
            try disk.removeFiller()
            if result.succeeded {
                // It fitted (tmpfs counts pages, not bytes): the new site is whole.
                version = step + 1
                #expect(Self.completeVersion(output) == version, "free \(free) bytes")
                previous = Self.snapshot(output)
            } else {
                failures += 1
                #expect(result.termination == .exited(1), "free \(free) bytes: \(result.termination)")
                #expect(
                    result.stderrText.contains("No space left on device"), "free \(free) bytes: \(result.stderrText)")
                #expect(Self.snapshot(output) == previous, "free \(free) bytes: the previous site changed")
                #expect(Self.completeVersion(output) == version)
            }
            #expect(Self.leftovers(in: disk.path, site: "site").isEmpty, "free \(free) bytes")
        }
        #expect(failures >= 4, "the disk was never full enough to fail a build")
        let after = try Self.build(book, output: output)
        #expect(after.succeeded, "\(after.stderrText)")
        #expect(Self.completeVersion(output) == freeSpaces.count)
    }

    // MARK: - kill -9 at moments spread over a build

    @Test func killNineDuringABuildLeavesThePreviousSiteWholeAndTheNextBuildSucceeds() throws {
        let book = try Book()
        defer { book.remove() }
        let output = book.root + "/site"
        let first = try Self.build(book, output: output)
        try #require(first.succeeded, "\(first.stderrText)")
        // A warm build (samples cached), the kind killed below.
        let warmStart = Date()
        try #require(try Self.build(book, output: output).succeeded)
        let duration = max(Date().timeIntervalSince(warmStart), 0.05)
        var version = 0
        // Kills at moments spread over a build, then kills of builds caught writing: stopped
        // (SIGSTOP) as soon as their staging folder appears, and counted as caught between their
        // first write and their swap when, while they are stopped, the folder is still there and
        // the site is still the previous one (after the swap, `renameat2(RENAME_EXCHANGE)`, the
        // staging name holds the old site until it is removed).
        let spread = 20
        let trials = spread + 10
        var caughtWriting = 0
        for trial in 0..<trials {
            try book.write(version: trial + 1)
            let process = Process()
            process.executableURL = URL(fileURLWithPath: TestSupport.executable)
            process.arguments = ["build", "--content", book.content, "--output", output, "--cache-dir", book.cache]
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            try process.run()
            if trial < spread {
                // Moments spread evenly over a build's duration, from its start to just after its end.
                usleep(useconds_t(duration * 1.1 * Double(trial) / Double(spread - 1) * 1_000_000))
            } else {
                let staging = ".site.tmp-\(process.processIdentifier)-"
                func stagingExists() -> Bool {
                    Self.leftovers(in: book.root, site: "site").contains { $0.hasPrefix(staging) }
                }
                while process.isRunning && !stagingExists() { usleep(100) }
                kill(process.processIdentifier, SIGSTOP)
                if stagingExists() && Self.completeVersion(output) == version { caughtWriting += 1 }
            }
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            let found = Self.completeVersion(output)
            #expect(found == version || found == trial + 1, "trial \(trial): site version \(String(describing: found))")
            if let found { version = found }
        }
        // Not vacuous: some kill landed while a build was writing its site, before the swap.
        #expect(caughtWriting > 0, "no build was caught between its first write and its swap")
        let after = try Self.build(book, output: output)
        #expect(after.succeeded, "\(after.stderrText)")
        #expect(Self.completeVersion(output) == trials)
        // A killed build leaves its staging folder; the next build names it and leaves it
        // (it may as well be anyone's: attack 16, k04), and leaves none of its own.
        let left = Self.leftovers(in: book.root, site: "site")
        #expect(
            left.allSatisfy { name in after.stderrText.contains(name + ": warning: an entry beside the output folder") }
        )
        #expect(left.allSatisfy { $0.hasPrefix(".site.tmp-") || $0.hasPrefix(".site.old-") })
    }

    // MARK: - Pages and cache entries that cannot be read

    /// What takes a page's place: a folder, a named pipe (reading would block), a device.
    static let unreadable: [(String, @Sendable (String) throws -> Void)] = [
        ("folder", { try FileManager.default.createDirectory(atPath: $0, withIntermediateDirectories: false) }),
        (
            "named pipe",
            { path in guard mkfifo(path, 0o644) == 0 else { throw LectureError(.fileSystem, "mkfifo \(path)") } }
        ),
        ("device", { try FileManager.default.createSymbolicLink(atPath: $0, withDestinationPath: "/dev/zero") }),
    ]

    @Test(arguments: 0..<3)
    func anUnreadablePageIsAClearErrorAtItsSummaryLink(kind: Int) throws {
        let (name, make) = Self.unreadable[kind]
        let book = try Book()
        defer { book.remove() }
        let output = book.root + "/site"
        try #require(try Self.build(book, output: output).succeeded)
        let before = Self.snapshot(output)
        try FileManager.default.removeItem(atPath: book.content + "/b.md")
        try make(book.content + "/b.md")
        let result = try Self.build(book, output: output)
        #expect(result.termination == .exited(1), "\(name): \(result.termination)")
        #expect(
            result.stderrText.contains(
                "\(book.content)/SUMMARY.md:4:3: error: summary links to 'b.md', "
                    + (name == "folder"
                        ? "which cannot be read: is a folder"
                        : name == "device"
                            // A link to a device leads out of the book (PageContainmentTests).
                            ? "which is '/dev/zero', outside the book's folder"
                            : "which cannot be read: not a regular file")),
            "\(name): \(result.stderrText)")
        #expect(Self.snapshot(output) == before, "\(name): the previous site changed")
    }

    @Test(arguments: 0..<3)
    func anUnreadableSummaryIsAClearError(kind: Int) throws {
        let (name, make) = Self.unreadable[kind]
        let book = try Book()
        defer { book.remove() }
        try FileManager.default.removeItem(atPath: book.content + "/SUMMARY.md")
        try make(book.content + "/SUMMARY.md")
        let result = try Self.build(book, output: book.root + "/site")
        #expect(result.termination != .exited(0) && result.termination != .timedOut, "\(name): \(result.termination)")
        #expect(
            result.stderrText.contains("\(book.content)/SUMMARY.md: error: summary file cannot be read: ")
                || result.stderrText.contains("SUMMARY.md"), "\(name): \(result.stderrText)")
    }

    /// Every cache entry of `kind` under `cache`.
    static func entries(_ cache: String, kind: Cache.Kind) -> [String] {
        FileSystem.files(under: cache + "/" + kind.rawValue).map { cache + "/" + kind.rawValue + "/" + $0 }
    }

    /// What a damaged cache entry can hold instead of its JSON.
    static let damage: [(String, @Sendable (String) throws -> Void)] = [
        ("garbage", { try TestSupport.write(Array("\u{0}\u{1}not json{{".utf8), to: $0) }),
        ("empty", { try TestSupport.write([], to: $0) }),
        ("truncated", { path in try TestSupport.write(Array(try FileSystem.read(path).prefix(7)), to: path) }),
        (
            "folder",
            { path in
                try FileManager.default.removeItem(atPath: path)
                try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false)
            }
        ),
        (
            "named pipe",
            { path in
                try FileManager.default.removeItem(atPath: path)
                guard mkfifo(path, 0o644) == 0 else { throw LectureError(.fileSystem, "mkfifo \(path)") }
            }
        ),
    ]

    @Test(arguments: 0..<5)
    func aDamagedCacheEntryIsAMissAndNeverAWrongVerdict(kind: Int) throws {
        let (name, damage) = Self.damage[kind]
        let book = try Book()
        defer { book.remove() }
        let check = ["check", "--content", book.content, "--cache-dir", book.cache]
        try #require(try Self.lecture(check).succeeded)
        let entries = Self.entries(book.cache, kind: .samples)
        try #require(!entries.isEmpty)
        for entry in entries { try damage(entry) }
        // The passing sample passes again, verified afresh.
        let again = try Self.lecture(check)
        #expect(again.succeeded, "\(name): \(again.stdoutText)\(again.stderrText)")
        // A sample whose expected output is wrong fails, whatever the cache holds.
        let page = try #require(TestSupport.read(book.content + "/a.md"))
        try FileSystem.writeAtomically(
            page.replacingOccurrences(of: "```output\n가", with: "```output\n다"), to: book.content + "/a.md")
        for entry in Self.entries(book.cache, kind: .samples) where !FileSystem.isDirectory(entry) {
            try damage(entry)
        }
        let wrong = try Self.lecture(check)
        #expect(wrong.termination == .exited(1), "\(name): \(wrong.termination)")
        #expect(wrong.stdoutText.contains("다") || wrong.stderrText.contains("다"), "\(name)")
    }

    // MARK: - A killed run's mounts

    @Test(
        .enabled(
            if: TmpfsMount.allowed,
            "mounting a tmpfs is not allowed here (needs root or CAP_SYS_ADMIN); there is no mount to leave behind"))
    func aMountAKilledRunLeftIsUnmountedByTheNextRun() throws {
        let book = try Book()
        defer { book.remove() }
        // A run killed between mount and unmount: its mount, owned by a process that has ended.
        let stale = try TmpfsMount(at: book.root + "/stale", megabytes: 1)
        // Reaped when it returns.
        let ended = try Subprocess.run("/bin/sh", ["-c", "echo $$"], timeout: 30, cancellation: .process)
        let endedID = try #require(pid_t(ended.stdoutText.trimmingCharacters(in: .whitespacesAndNewlines)))
        try "\(endedID)".write(toFile: stale.path + ".mounted-by", atomically: true, encoding: .utf8)
        let stalePoint = (stale.path as NSString).standardizingPath
        #expect(Self.mountPoints().contains(stalePoint))

        // The next mount (a later run's) sweeps it away, and the sweep spares a live process's.
        let live = try TmpfsMount(at: book.root + "/live", megabytes: 1)
        defer { live.unmount() }
        var after = Self.mountPoints()
        if after.contains(stalePoint) { stale.unmount() }
        #expect(!after.contains(stalePoint), "the ended process's mount is still there")
        TmpfsMount.unmountStale()
        after = Self.mountPoints()
        #expect(after.contains((live.path as NSString).standardizingPath), "a live process's mount was unmounted")
    }

    /// The mount points of the tmpfs mounts this process sees.
    static func mountPoints() -> Set<String> {
        let table = (try? String(contentsOfFile: "/proc/self/mounts", encoding: .utf8)) ?? ""
        var points: Set<String> = []
        for line in table.split(separator: "\n") {
            let fields = line.split(separator: " ")
            if fields.count > 2, fields[2] == "tmpfs" { points.insert(String(fields[1])) }
        }
        return points
    }

    // MARK: - A cache folder on a read-only file system

    @Test(
        .enabled(
            if: TmpfsMount.allowed,
            "mounting a tmpfs is not allowed here (needs root or CAP_SYS_ADMIN); the read-only cache is not injected"))
    func aCacheOnAReadOnlyFileSystemGivesTheSameVerdicts() throws {
        let book = try Book()
        defer { book.remove() }
        let disk = try TmpfsMount(at: book.cache, megabytes: 256)
        defer { disk.unmount() }
        let output = book.root + "/site"
        let check = ["check", "--content", book.content, "--cache-dir", book.cache]
        try #require(try Self.lecture(check).succeeded)
        try #require(try Self.build(book, output: output).succeeded)
        try disk.remountReadOnly()
        // Read-only for everyone, root included (CI runs as root, whom no permission bit stops):
        // the file system refuses the write itself.
        let probe = book.cache + "/probe-\(getpid())"
        let descriptor = open(probe, O_WRONLY | O_CREAT | O_EXCL, 0o644)
        let refusal = errno
        if descriptor >= 0 {
            close(descriptor)
            unlink(probe)
        }
        #expect(descriptor < 0 && refusal == EROFS, "the cache accepted a write: \(descriptor), errno \(refusal)")
        // Warm: every entry read, nothing written.
        let warm = try Self.lecture(check)
        #expect(warm.succeeded, "\(warm.stdoutText)\(warm.stderrText)")
        // An edited sample: a miss, compiled and run, its pass not stored.
        try book.write(version: 7)
        let page = try #require(TestSupport.read(book.content + "/a.md"))
        try FileSystem.writeAtomically(
            page.replacingOccurrences(of: "print(\"가\")", with: "print(\"가\", 7)")
                .replacingOccurrences(of: "```output\n가", with: "```output\n가 7"), to: book.content + "/a.md")
        let edited = try Self.lecture(check)
        #expect(edited.succeeded, "\(edited.stdoutText)\(edited.stderrText)")
        let built = try Self.build(book, output: output)
        #expect(built.succeeded, "\(built.stderrText)")
        #expect(Self.completeVersion(output) == 7)
        // And a wrong expected output still fails.
        try FileSystem.writeAtomically(
            page.replacingOccurrences(of: "```output\n가", with: "```output\n다"), to: book.content + "/a.md")
        let wrong = try Self.lecture(check)
        #expect(wrong.termination == .exited(1), "\(wrong.termination)")
    }
}

/// A small tmpfs mounted for one test (`mount -t tmpfs`), which needs root or CAP_SYS_ADMIN.
struct TmpfsMount {
    let path: String
    private var filler: String { path + "/.filler" }

    /// Whether this process may mount one: tried once, on a scratch folder.
    static let allowed: Bool = {
        guard let folder = try? FileSystem.makeTemporaryDirectory(prefix: "lecture-mount-probe") else { return false }
        defer { FileSystem.removeTemporaryDirectory(folder) }
        guard
            let result = try? Subprocess.run(
                "mount", ["-t", "tmpfs", "-o", "size=1m", "tmpfs", folder], timeout: 30, cancellation: .process),
            result.succeeded
        else { return false }
        _ = try? Subprocess.run("umount", [folder], timeout: 30, cancellation: .process)
        return true
    }()

    init(at path: String, megabytes: Int) throws {
        self.path = path
        Self.unmountStale()
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        // Who mounted it, for `unmountStale` of a later run should this process be killed before
        // its `unmount()`.
        try "\(getpid())".write(toFile: path + Self.ownerSuffix, atomically: true, encoding: .utf8)
        let result = try Subprocess.run(
            // Mode 755, the owner's alone (a tmpfs is 1777 by default, which a cache folder may not be).
            "mount", ["-t", "tmpfs", "-o", "size=\(megabytes)m,mode=0755", "tmpfs", path], timeout: 30,
            cancellation: .process)
        guard result.succeeded else { throw LectureError(.subprocess, "mount \(path): \(result.stderrText)") }
    }

    /// Fills the file system with zeros until about `free` bytes are left. The descriptor is
    /// close-on-exec: a process another test starts meanwhile would otherwise inherit it and keep
    /// the removed filler's space taken (the final build then found the disk still full).
    func fill(leaving free: Int) throws {
        var info = statvfs()
        guard statvfs(path, &info) == 0 else { throw LectureError(.fileSystem, "statvfs \(path)") }
        let available = Int(info.f_bavail) * Int(info.f_frsize)
        let size = max(available - free, 0)
        let fd = open(filler, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard fd >= 0 else { throw LectureError(.fileSystem, "open \(filler)") }
        defer { close(fd) }
        let chunk = [UInt8](repeating: 0, count: 65536)
        var written = 0
        while written < size {
            let n = chunk.withUnsafeBytes { write(fd, $0.baseAddress, min($0.count, size - written)) }
            if n <= 0 { break }
            written += n
        }
    }

    func removeFiller() throws { try FileManager.default.removeItem(atPath: filler) }

    func remountReadOnly() throws {
        let result = try Subprocess.run("mount", ["-o", "remount,ro", path], timeout: 30, cancellation: .process)
        guard result.succeeded else { throw LectureError(.subprocess, "remount \(path): \(result.stderrText)") }
    }

    func unmount() {
        Self.unmount(path)
        try? FileManager.default.removeItem(atPath: path + Self.ownerSuffix)
    }

    private static func unmount(_ path: String) {
        if (try? Subprocess.run("umount", [path], timeout: 30, cancellation: .process))?.succeeded != true {
            _ = try? Subprocess.run("umount", ["-l", path], timeout: 30, cancellation: .process)
        }
    }

    /// Beside each mount point, the mounting process's id.
    private static let ownerSuffix = ".mounted-by"

    /// Unmounts the tmpfs mounts a killed test run left (a run killed from outside never reaches
    /// `unmount()`): each tmpfs in `/proc/self/mounts` whose owner file names a process that no
    /// longer exists. Mount points are written with spaces as `\040` there; ours have none.
    static func unmountStale() {
        let table = (try? String(contentsOfFile: "/proc/self/mounts", encoding: .utf8)) ?? ""
        for line in table.split(separator: "\n") {
            let fields = line.split(separator: " ")
            guard fields.count > 2, fields[2] == "tmpfs" else { continue }
            let mountPoint = String(fields[1])
            guard let owner = try? String(contentsOfFile: mountPoint + ownerSuffix, encoding: .utf8),
                let pid = pid_t(owner.trimmingCharacters(in: .whitespacesAndNewlines)),
                kill(pid, 0) != 0, errno == ESRCH
            else { continue }
            unmount(mountPoint)
            try? FileManager.default.removeItem(atPath: mountPoint + ownerSuffix)
        }
    }
}
