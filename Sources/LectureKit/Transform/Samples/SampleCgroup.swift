import Foundation
import LectureSupport
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// A control group of its own for one contained run, which bounds what the run's processes
/// take together where the kernel's per-process limits (`ResourceLimits`) do not:
/// - `pids.max`, `process-limit` plus the sandbox's own few: as root (CI containers), the kernel
///   exempts the sandbox's user from `RLIMIT_NPROC` (uid 0 maps to the real root, `INIT_USER`
///   in `copy_process`), so a fork loop ran unbounded (attack 19, F5: 600 forks under 256);
/// - `memory.limit_in_bytes` (v1) or `memory.max` (v2), `memory-limit`: `RLIMIT_AS` counts
///   mapped address space only, and a `memfd_create` file grown with `posix_fallocate` is never
///   mapped (F8: 6 GiB held under 4096 MiB); a memory cgroup charges its pages.
///
/// Made under the caller's own cgroup, in the `pids` and `memory` hierarchies of cgroup v1
/// (`/sys/fs/cgroup/pids`, `/sys/fs/cgroup/memory`) or the unified one of v2 (where the
/// caller's cgroup already delegates `pids` and `memory` to its children); where none can be
/// made (a container whose `/sys/fs/cgroup` is read-only, an unprivileged user without
/// delegation), runs go on without and the run says so once (`SampleCgroup.missing`).
/// The program enters it before bubblewrap starts (`entering`), so nothing it forks escapes.
struct SampleCgroup: Sendable {
    /// The `cgroup.procs` files the program writes itself into (one per hierarchy).
    let procs: [String]
    /// The cgroup folders, removed when the run ends.
    let folders: [String]

    /// The parent folders of a run's cgroups, each with the files that set its limits, or nil
    /// where this process cannot make them.
    static let parents: [(folder: String, pids: String?, memory: String?)]? = findParents()

    private static let made = Atomic<Int>(0)

    /// A cgroup for one run under `limits`, or nil where none can be made.
    static func make(limits: ResourceLimits) -> SampleCgroup? {
        guard let parents else { return nil }
        let name = "lecture-sample-\(getpid())-\(made.add(1, ordering: .relaxed).newValue)"
        var folders: [String] = []
        for parent in parents {
            let folder = parent.folder + "/" + name
            guard mkdir(folder, 0o755) == 0 else { break }
            folders.append(folder)
            // Besides the program's own: the sandbox's bubblewrap (one as root, two unprivileged:
            // the outer process and the namespace's init) and the shell waiting for the program
            // (the namespace's pid 2, `ContainedRunFolder`), with two to spare; `env` and
            // `prlimit` exec into the program and cost none (code review 40, #10).
            let wrote = [
                parent.pids.map { Self.write(String(limits.processes + 5), to: folder + "/" + $0) },
                parent.memory.map { Self.write(String(limits.memoryMiB << 20), to: folder + "/" + $0) },
            ].compactMap { $0 }
            guard !wrote.contains(false) else { break }
        }
        let cgroup = SampleCgroup(procs: folders.map { $0 + "/cgroup.procs" }, folders: folders)
        guard folders.count == parents.count else {
            cgroup.remove()
            return nil
        }
        return cgroup
    }

    /// The words that run the command after them inside this cgroup: a shell writes its own pid
    /// into each `cgroup.procs`, then becomes the command (`exec`: the pid is the same), without
    /// the `PWD` the shell adds (bubblewrap's environment stays the sample's own).
    var entering: [String] {
        [
            "/bin/sh", "-c",
            "for p in \"$@\"; do shift; [ \"$p\" = -- ] && break; echo $$ >\"$p\" || exit 125; done; exec /usr/bin/env -u PWD \"$@\"",
            "lecture-cgroup",
        ]
            + procs + ["--"]
    }

    /// Ends what is left in the cgroup and removes it.
    func remove() {
        for folder in folders.reversed() {
            for _ in 0..<50 {
                let left =
                    (try? FileSystem.read(folder + "/cgroup.procs")).map { String(decoding: $0, as: UTF8.self) } ?? ""
                for pid in left.split(separator: "\n").compactMap({ pid_t($0) }) { kill(pid, SIGKILL) }
                if rmdir(folder) == 0 || errno == ENOENT { break }
                usleep(20_000)
            }
        }
    }

