#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

/// Runs a child process with a time limit and capped, concurrently read output.
///
/// Built on `posix_spawnp` (POSIX.1-2008) rather than Foundation's `Process`, for what a sample
/// runner needs and `Process` does not give on Linux: the child leads a new process group, so a
/// timeout kills it and every process it started (`kill(-pgid, SIGKILL)`); stdin is `/dev/null`;
/// stdout and stderr are drained together with `poll(2)` so neither pipe fills and blocks the
/// child; each is capped, and a child that writes past the cap is killed.
public enum Subprocess {
    /// How the child ended.
    public enum Termination: Hashable, Sendable {
        /// Exited with this status (0...255).
        case exited(Int32)
        /// Killed by this signal number (a Swift runtime trap is SIGILL or SIGTRAP).
        case signaled(Int32)
        /// Ran past the time limit; its process group was killed.
        case timedOut
        /// Wrote more than the output cap; its process group was killed.
        case outputLimitExceeded
    }

    public struct Result: Sendable {
        public var termination: Termination
        /// Bytes written to stdout, at most the cap.
        public var stdout: [UInt8]
        /// Bytes written to stderr, at most the cap.
        public var stderr: [UInt8]
        /// Wall-clock duration, in seconds.
        public var duration: Double

        public var stdoutText: String { String(decoding: stdout, as: UTF8.self) }
        public var stderrText: String { String(decoding: stderr, as: UTF8.self) }
        public var succeeded: Bool { termination == .exited(0) }
    }

