import Foundation
import TestFolders
import Testing

@testable import LectureKit
@testable import LectureSupport

/// A sample's private `/tmp` held 64 MiB, but its own folder (working folder,
/// `HOME`, `TMPDIR`), on the builder's disk, took all a program wrote: 300 MiB in a second, so a
/// sample writing in a loop filled the disk before its time limit. Now the folder is measured
/// while the program runs (`RunFolderLimit`): one large file, many small files, a file deep in
/// `HOME` are each killed with `lecture.sample.file-limit`, contained and not, and nothing of
/// them is left; a sample that writes a few MiB still passes. Contained runs with `TMPDIR` in the
/// scratch tree, so the run folders are measured there.
@Suite(.serialized) struct SampleFileLimitTests {
    static let page = """
        # Intro

        ```swift
        import Foundation
        // One file growing in the working folder.
        let chunk = Data(repeating: 0x41, count: 1 << 20)
        FileManager.default.createFile(atPath: "big", contents: nil)
        let file = FileHandle(forWritingAtPath: "big")!
        for _ in 0..<300 { file.write(chunk) }
        print("wrote 300 MiB")
        ```

        ```output
        wrote 300 MiB
        ```

        ```swift
        import Foundation
        // Many empty files.
        for i in 0..<20_000 { FileManager.default.createFile(atPath: "f\\(i)", contents: nil) }
        print("made 20000 files")
        ```

        ```output
        made 20000 files
        ```

        ```swift
        import Foundation
        // Deep in HOME.
        let home = ProcessInfo.processInfo.environment["HOME"]! + "/a/b/c"
        try! FileManager.default.createDirectory(atPath: home, withIntermediateDirectories: true)
        let chunk = Data(repeating: 0x42, count: 1 << 20)
        for i in 0..<100 { FileManager.default.createFile(atPath: home + "/part\\(i)", contents: chunk) }
        print("wrote 100 MiB in HOME")
        ```

        ```output
        wrote 100 MiB in HOME
        ```

        ```swift
        import Foundation
        // A few MiB is fine.
        FileManager.default.createFile(atPath: "small", contents: Data(repeating: 0x43, count: 4 << 20))
        print("wrote 4 MiB")
        ```

        ```output
        wrote 4 MiB
        ```

        """

    /// `lecture check --no-cache` of a book whose one page is `page`, verified with `sandbox`, in
    /// a scratch tree with `TMPDIR` in it: the result, its output and that `TMPDIR`. The
    /// person's time limit (a book may only lower the 10 s default): a folder fills slowly.
    static func check(_ page: String, sandbox: String) throws -> (
        result: Subprocess.Result, output: String, temporary: String
    ) {
        let run = try ContainedRun()
        let book = try run.makeBook("[lecture.samples]\nverify = true\n")
        try TestSupport.write(Array(page.utf8), to: book + "/src/intro.md")
        let temporary = run.scratch + "/tmp"
        try FileSystem.makeDirectories(temporary)
        let result = try run.lecture(
            ["check", "--no-cache"], in: "work/book",
            environment: ["TMPDIR": temporary, "LECTURE_SANDBOX": sandbox, "LECTURE_TIMEOUT": "60"])
        return (result, result.stdoutText + result.stderrText, temporary)
    }

