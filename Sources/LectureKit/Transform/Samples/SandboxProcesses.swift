import CLinux
import LectureSupport

#if canImport(Glibc)
    import Glibc
#endif

/// The processes of one contained run as lecture sees them from outside (`ProcessTree`): the
/// sandbox's init (pid 1 of its PID namespace: bubblewrap's child, or bubblewrap itself where it
/// is the namespace's first process) and its shell (pid 2, `ContainedRunFolder`, which waits for
/// the program), each found once and then kept, with a pidfd of the shell, which says when it
/// has ended so that nothing of a later process with its pid is read. One per run, serving both
/// the measure of its folders (`SandboxFolderMeasure`) and the end of its orphans (`orphans`):
/// they found the two apart, every 100 ms, and disagreed on a failed read, which killed the
/// shell (code review 42, #3 and #8).
final class SandboxProcesses: Sendable {
    private let found = Locked<(initProcess: pid_t?, shell: pid_t?, shellFD: Int32)>((nil, nil, -1))
    /// Reads a process's number in its own PID namespace (`ProcessTree.namespacePID`); a
    /// parameter so a test can make a read fail.
    private let namespacePID: @Sendable (pid_t) -> pid_t?
    /// Reads a process's children (`ProcessTree.children(of:)`).
    private let children: @Sendable (pid_t) -> [pid_t]?

    init(
        namespacePID: @escaping @Sendable (pid_t) -> pid_t? = ProcessTree.namespacePID,
        children: @escaping @Sendable (pid_t) -> [pid_t]? = { ProcessTree.children(of: $0) }
    ) {
        self.namespacePID = namespacePID
        self.children = children
    }

    deinit {
        found.withLock { if $0.shellFD >= 0 { close($0.shellFD) } }
    }

    /// Looks for what is not found yet of the sandbox `run` started (the pid `Subprocess.run`
    /// reports: bubblewrap, or the cgroup wrapper that becomes it); called while it runs.
    func find(run: pid_t) {
        var known = found.withLock { ($0.initProcess, $0.shell) }
        if known.0 == nil {
            known.0 = namespacePID(run) == 1 ? run : children(run)?.first { namespacePID($0) == 1 }
            guard let initProcess = known.0 else { return }
            found.withLock { $0.initProcess = initProcess }
        }
        guard known.1 == nil, let initProcess = known.0 else { return }
        guard let shell = children(initProcess)?.first(where: { namespacePID($0) == 2 }) else { return }
        // The pidfd names the process that has the pid now: still init's pid 2, it is the shell.
        let descriptor = lecture_pidfd_open(shell)
        guard children(initProcess)?.contains(shell) == true, namespacePID(shell) == 2 else {
            if descriptor >= 0 { close(descriptor) }
            return
        }
        found.withLock {
            $0.shell = shell
            $0.shellFD = descriptor
        }
    }

    /// The shell's pid while it runs: nil before it is found, or once its pidfd says it ended.
    var shell: pid_t? {
        found.withLock { found in
            guard let shell = found.shell else { return nil }
            guard found.shellFD >= 0 else { return shell }
            var entry = pollfd(fd: found.shellFD, events: Int16(POLLIN), revents: 0)
            return poll(&entry, 1, 0) == 0 ? shell : nil
        }
    }

    /// The processes the program left behind while it runs: init's children but the shell (a
    /// process whose parent ended is reparented to init). Only what is known not to be the shell:
    /// once it is found, every other child; before, a child whose number in the sandbox is read
    /// and is not 2 (a child whose number cannot be read may be the shell).
    func orphans() -> [pid_t] {
        let known = found.withLock { ($0.initProcess, $0.shell) }
        guard let initProcess = known.0, let children = children(initProcess) else { return [] }
        guard let shell = known.1 else { return children.filter { namespacePID($0).map { $0 != 2 } ?? false } }
        return children.filter { $0 != shell }
    }
}