    /// Runs `executable` (looked up on `PATH` when it has no `/`) with `arguments`.
    ///
    /// - Parameters:
    ///   - directory: the child's working directory; the parent's when `nil`.
    ///   - environment: extra variables added to the parent's environment.
    ///   - timeout: seconds before the process group is killed; `nil` for none.
    ///   - outputLimit: bytes kept per stream; past it the child is killed (default 1 MiB).
    ///   - input: bytes written to the child's stdin; `nil` connects stdin to `/dev/null`.
    /// - Throws: `LectureError` when the program cannot be started (not found, not executable).
    public static func run(
        _ executable: String, _ arguments: [String], directory: String? = nil,
        environment: [String: String] = [:], timeout: Double? = nil, outputLimit: Int = 1 << 20,
        input: [UInt8]? = nil
    ) throws -> Result {
        let start = Date()
        var outPipe: [Int32] = [0, 0], errPipe: [Int32] = [0, 0], inPipe: [Int32] = [-1, -1]
        // Close-on-exec, so a child spawned at the same time by another thread does not inherit
        // these pipes and hold them open (the child's own ends are dup2'ed, which clears it).
        guard pipe2(&outPipe, O_CLOEXEC) == 0, pipe2(&errPipe, O_CLOEXEC) == 0 else { throw LectureError("cannot create a pipe: \(errnoText())") }
        if input != nil, pipe2(&inPipe, O_CLOEXEC) != 0 { throw LectureError("cannot create a pipe: \(errnoText())") }

        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        if input != nil {
            posix_spawn_file_actions_adddup2(&actions, inPipe[0], 0)
            posix_spawn_file_actions_addclose(&actions, inPipe[1])
        } else {
            posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        }
        posix_spawn_file_actions_adddup2(&actions, outPipe[1], 1)
        posix_spawn_file_actions_adddup2(&actions, errPipe[1], 2)
        for fd in [outPipe[0], outPipe[1], errPipe[0], errPipe[1]] { posix_spawn_file_actions_addclose(&actions, fd) }
        if let directory { _ = spawnAddChdir(&actions, directory) }

        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        posix_spawnattr_setpgroup(&attributes, 0)
        var defaultSignals = sigset_t()
        sigemptyset(&defaultSignals)
        for signal in [SIGPIPE, SIGINT, SIGTERM, SIGCHLD] { sigaddset(&defaultSignals, signal) }
        posix_spawnattr_setsigdefault(&attributes, &defaultSignals)
        var emptyMask = sigset_t()
        sigemptyset(&emptyMask)
        posix_spawnattr_setsigmask(&attributes, &emptyMask)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETPGROUP | POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK))

        var env = ProcessInfo.processInfo.environment
        for (key, value) in environment { env[key] = value }
        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        let envp = env.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            argv.forEach { free($0) }
            envp.forEach { free($0) }
        }

        var pid: pid_t = 0
        let spawned = posix_spawnp(&pid, executable, &actions, &attributes, argv, envp)
        close(outPipe[1])
        close(errPipe[1])
        if input != nil { close(inPipe[0]) }
        guard spawned == 0 else {
            close(outPipe[0])
            close(errPipe[0])
            if input != nil { close(inPipe[1]) }
            throw LectureError("cannot run '\(executable)': \(String(cString: strerror(spawned)))")
        }
        ChildProcesses.shared.insert(pid)
        defer { ChildProcesses.shared.remove(pid) }

        if let input, inPipe[1] >= 0 {
            // Small inputs only (a graph, a page): written before reading, like a heredoc.
            input.withUnsafeBytes { buffer in
                var offset = 0
                while offset < buffer.count {
                    let n = write(inPipe[1], buffer.baseAddress! + offset, buffer.count - offset)
                    if n <= 0 { break }
                    offset += n
                }
            }
            close(inPipe[1])
        }

        var stdout: [UInt8] = [], stderr: [UInt8] = []
        var open: [Int32] = [outPipe[0], errPipe[0]]
        var forced: Termination?
        let deadline = timeout.map { start.addingTimeInterval($0) }
        var chunk = [UInt8](repeating: 0, count: 65536)

        while !open.isEmpty && forced == nil {
            var fds = open.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
            var wait: Int32 = -1
            if let deadline {
                let remaining = deadline.timeIntervalSinceNow
                if remaining <= 0 { forced = .timedOut; break }
                wait = Int32(min(remaining * 1000 + 1, 1000))
            }
            let ready = poll(&fds, nfds_t(fds.count), wait)
            if ready < 0 {
                if errno == EINTR { continue }
                break
            }
            for entry in fds where entry.revents != 0 {
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
        if forced != nil { kill(-pid, SIGKILL) }
        for fd in open { close(fd) }

        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        // Whatever the child left running in its group (a daemon, a forked helper) goes with it.
        kill(-pid, SIGKILL)

        let termination: Termination
        if let forced {
            termination = forced
        } else if status & 0x7f == 0 {
            termination = .exited((status >> 8) & 0xff)
        } else {
            termination = .signaled(status & 0x7f)
        }
        return Result(
            termination: termination, stdout: Array(stdout.prefix(outputLimit)), stderr: Array(stderr.prefix(outputLimit)),
            duration: Date().timeIntervalSince(start))
    }

    /// The conventional name of a signal number: `SIGILL`, `SIGSEGV`, …
    public static func signalName(_ signal: Int32) -> String {
        let names: [Int32: String] = [
            SIGHUP: "SIGHUP", SIGINT: "SIGINT", SIGQUIT: "SIGQUIT", SIGILL: "SIGILL", SIGTRAP: "SIGTRAP",
            SIGABRT: "SIGABRT", SIGBUS: "SIGBUS", SIGFPE: "SIGFPE", SIGKILL: "SIGKILL", SIGSEGV: "SIGSEGV",
            SIGPIPE: "SIGPIPE", SIGALRM: "SIGALRM", SIGTERM: "SIGTERM",
        ]
        return names[signal] ?? "signal \(signal)"
    }

    private static func errnoText() -> String { String(cString: strerror(errno)) }
}

/// The process groups of running children, so that an interrupted `lecture` can kill them all.
public final class ChildProcesses: @unchecked Sendable {
    public static let shared = ChildProcesses()
    private let lock = NSLock()
    private var pids: Set<pid_t> = []

    func insert(_ pid: pid_t) { lock.withLock { _ = pids.insert(pid) } }
    func remove(_ pid: pid_t) { lock.withLock { _ = pids.remove(pid) } }

    /// Sends SIGKILL to every running child's process group.
    public func killAll() {
        lock.withLock { for pid in pids { kill(-pid, SIGKILL) } }
    }
}

/// glibc's `posix_spawn_file_actions_addchdir_np` (glibc 2.29+), which Swift's Glibc module
/// does not import because the header declares it only under `_GNU_SOURCE`.
@_silgen_name("posix_spawn_file_actions_addchdir_np")
private func spawnAddChdir(_ actions: UnsafeMutablePointer<posix_spawn_file_actions_t>, _ path: UnsafePointer<CChar>) -> Int32

/// glibc's `pipe2` (Linux 2.6.27+), declared under `_GNU_SOURCE` and so not imported by Swift.
@_silgen_name("pipe2")
private func pipe2(_ fds: UnsafeMutablePointer<Int32>, _ flags: Int32) -> Int32
