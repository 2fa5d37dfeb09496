import CommonMark
import Foundation
import LectureSupport
internal import SwiftAnalysis

/// Verifying a `test` sample: find its tests in the syntax tree, compile it as a library with a
/// generated entry point (`TestProgram`), run it, and read each test's result from the events
/// file. A failed expectation is an error at its Markdown line; `should_fail` inverts the rule to
/// "at least one test fails".
extension SampleVerifier {
    /// Flags a test program is compiled with besides `flags`: the sample holds declarations
    /// only, the generated runner has the `@main` entry point.
    static let testFlags = ["-parse-as-library"]

    func runTests(_ sample: Sample, into result: inout SampleResult) throws {
        let discovered = syntax.tests(of: sample)
        guard let problem = Self.discoveryProblem(discovered) else {
            try compileAndRunTests(sample, discovered, into: &result)
            return
        }
        result.diagnostics.append(
            .error(.sampleTest, sample.path, sample.location, problem.summary, notes: problem.notes))
    }

    /// The runner a `test` sample is compiled with when verified alone (`TestProgram.runner`),
    /// for `make bench`'s baseline to compile and run a test sample as the tool does; `nil` when
    /// its tests cannot run (`discoveryProblem(_:)`).
    package static func testRunnerSource(for sample: Sample) -> String? {
        let discovered = TestDiscovery.discover(in: sample.program)
        return discoveryProblem(discovered) == nil ? TestProgram.runner(for: discovered) : nil
    }

    /// Why `tests` cannot run, if they cannot.
    static func discoveryProblem(_ tests: DiscoveredTests) -> (summary: String, notes: [String])? {
        if tests.isEmpty {
            return (
                "test sample declares no tests",
                [
                    "write '@Test func …' after 'import Testing', or 'func test…()' in a subclass of XCTestCase after 'import XCTest'"
                ]
            )
        }
        if !tests.swiftTestingFunctions.isEmpty && !tests.xcTestClasses.isEmpty {
            return (
                "test sample mixes Swift Testing and XCTest",
                ["split it into two 'swift test' samples, one per testing library"]
            )
        }
        return nil
    }

    private func compileAndRunTests(_ sample: Sample, _ discovered: DiscoveredTests, into result: inout SampleResult)
        throws
    {
        let work = try FileSystem.makeTemporaryDirectory(prefix: "lecture-sample")
        defer { FileSystem.removeTemporaryDirectory(work) }
        try ScratchFile.write(sample.program, to: work + "/sample.swift")
        try ScratchFile.write(TestProgram.runner(for: discovered)!, to: work + "/runner.swift")

        let compile = try compilerJob(
            toolchain.swiftc,
            flags(for: sample) + Self.testFlags + libraries.compilerArguments + libraries.lineBufferedOutput + [
                "sample.swift", "runner.swift", "-o", "tests",
            ], in: work)
        // The compile's verdict is every sample's (`judgeCompile`), merged or alone.
        guard judgeCompile(compile, of: sample, into: &result) else { return }
        try runTestProgram(work + "/tests", of: sample, into: &result)
    }

    /// Runs a built test program once in a fresh folder, and records each test's result and the
    /// verdict in `result`; the run, for what its output shows.
    @discardableResult
    func runTestProgram(_ executable: String, of sample: Sample, into result: inout SampleResult) throws
        -> Subprocess.Result
    {
        let base = try FileSystem.makeTemporaryDirectory(prefix: "lecture-run")
        defer { FileSystem.removeTemporaryDirectory(base) }
        // The run's folder, and beside it the events file, which the program sees in its
        // working folder: contained, a file of this disk bound into its tmpfs
        // (`ContainedRunFolder`); uncontained, written in the folder itself.
        let folder = base + "/run"
        try FileSystem.makeDirectories(folder)
        try SampleReads.provide(sample, in: folder, replaced: options.replaced)
        let working = SampleReads.workingFolder(of: sample)
        let eventsPath = (working.isEmpty ? "" : working + "/") + TestProgram.eventsFile
        let contained = sandbox.isContained
        if contained { try FileSystem.writeAtomically([UInt8](), to: base + "/events") }
        let run = try runBuilt(
            executable, in: folder, working: working,
            readBack: contained ? [(host: base + "/events", inside: eventsPath)] : [])
        // Read as a file the program chose (`RunFolderFile`): never through a link, never past
        // the run folder's limit.
        let reading = contained ? RunFolderFile.read("events", in: base) : RunFolderFile.read(eventsPath, in: folder)
        if let problem = Self.eventsProblem(reading, of: sample) {
            result.tests = []
            result.diagnostics.append(problem)
            result.outcome = .failed
            return run
        }
        let bytes: [UInt8]
        if case .bytes(let read) = reading { bytes = read } else { bytes = [] }
        let log = TestEventLog.read(String(decoding: bytes, as: UTF8.self), sample: sample)
        result.tests = log.tests
        let failures = Self.testFailures(
            sample, run: run, tests: result.tests, reachedEnd: log.reachedEnd, limits: runLimits)
        result.diagnostics += failures
        result.outcome = failures.isEmpty ? .passed : .failed
        return run
    }