    /// Whether the kernel killed a process of this cgroup for its memory limit (the `oom_kill`
    /// count of v2 `memory.events` or v1 `memory.oom_control`, above 0); read before `remove()`.
    var ranOutOfMemory: Bool {
        for folder in folders {
            if let events = try? FileSystem.read(folder + "/memory.events") {
                let text = String(decoding: events, as: UTF8.self)
                if text.split(separator: "\n").contains(where: { $0.hasPrefix("oom_kill ") && !$0.hasSuffix(" 0") }) {
                    return true
                }
            }
            if let control = try? FileSystem.read(folder + "/memory.oom_control") {
                let text = String(decoding: control, as: UTF8.self)
                if text.split(separator: "\n").contains(where: { $0.hasPrefix("oom_kill ") && !$0.hasSuffix(" 0") }) {
                    return true
                }
            }
        }
        return false
    }

    /// The warning of a run whose contained samples had no cgroup: said once per run.
    static func missing() -> Diagnostic {
        .warning(
            .sampleSandbox, "", nil,
            "samples ran without a cgroup of their own: no writable cgroup for 'pids' and 'memory' under /sys/fs/cgroup",
            notes: [
                "without it, memory a sample holds but never maps (memfd_create, posix_fallocate) is not bounded by 'memory-limit', and as root 'process-limit' is not enforced (the kernel exempts root from RLIMIT_NPROC)",
                "run lecture where it may make cgroups (cgroup v1 as root; cgroup v2 with 'pids' and 'memory' delegated to its cgroup), or as a user other than root",
            ])
    }

    // MARK: Finding the hierarchies

    private static func write(_ text: String, to path: String) -> Bool {
        guard let file = OwnedDescriptor(open(path, O_WRONLY | O_CLOEXEC)) else { return false }
        return FileDescriptorIO.writeAll(Array(text.utf8), closing: file)
    }

    /// The caller's cgroups (`/proc/self/cgroup`) where a child can be made and limited: tried
    /// once, by making and removing one.
    private static func findParents() -> [(folder: String, pids: String?, memory: String?)]? {
        guard let own = try? FileSystem.read("/proc/self/cgroup") else { return nil }
        var v1: [String: String] = [:]
        var unified: String?
        for line in String(decoding: own, as: UTF8.self).split(separator: "\n") {
            let fields = line.split(separator: ":", maxSplits: 2, omittingEmptySubsequences: false)
            guard fields.count == 3 else { continue }
            if fields[1].isEmpty { unified = String(fields[2]) }
            for controller in fields[1].split(separator: ",") { v1[String(controller)] = String(fields[2]) }
        }
        var candidates: [[(folder: String, pids: String?, memory: String?)]] = []
        if let pids = v1["pids"], let memory = v1["memory"] {
            candidates.append([
                (trimmed("/sys/fs/cgroup/pids" + pids), "pids.max", nil),
                (trimmed("/sys/fs/cgroup/memory" + memory), nil, "memory.limit_in_bytes"),
            ])
        }
        if let unified {
            let folder = trimmed(
                (FileSystem.exists("/sys/fs/cgroup/cgroup.controllers") ? "/sys/fs/cgroup" : "/sys/fs/cgroup/unified")
                    + unified)
            candidates.append([(folder, "pids.max", "memory.max")])
        }
        for parents in candidates {
            let probe = SampleCgroup.probe(parents)
            if probe { return parents }
        }
        return nil
    }

    private static func trimmed(_ path: String) -> String {
        path.hasSuffix("/") ? String(path.dropLast()) : path
    }

    /// Whether a child of each of `parents` can be made and its limits set.
    private static func probe(_ parents: [(folder: String, pids: String?, memory: String?)]) -> Bool {
        let name = "lecture-probe-\(getpid())"
        var ok = true
        for parent in parents {
            let folder = parent.folder + "/" + name
            guard mkdir(folder, 0o755) == 0 else {
                ok = false
                break
            }
            ok =
                ok && (parent.pids.map { Self.write("64", to: folder + "/" + $0) } ?? true)
                && (parent.memory.map { Self.write(String(64 << 20), to: folder + "/" + $0) } ?? true)
            _ = rmdir(folder)
        }
        return ok
    }
}
