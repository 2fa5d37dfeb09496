import LectureSupport

#if canImport(Glibc)
    import Glibc
#endif

/// The entries of a contained run's tmpfs mounts (its run folder, its private `/tmp` and
/// `TMPDIR`, `/dev/shm`), measured from outside while the program runs, about every 100 ms
/// (`Subprocess.run`'s `whileRunning` and `stopWhen`): `statvfs(3)` on
/// `/proc/SHELL/root/MOUNT`, where SHELL is the sandbox's pid 2 (`ContainedRunFolder`'s shell,
/// which runs once the sandbox's mounts are made), gives `f_files - f_ffree`, the inodes in use,
/// in O(1) whatever the program hid from a walk (a `chmod 000` folder: code review 40, #2).
/// bubblewrap 0.8 cannot set a tmpfs's `nr_inodes`, so without this a loop of empty files pins
/// kernel memory until the time limit where no memory cgroup bounds it. Past a mount's
/// `entries` the run is killed (`fileLimitExceeded`), as the walk of an uncontained run's folder
/// does (`RunFolderLimit`). The bytes are the kernel's to bound (each tmpfs is sized).
///
/// A mount is measured only once it is the sandbox's own: on another device than the host's
/// folder at that path. Before the sandbox is made, or when `/proc` does
/// not let this process look into it, nothing is measured, and the shell's count when the
/// program ends (`stat -f`) is what remains.
final class SandboxFolderMeasure: @unchecked Sendable {
    /// A mount's path (the same inside and outside) and the most entries it may hold, its root
    /// counted.
    struct Mount: Sendable {
        var path: String
        var entries: Int
    }

    let mounts: [Mount]
    private let state = Locked<(shell: pid_t?, exceeded: Bool)>((nil, false))

    init(mounts: [Mount]) { self.mounts = mounts }

    /// Measures the mounts of the sandbox `run` started (bubblewrap's pid); called while it runs.
    func measure(_ run: pid_t) {
        let shell = state.withLock { $0.shell } ?? Self.shell(of: run)
        guard let shell else { return }
        let exceeded = mounts.contains { mount in
            guard let used = Self.usedEntries(of: mount.path, seenBy: shell) else { return false }
            return used > mount.entries
        }
        state.withLock {
            $0.shell = shell
            $0.exceeded = $0.exceeded || exceeded
        }
    }

    /// Whether a mount was seen past its limit.
    var isExceeded: Bool { state.withLock { $0.exceeded } }

    /// The sandbox's pid 2 (the shell), a child of its init: bubblewrap itself as root, else
    /// bubblewrap's child (`SampleSandbox.endOrphans`).
    static func shell(of run: pid_t) -> pid_t? {
        let initProcess =
            SampleSandbox.namespacePID(run) == 1
            ? run : SampleSandbox.children(of: run).first { SampleSandbox.namespacePID($0) == 1 }
        guard let initProcess else { return nil }
        return SampleSandbox.children(of: initProcess).first { SampleSandbox.namespacePID($0) == 2 }
    }

    /// The inodes in use on the file system at `path` as `process` sees it (statvfs(3)'s
    /// `f_files - f_ffree`); nil when it is the host's folder there (the same device: the
    /// sandbox's mount not made yet) or cannot be looked at.
    static func usedEntries(of path: String, seenBy process: pid_t) -> Int? {
        let inside = "/proc/\(process)/root" + path
        var fileSystem = statvfs()
        var seen = stat()
        var host = stat()
        guard stat(inside, &seen) == 0, statvfs(inside, &fileSystem) == 0 else { return nil }
        if stat(path, &host) == 0, host.st_dev == seen.st_dev { return nil }
        return Int(fileSystem.f_files) - Int(fileSystem.f_ffree)
    }
}
