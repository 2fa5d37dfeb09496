import CLinux
import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Runs a child process with a time limit and capped, concurrently read output.
///
/// Built on `posix_spawnp` (POSIX.1-2008) rather than Foundation's `Process`, for what a sample
/// runner needs and `Process` does not give on Linux: the child leads a new process group, so a
/// timeout kills it and every process it started (`kill(-pgid, SIGKILL)`); stdin is empty (a
/// pipe whose write end is closed, never the path `/dev/null`: see `run`);
/// stdout and stderr are drained together with `poll(2)` so neither pipe fills and blocks the
/// child; each is capped, and a child that writes past the cap is killed. The child inherits
/// stdin, stdout and stderr only, none of this process's other open descriptors.
package enum Subprocess {
    /// How the child ended.
    package enum Termination: Hashable, Sendable {
        /// Exited with this status (0...255).
        case exited(Int32)
        /// Killed by this signal number (a Swift runtime trap is SIGILL or SIGTRAP).
        case signaled(Int32)
        /// Ran past the time limit; its process group was killed.
        case timedOut
        /// Wrote more than the output cap; its process group was killed.
        case outputLimitExceeded
        /// Filled more than its share of the disk (`run`'s `stopWhen` said so); its process group
        /// was killed.
        case fileLimitExceeded
        /// A contained run the sandbox could not judge (a sample's `SampleSandbox.termination`):
        /// bubblewrap, or the wrapper that starts it, exited with `status` before the sandbox's
        /// shell started (`started` false), or the shell started and ended without its verdict
        /// while nothing measured says the program filled its folder. No verdict on the program.
        case sandboxFailed(status: Int32, started: Bool)
        /// A contained run whose sandbox had not started the program when lecture gave up
        /// waiting (`SampleSandbox.startAllowance` past the time limit): bubblewrap, or the
        /// cgroup the run enters, still setting up on a loaded machine. No verdict on the program.
        case sandboxNotStarted
    }

    /// What a finished child left: how it ended, its capped output, how long it took.
    package struct Result: Sendable {
        /// How the child ended.
        package var termination: Termination
        /// Bytes written to stdout, at most the cap.
        package var stdout: [UInt8]
        /// Bytes written to stderr, at most the cap.
        var stderr: [UInt8]
        /// How long it ran, in seconds (on `ContinuousClock`).
        var duration: Double
        /// Whether the kernel killed it for memory its control group may not have: set by the
        /// caller that made the group (a sample's `SampleCgroup`), which alone can tell.
        package var ranOutOfMemory = false

        /// `stdout` as UTF-8, invalid bytes replaced by U+FFFD.
        package var stdoutText: String { String(decoding: stdout, as: UTF8.self) }
        /// `stderr` as UTF-8, invalid bytes replaced by U+FFFD.
        package var stderrText: String { String(decoding: stderr, as: UTF8.self) }
        /// Whether the child exited with status 0.
        package var succeeded: Bool { termination == .exited(0) }
    }

    /// Runs `executable` (looked up on `PATH` when it has no `/`) with `arguments`.
    ///
    /// - Parameters:
    ///   - directory: the child's working directory; the parent's when `nil`.
    ///   - environment: extra variables added to the parent's environment.
    ///   - inheritingEnvironment: `false` gives the child `environment` alone (and the marker
    ///     `ChildProcesses` knows its descendants by), nothing of the parent's.
    ///   - timeout: seconds before the process group is killed; `nil` for none.
    ///   - outputLimit: bytes kept per stream; past it the child is killed (default 1 MiB).
    ///   - input: bytes written to the child's stdin; `nil` gives it an empty stdin, the end of an
    ///     empty pipe, as reading `/dev/null` would (but whatever the file system holds there).
    ///   - cancellation: checked before the start and while the child runs (every 100 ms at
    ///     most); once cancelled the child's process group is killed and reaped, and the run
    ///     throws the cancellation. Required, with no default: every caller says whose stop ends
    ///     its child (the run's, as `lecture serve` gives its own; `.process` for the signals).
    ///   - newSession: the child leads a new session (setsid(2)) rather than only a new process
    ///     group: it has no controlling terminal, whether or not `lecture` was started from one.
    ///   - whileRunning: called with the child's pid about every 100 ms until it is reaped (a
    ///     sample's run ends the processes its program left behind with it: `SampleSandbox.endOrphans`).
    ///   - stopWhen: asked after each `whileRunning`; an ending kills the process group and ends
    ///     the run so (a sample's run folder past its size: `fileLimitExceeded`, `RunFolderLimit`;
    ///     its program past its own time, counted from when its sandbox started it: `timedOut`).
    /// - Throws: `LectureError` when the program cannot be started (not found, not executable).
    package static func run(
        _ executable: String, _ arguments: [String], directory: String? = nil,
        environment: [String: String] = [:], inheritingEnvironment: Bool = true, timeout: Double? = nil,
        outputLimit: Int = 1 << 20, input: [UInt8]? = nil, newSession: Bool = false,
        whileRunning: ((pid_t) -> Void)? = nil, stopWhen: (() -> Termination?)? = nil, cancellation: Cancellation
    ) throws -> Result {
        try cancellation.check()
        let start = ContinuousClock.now
        var outPipe: [Int32] = [0, 0]
        var errPipe: [Int32] = [0, 0]
        var inPipe: [Int32] = [-1, -1]
        // Close-on-exec, so a child spawned at the same time by another thread does not inherit
        // these pipes and hold them open (the child's own ends are dup2'ed, which clears it).
        // stdin is always a pipe: without input, an empty one whose write end is closed at once,
        // never the path /dev/null, which is a device only as long as nobody replaced it (a
        // restored machine had a regular file there, and every child read what another program
        // had last thrown away into it).
        guard lecture_pipe2_cloexec(&outPipe) == 0 else {
            throw LectureError(.fileSystem, "cannot create a pipe: \(errnoText())")
        }
        guard lecture_pipe2_cloexec(&errPipe) == 0 else {
            let reason = errnoText()
            for fd in outPipe { close(fd) }
            throw LectureError(.fileSystem, "cannot create a pipe: \(reason)")
        }
        guard lecture_pipe2_cloexec(&inPipe) == 0 else {
            let reason = errnoText()
            for fd in outPipe + errPipe { close(fd) }
            throw LectureError(.fileSystem, "cannot create a pipe: \(reason)")
        }

        let spawned: Int32
        var pid: pid_t = 0
        do {
            pid = try spawn(
                executable, arguments, directory: directory, environment: environment,
                inheritingEnvironment: inheritingEnvironment, newSession: newSession
            ) { actions in
                posix_spawn_file_actions_adddup2(&actions, inPipe[0], 0)
                posix_spawn_file_actions_addclose(&actions, inPipe[1])
                posix_spawn_file_actions_adddup2(&actions, outPipe[1], 1)
                posix_spawn_file_actions_adddup2(&actions, errPipe[1], 2)
                for fd in [outPipe[0], outPipe[1], errPipe[0], errPipe[1]] {
                    posix_spawn_file_actions_addclose(&actions, fd)
                }
            }
            spawned = 0
        } catch let error as SpawnError {
            spawned = error.code
        }
        close(outPipe[1])
        close(errPipe[1])
        close(inPipe[0])
        guard spawned == 0 else {
            close(outPipe[0])
            close(errPipe[0])
            close(inPipe[1])
            throw LectureError(.subprocess, "cannot run \(quoted: executable): \(String(cString: strerror(spawned)))")
        }
        defer { ChildProcesses.shared.remove(pid) }

        // stdin is written from the same loop that reads stdout and stderr, so a child that
        // answers before it has read all its input (Graphviz printing warnings) never deadlocks.
        var pending = input ?? []
        var inputFD = inPipe[1]
        if pending.isEmpty {
            close(inputFD)  // no input: the child reads the end at once, as from /dev/null
            inputFD = -1
        } else {
            _ = fcntl(inputFD, F_SETFL, fcntl(inputFD, F_GETFL) | O_NONBLOCK)
        }

        var stdout: [UInt8] = []
        var stderr: [UInt8] = []
        var open: [Int32] = [outPipe[0], errPipe[0]]
        var forced: Termination?
        var status: Int32 = 0
        var reaped = false
        let deadline = timeout.map { start.advanced(by: .seconds($0)) }
        var chunk = [UInt8](repeating: 0, count: 65536)

        var cancelled = false
        var nextWatch = start.advanced(by: .milliseconds(100))
        func watch() {
            guard whileRunning != nil || stopWhen != nil, ContinuousClock.now >= nextWatch else { return }
            whileRunning?(pid)
            if forced == nil, let stopWhen, let ending = stopWhen() {
                forced = ending
                kill(-pid, SIGKILL)
            }
            nextWatch = ContinuousClock.now.advanced(by: .milliseconds(100))
        }
        while !open.isEmpty && forced == nil {
            watch()
            if forced != nil { break }
            if cancellation.isCancelled {
                cancelled = true
                forced = .signaled(SIGKILL)
                break
            }
            var fds = open.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
            if inputFD >= 0 { fds.append(pollfd(fd: inputFD, events: Int16(POLLOUT), revents: 0)) }
            var wait: Int32 = 100
            if let deadline {
                let remaining = ContinuousClock.now.duration(to: deadline).seconds
                if remaining <= 0 {
                    forced = .timedOut
                    break
                }
                wait = Int32(min(remaining * 1000 + 1, 100))
            }
            let ready = poll(&fds, nfds_t(fds.count), wait)
            if ready < 0 {
                if errno == EINTR { continue }
                break
            }
            if ready == 0 {
                // Quiet pipes: if the child has exited, whatever still holds them (a process it
                // started and left behind) is not worth waiting for.
                if waitpid(pid, &status, WNOHANG) == pid {
                    reaped = true
                    break
                }
                continue
            }
            for entry in fds where entry.revents != 0 {
                if entry.fd == inputFD {
                    let n = pending.withUnsafeBytes { write(inputFD, $0.baseAddress, min($0.count, 65536)) }
                    if n > 0 { pending.removeFirst(n) }
                    if (n < 0 && errno != EAGAIN && errno != EINTR) || pending.isEmpty {
                        close(inputFD)  // done, or the child stopped reading (EPIPE): no more input
                        inputFD = -1
                    }
                    continue
                }
                let n = read(entry.fd, &chunk, chunk.count)
                if n <= 0 {
                    close(entry.fd)
                    open.removeAll { $0 == entry.fd }
                    continue
                }
                if entry.fd == outPipe[0] { stdout += chunk[0..<n] } else { stderr += chunk[0..<n] }
                if stdout.count > outputLimit || stderr.count > outputLimit { forced = .outputLimitExceeded }
            }
        }
        if inputFD >= 0 { close(inputFD) }
        if forced != nil { kill(-pid, SIGKILL) }
        for fd in open { close(fd) }

        // The pipes are closed, but the child may not have exited (it closed them itself, or
        // is between closing its files and becoming a zombie, as every exiting process is): the
        // time limit still holds. Its pidfd wakes the wait the moment it exits; a 2 ms timer
        // where the kernel has none (the wait a run paid every time before).
        var exitFD: Int32 = -2
        defer { if exitFD >= 0 { close(exitFD) } }
        while !reaped {
            watch()
            let result = waitpid(pid, &status, WNOHANG)
            if result == pid {
                reaped = true
                break
            }
            if result < 0 && errno != EINTR { break }
            if cancellation.isCancelled, !cancelled {
                cancelled = true
                kill(-pid, SIGKILL)
            }
            if let deadline, ContinuousClock.now >= deadline, forced == nil {
                forced = .timedOut
                kill(-pid, SIGKILL)
            }
            // Not reaped yet, so `pid` is still this child's: the pidfd cannot name another process.
            if exitFD == -2 { exitFD = lecture_pidfd_open(pid) }
            if exitFD >= 0 {
                // Until the deadline, woken at it; past it (the group was killed and the child
                // is not gone yet: a thread of it still in the kernel), every 100 ms, not in a
                // loop that spins a core while the machine is loaded.
                var entry = pollfd(fd: exitFD, events: Int16(POLLIN), revents: 0)
                let remaining = deadline.map { ContinuousClock.now.duration(to: $0).seconds * 1000 + 1 } ?? 100
                _ = poll(&entry, 1, Int32(remaining > 0 ? min(remaining, 100) : 100))
            } else {
                usleep(2000)
            }
        }
        // Whatever the child left running in its group (a daemon, a forked helper) goes with it,
        // and so do processes it started in groups of their own (orphans reparented to us).
        kill(-pid, SIGKILL)
        ChildProcesses.shared.reapOrphans()
        if cancelled { throw cancellation.error }

        let termination: Termination
        if let forced {
            termination = forced
        } else if status & 0x7f == 0 {
            termination = .exited((status >> 8) & 0xff)
        } else {
            termination = .signaled(status & 0x7f)
        }
        return Result(
            termination: termination, stdout: Array(stdout.prefix(outputLimit)),
            stderr: Array(stderr.prefix(outputLimit)),
            duration: (ContinuousClock.now - start).seconds)
    }

    /// posix_spawnp(3)'s error number when a program cannot be started.
    package struct SpawnError: Error {
        package var code: Int32
    }

    /// Starts `executable` (looked up on `PATH`) as the leader of a new process group, with the
    /// signals a shell would reset (SIGPIPE, SIGINT, SIGTERM, SIGCHLD) at their defaults and none
    /// blocked, `environment` added to ours, or alone when not `inheritingEnvironment` (plus the marker `ChildProcesses` knows its
    /// descendants by), and registered with `ChildProcesses` until `ChildProcesses.shared.remove`.
    /// `configure` sets up its file descriptors 0, 1 and 2 (posix_spawn_file_actions(3)); the
    /// child inherits no other descriptor (posix_spawn_file_actions_addclosefrom_np, glibc 2.34+).
    /// With `newSession` it leads a new session too (`POSIX_SPAWN_SETSID`, glibc 2.26+), and so
    /// has no controlling terminal; its process group is still its own pid.
    /// - Returns: the child's process id. - Throws: `SpawnError` with posix_spawnp's error.
    package static func spawn(
        _ executable: String, _ arguments: [String], directory: String? = nil,
        environment: [String: String] = [:], inheritingEnvironment: Bool = true, newSession: Bool = false,
        configure: (inout posix_spawn_file_actions_t) -> Void
    ) throws -> pid_t {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        configure(&actions)
        // After `configure` has put the child's stdin, stdout and stderr in place: every other
        // descriptor of ours (a file another thread has open, a listening socket, a pipe of
        // another child) stays out of the child, whether or not it was opened close-on-exec.
        _ = lecture_posix_spawn_file_actions_addclosefrom(&actions, 3)
        if let directory { _ = lecture_posix_spawn_file_actions_addchdir(&actions, directory) }

        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        // A session leader may not also call setpgid(2): setsid(2) makes its group alone.
        if !newSession { posix_spawnattr_setpgroup(&attributes, 0) }
        var defaultSignals = sigset_t()
        sigemptyset(&defaultSignals)
        for signal in [SIGPIPE, SIGINT, SIGTERM, SIGHUP, SIGCHLD] { sigaddset(&defaultSignals, signal) }
        posix_spawnattr_setsigdefault(&attributes, &defaultSignals)
        var emptyMask = sigset_t()
        sigemptyset(&emptyMask)
        posix_spawnattr_setsigmask(&attributes, &emptyMask)
        let group = newSession ? Int32(LECTURE_POSIX_SPAWN_SETSID) : Int32(POSIX_SPAWN_SETPGROUP)
        posix_spawnattr_setflags(&attributes, Int16(group | POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK))

        var env = inheritingEnvironment ? ProcessEnvironment.current() : [:]
        for (key, value) in environment { env[key] = value }
        // Inherited by everything the child starts: how `reapOrphans` recognises our descendants.
        env[ChildProcesses.markerName] = String(getpid())
        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        let envp = env.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            for pointer in argv { free(pointer) }
            for pointer in envp { free(pointer) }
        }
        var pid: pid_t = 0
        // Spawn and registration under one lock, so `reapOrphans` never mistakes a new child
        // for an orphan.
        let result = ChildProcesses.shared.spawn {
            posix_spawnp(&pid, executable, &actions, &attributes, argv, envp)
        } registering: {
            pid
        }
        guard result == 0 else { throw SpawnError(code: result) }
        return pid
    }

    /// The conventional name of a signal number: `SIGILL`, `SIGSEGV`, …
    package static func signalName(_ signal: Int32) -> String {
        let names: [Int32: String] = [
            SIGHUP: "SIGHUP", SIGINT: "SIGINT", SIGQUIT: "SIGQUIT", SIGILL: "SIGILL", SIGTRAP: "SIGTRAP",
            SIGABRT: "SIGABRT", SIGBUS: "SIGBUS", SIGFPE: "SIGFPE", SIGKILL: "SIGKILL", SIGSEGV: "SIGSEGV",
            SIGPIPE: "SIGPIPE", SIGALRM: "SIGALRM", SIGTERM: "SIGTERM",
        ]
        return names[signal] ?? "signal \(signal)"
    }

    private static func errnoText() -> String { String(cString: strerror(errno)) }
}

