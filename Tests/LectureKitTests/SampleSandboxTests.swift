import Foundation
import Testing

@testable import LectureKit
@testable import LectureSupport

#if canImport(Glibc)
    import Glibc
#endif

/// Issue 30's samples in a sandbox: hostile samples that read the caller's environment through
/// `/proc`, write outside their folder (the book's own page, a file in the home folder, a file
/// elsewhere on disk), connect to a loopback server this test listens on, leave a daemon behind,
/// or print whether a terminal is attached, are each stopped, and their verdict is the same with
/// and without a terminal, merged and alone. The same book with `sandbox = "off"` fails, so the
/// samples do what they say.
///
/// Every run is contained itself: `lecture` runs in a private mount namespace (`unshare -rm`)
/// with scratch folders bound over the home folder and `/var/tmp`, the samples' targets.
@Suite(.serialized) struct SampleSandboxTests {
    static let executable = TestSupport.executable

    /// Whether this machine can give a test a private mount namespace, and samples a sandbox.
    static let canContain: Bool = {
        let unshare = try? Subprocess.run("unshare", ["-rm", "true"], timeout: 30, cancellation: .process)
        return unshare?.succeeded == true && SampleSandbox.unavailability == nil
    }()

    /// A loopback TCP server of this test (outside any sandbox): its port, and whether a
    /// connection is waiting in its queue.
    final class LoopbackServer {
        let socket: Int32
        let port: UInt16

