import Foundation
import LectureSupport

/// The one reading of how a sample's run ended (`Subprocess.Termination`), for every kind of
/// sample on either path: a plain sample's program (`SampleVerifier.judge(_:of:)`) and a `test`
/// sample's test program (`SampleVerifier.testFailures`) alike. What the run printed and which
/// tests failed are judged after it, by each.
///
/// `should_fail` (the manual, "Samples" and "Test samples"):
/// - a plain sample must exit with a non-zero status or crash by a signal of its own (a trap is
///   Swift's panic);
/// - a `test` sample must have a test that failed, as the testing library records it; its
///   program's exit status is the library's, and a crash is no failed test (as a `should_panic`
///   doctest or `#[should_panic]` test passes on a panic only, never on an abort or a signal:
///   rust-lang/rust#143009), so it fails, as any test sample's crash does.
///
/// A signal from outside (`UnfinishedProcess.signalsFromOutside`) or one of lecture's limits is
/// never a verdict on the sample, `should_fail` or not.
enum RunEnding {
    /// Which program ran.
    enum Program: Equatable {
        /// A plain sample's own program.
        case sample
        /// A `test` sample's test program.
        case tests

        /// How its diagnostics name it.
        var noun: String { self == .sample ? "sample" : "test program" }
    }

    /// The limits a run is killed at.
    struct Limits: Equatable {
        /// Seconds (`--timeout`).
        var timeout: Double
        /// Bytes of stdout and of stderr.
        var output: Int
        /// MiB of address space (`ResourceLimits`).
        var memoryMiB = ResourceLimits().memoryMiB
    }

    /// The error for how a run of `sample` ended, or `nil` when its ending is the one its kind
    /// asks for; `stderr` is the run's, shown with every error (it is often the reason), and
    /// `stdout` what it printed, shown for a run killed at a limit (where it stopped is the clue).
    /// `outOfMemory`: the run's cgroup saw the kernel kill for its memory limit (`SampleCgroup`),
    /// so a SIGKILL is the limit's, not a person's.
    static func failure(
        termination: Subprocess.Termination, program: Program, sample: Sample, stdout: String = "", stderr: String,
        limits: Limits, outOfMemory: Bool = false
    ) -> Diagnostic? {
        let shown = SampleVerifier.readableStderr(stderr, of: sample)
        let stderrNote = shown.isEmpty ? [] : ["stderr:\n" + shown]
        let noun = program.noun
        func error(_ id: Diagnostic.Identifier, _ summary: String, _ notes: [String]) -> Diagnostic {
            .error(id, sample.path, sample.location, summary, notes: notes + stderrNote)
        }
        switch termination {
        case .timedOut:
            return error(
                .sampleTimeout, "\(noun) timed out after \(SampleVerifier.seconds(limits.timeout)) and was killed",
                printedBeforeKill(stdout)
                    + [
                        "if it is slow on purpose, raise the limit (now \(SampleVerifier.seconds(limits.timeout))): --timeout SECONDS or LECTURE_TIMEOUT=SECONDS; book.toml's '[preprocessor.lecture] timeout' may only lower it"
                    ] + (program == .sample ? [Self.endlessFix] : []))
        case .outputLimitExceeded:
            return error(
                .sampleOutputLimit, "\(noun) wrote more than \(limits.output) bytes and was killed",
                printedBeforeKill(stdout))
        case .fileLimitExceeded:
            return SampleVerifier.fileLimitError(sample, program: noun, notes: stderrNote)
        case .sandboxNotStarted:
            return error(
                .sampleUnverifiable,
                "\(noun) could not be verified: its sandbox had not started it after \(SampleVerifier.seconds(limits.timeout + SampleSandbox.startAllowance))",
                [
                    "bubblewrap, or the cgroup the run enters, was still setting up: the machine is busy, or a kernel operation of the sandbox's waits; its time limit counts only from the start; nothing was cached: the next build tries again"
                ])
        case .sandboxFailed(let status, let started):
            return sandboxFailure(status: status, started: started, program: noun, sample: sample, notes: stderrNote)
        case .signaled where outOfMemory:
            // The memory cgroup's kill (memory held without mapping it: a memfd, a pipe's
            // buffers), not a person's SIGKILL: the limit is named, as for a failed allocation.
            return error(
                .sampleExit,
                "\(noun) ran out of memory: its processes may hold at most \(limits.memoryMiB) MiB together, and the kernel killed it",
                [Self.memoryFix])
        case .signaled(let signal) where UnfinishedProcess.signalsFromOutside.contains(signal):
            // Not a crash of its own (a trap is SIGILL or SIGTRAP, abort SIGABRT): the OOM killer
            // or a person. Even a `should_fail` sample is not judged by it, and it is not cached.
            return error(
                .sampleUnverifiable,
                "\(noun) was killed by \(Subprocess.signalName(signal)), not by lecture's limits, and could not be verified",
                [
                    UnfinishedProcess.killed(signal).note(
                        sentBySample: sample.parts.contains { Self.sendsSignals($0.code) })
                ])
        case .signaled where ResourceLimits.ranOutOfMemory(stderr: stderr):
            // Not the sample's logic, and not a trap to pass a `should_fail` sample on.
            return error(
                .sampleExit, "\(noun) ran out of memory: it may map at most \(limits.memoryMiB) MiB", [Self.memoryFix])
        case .signaled where program == .sample && sample.shouldFail:
            return nil
        case .signaled(let signal):
            let trap = SampleVerifier.trapMessage(in: stderr)
            let notTest =
                program == .tests && sample.shouldFail
                ? [
                    "a crash is no failed test: 'should_fail' on a test sample asks for a test that fails; to show a trap, test it with '#expect(processExitsWith: .failure)' or mark a plain sample 'should_fail'"
                ] : []
            // At the line that trapped, as a compiler error is, with the fence as a note.
            return TrapPlace.moved(
                error(
                    .sampleExit,
                    "\(noun) crashed with \(Subprocess.signalName(signal))" + (trap.map { ": \($0)" } ?? ""),
                    notTest + (program == .sample ? [Self.crashFix] : [])), stderr: stderr, of: sample)
        case .exited where program == .tests:
            // The testing library's status: its events say which test failed.
            return nil
        case .exited(0) where sample.shouldFail:
            return error(.sampleExit, "sample is marked 'should_fail' but exited with status 0", [])
        case .exited(let status) where status != 0 && !sample.shouldFail:
            return error(.sampleExit, "sample exited with status \(status)", [])
        case .exited:
            return nil
        }
    }

