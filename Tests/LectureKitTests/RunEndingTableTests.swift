import Foundation
import Testing

@testable import CommonMark
@testable import LectureKit
@testable import LectureSupport

/// Every way a process can end (`Subprocess.Termination`), fed to the one judge of a run
/// (`RunEnding`, through `judgeRuns` and `testFailures`) and to the one judge of a compile
/// (`judgeCompile`, alone and as a member of a module of test samples, `MergedTestSamples`) for
/// every kind of sample: one verdict and one diagnostic per pair (the test
/// path's endings said less than the plain path's, and a group member was judged by hand).
/// A cancelled run is no ending: `Subprocess.run` throws the cancellation, and no verdict is made.
@Suite struct RunEndingTableTests {
    /// A verifier that judges and starts nothing: the judges read only its options.
    static let verifier: SampleVerifier = {
        var options = SampleVerifier.Options()
        options.timeout = 3
        options.outputLimit = 1000
        return SampleVerifier(
            toolchain: Toolchain(swiftc: "swiftc", versionLine: "", shortVersion: ""),
            libraries: SampleLibraries(directory: "/nonexistent", modules: [], digest: ""),
            cache: Cache(directory: "/nonexistent"), options: options, run: RunContext())
    }()

    enum Kind: String, CaseIterable {
        case plain, plainShouldFail, test, testShouldFail, noRun, compileFail

        var markdown: String {
            switch self {
            case .plain: "```swift\nprint(\"hi\")\n```\n\n```output\nhi\n```\n"
            case .plainShouldFail: "```swift should_fail\nprint(\"hi\")\n```\n\n```output\nhi\n```\n"
            case .test: "```swift test\nimport Testing\n@Test func adds() {}\n```\n"
            case .testShouldFail: "```swift test should_fail\nimport Testing\n@Test func adds() {}\n```\n"
            case .noRun: "```swift no_run\nprint(\"hi\")\n```\n"
            case .compileFail: "```swift compile_fail\nlet x: Int = \"no\"\n```\n"
            }
        }

        var sample: Sample {
            let samples = SampleExtractor.extract(from: MarkdownParser.parse(markdown), path: "page.md").samples
            return samples[0]
        }

        var runs: Bool { self != .noRun && self != .compileFail }
        var isTest: Bool { self == .test || self == .testShouldFail }
    }

    /// Every ending, with its name in the table.
    static let endings: [(String, Subprocess.Termination)] = [
        ("exit 0", .exited(0)), ("exit 1", .exited(1)), ("exit 42", .exited(42)), ("trap", .signaled(SIGILL)),
        ("segfault", .signaled(SIGSEGV)), ("abort", .signaled(SIGABRT)), ("killed", .signaled(SIGKILL)),
        ("terminated", .signaled(SIGTERM)), ("time-out", .timedOut), ("output limit", .outputLimitExceeded),
        ("file limit", .fileLimitExceeded), ("sandbox not started", .sandboxFailed(status: 1, started: false)),
        ("shell without verdict", .sandboxFailed(status: 137, started: true)),
        ("sandbox still setting up", .sandboxNotStarted),
    ]

    /// A verdict: passed, or the one error's identifier and summary.
    struct Verdict: Equatable, CustomStringConvertible {
        var passed: Bool
        var identifier: Diagnostic.Identifier? = nil
        var summary: String? = nil
        var description: String { passed ? "passed" : "\(identifier!.rawValue): \(summary!)" }
        static let pass = Verdict(passed: true)
        static func fail(_ identifier: Diagnostic.Identifier, _ summary: String) -> Verdict {
            Verdict(passed: false, identifier: identifier, summary: summary)
        }
    }

    /// What a run ending `termination` means for a sample of `kind` that is run; a test program's
    /// events have one passing test after a clean exit, one failed test after a non-zero one.
    static func expectedRun(_ kind: Kind, _ termination: Subprocess.Termination) -> Verdict {
        let noun = kind.isTest ? "test program" : "sample"
        let shouldFail = kind == .plainShouldFail || kind == .testShouldFail
        switch termination {
        case .timedOut: return .fail(.sampleTimeout, "\(noun) timed out after 3 s and was killed")
        case .outputLimitExceeded: return .fail(.sampleOutputLimit, "\(noun) wrote more than 1000 bytes and was killed")
        case .fileLimitExceeded:
            return .fail(
                .sampleFileLimit,
                "\(noun) wrote more than \(RunFolderLimit.bytes >> 20) MiB or \(RunFolderLimit.entries) files into its folder and was killed"
            )
        case .sandboxFailed(let status, false):
            return .fail(
                .sampleUnverifiable,
                "\(noun) could not be verified: the sandbox did not start: bubblewrap exited with status \(status) before its shell ran"
            )
        case .sandboxFailed(let status, true):
            return .fail(
                .sampleUnverifiable,
                "\(noun) could not be verified: the sandbox's shell started but ended without its verdict (exit status \(status)), and nothing measured says the \(noun) filled its folder"
            )
        case .sandboxNotStarted:
            return .fail(
                .sampleUnverifiable, "\(noun) could not be verified: its sandbox had not started it after 123 s")
        case .signaled(let signal) where UnfinishedProcess.signalsFromOutside.contains(signal):
            return .fail(
                .sampleUnverifiable,
                "\(noun) was killed by \(Subprocess.signalName(signal)), not by lecture's limits, and could not be verified"
            )
        case .signaled(let signal):
            // should_fail: a plain sample's trap is its panic; a test program's crash is no failed test.
            if kind == .plainShouldFail { return .pass }
            return .fail(.sampleExit, "\(noun) crashed with \(Subprocess.signalName(signal))")
        case .exited(0):
            switch kind {
            case .plainShouldFail: return .fail(.sampleExit, "sample is marked 'should_fail' but exited with status 0")
            case .testShouldFail: return .fail(.sampleTest, "test sample is marked 'should_fail' but every test passed")
            default: return .pass
            }
        case .exited(let status):
            if shouldFail { return .pass }
            return kind.isTest
                ? .fail(.sampleTest, "test 'adds()' failed: Expectation failed")
                : .fail(.sampleExit, "sample exited with status \(status)")
        }
    }

