import Foundation
import LectureSupport

/// A compile or a sample's run that did not end by itself: stopped at the compile time limit, or
/// killed by a signal from outside (the kernel's out-of-memory killer, `kill`, a CI step's
/// time-out) or a crash of the compiler. Neither is a verdict on the sample: it is an error of the
/// run, and never cached, so the next build tries again (a killed compiler is not "sample does
/// not compile").
enum UnfinishedProcess: Equatable {
    /// Ran past `[preprocessor.lecture] compile-timeout`; its process group was killed.
    case timedOut
    /// Ended by this signal.
    case killed(Int32)
    /// Ran out of the address space a compile may map (`CompileMemoryLimit`): LLVM stopped it.
    case outOfMemory
    /// Stopped by another of the limits every process runs under (its output cap): what it
    /// said was cut, so it is no verdict either, as a run cut short by a limit is none.
    case cutShort

    /// Signals a program does not send itself by failing (a Swift trap is SIGILL or SIGTRAP, a
    /// crash SIGSEGV or SIGBUS, `abort()` SIGABRT): a sample's run ended by one of these was
    /// ended from outside.
    static let signalsFromOutside: Set<Int32> = [SIGKILL, SIGTERM, SIGINT, SIGHUP]

    /// How `compile` did not finish, or nil when the compiler ran to its end (whatever it
    /// said). The driver reports a `swift-frontend` ended by a signal as `compile command failed
    /// due to signal N` and exits with status 1; that is read as the signal too.
    init?(compile: Subprocess.Result) {
        if !compile.succeeded, CompileMemoryLimit.ranOut(stderr: compile.stderrText) {
            self = .outOfMemory
            return
        }
        switch compile.termination {
        case .timedOut: self = .timedOut
        case .signaled(let signal): self = .killed(signal)
        case .outputLimitExceeded, .fileLimitExceeded, .sandboxFailed, .sandboxNotStarted: self = .cutShort
        case .exited(let status) where status != 0:
            let text = compile.stderrText
            guard let mark = text.range(of: "command failed due to signal ") else { return nil }
            let digits = text[mark.upperBound...].prefix(while: \.isNumber)
            guard let signal = Int32(digits) else { return nil }
            self = .killed(signal)
        default: return nil
        }
    }

    /// What a killed process's note says: who sends such a signal, and that nothing was cached.
    var note: String { note(sentBySample: nil) }

    /// `note`, for a sample's program: `sentBySample` says whether its code sends signals, which
    /// makes it the likely sender; a program may always have sent it to itself.
    func note(sentBySample: Bool?) -> String {
        let again = "nothing was cached: the next build tries again"
        switch self {
        case .timedOut, .cutShort, .outOfMemory:
            return again
        case .killed(let signal) where Self.signalsFromOutside.contains(signal):
            let name = Subprocess.signalName(signal)
            switch sentBySample {
            case true?:
                return
                    "the sample's code sends signals itself (kill, raise): it most likely sent \(name) to itself; if not, it came from the kernel's out-of-memory killer (see 'dmesg'), a person, or a CI step's time-out; \(again)"
            case false?:
                return
                    "\(name) was sent by the program itself (kill, raise) or came from outside: the kernel's out-of-memory killer (see 'dmesg'), a person, or a CI step's time-out; \(again)"
            case nil:
                return
                    "\(name) comes from outside: the kernel's out-of-memory killer (see 'dmesg'), a person, or a CI step's time-out; \(again)"
            }
        case .killed(let signal):
            return
                "the compiler crashed with \(Subprocess.signalName(signal)): a compiler bug, whatever the sample holds; \(again)"
        }
    }

    /// The error at `sample` for a compile that did not finish; `limit` is the compile time limit,
    /// `memory` the MiB of address space it may map.
    func compileError(of sample: Sample, limit: Double, memory: Int, stderr: String) -> Diagnostic {
        let said = stderr.isEmpty ? [] : ["the compiler said:\n" + TerminalText.capped(stderr)]
        switch self {
        case .timedOut:
            return .error(
                .sampleCompileTimeout, sample.path, sample.location,
                "compiling the sample took longer than \(SampleVerifier.seconds(limit)); the compiler was stopped",
                notes: [
                    "if it is slow on purpose, raise the limit (now \(SampleVerifier.seconds(limit))): --compile-timeout SECONDS or LECTURE_COMPILE_TIMEOUT=SECONDS, as book.toml's '[preprocessor.lecture] compile-timeout' may only lower it; deeply nested generic types and long expressions of literals keep the type checker busy",
                    note,
                ])
        case .outOfMemory:
            return .error(
                .sampleCompileMemory, sample.path, sample.location,
                "compiling the sample needed more than the \(memory) MiB of memory a compile may map; the compiler was stopped",
                notes: [
                    "a long expression of literals or operators keeps the type checker trying overloads, and a huge literal fills the memory: split the expression into lines with declared types ('let a: Double = …'), or keep the data in a file the sample reads ('reads=')",
                    "if the sample needs it, raise the limit (now \(memory) MiB): --compile-memory-limit MiB or LECTURE_COMPILE_MEMORY_LIMIT=MiB; book.toml's '[preprocessor.lecture] compile-memory-limit' may only lower it",
                    note,
                ])
        case .cutShort:
            return .error(
                .sampleUnverifiable, sample.path, sample.location,
                "the compiler wrote more output than lecture keeps and was stopped; the sample could not be verified",
                notes: [note] + said)
        case .killed(let signal):
            return .error(
                .sampleUnverifiable, sample.path, sample.location,
                "the compiler was killed by \(Subprocess.signalName(signal)) and the sample could not be verified",
                notes: [note] + said)
        }
    }
}