    /// The error of a test program whose events file lecture does not read (`RunFolderFile`):
    /// the program put a link, a FIFO or a file past the run folder's limit in its place. nil
    /// when it was read or is missing (a program that ran no tests: `testFailures` says so).
    static func eventsProblem(_ reading: RunFolderFile.Reading, of sample: Sample) -> Diagnostic? {
        let why: String
        switch reading {
        case .bytes, .missing: return nil
        case .refused(let reason): why = reason
        case .tooLarge(let size):
            why = "it holds \(size) bytes, more than the \(RunFolderLimit.bytes >> 20) MiB a sample may write"
        }
        return .error(
            .sampleTest, sample.path, sample.location,
            "test sample's events file '\(TestProgram.eventsFile)' was not read: \(why)",
            notes: ["a sample's program may not replace or grow the file its test results are written to"])
    }

    /// The errors of a test run: how it ended (`RunEnding`: a crash, a limit), no test run at all,
    /// a run whose runner did not reach its end (`reachedEnd`, `TestEventLog.Run`: the process
    /// ended during a test, should_fail or not), then each failed expectation (unless
    /// `should_fail`), or a `should_fail` sample whose tests all passed.
    static func testFailures(
        _ sample: Sample, run: Subprocess.Result, tests: [TestCaseResult], reachedEnd: Bool,
        limits: RunEnding.Limits
    )
        -> [Diagnostic]
    {
        let stderr = readableStderr(run.stderrText, of: sample)
        // How it ended, read as every kind's ending is (`RunEnding`).
        if let ending = RunEnding.failure(
            termination: run.termination, program: .tests, sample: sample, stdout: run.stdoutText,
            stderr: run.stderrText, limits: limits, outOfMemory: run.ranOutOfMemory)
        {
            return [ending]
        }
        var failures: [Diagnostic] = []
        if tests.isEmpty {
            return [
                .error(
                    .sampleTest,
                    sample.path, sample.location, "test sample ran no tests",
                    notes: stderr.isEmpty ? [] : ["stderr:\n" + stderr])
            ]
        }
        if !reachedEnd {
            return [Self.unfinishedRun(sample, run: run, tests: tests, stderr: stderr)]
        }
        let failed = tests.filter { !$0.passed }
        if sample.shouldFail {
            if failed.isEmpty {
                failures.append(
                    .error(
                        .sampleTest,
                        sample.path, sample.location, "test sample is marked 'should_fail' but every test passed",
                        notes: ["passed: " + tests.map(\.name).joined(separator: ", ")]))
            }
            return failures
        }
        for test in failed {
            if test.failures.isEmpty {
                failures.append(.error(.sampleTest, sample.path, sample.location, "test \(quoted: test.name) failed"))
            }
            for failure in test.failures {
                let location =
                    failure.line.map { SourceLocation(line: $0, column: failure.column ?? 1) } ?? sample.location
                failures.append(
                    .error(
                        .sampleTest,
                        sample.path, location, "test \(quoted: test.name) failed: \(failure.message)",
                        notes: [
                            "sample at \(sample.path):\(sample.location.line):\(sample.location.column); mark it 'should_fail' if the failure is the point"
                        ]))
            }
        }
        return failures
    }

    /// The error of a test run whose runner never wrote its end record: code under test ended the
    /// process (`exit`, `_exit`, a signal it handled), so the tests that did not finish or never
    /// ran are not known to pass, whatever the status.
    static func unfinishedRun(_ sample: Sample, run: Subprocess.Result, tests: [TestCaseResult], stderr: String)
        -> Diagnostic
    {
        let status: String
        if case .exited(let code) = run.termination { status = "with status \(code)" } else { status = "early" }
        let unfinished = tests.filter { $0.failures.contains { $0.message == TestEventLog.unfinished } }.map(\.name)
        let neverRan = tests.filter { $0.failures.contains { $0.message == TestEventLog.neverRan } }.map(\.name)
        var notes: [String] = []
        if !unfinished.isEmpty {
            notes.append("did not finish: " + unfinished.map { "\(quoted: $0)" }.joined(separator: ", "))
        }
        if !neverRan.isEmpty {
            notes.append("never ran: " + neverRan.map { "\(quoted: $0)" }.joined(separator: ", "))
        }
        notes.append(
            "a test sample passes only when every test runs to its end: the code under test must not end the process (exit(), _exit()); test such code in a plain sample, or make the exit a thrown error"
        )
        return .error(
            .sampleTest, sample.path, sample.location,
            "test sample's process ended \(status) before the test run finished",
            notes: notes + (stderr.isEmpty ? [] : ["stderr:\n" + stderr]))
    }
}