    /// The error of a contained run its sandbox could not judge (`Subprocess.Termination.sandboxFailed`):
    /// the machine's failure or lecture's, never the sample's, so never cached (code review 42,
    /// #1: it was reported as the file limit, whose fix, "write less", could not help). The run's
    /// stderr, `notes`, holds what bubblewrap said, which names the cause ("bwrap: Can't find
    /// source path").
    static func sandboxFailure(status: Int32, started: Bool, program: String, sample: Sample, notes: [String])
        -> Diagnostic
    {
        let seen =
            started
            ? "the sandbox's shell started but ended without its verdict (exit status \(status)), and nothing measured says the \(program) filled its folder"
            : "the sandbox did not start: bubblewrap exited with status \(status) before its shell ran"
        return .error(
            .sampleUnverifiable, sample.path, sample.location, "\(program) could not be verified: \(seen)",
            notes: [
                started
                    ? "the shell is killed, or stops before its count (a copy or a fork that failed), when the machine runs out of processes or memory, the folder cannot be copied, or something outside kills it; nothing was cached: the next build tries again"
                    : "a folder the sandbox binds vanished while it started, or the machine refused a namespace or the run's cgroup; nothing was cached: the next build tries again"
            ] + notes)
    }

    /// The fix for a sample that needs more memory than its limit.
    static let memoryFix =
        "if it needs more on purpose, raise the limit for this run with --memory-limit MiB (or LECTURE_MEMORY_LIMIT=MiB); book.toml's 'memory-limit' may only lower it"
    /// The fix for a sample that never ends on purpose (a server's loop, an event loop).
    static let endlessFix =
        "if it runs forever on purpose (a server's loop, an event loop), mark it 'no_run': it is compiled, not run"
    /// The fix for a sample that shows a crash on purpose, as 'compile_fail' is for a compile error.
    static let crashFix =
        "if the page shows the crash on purpose, mark it 'should_fail': it then passes when it crashes or exits with a non-zero status"

    /// What a run killed at a limit printed before the kill, as a note: its last lines (where it
    /// stopped), capped as every echo is (`TerminalText.lastLines`); none when it printed nothing.
    static func printedBeforeKill(_ stdout: String) -> [String] {
        let printed = stdout.hasSuffix("\n") ? String(stdout.dropLast()) : stdout
        guard !printed.isEmpty else { return ["it printed nothing before it was killed"] }
        return ["what it printed before it was killed:\n" + TerminalText.lastLines(printed)]
    }

    /// Whether `code` sends a signal itself (`kill`, `raise`, `killpg`), so that a signal "from
    /// outside" may well be its own (attack 15, c19a).
    static func sendsSignals(_ code: String) -> Bool {
        ["kill(", "raise(", "killpg(", "SIGKILL", "SIGTERM", "SIGINT", "SIGHUP"].contains { code.contains($0) }
    }
}
