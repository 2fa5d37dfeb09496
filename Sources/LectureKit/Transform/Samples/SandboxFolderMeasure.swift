import LectureSupport

#if canImport(Glibc)
    import Glibc
#endif

/// The entries of a contained run's tmpfs mounts (its run folder, its private `/tmp` and
/// `TMPDIR`, `/dev/shm`), measured from outside while the program runs, about every 100 ms
/// (`Subprocess.run`'s `whileRunning` and `stopWhen`): `statvfs(3)` through what the sandbox's
/// pid 2 holds (`ContainedRunFolder`'s shell, which runs once the sandbox's mounts are made):
/// its working folder (`/proc/SHELL/cwd`, in the run folder) and the descriptors it opened on the
/// other mounts before the program started (`/proc/SHELL/fd/N`). That gives `f_files - f_ffree`,
/// the inodes in use, in O(1) whatever the program hid from a walk (a `chmod 000` folder: code
/// review 40, #2). No path is resolved inside the sandbox: when `TMPDIR` lies below `/tmp`, the
/// run folder's ancestors are plain folders of the sandbox's writable `/tmp`, which the program
/// can rename (only a mount point cannot be), and a path through them then measured nothing, or
/// a host folder a planted link chose (code review 41, #2). bubblewrap 0.8 cannot set a tmpfs's
/// `nr_inodes`, so without this a loop of empty files pins kernel memory until the time limit
/// where no memory cgroup bounds it. Past a mount's `entries` the run is killed
/// (`fileLimitExceeded`), as the walk of an uncontained run's folder does (`RunFolderLimit`).
/// The bytes are the kernel's to bound (each tmpfs is sized).
///
/// A mount is measured only once the shell holds it, a folder on another device than the host's
/// folder at that path. Before the shell runs, or when `/proc` does not let this process look
/// into it, nothing is measured, and the shell's count when the program ends (`stat -f .`) is
/// what remains. The shell holds what it measures until it ends, and the sandbox ends with it.
final class SandboxFolderMeasure: Sendable {
    /// A mount's path (the same inside and outside) and the most entries it may hold, its root
    /// counted, and where the shell holds it: `cwd` (the run folder) or `fd/N` (`/proc/SHELL/…`).
    struct Mount: Sendable {
        var path: String
        var entries: Int
        var held: String
    }

    let mounts: [Mount]
    private let exceeded = Locked(false)

    init(mounts: [Mount]) { self.mounts = mounts }

    /// Measures the mounts through the shell of `processes` (found once, `SandboxProcesses`);
    /// called while the run lasts. A reading is kept only if the shell still runs after it (its
    /// pidfd): a pid read after the shell ended could name another process.
    func measure(_ processes: SandboxProcesses) {
        guard let shell = processes.shell else { return }
        let exceeded = mounts.contains { mount in
            guard let used = Self.usedEntries(of: mount, heldBy: shell) else { return false }
            return used > mount.entries
        }
        guard exceeded, processes.shell == shell else { return }
        self.exceeded.withLock { $0 = true }
    }

    /// Whether a mount was seen past its limit.
    var isExceeded: Bool { exceeded.withLock { $0 } }

    /// The inodes in use on the file system of `mount` as `process` holds it (statvfs(3)'s
    /// `f_files - f_ffree` of `/proc/PROCESS/HELD`, which the kernel resolves to the folder the
    /// process holds, whatever its path has become); nil when it holds no folder there yet, or the
    /// host's folder (the same device: the sandbox's mount not made yet), or it cannot be looked at.
    static func usedEntries(of mount: Mount, heldBy process: pid_t) -> Int? {
        let held = "/proc/\(process)/\(mount.held)"
        var fileSystem = statvfs()
        var seen = stat()
        var host = stat()
        guard stat(held, &seen) == 0, seen.st_mode & S_IFMT == S_IFDIR, statvfs(held, &fileSystem) == 0 else {
            return nil
        }
        if stat(mount.path, &host) == 0, host.st_dev == seen.st_dev { return nil }
        return Int(fileSystem.f_files) - Int(fileSystem.f_ffree)
    }
}