/// The running children, so that an interrupted `lecture` can end them all, and the reaper of
/// processes they left behind.
///
/// `lecture` makes itself a child subreaper (Linux's `PR_SET_CHILD_SUBREAPER`, prctl(2)), so a
/// process a sample starts in a group of its own, and leaves running, is reparented to
/// `lecture` rather than to init; `reapOrphans()` then kills and reaps such a process: a child
/// of ours that `Subprocess` is not running and that carries the environment variable
/// `LECTURE_CHILD_OF=<our pid>`, which every process `Subprocess` starts passes on, or a child
/// that leads a PID namespace of its own (a sandbox's init, often a zombie by then). Children
/// started otherwise (by a test, say) are left alone.
// @unchecked: its state is under an NSLock, not Synchronization's Mutex: ThreadSanitizer does not
// see a contended Mutex's futex wait on Linux (it is in the uninstrumented runtime) and reports
// false races; this lock is held across posix_spawn(3), so threads starting children contend for
// it.
package final class ChildProcesses: @unchecked Sendable {
    /// The one instance; making it (on first use) makes this process a subreaper on Linux.
    package static let shared = ChildProcesses()
    static let markerName = "LECTURE_CHILD_OF"
    private let lock = NSLock()
    private var pids: Set<pid_t> = []

    private init() {
        _ = lecture_prctl_set_child_subreaper()
    }

    /// Set once the run is being interrupted: no child is started after it.
    private var refusing = false

    /// Refuses every later spawn (ECANCELED) and kills the running children's groups, as one
    /// step: no thread can start a child between the two.
    package func stopSpawning() {
        lock.withLock {
            refusing = true
            for pid in pids { kill(-pid, SIGKILL) }
        }
        Self.killDescendants()
        reapOrphans()
    }

    /// Kills every process descended from this one, whatever its process group: swiftc's
    /// driver starts its compiler jobs in groups of their own, which `kill(-pgid)` misses.
    /// Walks the children lists of /proc (proc(5)) from this process down.
    static func killDescendants() {
        #if os(Linux)
            var queue = ProcessTree.children(of: "self") ?? []
            var seen = Set<pid_t>()
            while let pid = queue.popLast() {
                guard seen.insert(pid).inserted else { continue }
                // Stop it first, so it starts nothing more while its children are found.
                kill(pid, SIGSTOP)
                queue += ProcessTree.children(of: pid) ?? []
            }
            for pid in seen { kill(pid, SIGKILL) }
        #endif
    }

    func spawn(_ body: () -> Int32, registering pid: () -> pid_t) -> Int32 {
        lock.withLock {
            if refusing { return ECANCELED }
            let result = body()
            if result == 0 { pids.insert(pid()) }
            return result
        }
    }

    /// Forgets a child once it has been waited for.
    package func remove(_ pid: pid_t) { lock.withLock { _ = pids.remove(pid) } }

    /// How many PID namespaces `process` has a number in, or nil when it cannot be read.
    static func pidNamespaceDepth(_ process: String) -> Int? { ProcessTree.namespacePIDs(of: process)?.count }

    /// This process's depth; a child deeper than it started a PID namespace of its own.
    private static let ownPIDNamespaceDepth = pidNamespaceDepth("self")

    /// Whether child `pid` lives in a PID namespace below ours: only a sandbox makes one here;
    /// false when either depth is unknown.
    static func leadsANestedPIDNamespace(_ pid: pid_t) -> Bool {
        guard let own = ownPIDNamespaceDepth, let depth = pidNamespaceDepth(String(pid)) else { return false }
        return depth > own
    }

    /// Kills and reaps the children of this process that no `Subprocess` call is running: those
    /// that carry our marker, and sandboxes' inits, living or zombies (`lecture serve` would
    /// otherwise collect a zombie bubblewrap for every sample it ever ran).
    package func reapOrphans() {
        #if os(Linux)
            let me = getpid()
            // Found and killed under the lock (a child `spawn` is starting is registered under it
            // first, so it is never taken for an orphan); reaped outside it, each for a bounded
            // time: a `waitpid` that blocked here on an orphan still in the kernel held every
            // other thread's spawn, and a whole `lecture check` waited with it.
            let killed: [pid_t] = lock.withLock {
                // Our direct children, orphans adopted included, as each thread's children file
                // lists them (`ProcessTree`); far cheaper than all of /proc. None when they cannot
                // be read: the next call tries again.
                let children = Set(ProcessTree.children(of: "self") ?? [])
                let marker = Array("\(Self.markerName)=\(me)".utf8)
                var killed: [pid_t] = []
                for pid in children where !pids.contains(pid) {
                    // A sandbox's init (bubblewrap's child, pid 1 of its own PID namespace) is
                    // reparented to us when bubblewrap ends and often has exited already: a
                    // zombie, whose environment can no longer be read, is known by its namespace.
                    guard
                        Self.leadsANestedPIDNamespace(pid)
                            || (try? FileSystem.read("/proc/\(pid)/environ"))?.split(separator: 0).contains(where: {
                                $0.elementsEqual(marker)
                            }) == true
                    else { continue }
                    kill(pid, SIGKILL)
                    killed.append(pid)
                }
                return killed
            }
            for pid in killed { Self.reap(pid, within: .seconds(5)) }
        #endif
    }

    /// Waits for child `pid` to end and reaps it, at most `limit`: one that has not ended by then
    /// (a thread of it still in an uninterruptible call of the kernel's) stays a child of ours,
    /// reaped by a later call. Its pidfd wakes the wait when it ends; a 2 ms timer without one.
    static func reap(_ pid: pid_t, within limit: Duration) {
        let deadline = ContinuousClock.now + limit
        let descriptor = lecture_pidfd_open(pid)
        defer { if descriptor >= 0 { close(descriptor) } }
        var status: Int32 = 0
        while true {
            let result = waitpid(pid, &status, WNOHANG)
            if result == pid || (result < 0 && errno != EINTR) { return }
            let remaining = ContinuousClock.now.duration(to: deadline).seconds
            if remaining <= 0 { return }
            if descriptor >= 0 {
                var entry = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
                _ = poll(&entry, 1, Int32(min(remaining * 1000 + 1, 100)))
            } else {
                usleep(2000)
            }
        }
    }
}