        init() throws {
            let fd = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
            socket = fd
            var address = sockaddr_in()
            address.sin_family = sa_family_t(AF_INET)
            address.sin_addr.s_addr = inet_addr("127.0.0.1")
            var length = socklen_t(MemoryLayout<sockaddr_in>.size)
            let bound = withUnsafeMutablePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                    bind(fd, $0, length) == 0 && listen(fd, 8) == 0 && getsockname(fd, $0, &length) == 0
                }
            }
            guard bound else { throw LectureError(.fileSystem, "cannot listen on loopback") }
            port = UInt16(bigEndian: address.sin_port)
            _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
        }

        /// Whether a client connected (accept(2) finds one in the queue).
        var wasReached: Bool {
            let client = accept(socket, nil, nil)
            if client >= 0 { close(client) }
            return client >= 0
        }

        deinit { close(socket) }
    }

    /// The page: each sample prints what it could do, and its output block says the contained answer.
    static func page(pagePath: String, home: String, daemon: String, port: UInt16) -> String {
        let readFile = """
            func contents(_ path: String) -> [UInt8]? {
                let fd = open(path, O_RDONLY)
                if fd < 0 { return nil }
                defer { close(fd) }
                var bytes: [UInt8] = []
                var buffer = [UInt8](repeating: 0, count: 4096)
                while true {
                    let n = read(fd, &buffer, buffer.count)
                    if n <= 0 { break }
                    bytes += buffer[0..<n]
                }
                return bytes
            }
            """
        let connect = """
            func reachesTheServer() -> Bool {
                let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
                defer { close(fd) }
                var address = sockaddr_in()
                address.sin_family = sa_family_t(AF_INET)
                address.sin_port = in_port_t(\(port)).bigEndian
                address.sin_addr.s_addr = inet_addr("127.0.0.1")
                return withUnsafePointer(to: &address) {
                    $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                        Glibc.connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0
                    }
                }
            }
            """
        return """
            # 적대적인 예제

            ```swift
            import Glibc
            \(readFile)
            let own = Set((contents("/proc/self/environ") ?? []).split(separator: 0).map { Array($0) })
            var others = 0
            var foreign = 0
            if let folder = opendir("/proc") {
                while let entry = readdir(folder) {
                    let name = withUnsafePointer(to: entry.pointee.d_name) {
                        $0.withMemoryRebound(to: CChar.self, capacity: 256) { String(cString: $0) }
                    }
                    guard let pid = Int32(name), pid != getpid() else { continue }
                    others += 1
                    if let environment = contents("/proc/\\(name)/environ"),
                        !Set(environment.split(separator: 0).map { Array($0) }).isSubset(of: own)
                    {
                        foreign += 1
                    }
                }
                closedir(folder)
            }
            print("parent's environment:", contents("/proc/\\(getppid())/environ").map { Set($0.split(separator: 0).map { Array($0) }).isSubset(of: own) ? "mine" : "the caller's" } ?? "unreadable")
            print("foreign environments:", foreign, "other processes:", others)
            ```

            ```output
            parent's environment: mine
            foreign environments: 0 other processes: 2
            ```

            ```swift
            import Glibc
            \(readFile)
            for target in ["\(pagePath)", "\(home)/notes.txt", "/var/tmp/notes.txt"] {
                let fd = open(target, O_WRONLY | O_CREAT | O_APPEND, 0o644)
                if fd >= 0 {
                    _ = write(fd, "owned\\n", 6)
                    close(fd)
                }
                print(fd >= 0 ? "written" : "refused")
            }
            print("secret:", contents("\(home)/.secret") == nil ? "unseen" : "seen")
            ```

            ```output
            refused
            refused
            refused
            secret: unseen
            ```

            ```swift
            import Glibc
            \(connect)
            print(reachesTheServer() ? "connected" : "no network")
            ```

            ```output
            no network
            ```

            ```swift
            import Glibc
            // A daemon: sh starts it in the background in a session of its own, and exits.
            let words = ["sh", "-c", "setsid sleep \(daemon) </dev/null >/dev/null 2>&1 &"]
            let argv: [UnsafeMutablePointer<CChar>?] = words.map { strdup($0) } + [nil]
            var shell: pid_t = 0
            guard posix_spawn(&shell, "/bin/sh", nil, nil, argv, environ) == 0 else { fatalError("no sh") }
            var status: Int32 = 0
            waitpid(shell, &status, 0)
            print("started")
            ```

            ```output
            started
            ```

            ```swift
            import Glibc
            let tty = open("/dev/tty", O_RDWR)
            print(tty >= 0 ? "a terminal" : "no terminal")
            ```

            ```output
            no terminal
            ```

            ```swift test
            import Testing
            import Glibc
            \(connect)

            @Test func theNetworkIsOutOfReach() {
                #expect(!reachesTheServer())
            }

            // Its parent is the sandbox's: its init (1), or the shell that fills its folder (2).
            @Test func theCallerIsOutOfSight() {
                #expect(access("/proc/\\(getppid())/environ", R_OK) != 0 || getppid() <= 2)
            }
            ```

            """
    }

    /// Runs `lecture check` on `book` in a private mount namespace whose home folder is `home` and
    /// whose `/var/tmp` is `varTmp`, under a pseudo-terminal (`script`) when `terminal`.
    func check(
        _ book: String, home: String, varTmp: String, terminal: Bool, environment: [String] = [], setUp: String = "",
        cache: String? = nil
    ) throws -> Subprocess.Result {
        let realHome = ProcessInfo.processInfo.environment["HOME"] ?? "/root"
        let command =
            (environment + [
                Self.executable, "check", book, "--no-cache", "--cache-dir", cache ?? book + "/cache", "-j", "2",
            ])
            .joined(separator: " ")
        let run = terminal ? "script -qec '\(command)' /dev/null" : command + " </dev/null"
        return try Subprocess.run(
            "unshare",
            [
                "-rm", "sh", "-c",
                "mount --make-rprivate / && mount --bind '\(home)' '\(realHome)' && mount --bind '\(varTmp)' /var/tmp && \(setUp)\(run)",
            ], timeout: 900, cancellation: .process)
    }

    /// In `scratch`: the folders bound over the home folder and `/var/tmp`, and a book whose one
    /// page, `src/page.md`, is for the test to write.
    static func onePageBook(in scratch: String) throws -> (home: String, varTmp: String, book: String) {
        let home = scratch + "/home"
        let varTmp = scratch + "/var-tmp"
        for folder in [home, varTmp] {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        }
        let book = scratch + "/book"
        try FileManager.default.createDirectory(atPath: book + "/src", withIntermediateDirectories: true)
        try FileSystem.writeAtomically("[book]\ntitle = \"T\"\n", to: book + "/book.toml")
        try FileSystem.writeAtomically("- [P](page.md)\n", to: book + "/src/SUMMARY.md")
        return (home, varTmp, book)
    }

    /// A sample sees the system's programs and libraries, not the machine's files: a file planted
    /// outside the book and the home folder (`/var/tmp`), `/etc/passwd` and the host's name are
    /// not there. With `sandbox = "off"` it reads them, so the sample does what it says.
    @Test(.enabled(if: canContain, "needs unshare -rm and bubblewrap"))
    func aSampleReadsNoFileOfTheMachineOutsideWhatSwiftNeeds() throws {
        let scratch = try TestSupport.temporaryDirectory()
        defer { FileSystem.removeTemporaryDirectory(scratch) }
        let (home, varTmp, book) = try Self.onePageBook(in: scratch)
        try FileSystem.writeAtomically("PLANTED-SECRET\n", to: varTmp + "/planted.txt")
        try FileSystem.writeAtomically(
            """
            # P

            ```swift
            import Foundation
            for path in ["/var/tmp/planted.txt", "/etc/passwd", "/etc/hostname", "/srv", "/home"] {
                print(path, FileManager.default.contents(atPath: path) != nil || FileManager.default.fileExists(atPath: path) ? "seen" : "unseen")
            }
            print(String(42, radix: 16), Date(timeIntervalSince1970: 0).timeIntervalSince1970)
            ```

            ```output
            /var/tmp/planted.txt unseen
            /etc/passwd unseen
            /etc/hostname unseen
            /srv unseen
            /home unseen
            2a 0.0
            ```

            """, to: book + "/src/page.md")
        let run = try check(book, home: home, varTmp: varTmp, terminal: false)
        #expect(run.termination == .exited(0), "\(run.stdoutText + run.stderrText)")
        #expect(run.stdoutText.contains("1 passed, 0 failed"), "\(run.stdoutText + run.stderrText)")

        try FileSystem.writeAtomically(
            "[book]\ntitle = \"T\"\n\n[lecture.samples]\nsandbox = \"off\"\n", to: book + "/book.toml")
        let off = try check(book, home: home, varTmp: varTmp, terminal: false, environment: ["LECTURE_SANDBOX=off"])
        #expect(off.termination == .exited(1), "\(off.stdoutText + off.stderrText)")
        #expect(
            (off.stdoutText + off.stderrText).contains("+/var/tmp/planted.txt seen"),
            "\(off.stdoutText + off.stderrText)")
    }

    /// Attack 19, F3: a book under `/usr` or `/opt` (Docker's `/usr/src/app`, a runner's
    /// `/opt/actions-runner/_work`) was visible to its samples, `.git/config`'s token with it,
    /// because those folders are bound whole. The book's folder, its repository and the cache
    /// are now hidden wherever they lie: the book is bound at `/usr/share/doc/app` in the test's
    /// namespace (a folder the sandbox still binds: `/usr/src` and `/opt` are no longer bound at
    /// all), and neither its `.git/config` nor its cache is there for the sample, while a file
    /// beside it is.
    @Test(
        .enabled(
            if: canContain && FileSystem.isDirectory("/usr/share/doc"),
            "needs unshare -rm, bubblewrap and /usr/share/doc"))
    func aBookUnderUsrIsHiddenFromItsSamples() throws {
        let scratch = try TestSupport.temporaryDirectory()
        defer { FileSystem.removeTemporaryDirectory(scratch) }
        let (home, varTmp, book) = try Self.onePageBook(in: scratch)
        // The output folder may not lie in /usr: it is put beside the scratch book.
        try FileSystem.writeAtomically(
            "[book]\ntitle = \"T\"\n\n[build]\nbuild-dir = \"\(scratch)/out\"\n", to: book + "/book.toml")
        try FileSystem.makeDirectories(book + "/.git")
        try FileSystem.writeAtomically(
            "[http]\n\textraheader = AUTHORIZATION: basic TOKEN\n", to: book + "/.git/config")
        try FileSystem.writeAtomically(
            """
            # P

            ```swift
            import Foundation
            for path in ["/usr/share/doc/app/.git/config", "/usr/share/doc/app/book.toml", "/usr/share/doc/app/src/page.md", "/usr/share/doc/sibling"] {
                print(path.split(separator: "/").last!, FileManager.default.fileExists(atPath: path) ? "seen" : "unseen")
            }
            ```

            ```output
            config unseen
            book.toml unseen
            page.md unseen
            sibling seen
            ```

            """, to: book + "/src/page.md")
        let setUp =
            "mount -t tmpfs none /usr/share/doc && mkdir /usr/share/doc/app && touch /usr/share/doc/sibling && mount --bind '\(book)' /usr/share/doc/app && "
        let run = try check(
            "/usr/share/doc/app", home: home, varTmp: varTmp, terminal: false, setUp: setUp, cache: scratch + "/cache")
        #expect(run.termination == .exited(0), "\(run.stdoutText + run.stderrText)")
        #expect(run.stdoutText.contains("1 passed, 0 failed"), "\(run.stdoutText + run.stderrText)")
    }

    /// Attack 20, F2: a book that is a git submodule under `/usr` (its `.git` a file,
    /// `gitdir: ../.git/modules/docs`) hid its own folder but not the superproject's `.git`, whose
    /// `config` and the submodule's (`.git/modules/docs/config`) hold `actions/checkout`'s token.
    /// Every git folder around the book is hidden now (`GitFolders`); the superproject is bound at
    /// `/usr/share/doc/app`, which the sandbox binds, and its own README stays visible.
    @Test(
        .enabled(
            if: canContain && FileSystem.isDirectory("/usr/share/doc"),
            "needs unshare -rm, bubblewrap and /usr/share/doc"))
    func aSubmoduleBookUnderUsrHidesTheSuperprojectsGitFolders() throws {
        let scratch = try TestSupport.temporaryDirectory()
        defer { FileSystem.removeTemporaryDirectory(scratch) }
        let (home, varTmp, made) = try Self.onePageBook(in: scratch)
        let app = scratch + "/app"
        try FileSystem.makeDirectories(app + "/.git/modules/docs")
        try FileManager.default.moveItem(atPath: made, toPath: app + "/docs")
        let book = app + "/docs"
        try FileSystem.writeAtomically(
            "[book]\ntitle = \"T\"\n\n[build]\nbuild-dir = \"\(scratch)/out\"\n", to: book + "/book.toml")
        try FileSystem.writeAtomically("gitdir: ../.git/modules/docs\n", to: book + "/.git")
        try FileSystem.writeAtomically("[http]\n\textraheader = AUTHORIZATION: basic TOKEN\n", to: app + "/.git/config")
        try FileSystem.writeAtomically("the superproject's own file\n", to: app + "/README")
        try FileSystem.writeAtomically(
            "[core]\n\tworktree = ../../../docs\n[http]\n\textraheader = TOKEN\n", to: app + "/.git/modules/docs/config"
        )
        try FileSystem.writeAtomically(
            """
            # P

            ```swift
            import Foundation
            for path in ["/usr/share/doc/app/.git/config", "/usr/share/doc/app/.git/modules/docs/config", "/usr/share/doc/app/docs/book.toml", "/usr/share/doc/app/README"] {
                print(path.dropFirst(19), FileManager.default.fileExists(atPath: path) ? "seen" : "unseen")
            }
            ```

            ```output
            .git/config unseen
            .git/modules/docs/config unseen
            docs/book.toml unseen
            README seen
            ```

            """, to: book + "/src/page.md")
        let setUp =
            "mount -t tmpfs none /usr/share/doc && mkdir /usr/share/doc/app && mount --bind '\(app)' /usr/share/doc/app && "
        let run = try check(
            "/usr/share/doc/app/docs", home: home, varTmp: varTmp, terminal: false, setUp: setUp,
            cache: scratch + "/cache")
        #expect(run.termination == .exited(0), "\(run.stdoutText + run.stderrText)")
        #expect(run.stdoutText.contains("1 passed, 0 failed"), "\(run.stdoutText + run.stderrText)")
    }

    /// Attack 19, F5: as root, the kernel exempts the sandbox's user (uid 0 mapped to 0) from
    /// `RLIMIT_NPROC`, and a sample forked 600 processes under `process-limit` 256. Each run now
    /// has a pids cgroup of `process-limit` (plus the sandbox's few): the fork loop is stopped.
    @Test(.enabled(if: canContain && SampleCgroup.parents != nil, "needs unshare -rm, bubblewrap and cgroups"))
    func aForkLoopStopsAtTheProcessLimitEvenAsRoot() throws {
        let scratch = try TestSupport.temporaryDirectory()
        defer { FileSystem.removeTemporaryDirectory(scratch) }
        let (home, varTmp, book) = try Self.onePageBook(in: scratch)
        try FileSystem.writeAtomically(
            "[book]\ntitle = \"T\"\n\n[lecture.samples]\nprocess-limit = 32\n", to: book + "/book.toml")
        try FileSystem.writeAtomically(
            """
            # P

            ```swift
            import Glibc
            var made = 0
            for _ in 0..<200 {
                let pid = fork()
                if pid == 0 { sleep(2); _exit(0) }
                if pid < 0 { break }
                made += 1
            }
            print(made >= 200 ? "forked 200" : "stopped")
            var status: Int32 = 0
            while wait(&status) > 0 {}
            ```

            ```output
            stopped
            ```

            """, to: book + "/src/page.md")
        let run = try check(book, home: home, varTmp: varTmp, terminal: false)
        #expect(!run.stdoutText.contains("forked 200"), "\(run.stdoutText + run.stderrText)")
        #expect(run.stdoutText.contains("1 passed, 0 failed"), "\(run.stdoutText + run.stderrText)")
    }

    /// `lecture check`'s output on a page of one sample under `memory-limit` 128 whose code,
    /// after `memfdCreate` (memfd_create(2)), is `body`, expected to print `refused`.
    static func memfdCheck(_ body: String) throws -> String {
        let scratch = try TestSupport.temporaryDirectory()
        defer { FileSystem.removeTemporaryDirectory(scratch) }
        let (home, varTmp, book) = try Self.onePageBook(in: scratch)
        try FileSystem.writeAtomically(
            "[book]\ntitle = \"T\"\n\n[lecture.samples]\nmemory-limit = 128\n", to: book + "/book.toml")
        try FileSystem.writeAtomically(
            """
            # P

            ```swift
            import Glibc
            typealias MemfdCreate = @convention(c) (UnsafePointer<CChar>, UInt32) -> Int32
            let memfdCreate = unsafeBitCast(dlsym(dlopen(nil, RTLD_NOW), "memfd_create")!, to: MemfdCreate.self)
            // Eight memfds of 64 MiB (no file may pass 64 MiB: RLIMIT_FSIZE).
            \(body)
            ```

            ```output
            refused
            ```

            """, to: book + "/src/page.md")
        let run = try SampleSandboxTests().check(book, home: home, varTmp: varTmp, terminal: false)
        return run.stdoutText + run.stderrText
    }

    /// Attack 19, F8: `RLIMIT_AS` counts mapped memory only, and a `memfd_create` file grown by
    /// `posix_fallocate` is never mapped: 6 GiB were held under `memory-limit` 4096. The run's
    /// memory cgroup charges its pages: 512 MiB under a limit of 128 are not held.
    @Test(.enabled(if: canContain && SampleCgroup.parents != nil, "needs unshare -rm, bubblewrap and cgroups"))
    func memoryHeldInAMemfdCountsAgainstTheMemoryLimit() throws {
        let output = try Self.memfdCheck(
            """
            var held = 0
            for _ in 0..<8 {
                if posix_fallocate(memfdCreate("x", 0), 0, 64 << 20) == 0 { held += 64 }
            }
            print(held >= 512 ? "held 512 MiB" : "refused")
            """)
        #expect(!output.contains("held 512 MiB"), "\(output)")
        // Refused, or the run's cgroup killed the sample, which is then said to be the memory limit's.
        #expect(output.contains("1 passed, 0 failed") || output.contains("ran out of memory"), "\(output)")
        #expect(!output.contains("killed by SIGKILL"), "\(output)")
    }

    /// A SIGKILL from the run's memory cgroup (its out-of-memory kill) was reported as
    /// "killed by SIGKILL, not by lecture's limits": `SampleCgroup.ranOutOfMemory` was never read.
    /// A sample writing 512 MiB into a memfd under `memory-limit` 128 is killed by the kernel
    /// (the write is charged, never mapped), and the error names the memory limit and the
    /// setting that raises it.
    @Test(.enabled(if: canContain && SampleCgroup.parents != nil, "needs unshare -rm, bubblewrap and cgroups"))
    func aMemoryCgroupKillIsReportedAsRunningOutOfMemory() throws {
        let output = try Self.memfdCheck(
            """
            let chunk = [UInt8](repeating: 7, count: 1 << 20)
            var written = 0
            files: for _ in 0..<8 {
                let fd = memfdCreate("x", 0)
                for _ in 0..<64 {
                    if chunk.withUnsafeBytes({ write(fd, $0.baseAddress, $0.count) }) != chunk.count { break files }
                    written += 1
                }
            }
            print(written >= 512 ? "held 512 MiB" : "refused")
            """)
        #expect(!output.contains("held 512 MiB"), "\(output)")
        #expect(!output.contains("killed by SIGKILL"), "\(output)")
        // Killed (this machine's kernels charge the write and kill), or refused where a kernel fails the write.
        #expect(
            output.contains("1 passed, 0 failed")
                || output.contains(
                    "error: sample ran out of memory: its processes may hold at most 128 MiB together"),
            "\(output)")
        if !output.contains("1 passed") {
            #expect(output.contains("--memory-limit MiB"), "\(output)")
        }
    }

    /// Attack 19, F3: `/usr` and `/opt` were bound whole, and users' files live there (a
    /// self-hosted runner's `/opt/actions-runner` with its `.credentials`, what is installed by
    /// hand in `/usr/local`, Docker's `/usr/src/app`). Only `/usr`'s system folders and the
    /// toolchain are bound now: a file in a scratch folder bound at `/opt/x`, `/usr/local/x` and
    /// `/usr/src/x` in the test's namespace is not there for a sample, which still runs
    /// Foundation (time zones, number formatting, JSON).
    @Test(
        .enabled(
            if: canContain && ["/opt", "/usr/local", "/usr/src"].allSatisfy(FileSystem.isDirectory),
            "needs unshare -rm, bubblewrap, /opt, /usr/local and /usr/src"))
    func usersFilesUnderOptAndUsrLocalAreNotReadable() throws {
        let scratch = try TestSupport.temporaryDirectory()
        defer { FileSystem.removeTemporaryDirectory(scratch) }
        let (home, varTmp, book) = try Self.onePageBook(in: scratch)
        let planted = scratch + "/planted"
        try FileSystem.makeDirectories(planted)
        try FileSystem.writeAtomically("RUNNER-CREDENTIALS\n", to: planted + "/.credentials")
        try FileSystem.writeAtomically(
            """
            # P

            ```swift
            import Foundation
            for path in ["/opt/x/.credentials", "/usr/local/x/.credentials", "/usr/src/x/.credentials", "/opt/x", "/usr/local/x"] {
                print(path, FileManager.default.fileExists(atPath: path) ? "seen" : "unseen")
            }
            let formatter = DateFormatter()
            formatter.timeZone = TimeZone(identifier: "Asia/Seoul")
            formatter.dateFormat = "yyyy-MM-dd HH:mm"
            print(formatter.string(from: Date(timeIntervalSince1970: 0)), String(data: try! JSONEncoder().encode([1]), encoding: .utf8)!)
            ```

            ```output
            /opt/x/.credentials unseen
            /usr/local/x/.credentials unseen
            /usr/src/x/.credentials unseen
            /opt/x unseen
            /usr/local/x unseen
            1970-01-01 09:00 [1]
            ```

            """, to: book + "/src/page.md")
        // /opt, /usr/local and /usr/src are each a copy of themselves (what they held bound back
        // in, the toolchain with it when it lies there) with the planted folder as `x`.
        let copies = ["/opt", "/usr/local", "/usr/src"].enumerated().map { index, folder in
            let copy = scratch + "/copy\(index)"
            return
                "mkdir -p '\(copy)/x' && mount --bind '\(planted)' '\(copy)/x' && "
                + "for e in \(folder)/*; do [ -d \"$e\" ] || continue; mkdir -p \"\(copy)/${e##*/}\" && mount --rbind \"$e\" \"\(copy)/${e##*/}\"; done && "
                + "mount --rbind '\(copy)' '\(folder)' && "
        }
        let setUp = copies.joined()
        let run = try check(book, home: home, varTmp: varTmp, terminal: false, setUp: setUp)
        #expect(run.termination == .exited(0), "\(run.stdoutText + run.stderrText)")
        #expect(run.stdoutText.contains("1 passed, 0 failed"), "\(run.stdoutText + run.stderrText)")
        // With the sandbox off the sample reads them, so it does what it says.
        let off = try check(
            book, home: home, varTmp: varTmp, terminal: false, environment: ["LECTURE_SANDBOX=off"], setUp: setUp)
        #expect(
            (off.stdoutText + off.stderrText).contains("+/opt/x/.credentials seen"),
            "\(off.stdoutText + off.stderrText)")
        #expect(
            (off.stdoutText + off.stderrText).contains("+/usr/local/x/.credentials seen"),
            "\(off.stdoutText + off.stderrText)")
    }

    /// `/dev/shm` was bubblewrap's unsized `/dev` tmpfs (a sample wrote
    /// 300 MiB of the machine's memory there), `/dev` itself was writable, and the host's name
    /// was readable although the manual says it is not there. Now the host name is `sample`, `/dev/shm` is a tmpfs
    /// of 64 MiB (a writer of 100 MiB is stopped) and the rest of `/dev` is read-only.
    @Test(.enabled(if: canContain, "needs unshare -rm and bubblewrap"))
    func aSampleSeesNoHostNameAndWritesNoMoreThanItsShareOfSharedMemory() throws {
        let scratch = try TestSupport.temporaryDirectory()
        defer { FileSystem.removeTemporaryDirectory(scratch) }
        let (home, varTmp, book) = try Self.onePageBook(in: scratch)
        try FileSystem.writeAtomically(
            """
            # P

            ```swift
            import Foundation
            let name = (try? String(contentsOfFile: "/proc/sys/kernel/hostname", encoding: .utf8)) ?? "?"
            print("hostname", name.trimmingCharacters(in: .whitespacesAndNewlines))
            var written = 0
            while written < 100, FileManager.default.createFile(atPath: "/dev/shm/f\\(written)", contents: Data(count: 1 << 20)) {
                written += 1
            }
            print("shm", written < 100 ? "stopped" : "100 MiB written")
            print("dev", FileManager.default.createFile(atPath: "/dev/planted", contents: Data([1])) ? "written" : "read-only")
            ```

            ```output
            hostname sample
            shm stopped
            dev read-only
            ```

            """, to: book + "/src/page.md")
        let run = try check(book, home: home, varTmp: varTmp, terminal: false)
        #expect(run.termination == .exited(0), "\(run.stdoutText + run.stderrText)")
        #expect(run.stdoutText.contains("1 passed, 0 failed"), "\(run.stdoutText + run.stderrText)")
    }

    @Test(.enabled(if: canContain, "needs unshare -rm and bubblewrap"))
    func hostileSamplesAreStoppedAndTheirVerdictDoesNotDependOnTheMachine() throws {
        let scratch = try TestSupport.temporaryDirectory()
        defer { FileSystem.removeTemporaryDirectory(scratch) }
        let home = scratch + "/home"
        let varTmp = scratch + "/var-tmp"
        for folder in [home, varTmp] {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        }
        try FileSystem.writeAtomically("TOKEN=hunter2\n", to: home + "/.secret")
        let server = try LoopbackServer()
        let daemon = "1000.\(UInt32.random(in: 1...999_999))"
        let realHome = ProcessInfo.processInfo.environment["HOME"] ?? "/root"
        let book = scratch + "/book"
        let pagePath = book + "/src/page.md"
        let page = Self.page(pagePath: pagePath, home: realHome, daemon: daemon, port: server.port)
        try FileManager.default.createDirectory(atPath: book + "/src", withIntermediateDirectories: true)
        try FileSystem.writeAtomically("[book]\ntitle = \"책\"\n", to: book + "/book.toml")
        try FileSystem.writeAtomically("# 책\n\n- [쪽](page.md)\n", to: book + "/src/SUMMARY.md")
        try FileSystem.writeAtomically(page, to: pagePath)

        // Merged under a terminal, and each sample alone without one: the same verdict.
        for (terminal, merging) in [(true, true), (false, false)] {
            let run = try check(
                book, home: home, varTmp: varTmp, terminal: terminal,
                environment: merging ? [] : ["env", "LECTURE_MERGE_SAMPLES=off"])
            let output = run.stdoutText + run.stderrText
            #expect(run.termination == .exited(0), "terminal \(terminal), merged \(merging): \(output)")
            #expect(output.contains("6 passed, 0 failed"), "\(output)")
            #expect(!output.contains("without a sandbox"), "\(output)")
            #expect(!server.wasReached)
            #expect(TestSupport.read(pagePath) == page)
            #expect(!FileSystem.exists(home + "/notes.txt"))
            #expect(TestSupport.read(home + "/.secret") == "TOKEN=hunter2\n")
            #expect(try FileManager.default.contentsOfDirectory(atPath: varTmp).isEmpty)
            try Self.waitUntilGone(daemon)
        }

        // Uncontained, the samples do what they say: the check fails on each of them.
        try FileSystem.writeAtomically(
            "[book]\ntitle = \"책\"\n\n[lecture.samples]\nsandbox = \"off\"\n", to: book + "/book.toml")
        let off = try check(book, home: home, varTmp: varTmp, terminal: true, environment: ["LECTURE_SANDBOX=off"])
        let output = off.stdoutText + off.stderrText
        #expect(off.termination == .exited(1), "\(output)")
        // (The first sample's counts change from run to run uncontained: its error may say so instead.)
        #expect(
            output.contains("+parent's environment: the caller's") || output.contains("output differs between two runs")
        )
        for line in ["+written", "+secret: seen", "+connected"] {
            #expect(output.contains(line), "\(line): \(output)")
        }
        #expect(output.contains("theNetworkIsOutOfReach"), "\(output)")
        // Uncontained, a sample still leads a session of its own: no terminal either way.
        #expect(!output.contains("+a terminal"), "\(output)")
        #expect(server.wasReached)
        try Self.waitUntilGone(daemon)
    }

    /// Waits (up to 30 s) until no process runs `sleep <argument>`; fails if one still does.
    static func waitUntilGone(_ argument: String) throws {
        let needle = Array("sleep\0\(argument)".utf8)
        let deadline = ContinuousClock.now + .seconds(30)
        while true {
            let running =
                (try? FileManager.default.contentsOfDirectory(atPath: "/proc"))?.contains { entry in
                    Int(entry) != nil
                        && (try? FileSystem.read("/proc/\(entry)/cmdline")).map { $0.starts(with: needle) } == true
                } ?? false
            if !running { return }
            if ContinuousClock.now >= deadline {
                Issue.record("a process 'sleep \(argument)' outlived the check")
                return
            }
            usleep(50_000)
        }
    }

    /// A book of one plain sample, with `setting` as its `[lecture.samples] sandbox` (none when `nil`).
    static func plainBook(_ setting: String?) throws -> String {
        try TestSupport.makeTree([
            "book.toml": "[book]\ntitle = \"책\"\n"
                + (setting.map { "\n[lecture.samples]\nsandbox = \"\($0)\"\n" } ?? ""),
            "src/SUMMARY.md": "# 책\n\n- [쪽](page.md)\n",
            "src/page.md":
                "# 쪽\n\n```swift\nprint(\"안녕\")\n```\n\n```output\n안녕\n```\n\n```swift\nprint(1)\n```\n\n```output\n1\n```\n",
        ])
    }

    /// Where bubblewrap cannot make namespaces (here a `bwrap` first on `PATH` that fails as it
    /// does in a container without user namespaces): `auto` runs the samples uncontained with
    /// one warning for the run, `require` stops before any sample runs; the book's `off` is an
    /// error at its line (a book may only raise the sandbox, attack 15, F2), and the person's
    /// `LECTURE_SANDBOX=off` runs them uncontained with one warning that says so.
    @Test func withoutNamespacesAutoWarnsOnceRequireStopsAndOffIsTheBuildersToSay() throws {
        let tools = try TestSupport.temporaryDirectory()
        defer { FileSystem.removeTemporaryDirectory(tools) }
        try TestSupport.writeScript(
            "echo 'bwrap: No permissions to create new namespace' >&2\nexit 1", to: tools + "/bwrap")
        let path = tools + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")
        let cases: [(String?, Int32, String?)] = [
            (nil, 0, nil), ("auto", 0, nil), ("require", 2, nil), ("off", 1, nil), ("off", 0, "off"),
        ]
        for (setting, status, person) in cases {
            let book = try Self.plainBook(setting)
            defer { FileSystem.removeTemporaryDirectory(book) }
            let run = try Subprocess.run(
                Self.executable, ["check", book, "--no-cache", "--cache-dir", book + "/cache"],
                environment: ["PATH": path].merging(person.map { ["LECTURE_SANDBOX": $0] } ?? [:]) { $1 },
                timeout: 600, cancellation: .process)
            let output = run.stdoutText + run.stderrText
            #expect(run.termination == .exited(status), "\(setting ?? "default"): \(output)")
            let said =
                output.components(
                    separatedBy: "samples run without a sandbox: bubblewrap cannot make the namespaces here"
                ).count - 1
            switch setting {
            case "require":
                #expect(said == 1 && output.contains("error: samples run without a sandbox"), "\(output)")
                #expect(!output.contains("passed"), "\(output)")
            case "off" where person == nil:
                #expect(
                    output.contains("book.toml:5:1: error: '[preprocessor.lecture.samples] sandbox' = \"off\""),
                    "\(output)")
                #expect(output.contains("pass '--sandbox off' or set LECTURE_SANDBOX=off"), "\(output)")
            case "off":
                #expect(said == 0 && output.contains("2 passed, 0 failed"), "\(output)")
                #expect(
                    output.contains("warning: samples ran without a sandbox: --sandbox off or LECTURE_SANDBOX=off"),
                    "\(output)")
            default:
                #expect(said == 1 && output.contains("warning: samples run without a sandbox"), "\(output)")
                #expect(output.contains("No permissions to create new namespace"), "\(output)")
                #expect(output.contains("2 passed, 0 failed"), "\(output)")
            }
        }
    }

    @Test func theSettingTakesAutoRequireOrOff() {
        for value in SandboxSetting.allCases {
            let parsed = BookSettingsLoader.parse(
                "[lecture.samples]\nsandbox = \"\(value.rawValue)\"\n", path: "book.toml")
            #expect(parsed.diagnostics.isEmpty && parsed.settings.sampleSandbox == value)
        }
        let bad = BookSettingsLoader.parse("[lecture.samples]\nsandbox = true\n", path: "book.toml")
        #expect(bad.diagnostics.map(\.identifier) == [.bookTOMLValue])
        #expect(bad.diagnostics.first?.location?.line == 2)
        #expect(bad.settings.sampleSandbox == nil)
    }
}
