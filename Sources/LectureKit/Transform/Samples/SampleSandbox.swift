import Foundation
import LectureSupport
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// book.toml's `[preprocessor.lecture.samples] sandbox`: whether each sample's program runs contained
/// (`SampleSandbox`).
package enum SandboxSetting: String, Sendable, CaseIterable {
    /// Contained where the machine allows it; elsewhere run as before, with one warning per run.
    case auto
    /// Contained, or no sample runs: a machine without namespaces is a setup error (for CI).
    case require
    /// Never contained.
    case off
}

/// The sandbox each sample's program (a sample's own, a test sample's runner, a merged program
/// reached as one sample) runs in: Debian's bubblewrap (`bwrap`) gives it user, mount, PID,
/// network, IPC and UTS namespaces of its own (the compiler runs outside; only the program inside).
///
/// Inside, the file system is the system's programs and libraries only (`systemMounts`: `/usr`'s
/// system folders, the loader's few files of `/etc`), read-only, with these exceptions: the run's own
/// folder (its working folder, `HOME` and `TMPDIR`) is writable; `/tmp` and the folder of
/// temporary folders are empty, private and writable (other runs' folders are not there); the
/// caller's home folder and `/run` (where sockets of daemons live, which a read-only mount does not
/// close) are empty and read-only; the toolchain, the stand-ins and the program's own folder are
/// read-only. Its `/proc` is its own: it sees its own processes only, not the caller's environment
/// or command line. Its network is a loopback of its own, which reaches nothing outside. It leads
/// a new session (no controlling terminal), and when it ends, its namespace's init ends and the
/// kernel kills every process it left (`--die-with-parent`, and bubblewrap's init, which ends
/// with the first process); a process it started whose own parent has ended is killed at once
/// while it runs (`endOrphans`), so no orphan decides when the sample is done.
///
/// A process bubblewrap's init saw killed by signal N is reported as exit status 128 + N;
/// `termination(_:verdict:measuredFull:)` reads it back as the signal, so a trap reads the same contained or not
/// (a sample that itself exits with 129…159 reads as killed by that signal: both fail).
package struct SampleSandbox: Sendable {
    /// What the book asks for.
    var setting: SandboxSetting
    /// Folders a sample's program reads beyond the system's (the toolchain's runtime libraries,
    /// the stand-ins), visible read-only even where they lie in a hidden folder.
    var readable: [String]
    /// Folders of the book no program may see, wherever they lie (the book's folder, its
    /// repository, the content, output and cache folders): each covered by an empty read-only
    /// tmpfs, even inside a bound folder (attack 19, F3: a book at Docker's `/usr/src/app` showed
    /// its `.git/config` token to every sample while `/usr` was bound whole; a toolchain's
    /// folder may hold one still). `readable`
    /// folders and the run's own folder inside one are bound again over it.
    var hidden: [String]

    /// The sandbox a book asks for, with the folders its programs read and those they may not see.
    init(setting: SandboxSetting, readable: [String], hidden: [String] = []) {
        self.setting = setting
        self.readable = readable
        self.hidden = hidden
    }

    /// Why samples cannot be contained on this machine, or `nil` when they can: bubblewrap is
    /// run once per process on `true` with the namespaces a sample gets.
    package static let unavailability: String? = probe()

    /// Whether programs run contained: the setting allows it and the machine can.
    var isContained: Bool { setting != .off && Self.unavailability == nil }

    /// The program and arguments that run `executable` in `folder` (the one folder it may write),
    /// its working folder `workingIn` (`folder` or a folder inside it): bubblewrap's command line
    /// when contained, else the executable itself. Contained, the folder is a tmpfs of
    /// `folderBytes` filled with what `folder` holds, which may hold `folderEntries` when the
    /// program ends, and `readBack` files of the builder's disk
    /// are bound into it (`ContainedRunFolder`).
    func command(
        running executable: String, in folder: String, workingIn directory: String? = nil,
        folderBytes: Int = RunFolderLimit.bytes, folderEntries: Int = RunFolderLimit.entries,
        readBack: [(host: String, inside: String)] = [], verdict: String? = nil
    ) -> (
        program: String, arguments: [String]
    ) {
        guard isContained, let bwrap = Self.bwrap else { return (executable, []) }
        var mounts: [String] = []
        // Outer folders first, so that a private /tmp inside the home folder is not covered again.
        let covered = Self.covering(hidden, besides: Self.coveredFolders)
        for (path, isPrivate) in covered {
            // The folder of temporary folders and /tmp: empty and writable, as a run's own /tmp.
            mounts += isPrivate ? ["--size", String(Self.privateFolderBytes), "--tmpfs", path] : ["--tmpfs", path]
        }
        let folders = Self.outermost(
            readable + [executable, Self.resolved(executable)].map { FileSystem.parent($0) })
        for path in folders where Self.isBindable(path) { mounts += ["--ro-bind", path, path] }
        let runFolder = ContainedRunFolder(
            folder: folder, directory: directory ?? folder, bytes: folderBytes,
            entries: folderEntries + 1 + readBack.count, readBack: readBack, verdict: verdict, held: heldFolders)
        mounts += runFolder.mounts
        for (path, isPrivate) in covered where !isPrivate { mounts += ["--remount-ro", path] }
        // The sandbox's own root (bubblewrap's tmpfs, holding the mount points) is not written either.
        mounts += ["--remount-ro", "/"]
        // bubblewrap sets PWD, which a sample run uncontained does not have: `env` takes it out
        // (with the shell's OLDPWD).
        return (
            bwrap,
            Self.namespaces + mounts + ["--chdir", folder, "--"] + runFolder.entering + [
                "/usr/bin/env", "-u", "PWD", "-u", "OLDPWD", executable,
            ]
        )
    }

    /// Ends at once every process the program left behind while it still runs: a process whose
    /// parent has ended (an orphan) has no part in the sample's verdict, yet it may hold what the
    /// program waits for (Foundation's `Process.waitUntilExit()` returns only when every process
    /// the child started has closed the socket it inherited; `sh -c "sleep 40 &"` keeps it for
    /// 40 s), or the output pipe. Contained, an orphan is a child of the sandbox's init (pid 1 in
    /// its PID namespace) other than the shell that waits for the program (pid 2,
    /// `ContainedRunFolder`; the program is its child, pid 4), as `processes` finds them: only
    /// what is known not to be the shell is killed (code review 42, #3); uncontained, a child
    /// `lecture` adopted as subreaper (`ChildProcesses.reapOrphans`). Called while the run lasts.
    func endOrphans(of processes: SandboxProcesses) {
        guard isContained else {
            ChildProcesses.shared.reapOrphans()
            return
        }
        for orphan in processes.orphans() { kill(orphan, SIGKILL) }
    }

    /// The most `mounts` may hold while a contained run lasts (`SandboxFolderMeasure`): the run
    /// folder its `entries` (its root and the read-back files counted, as the shell's count
    /// does), each private tmpfs (`/tmp`, the folder of temporary folders, `/dev/shm`)
    /// `RunFolderLimit.entries` and its root.
    func measuredMounts(folder: String, entries: Int, readBack: Int) -> [SandboxFolderMeasure.Mount] {
        [SandboxFolderMeasure.Mount(path: folder, entries: entries + 1 + readBack, held: "cwd")]
            + heldFolders.enumerated().map {
                SandboxFolderMeasure.Mount(
                    path: $1, entries: RunFolderLimit.entries + 1, held: ContainedRunFolder.held(at: $0))
            }
    }

    /// The sandbox's tmpfs mounts besides the run folder, which its shell holds open for the
    /// measure (`ContainedRunFolder.held`): each private folder (`/tmp`, the folder of temporary
    /// folders), then `/dev/shm`.
    var heldFolders: [String] {
        Self.covering(hidden, besides: Self.coveredFolders).filter(\.isPrivate).map(\.path) + ["/dev/shm"]
    }

    /// How long a contained run may take to start its program (bubblewrap's namespaces and
    /// mounts, the cgroup it enters, the shell's copy of the given files) beyond the program's
    /// own time limit, which counts from the shell's `started`: seconds, generous, since only a
    /// machine too loaded to set up a sandbox in minutes reaches it.
    static let startAllowance: Double = 120

    /// How a contained program ended, read through bubblewrap's exit status `reported`, the
    /// verdict channel's lines (`ContainedRunFolder`; nil when it overflowed: the program wrote
    /// into it) and whether the outside measure saw a mount past its entries (`measuredFull`,
    /// `SandboxFolderMeasure`). A pure function of the three, the one reading of the protocol:
    /// - a run lecture stopped (time limit, output cap, the measure) or bubblewrap ended by a
    ///   signal is as reported;
    /// - `full`, an overflowed channel or the measure's word: the file limit (attack 21, F1);
    /// - no `started`: the sandbox did not start (bubblewrap could not bind or make a namespace,
    ///   the cgroup wrapper's 125): `sandboxFailed`, never the program's verdict (code review 42, #1);
    /// - `started` but the last line not the shell's `ended STATUS` for the status bubblewrap
    ///   reports: the shell ended before its verdict (killed, or it could not fork its count), and
    ///   nothing says the folder was full: `sandboxFailed` too, with what was seen;
    /// - 128 + SIGXFSZ with a word of dash's about the signal: a file past `RLIMIT_FSIZE`
    ///   (`ResourceLimits`), the file limit's; 128 + N is signal N otherwise (bubblewrap's init
    ///   reports a process killed by signal N so); the program's own `exit(153)` or `exit(250)`
    ///   is its status (code review 40, #10);
    /// - killed for its time before the shell said `started`: `sandboxNotStarted`, the time of a
    ///   program never begun.
    static func termination(
        _ reported: Subprocess.Termination, verdict: [VerdictLine]?, measuredFull: Bool
    ) -> Subprocess.Termination {
        // Killed at the end of the allowance before the shell said it started: the program's
        // time never began.
        if reported == .timedOut, let verdict, verdict.first != .started, !measuredFull { return .sandboxNotStarted }
        guard case .exited(let status) = reported else { return reported }
        guard let verdict else { return .fileLimitExceeded }
        if measuredFull || verdict.contains(.full) { return .fileLimitExceeded }
        guard verdict.first == .started else { return .sandboxFailed(status: status, started: false) }
        guard verdict.last == .ended(status) else { return .sandboxFailed(status: status, started: true) }
        let signalled = verdict.dropFirst().dropLast().contains {
            if case .shellSaid = $0 { return true }
            return false
        }
        if status == 128 + SIGXFSZ { return signalled ? .fileLimitExceeded : reported }
        guard (129...159).contains(status) else { return reported }
        return .signaled(status - 128)
    }

    /// The diagnostic a run gives when samples ran but not contained (`auto` on a machine
    /// without namespaces), or that stops a check (`require`).
    static func notContained(required: Bool) -> Diagnostic {
        let reason = unavailability ?? "bubblewrap is not installed"
        let summary = "samples run without a sandbox: \(reason)"
        let notes = [
            "a sample can then read and write what this user can, reach the network and leave processes behind",
            "install Debian's 'bubblewrap' on a machine that allows user namespaces"
                + (required
                    ? ", or set '[preprocessor.lecture.samples] sandbox = \"auto\"' in book.toml to run them uncontained"
                    : "; '--sandbox require' (or '[preprocessor.lecture.samples] sandbox = \"require\"') makes this an error"),
        ]
        return required
            ? .error(.sampleSandbox, summary, notes: notes) : .warning(.sampleSandbox, "", nil, summary, notes: notes)
    }

    /// The diagnostic a run gives when samples ran uncontained because the person building
    /// turned the sandbox off (`--sandbox off`, `LECTURE_SANDBOX=off`): said every time.
    static func turnedOff() -> Diagnostic {
        .warning(
            .sampleSandbox, "", nil,
            "samples ran without a sandbox: --sandbox off or LECTURE_SANDBOX=off turned it off",
            notes: [
                "a sample could read and write what this user can, reach the network and leave processes behind",
                "leave the sandbox on (the default, auto) for a book you did not write yourself",
            ])
    }

    // MARK: The command line

    /// Namespaces, session, lifetime and the system's files: the same for every run. The host
    /// name is `sample` (a UTS namespace alone copies the host's); `/dev` is read-only but for
    /// `/dev/shm`, a tmpfs of 64 MiB as `/tmp` (bubblewrap's `/dev` is an unsized tmpfs: a
    /// sample could write the machine's memory full there).
    static let namespaces =
        [
            "--unshare-user", "--unshare-ipc", "--unshare-pid", "--unshare-net", "--unshare-uts",
            "--hostname", hostName, "--unshare-cgroup-try",
            "--disable-userns", "--die-with-parent", "--new-session",
        ] + systemMounts + [
            "--dev", "/dev", "--size", String(privateFolderBytes), "--tmpfs", "/dev/shm", "--remount-ro", "/dev",
            "--proc", "/proc",
        ]

    /// The host name a contained program sees (`gethostname`, `/proc/sys/kernel/hostname`).
    static let hostName = "sample"
    /// The size of each private tmpfs (`/tmp`, the folder of temporary folders, `/dev/shm`).
    static let privateFolderBytes = 64 << 20

    /// What a Swift program needs of the machine, read-only, and nothing else of it: the
    /// system's programs and libraries (`systemFolders`: `/usr`'s package-managed folders, and
    /// `/bin`, `/lib`… as the links or folders they are) and the few files of `/etc` the dynamic
    /// loader and the C library read (the loader's cache, the time zone, name resolution of
    /// `localhost`). Not `/usr` or `/opt` whole: users' files live there (a self-hosted runner's
    /// `/opt/actions-runner` with its `.credentials`, Docker's `/usr/src/app`, whatever is
    /// installed by hand in `/usr/local`; attack 19, F3), and the toolchain, wherever it lies,
    /// is bound besides. Not `/etc` whole (`/etc/passwd`, the host's name and keys), not `/home`,
    /// `/root`, `/var`, `/srv`, `/mnt` or the repository: the toolchain, the sample libraries and
    /// the program's own folder are bound besides (`command(running:in:)`).
    static let systemMounts: [String] = systemPaths.flatMap { shown in
        shown.link.map { ["--symlink", $0, shown.path] } ?? ["--ro-bind", shown.path, shown.path]
    }

    /// The host's paths `systemMounts` shows a sample, those that exist, in order: each bound
    /// read-only at its own place, or, a link, made as the same link (`link`: its target). The
    /// one list of them: the cache key reads the files of `/etc` here (`SystemFilesDigest`).
    static let systemPaths: [(path: String, link: String?)] =
        (systemFolders + [
            "/bin", "/sbin", "/lib", "/lib32", "/lib64", "/libx32", "/etc/ld.so.cache", "/etc/ld.so.conf",
            "/etc/ld.so.conf.d", "/etc/localtime", "/etc/nsswitch.conf", "/etc/host.conf", "/etc/hosts",
            "/etc/alternatives",
        ]).compactMap { path in
            var info = stat()
            guard lstat(path, &info) == 0 else { return nil }
            guard info.st_mode & S_IFMT == S_IFLNK else { return (path, nil) }
            // A link whose target cannot be read is bound as what it names, as before.
            return (path, try? FileManager.default.destinationOfSymbolicLink(atPath: path))
        }

    /// The folders of `/usr` the package manager fills, which swiftc-built programs and
    /// Foundation read (the loader and the C library in `lib`, time zones in `share/zoneinfo`,
    /// `env` and `prlimit` in `bin`); not `/usr/local` or `/usr/src`, which hold what people put
    /// there, nor a folder of `/usr` not named here.
    static let systemFolders = ["bin", "sbin", "lib", "lib32", "lib64", "libx32", "libexec", "include", "share"].map {
        "/usr/" + $0
    }

    /// bubblewrap on `PATH`, if installed.
    static let bwrap: String? = {
        let path = ProcessEnvironment.value("PATH") ?? "/usr/bin:/bin"
        return path.split(separator: ":").map { $0 + "/bwrap" }.first { access($0, X_OK) == 0 }
    }()

    /// Folders that would let a program see what is not its own: the caller's home folder and
    /// `/run`; neither the root nor a folder of the system.
    static let hiddenFolders: [String] = outermost(
        [ProcessEnvironment.value("HOME"), "/run"].compactMap { $0 }.filter(isHideable)
    ).filter { !privateFolders.contains($0) }

    /// `/tmp` and the folder of temporary folders (`TMPDIR`), each a private empty one.
    static let privateFolders: [String] = outermost(["/tmp", NSTemporaryDirectory()].filter(isHideable))

    /// The folders covered by an empty one, outer ones first, with whether each is private
    /// (writable) rather than hidden (read-only).
    static let coveredFolders: [(path: String, isPrivate: Bool)] =
        (hiddenFolders.map { ($0, false) }
        + privateFolders.map { ($0, true) }).sorted { $0.0.count < $1.0.count }

    /// `covered` with the folders of `hidden` that can be hidden and are not already (inside a
    /// covered folder), read-only, outer ones first.
    static func covering(_ hidden: [String], besides covered: [(path: String, isPrivate: Bool)]) -> [(
        path: String, isPrivate: Bool
    )] {
        let added = outermost(hidden.filter(isHideable)).filter { path in
            !covered.contains { path == $0.path || path.hasPrefix($0.path + "/") }
        }
        return (covered + added.map { (path: $0, isPrivate: false) }).sorted { $0.path.count < $1.path.count }
    }

    /// Whether `path` is a folder that can be hidden: an existing folder, neither `/` nor one of
    /// the system's (which programs need) nor an ancestor of one.
    private static func isHideable(_ path: String) -> Bool {
        let real = resolved(path)
        guard real.hasPrefix("/"), real != "/", FileSystem.isDirectory(real) else { return false }
        let system = ["/usr", "/bin", "/sbin", "/lib", "/lib64", "/etc", "/opt", "/var", "/proc", "/dev", "/sys"]
        return !system.contains { $0 == real || $0.hasPrefix(real + "/") }
    }

    /// Whether `folder` (resolved) may be bound into the sandbox readable: not `/`, not a
    /// folder that is or holds one the sandbox hides or makes private (the home folder, `/run`,
    /// `/tmp`, the folder of temporary folders), nor a repository's top (a `.git` in it). A
    /// folder computed from a wrapper's place (`~/bin/swiftc` gives `~`) bound the whole home
    /// folder again over its empty one, `~/.ssh` with it (attack 19, F9); whatever the toolchain's
    /// path, such a folder is not bound.
    static func isBindable(_ folder: String) -> Bool {
        let real = resolved(folder)
        guard real.hasPrefix("/"), real != "/" else { return false }
        let covered =
            hiddenFolders + privateFolders + CanonicalPath.homeFolders()
            + ["/run", "/tmp", NSTemporaryDirectory()].map { resolved($0) }
        let holdsCovered = covered.contains { $0 == real || $0.hasPrefix(real + "/") }
        return !holdsCovered && !FileSystem.exists(real + "/.git")
    }

    /// `paths` resolved, without duplicates and without those inside another, shortest first;
    /// relative ones left out.
    static func outermost(_ paths: [String]) -> [String] {
        var kept: [String] = []
        for path in Set(paths.map { resolved($0) }.filter { $0.hasPrefix("/") }).sorted(by: {
            ($0.count, $0) < ($1.count, $1)
        }) {
            guard !kept.contains(where: { path == $0 || path.hasPrefix($0 + "/") }) else { continue }
            kept.append(path)
        }
        return kept
    }

    /// `path` with its symbolic links, `.` and `..` resolved (realpath(3)); as given when it
    /// does not exist.
    static func resolved(_ path: String) -> String {
        guard let real = realpath(path, nil) else { return path }
        defer { free(real) }
        return String(cString: real)
    }

    /// Runs bubblewrap once on `true` with a sample's namespaces; why it failed, or `nil`.
    private static func probe() -> String? {
        guard let bwrap else { return "bubblewrap (bwrap) is not installed" }
        let folder = NSTemporaryDirectory()
        let run = try? Subprocess.run(
            bwrap, namespaces + ["--", "true"], directory: folder, inheritingEnvironment: false, timeout: 30,
            cancellation: .process)
        guard let run else { return "bubblewrap cannot be started" }
        if run.succeeded { return nil }
        let said = run.stderrText.trimmingCharacters(in: .whitespacesAndNewlines)
        return "bubblewrap cannot make the namespaces here" + (said.isEmpty ? "" : " (\(said))")
    }
}

/// Whether a run has let a sample run uncontained, for the one warning it gives.
final class SandboxUse: Sendable {
    private let uncontained = Atomic<Bool>(false)
    private let withoutCgroup = Atomic<Bool>(false)
    /// Records that a sample ran without a sandbox.
    func ranUncontained() { uncontained.store(true, ordering: .relaxed) }
    /// Whether any did.
    var anyUncontained: Bool { uncontained.load(ordering: .relaxed) }
    /// Records that a sample ran contained but without a cgroup of its own (`SampleCgroup`).
    func ranWithoutCgroup() { withoutCgroup.store(true, ordering: .relaxed) }
    /// Whether any did.
    var anyWithoutCgroup: Bool { withoutCgroup.load(ordering: .relaxed) }
}