    @Test(
        .enabled(if: SampleSandboxTests.canContain, "needs unshare and bubblewrap"),
        .timeLimit(.minutes(5)),
        arguments: ["auto", "off"])
    func aSampleFillingItsFolderIsKilledAtTheLimit(_ sandbox: String) throws {
        let (result, output, temporary) = try Self.check(Self.page, sandbox: sandbox)
        #expect(result.termination == .exited(1), "\(output)")
        let fences = Self.page.split(separator: "\n", omittingEmptySubsequences: false).enumerated()
            .filter { $0.element == "```swift" }.map { $0.offset + 1 }
        #expect(fences.count == 4)
        for line in fences.prefix(3) {
            #expect(
                output.contains(
                    "src/intro.md:\(line):1: error: sample wrote more than 64 MiB or 10000 files into its folder and was killed"
                ), "line \(line): \(output)")
        }
        #expect(output.contains("1 passed, 3 failed"), "\(output)")
        // Nothing of the runs is left on the disk.
        let left = (try? FileManager.default.contentsOfDirectory(atPath: temporary)) ?? []
        #expect(left.filter { $0.hasPrefix("lecture-run") }.isEmpty, "\(left)")
    }

    /// Attack 19, F6: the folder was measured every 100 ms, and one `posix_fallocate` took
    /// 2 GiB of the builder's disk between two measures. Contained, the folder is now a tmpfs of
    /// the sandbox sized to the limit (`ContainedRunFolder`), and no file may pass the limit
    /// (`RLIMIT_FSIZE`): 2 GiB at once stop the program at the kernel (SIGXFSZ), reported as the
    /// file limit; of 48 MiB files (the kind: many allocations between two measures, each under
    /// the file size limit) the second is refused, and the sample goes on. The one file of the
    /// builder's disk a contained run writes, a test sample's events file, is bounded the same way.
    @Test(.enabled(if: SampleSandboxTests.canContain, "needs unshare and bubblewrap"), .timeLimit(.minutes(5)))
    func allocationsPastTheLimitAreRefusedByTheKernel() throws {
        let run = try ContainedRun()
        let book = try run.makeBook("[lecture.samples]\nverify = true\n")
        let page = """
            # Intro

            ```swift
            import Glibc
            let big = open("big", O_WRONLY | O_CREAT, 0o644)
            print("2 GiB:", posix_fallocate(big, 0, 2 << 30) == 0 ? "held" : "refused")
            ```

            ```swift
            import Glibc
            var made = 0
            for i in 0..<40 {
                let fd = open("part\\(i)", O_WRONLY | O_CREAT, 0o644)
                defer { close(fd) }
                if posix_fallocate(fd, 0, 48 << 20) != 0 { break }
                made += 1
            }
            print("48 MiB files:", made)
            ```

            ```output
            48 MiB files: 1
            ```

            ```swift test
            import Glibc
            import Testing

            @Test func growsTheEventsFile() {
                let fd = open("lecture-test-events.jsonl", O_WRONLY)
                #expect(posix_fallocate(fd, 0, 2 << 30) == 0)
                close(fd)
            }
            ```

            """
        try TestSupport.write(Array(page.utf8), to: book + "/src/intro.md")
        let temporary = run.scratch + "/tmp"
        try FileSystem.makeDirectories(temporary)
        let result = try run.lecture(
            ["check", "--no-cache"], in: "work/book", environment: ["TMPDIR": temporary, "LECTURE_SANDBOX": "require"])
        let output = result.stdoutText + result.stderrText
        let limit = "error: sample wrote more than 64 MiB or 10000 files into its folder and was killed"
        #expect(output.contains("src/intro.md:3:1: " + limit), "\(output)")
        #expect(!output.contains("src/intro.md:9:1: error"), "\(output)")
        // Stopped by SIGXFSZ, or refused with EFBIG (27) where the runtime ignores the signal.
        #expect(
            output.contains(
                "src/intro.md:25:1: error: test program wrote more than 64 MiB or 10000 files into its folder")
                || output.contains("(posix_fallocate(fd, 0, 2 << 30) → 27) == 0"),
            "\(output)")
        #expect(output.contains("1 passed, 2 failed"), "\(output)")
        let left = (try? FileManager.default.contentsOfDirectory(atPath: temporary)) ?? []
        #expect(left.filter { $0.hasPrefix("lecture-run") }.isEmpty, "\(left)")
    }

    /// Code review 40, #2 and #10: contained, the run folder's entries were counted only when the
    /// program ended, by a walk a `chmod 000` folder hid them from, and the shell's "folder full"
    /// was an exit status a program could give itself. Now the sandbox's tmpfs mounts are measured
    /// from outside while the program runs (`SandboxFolderMeasure`: statfs through what the
    /// sandbox's shell holds), and the shell says "full" out of band (`RunVerdictChannel`): 20,000
    /// files hidden under a `chmod 000` folder, in the run folder or in `/tmp`, are the file limit,
    /// and so are 20,000 files left while the program sleeps past its time limit (code review 41,
    /// #5: a program that slept less woke, ended, and was counted by the shell, so the test passed
    /// with the measure removed; now without the measure its diagnostic is the time limit's); a
    /// program's own `exit(250)` and `exit(153)` are its status.
    @Test(.enabled(if: SampleSandboxTests.canContain, "needs unshare and bubblewrap"), .timeLimit(.minutes(5)))
    func filesHiddenOrStillWrittenAreMeasuredFromOutside() throws {
        let run = try ContainedRun()
        let book = try run.makeBook("[lecture.samples]\nverify = true\n")
        let page = """
            # Intro

            ```swift
            import Glibc
            mkdir("hidden", 0o755)
            for i in 0..<20_000 { close(open("hidden/f\\(i)", O_WRONLY | O_CREAT, 0o644)) }
            chmod("hidden", 0)
            print("hid 20000 files")
            ```

            ```output
            hid 20000 files
            ```

            ```swift
            import Glibc
            for i in 0..<20_000 { close(open("f\\(i)", O_WRONLY | O_CREAT, 0o644)) }
            sleep(3600)
            print("slept")
            ```

            ```output
            slept
            ```

            ```swift
            import Glibc
            mkdir("/tmp/hidden", 0o755)
            for i in 0..<20_000 { close(open("/tmp/hidden/f\\(i)", O_WRONLY | O_CREAT, 0o644)) }
            chmod("/tmp/hidden", 0)
            sleep(3600)
            print("slept")
            ```

            ```output
            slept
            ```

            ```swift
            import Glibc
            exit(250)
            ```

            ```swift
            import Glibc
            exit(153)
            ```

            """
        try TestSupport.write(Array(page.utf8), to: book + "/src/intro.md")
        let temporary = run.scratch + "/tmp"
        try FileSystem.makeDirectories(temporary)
        let result = try run.lecture(
            ["check", "--no-cache"], in: "work/book",
            environment: ["TMPDIR": temporary, "LECTURE_SANDBOX": "require", "LECTURE_TIMEOUT": "30"])
        let output = result.stdoutText + result.stderrText
        let limit = "error: sample wrote more than 64 MiB or 10000 files into its folder and was killed"
        for line in [3, 15, 26] { #expect(output.contains("src/intro.md:\(line):1: " + limit), "\(line): \(output)") }
        #expect(output.contains("src/intro.md:39:1: error: sample exited with status 250"), "\(output)")
        #expect(output.contains("src/intro.md:44:1: error: sample exited with status 153"), "\(output)")
        let left = (try? FileManager.default.contentsOfDirectory(atPath: temporary)) ?? []
        #expect(left.filter { $0.hasPrefix("lecture-run") }.isEmpty, "\(left)")
    }

    /// Code review 41, #2: with `TMPDIR` below `/tmp` (Debian's `libpam-tmpdir`), the run
    /// folder's ancestors are plain folders of the sandbox's own `/tmp`, and the measure found the
    /// folder by its path: a sample that renamed its parent folder was measured no more, nor
    /// counted by the shell when it ended, and wrote files until its time limit. Now the measure
    /// goes through what the sandbox's shell holds (its working folder), which no rename moves:
    /// the sample that renames its parent, makes 20,000 files and sleeps past its time limit is
    /// the file limit.
    @Test(.enabled(if: SampleSandboxTests.canContain, "needs unshare and bubblewrap"), .timeLimit(.minutes(5)))
    func aSampleThatRenamesItsFoldersIsMeasuredStill() throws {
        let run = try ContainedRun()
        let book = try run.makeBook("[lecture.samples]\nverify = true\n")
        let page = """
            # Intro

            ```swift
            import Glibc
            var buffer = [CChar](repeating: 0, count: 4096)
            let here = String(cString: getcwd(&buffer, buffer.count)!)
            let parent = String(here[..<here.lastIndex(of: "/")!])
            print(rename(parent, "/tmp/moved") == 0 ? "moved" : "not moved")
            for i in 0..<20_000 { close(open("f\\(i)", O_WRONLY | O_CREAT, 0o644)) }
            sleep(3600)
            ```

            """
        try TestSupport.write(Array(page.utf8), to: book + "/src/intro.md")
        // `TMPDIR` below `/tmp`: the scratch tree's when it lies there, else a folder of a tmpfs
        // mounted over `/tmp` in the run's own mount namespace (never the machine's `/tmp`).
        let below = """
            case "$SCRATCH" in
            /tmp/*) TMPDIR="$SCRATCH/tmp/user/1000" ;;
            *) mount -t tmpfs below /tmp; TMPDIR=/tmp/user/1000 ;;
            esac
            mkdir -p "$TMPDIR" && export TMPDIR && exec "$@"
            """
        let result = try run.command(
            "/bin/sh",
            [
                "-c", below, "below", TestSupport.executable, "check", "--no-cache", "--cache-dir",
                run.scratch + "/cache",
            ],
            in: "work/book", environment: ["LECTURE_SANDBOX": "require", "LECTURE_TIMEOUT": "30"])
        let output = result.stdoutText + result.stderrText
        #expect(
            output.contains(
                "src/intro.md:3:1: error: sample wrote more than 64 MiB or 10000 files into its folder and was killed"),
            "\(output)")
    }

    /// Code review 41 #8: a verdict channel that could not be made (its name taken first in a
    /// shared `/tmp`) left "full" and the SIGXFSZ rule off without a word; now it is an error.
    @Test func aVerdictChannelThatCannotBeMadeIsAnError() throws {
        let folder = try TestSupport.temporaryDirectory()
        defer { FileSystem.removeTemporaryDirectory(folder) }
        let made = try RunVerdictChannel.make(beside: folder + "/run")
        defer { made.remove() }
        #expect(made.path == folder + "/run.verdict")
        #expect(throws: LectureError.self) { try RunVerdictChannel.make(beside: folder + "/run") }
    }

    /// The measure counts blocks and entries below the folder, links not followed, names that are
    /// not UTF-8 included, and stops early once past the limit.
    @Test func theMeasureCountsEveryEntryAndStopsPastTheLimit() throws {
        let folder = try TestSupport.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try TestSupport.write(Array(repeating: 1, count: 1 << 20), to: folder + "/a/b/file")
        var name: [CChar] = Array((folder + "/").utf8CString.dropLast()) + [CChar(bitPattern: 0xFF), 0]
        let fd = open(&name, O_CREAT | O_WRONLY, 0o644)
        #expect(fd >= 0)
        var bytes = [UInt8](repeating: 2, count: 1 << 20)
        #expect(write(fd, &bytes, bytes.count) == bytes.count)
        close(fd)
        symlink("/usr", folder + "/link")
        let usage = RunFolderLimit.usage(of: folder, stoppingPast: (Int.max, Int.max))
        #expect(usage.entries == 5, "\(usage)")  // a, a/b, a/b/file, the byte name, link
        #expect(usage.bytes >= 2 << 20, "\(usage)")
        #expect(usage.bytes < 3 << 20, "\(usage): /usr is not followed")
        let cut = RunFolderLimit.usage(of: folder, stoppingPast: (Int.max, 1))
        #expect(cut.entries == 2, "\(cut)")
    }

    /// Makes `depth` folders named `d`, each in the one before, under `folder`, and a file of
    /// 1 MiB at the bottom, through descriptors (the path is longer than PATH_MAX).
    static func makeDeepTree(in folder: String, depth: Int) {
        var fd = open(folder, O_RDONLY | O_DIRECTORY)
        for _ in 0..<depth {
            mkdirat(fd, "d", 0o755)
            let next = openat(fd, "d", O_RDONLY | O_DIRECTORY)
            close(fd)
            fd = next
        }
        let file = openat(fd, "fill.bin", O_CREAT | O_WRONLY, 0o644)
        var bytes = [UInt8](repeating: 7, count: 1 << 20)
        _ = write(file, &bytes, bytes.count)
        close(file)
        close(fd)
    }

    /// Attack 19, F6: folders nested past PATH_MAX hid what lay below them from the measure (300
    /// MiB written past the 64 MiB limit). A tree the measure cannot open counts as over it.
    @Test func aTreeDeeperThanPathMaxIsOverTheLimit() throws {
        let folder = try TestSupport.temporaryDirectory()
        defer { FileSystem.removeTemporaryDirectory(folder) }
        Self.makeDeepTree(in: folder, depth: 2_100)
        let usage = RunFolderLimit.usage(of: folder, stoppingPast: (Int.max, Int.max))
        #expect(usage.bytes == Int.max && usage.entries == Int.max, "\(usage)")
        #expect(RunFolderLimit(folder: folder).isExceeded)
    }

    /// Attack 19, F6: the same tree was left in TMPDIR after every run (`FileManager.removeItem`
    /// fails past PATH_MAX). A run folder is removed through descriptors, whatever its depth.
    @Test func aTreeDeeperThanPathMaxIsRemoved() throws {
        let folder = try TestSupport.temporaryDirectory()
        Self.makeDeepTree(in: folder, depth: 2_100)
        FileSystem.removeTemporaryDirectory(folder)
        #expect(!FileManager.default.fileExists(atPath: folder))
    }

    /// There were two removers (`DeepFolderRemoval` for paths, a recursive
    /// `DirectoryHandle.removeTree`, one descriptor a level, for the site's folders), and both
    /// read names as strings: a name that is not UTF-8 was repaired to U+FFFD, not found, and
    /// the folders above it stayed. One remover now, names kept as bytes, through a path and
    /// through a handle alike, deeper than PATH_MAX.
    @Test func aNameThatIsNotUTF8IsRemovedThroughAPathAndAHandle() throws {
        for throughHandle in [false, true] {
            let folder = try TestSupport.temporaryDirectory()
            Self.makeDeepTree(in: folder, depth: throughHandle ? 2_100 : 3)
            var name: [CChar] = Array((folder + "/d/").utf8CString.dropLast()) + [CChar(bitPattern: 0xFF), 0]
            let fd = open(&name, O_CREAT | O_WRONLY, 0o644)
            #expect(fd >= 0)
            close(fd)
            if throughHandle {
                let parent = try DirectoryHandle(opening: FileSystem.parent(folder))
                parent.removeTree(String(folder.split(separator: "/").last!))
            } else {
                FileSystem.removeTemporaryDirectory(folder)
            }
            #expect(!FileManager.default.fileExists(atPath: folder), "through a handle: \(throughHandle)")
        }
    }
}