    /// The verdict the verifier gives a run of `kind` that ended with `termination`.
    static func judgedRun(_ kind: Kind, _ termination: Subprocess.Termination) -> (Verdict, [Diagnostic]) {
        let sample = kind.sample
        let run = Subprocess.Result(
            termination: termination, stdout: Array("hi\n".utf8), stderr: Array("boom\n".utf8), duration: 0)
        let diagnostics: [Diagnostic]
        if kind.isTest {
            let clean = termination == .exited(0)
            let tests = [
                TestCaseResult(
                    name: "adds()", passed: clean,
                    failures: clean ? [] : [TestCaseResult.Failure(message: "Expectation failed")])
            ]
            diagnostics = SampleVerifier.testFailures(
                sample, run: run, tests: tests, reachedEnd: true, limits: verifier.runLimits)
        } else {
            var result = SampleResult.unverified(sample)
            verifier.judgeRuns(.init(first: run, again: run.isComplete ? run : nil), of: sample, into: &result)
            #expect((result.outcome == .passed) == result.diagnostics.isEmpty)
            diagnostics = result.diagnostics
        }
        let verdict =
            diagnostics.first.map { Verdict.fail($0.identifier, $0.summary) } ?? .pass
        return (verdict, diagnostics)
    }

    @Test(arguments: Kind.allCases.filter(\.runs))
    func everyRunEndingHasOneVerdict(_ kind: Kind) {
        for (name, termination) in Self.endings {
            let (verdict, diagnostics) = Self.judgedRun(kind, termination)
            #expect(verdict == Self.expectedRun(kind, termination), "\(kind) \(name): \(diagnostics)")
            #expect(diagnostics.count <= 1, "\(kind) \(name): one error per run, \(diagnostics)")
            // An error of the ending shows what the program wrote to stderr, whatever the program.
            if let error = diagnostics.first, error.identifier != .sampleTest {
                #expect(error.notes.contains("stderr:\nboom"), "\(kind) \(name): \(error.notes)")
            }
            // A crash of a `should_fail` test program says how to show a trap instead.
            if kind == .testShouldFail, diagnostics.first?.identifier == .sampleExit {
                #expect(diagnostics[0].notes.contains { $0.hasPrefix("a crash is no failed test") }, "\(name)")
            }
        }
    }

    /// What a compile ending `termination` means for a sample of `kind`.
    static func expectedCompile(_ kind: Kind, _ termination: Subprocess.Termination) -> (Verdict?, runs: Bool) {
        switch termination {
        case .timedOut:
            return (
                .fail(.sampleCompileTimeout, "compiling the sample took longer than 120 s; the compiler was stopped"),
                false
            )
        case .signaled(let signal):
            return (
                .fail(
                    .sampleUnverifiable,
                    "the compiler was killed by \(Subprocess.signalName(signal)) and the sample could not be verified"),
                false
            )
        case .outputLimitExceeded, .fileLimitExceeded, .sandboxFailed, .sandboxNotStarted:
            // Cut short by a limit: what the compiler said is not all it would have said.
            return (
                .fail(
                    .sampleUnverifiable,
                    "the compiler wrote more output than lecture keeps and was stopped; the sample could not be verified"
                ),
                false
            )
        case .exited(0):
            switch kind {
            case .compileFail: return (.fail(.sampleCompile, "sample compiled, but is marked 'compile_fail'"), false)
            case .noRun: return (.pass, false)
            default: return (nil, true)
            }
        default:
            // "boom" names no line of the sample: swiftc failed, not the sample (`CompilerOwnFailure`),
            // a compile_fail sample included; a located error is the sample's (`SampleVerifierTests`).
            return (
                .fail(
                    .sampleUnverifiable,
                    "the compiler failed without naming a line of the sample; the sample could not be verified"),
                false
            )
        }
    }

    /// Every compile ending, for every kind, alone and as a member of a module of test samples
    /// compiled by one job: the one judge of a compile gives the same verdict both ways.
    @Test(arguments: Kind.allCases)
    func everyCompileEndingHasOneVerdictAloneAndMerged(_ kind: Kind) {
        let sample = kind.sample
        for (name, termination) in Self.endings {
            let compile = Subprocess.Result(
                termination: termination, stdout: [], stderr: Array("boom\n".utf8), duration: 0)
            var alone = SampleResult.unverified(sample)
            let runs = Self.verifier.judgeCompile(compile, of: sample, into: &alone)
            let merged = MergedSamples.memberResult(sample, compile: compile, verifier: Self.verifier)
            let (expected, expectedRuns) = Self.expectedCompile(kind, termination)
            #expect(runs == expectedRuns, "\(kind) \(name)")
            let verdict =
                alone.diagnostics.first.map { Verdict.fail($0.identifier, $0.summary) }
                ?? (alone.outcome == .passed ? .pass : nil)
            #expect(verdict == expected, "\(kind) \(name): \(alone.diagnostics)")
            #expect(alone.diagnostics.count <= 1, "\(kind) \(name): \(alone.diagnostics)")
            // Merged, the member's verdict is the one alone: the same judge.
            #expect(merged.merged && merged.outcome == alone.outcome && merged.compiled == alone.compiled)
            #expect(merged.diagnostics == alone.diagnostics, "\(kind) \(name)")
        }
    }
}
