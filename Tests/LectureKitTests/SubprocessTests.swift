import Foundation
import Testing

@testable import LectureKit
@testable import LectureSupport

/// The process runner under the conditions that used to hang or kill the tool.
@Suite struct SubprocessTests {
    @Test func childThatAnswersBeforeReadingItsInputDoesNotDeadlock() throws {
        // 300 KB to stderr before reading 300 KB of stdin: both pipes fill unless written and
        // read at once.
        let input = [UInt8](repeating: UInt8(ascii: "x"), count: 300_000)
        let result = try Subprocess.run(
            "sh", ["-c", "head -c 300000 /dev/zero | tr '\\\\0' e >&2; wc -c"], timeout: 30, input: input,
            cancellation: .process)
        #expect(result.termination == .exited(0))
        #expect(result.stdoutText.trimmingCharacters(in: .whitespacesAndNewlines) == "300000")
        #expect(result.stderr.count == 300_000)
    }

    @Test func childThatStopsReadingDoesNotKillTheTool() throws {
        // Our write then fails with EPIPE; SIGPIPE must not end the test process.
        signal(SIGPIPE, SIG_IGN)
        let result = try Subprocess.run(
            "sh", ["-c", "exit 3"], timeout: 30, input: [UInt8](repeating: 0, count: 2_000_000), cancellation: .process)
        #expect(result.termination == .exited(3))
    }

    @Test func timeLimitHoldsAfterTheChildClosesItsPipes() throws {
        // Had the limit been ignored, the child would have exited with status 0 after 30 s.
        let result = try Subprocess.run("sh", ["-c", "exec >&- 2>&-; sleep 30"], timeout: 1, cancellation: .process)
        #expect(result.termination == .timedOut, "the limit was ignored")
    }

    @Test func childInheritsOnlyStandardInputOutputAndError() throws {
        // A descriptor opened without close-on-exec (as a C library or another thread may open
        // one): a child used to inherit it, and could hold a removed file's space or a pipe open.
        let open = Glibc.open("/dev/null", O_RDONLY)
        try #require(open >= 3)
        defer { close(open) }
        // The shell's own descriptors: `$$` is the shell, which `ls` (its child) lists.
        let result = try Subprocess.run("sh", ["-c", "ls /proc/$$/fd"], timeout: 30, cancellation: .process)
        #expect(result.termination == .exited(0))
        #expect(result.stdoutText.split(separator: "\n") == ["0", "1", "2"])
    }

    @Test func processLeftRunningInItsOwnGroupIsKilled() throws {
        // setsid puts the sleeper in a new session and group, out of reach of kill(-pgid); it
        // holds the pipes open. The child itself exits at once and must not be reported as
        // timed out, and the sleeper must not outlive the run.
        let result = try Subprocess.run("sh", ["-c", "setsid sleep 60 & echo $!"], timeout: 10, cancellation: .process)
        #expect(result.termination == .exited(0))
        let pid = try #require(pid_t(result.stdoutText.trimmingCharacters(in: .whitespacesAndNewlines)))
        // Killed, it disappears as soon as its parent (init, or a subreaper) reaps it; the
        // deadline only bounds the wait on a loaded machine (the sleeper would live 60 s).
        var alive = true
        let deadline = ContinuousClock.now + .seconds(50)
        while alive && ContinuousClock.now < deadline {
            alive = kill(pid, 0) == 0
            if alive { usleep(20_000) }
        }
        #expect(!alive, "process \(pid) outlived the run")
    }
}

@Suite struct ConsoleTests {
    @Test func writingToAClosedPipeDoesNotStopTheTool() {
        signal(SIGPIPE, SIG_IGN)
        var fds: [Int32] = [0, 0]
        #expect(pipe(&fds) == 0)
        close(fds[0])
        Console.write("nobody reads this\n", to: fds[1])  // EPIPE, ignored: the test goes on
        #expect(errno == EPIPE, "the write reached the closed pipe and failed there")
        close(fds[1])
        // The console still writes where someone reads.
        #expect(pipe(&fds) == 0)
        Console.write("read back\n", to: fds[1])
        close(fds[1])
        var bytes = [UInt8](repeating: 0, count: 64)
        let count = read(fds[0], &bytes, bytes.count)
        close(fds[0])
        #expect(count > 0 && String(decoding: bytes[0..<count], as: UTF8.self) == "read back\n")
    }
}
