import Testing

@testable import LectureKit
@testable import LectureSupport

#if canImport(Glibc)
    import Glibc
#endif

/// Code review 42, #3 and #8: `endOrphans` killed every child of the sandbox's init whose
/// `/proc/PID/status` it could not read, the shell among them (a failed read was "not pid 2"),
/// and the measure found the same processes again apart. Now one `SandboxProcesses` per run
/// finds init and the shell once, and its orphans are only what is known not to be the shell.
/// A fake process tree, whose reads fail where a test says (pids past `pid_max`, so no pidfd
/// names a real process).
@Suite struct SandboxProcessesTests {
    /// bubblewrap 2_000_000_010, its child init 2_000_000_011 (pid 1 inside), whose children are
    /// the shell 2_000_000_012 (pid 2) and an orphan 2_000_000_013 (pid 7).
    static let run: pid_t = 2_000_000_010
    static let initProcess: pid_t = 2_000_000_011
    static let shell: pid_t = 2_000_000_012
    static let orphan: pid_t = 2_000_000_013

    /// The tree, with the pids whose status cannot be read (`EMFILE`, say).
    static func processes(failing: Locked<pid_t>) -> SandboxProcesses {
        SandboxProcesses(
            namespacePID: { pid in
                if pid == failing.withLock({ $0 }) { return nil }
                return [run: run, initProcess: 1, shell: 2, orphan: 7][pid]
            },
            children: { [run: [initProcess], initProcess: [shell, orphan]][$0] ?? [] })
    }

    @Test func aShellWhoseStatusCannotBeReadIsNeverAnOrphan() {
        let failing = Locked<pid_t>(Self.shell)
        let processes = Self.processes(failing: failing)
        processes.find(run: Self.run)
        // Not found, so not the shell: only the child known to be another process is killed.
        #expect(processes.shell == nil)
        #expect(processes.orphans() == [Self.orphan])
        // Once found, it stays the shell whatever a later read says.
        failing.withLock { $0 = 0 }
        processes.find(run: Self.run)
        #expect(processes.shell == Self.shell)
        failing.withLock { $0 = Self.shell }
        #expect(processes.orphans() == [Self.orphan])
        processes.find(run: Self.run)
        #expect(processes.shell == Self.shell)
    }

    @Test func anOrphanWhoseStatusCannotBeReadIsLeftUntilTheShellIsKnown() {
        let failing = Locked<pid_t>(Self.orphan)
        let processes = Self.processes(failing: failing)
        processes.find(run: Self.run)
        #expect(processes.shell == Self.shell)
        // Known not to be the shell by the shell's own pid.
        #expect(processes.orphans() == [Self.orphan])
    }

    @Test func nothingIsAnOrphanWhileInitIsNotFound() {
        let failing = Locked<pid_t>(Self.initProcess)
        let processes = Self.processes(failing: failing)
        processes.find(run: Self.run)
        #expect(processes.shell == nil)
        #expect(processes.orphans().isEmpty)
    }
}
