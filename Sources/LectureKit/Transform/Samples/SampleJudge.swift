import CommonMark
import Foundation
import LectureSupport

/// The one judge of a sample's compile and runs, for every kind of sample on either path (merged
/// or alone): what a compile, two runs or one run mean for the sample's verdict.
extension SampleVerifier {
    /// Records a compile's diagnostics and verdict in `result`; whether the sample is to be run
    /// (it compiled and is neither `compile_fail` nor `no_run`). The one judge of a compile, for
    /// every kind of sample on either path (the merged path's, `MergedSamples`, and the alone
    /// path's, `compileAndRun` and `runTests`); a run's verdict is `judgeRuns(_:of:into:)`'s, a
    /// test program's `runTestProgram`'s, on either path too.
    func judgeCompile(_ compile: Subprocess.Result, of sample: Sample, into result: inout SampleResult) -> Bool {
        // A compile that did not run to its end is no verdict on the sample, and is not cached.
        if let unfinished = UnfinishedProcess(compile: compile) {
            result.diagnostics.append(
                unfinished.compileError(
                    of: sample, limit: options.compileTimeout, memory: options.compileMemoryMiB,
                    stderr: compile.stderrText))
            result.outcome = .failed
            return false
        }
        // A compile that failed on a file of the cache (moved, copied, cut short) is no verdict
        // on the sample either: not cached, and verified again once that part is built again.
        if !compile.succeeded, CompiledCacheDamage.refused(compile.stderrText, by: self) {
            result.failedOnTheCache = true
            result.diagnostics.append(
                CompiledCacheDamage.error(
                    of: sample, output: ProgramPaths.shown(compile.stderrText, of: sample, as: sample.path)))
            result.outcome = .failed
            return false
        }
        let compilerDiagnostics = CompilerOutput.diagnostics(
            from: compile.stderrText, sample: sample, cancellation: run.cancellation)
        // A compile that failed without naming a line of the sample failed on swiftc or its
        // environment: no verdict, not cached (`compiled` stays false).
        if let own = CompilerOwnFailure.error(of: sample, compile: compile, located: compilerDiagnostics) {
            result.diagnostics.append(own)
            result.outcome = .failed
            return false
        }
        result.compiled = true
        if sample.mode == .compileFail {
            result.undeclaredNames = UndeclaredNameHint.onlyUndeclared(compile.stderrText)
            if compile.succeeded {
                result.diagnostics.append(
                    .error(
                        .sampleCompile,
                        sample.path, sample.location, "sample compiled, but is marked 'compile_fail'",
                        notes: ["a 'compile_fail' sample must fail to compile; remove the attribute if it should build"]
                    ))
            } else if let wrong = CompileFailExpectation.mismatch(compile.stderrText, of: sample) {
                result.diagnostics.append(wrong)
            } else if let elsewhere = CompileFailCause.error(
                of: sample, located: compilerDiagnostics, stderr: compile.stderrText)
            {
                result.diagnostics.append(elsewhere)
            } else {
                result.outcome = .passed
            }
            return false
        }
        // What the page's continued fences above it gave is the page program's to report.
        let shown = ContextErrors.folded(compilerDiagnostics, of: sample, compiled: compile.succeeded)
        result.diagnostics += Self.withHints(
            ProgramRedeclaration.noted(CompileErrorHints.withUnusedValueNotes(shown, of: sample), of: sample),
            CompileErrorHints.notes(shown, of: sample, languageMode: options.swiftLanguageMode))
        guard compile.succeeded else {
            if !shown.hasErrors {
                result.diagnostics.append(
                    .error(
                        .sampleCompile, sample.path, sample.location,
                        sample.mode == .test ? "test sample does not compile" : "sample does not compile",
                        notes: [ProgramPaths.shown(compile.stderrText, of: sample, as: sample.path)]))
            }
            return false
        }
        if sample.mode == .noRun {
            result.outcome = .passed
            return false
        }
        return true
    }

    /// `diagnostics` with `hints` (`CompileErrorHints`) on the first error; the advice that
    /// follows them is the book's to give (`CompileErrorAdvice`), after every sample is judged.
    static func withHints(_ diagnostics: [Diagnostic], _ hints: [String] = []) -> [Diagnostic] {
        guard let first = diagnostics.firstIndex(where: { $0.severity == .error }) else { return diagnostics }
        var hinted = diagnostics
        hinted[first].notes += hints
        return hinted
    }

    /// Records the verdict on a sample's runs (two, or more, `repeatedRuns`) in `result`.
    func judgeRuns(_ runs: RepeatedRuns, of sample: Sample, into result: inout SampleResult) {
        guard let runs = Self.ownRuns(runs, of: sample) else {
            result.diagnostics.append(Self.endedInContext(runs.first, of: sample))
            result.outcome = .failed
            return
        }
        let run = runs.first
        let again = runs.again
        result.actualOutput = run.stdoutText
        result.outputIsNotUTF8 = OutputComparison.notUTF8(run.stdout) != nil
        var failures: [Diagnostic]
        if let path = RunPathOutput.firstPath(in: run.stdoutText)
            ?? again.flatMap({
                RunPathOutput.firstPath(in: $0.stdoutText)
            })
        {
            failures = [RunPathOutput.error(path, of: sample)]
        } else if let needle = MachinePathOutput.firstNeedle(in: run.stdoutText, options.machinePaths) {
            failures = [MachinePathOutput.printed(needle, by: sample)]
        } else if let found = SecretScan.first(in: run.stdoutText) {
            failures = [SecretOutput.printed(found, by: sample)]
        } else if let forged = Self.printedPartMarker(run, again, of: sample) {
            failures = [forged]
        } else if let again, again.termination.isTheSandboxs {
            // A second run its sandbox failed or did not start says nothing of the program:
            // unverifiable, not "differs".
            failures = Self.oneFailurePerRun(judge(again, of: sample))
        } else if let again,
            let differs = RunComparison.difference(run, again, sample: sample, secondNumber: runs.againNumber)
        {
            failures = [differs]
        } else {
            failures = Self.oneFailurePerRun(judge(run, of: sample))
        }
        if let first = failures.indices.first,
            let note = NetworkFailureHint.note(stderr: run.stderrText, stdout: run.stdoutText)
        {
            failures[first].notes.append(note)
        }
        if let first = failures.indices.first,
            let note = MissingFileHint.note(stderr: run.stderrText, stdout: run.stdoutText, sample: sample)
        {
            failures[first].notes.append(note)
        }
        if failures.isEmpty, let missing = Self.failedOnAMissingFile(run, of: sample) { failures = [missing] }
        result.diagnostics += failures
        result.outcome = failures.isEmpty ? .passed : .failed
    }

    /// `runs` with each run's output cut to what the fence's own code printed, after the page's
    /// fences it is run with (`Sample.ownOutput`); `nil` when the first run ended in those fences.
    static func ownRuns(_ runs: RepeatedRuns, of sample: Sample) -> RepeatedRuns? {
        guard sample.marksContextEnd else { return runs }
        var own = runs
        guard let first = sample.ownOutput(runs.first.stdout) else { return nil }
        own.first.stdout = first
        if let again = runs.again { own.again?.stdout = sample.ownOutput(again.stdout) ?? again.stdout }
        return own
    }

    /// The error for a run whose own output holds more part markers (`Sample.partMarker`) than
    /// the program prints (`Sample.ownPartMarkers`): the program printed the marker itself, which
    /// would move what it printed from one fence's output block to another's.
    static func printedPartMarker(_ run: Subprocess.Result, _ again: Subprocess.Result?, of sample: Sample)
        -> Diagnostic?
    {
        let printed = [run, again].compactMap { $0 }.map {
            $0.stdoutText.components(separatedBy: Sample.partMarker).count - 1
        }
        guard let most = printed.max(), most > sample.ownPartMarkers else { return nil }
        return .error(
            .sampleOutputMismatch, sample.path, sample.location,
            "the program printed lecture's part marker itself (\(most) markers, \(sample.ownPartMarkers) expected)",
            notes: [
                "lecture prints a marker drawn for each run between a continued page's fences, to tell which fence printed what; a program that prints it could show one fence's output under another's block"
            ])
    }

    /// The error for a fence run after the page's fences above it (a `should_fail` one) whose run
    /// ended in them, before its own code: a crash there is no crash of the fence's own.
    static func endedInContext(_ run: Subprocess.Result, of sample: Sample) -> Diagnostic {
        let stderr = readableStderr(run.stderrText, of: sample)
        let ended = Diagnostic.error(
            .sampleExit, sample.path, sample.location,
            "'should_fail' sample ended in the page's fences above it, before its own code ran",
            notes: [
                "it runs after the page's continued fences (from \(sample.path):\(sample.context.first?.fence.line ?? sample.location.line)), so that it sees their values; the run ended there: fix those fences first"
            ] + (stderr.isEmpty ? [] : ["stderr:\n" + stderr]))
        // A trap in those fences: at its line, where the fix is.
        return TrapPlace.moved(ended, stderr: run.stderrText, of: sample)
    }

    /// The error for a `should_fail` sample that failed because it could not open a file of the
    /// book its fence does not copy into the run's folder (`MissingFileHint`): a false pass, as
    /// a `compile_fail` sample failing on a name an earlier fence declares is
    /// (`UndeclaredNameHint`). `nil` for any other ending.
    static func failedOnAMissingFile(_ run: Subprocess.Result, of sample: Sample) -> Diagnostic? {
        guard sample.shouldFail, run.termination != .exited(0),
            let note = MissingFileHint.note(stderr: run.stderrText, stdout: run.stdoutText, sample: sample)
        else { return nil }
        let stderr = Self.readableStderr(run.stderrText, of: sample)
        return .error(
            .sampleExit, sample.path, sample.location,
            "'should_fail' sample failed because it could not open a file of the book, not for the reason its page gives",
            notes: [note] + (stderr.isEmpty ? [] : ["stderr:\n" + stderr]))
    }

    /// `failures` with each output mismatch of a run that already failed by how it ended (a crash,
    /// a non-zero status) folded into that one error as notes, so a crash is counted once, not a
    /// second time as "output does not match" with what it had not printed.
    static func oneFailurePerRun(_ failures: [Diagnostic]) -> [Diagnostic] {
        guard let ending = failures.firstIndex(where: { $0.identifier == .sampleExit }) else { return failures }
        var folded = failures
        folded[ending].notes += failures.filter { $0.identifier == .sampleOutputMismatch }.flatMap { mismatch in
            [
                "what it printed before it ended, against the output block (it differs from \(mismatch.path):\(mismatch.location?.line ?? 0) on):"
            ]
                + mismatch.notes.prefix(1)
        }
        folded.removeAll { $0.identifier == .sampleOutputMismatch }
        return folded
    }

    /// The verdict on one complete run: how it ended, and its output against the expected one.
    func judge(_ run: Subprocess.Result, of sample: Sample) -> [Diagnostic] {
        let actual = run.stdoutText
        let location = sample.location
        let stderr = Self.readableStderr(run.stderrText, of: sample)
        // stderr is shown with every failure: it is often the reason.
        let stderrNote = stderr.isEmpty ? [] : ["stderr:\n" + stderr]
        // How it ended, read as every kind's ending is (`RunEnding`).
        var failures = [
            RunEnding.failure(
                termination: run.termination, program: .sample, sample: sample, stdout: sample.shownOutput(actual),
                stderr: run.stderrText,
                limits: runLimits, outOfMemory: run.ranOutOfMemory)
        ].compactMap { $0 }
        let crashed: Bool
        switch run.termination {
        case .exited: crashed = false
        default: crashed = true
        }
        // A run cut short (time limit, output cap) has no output worth comparing.
        guard run.isComplete else {
            return sample.marksParts ? failures.map { Self.atRunningPart($0, output: actual, of: sample) } : failures
        }
        if let shown = OutputComparison.notUTF8(run.stdout), sample.hasExpectedOutput {
            failures.append(notUTF8Failure(sample.shownOutput(shown), of: sample, stderrNote: stderrNote))
        } else if sample.continued {
            failures += continuedOutputFailures(actual, of: sample, crashed: crashed, stderrNote: stderrNote)
        } else if let expected = sample.expectedOutput {
            if !OutputComparison.matches(expected: expected, actual: actual) {
                var hints: [String] = []
                if let onStderr = OutputComparison.linesOnStderr(
                    expected: expected, actual: actual, stderr: run.stderrText)
                {
                    // Not lost by ending early: written where the comparison does not look.
                    hints.append(OutputComparison.stderrHint(lines: onStderr, shouldFail: sample.shouldFail))
                } else if OutputComparison.printedNothing(actual), !stderr.isEmpty {
                    // A trap's message, an error thrown at the top level: written to standard
                    // error, which an output block never holds (newuser-7, #5).
                    hints.append(OutputComparison.onlyStderrHint(shouldFail: sample.shouldFail))
                } else if let missing = OutputComparison.missingTail(expected: expected, actual: actual), !crashed,
                    run.termination == .exited(0)
                {
                    hints.append(OutputComparison.endedEarlyHint(missingLines: missing))
                }
                hints.append(
                    crashed && !sample.shouldFail
                        ? "fix the crash first: the output of a sample that did not finish is not what it would print"
                        : sample.linesAreIncluded
                            ? "copy the actual output into the output block (or the file it includes) by hand: 'lecture check --bless' does not rewrite lines an {{#include}} brings"
                            : BlessRefusalNotes.promise)
                // At the block's first line that differs, the line a person edits (new-user
                // round of 2026-12-07: it was the opening fence); an included block's text at its
                // first line, moved to the file it came from (`IncludedLocations`).
                let differing = OutputComparison.firstDifferingLine(expected: expected, actual: actual)
                let at =
                    sample.outputRange.map { range in
                        SourceLocation(
                            line: range.start.line + 1 + (sample.outputIsIncluded ? 0 : differing),
                            column: range.start.column)
                    } ?? location
                failures.append(
                    .error(
                        .sampleOutputMismatch,
                        sample.path, at, "output does not match the expected output",
                        notes: [
                            OutputComparison.diff(
                                expected: expected, actual: actual, fullOutput: keptWhenCut(expected, actual)),
                            "sample at \(sample.path):\(location.line):\(location.column); "
                                + hints.joined(separator: "; "),
                        ] + options.environment.formattingNotes(for: sample, expected: expected, actual: actual)
                            + stderrNote))
            }
        }
        if sample.requiresOutput && !sample.shouldFail && (sample.continued || !sample.hasExpectedOutput) {
            failures += noOutputFailures(actual, stderr: run.stderrText, of: sample, stderrNote: stderrNote)
        }
        if sample.marksParts, crashed || run.termination != .exited(0) {
            failures = failures.map { Self.atRunningPart($0, output: actual, of: sample) }
        }
        return failures
    }

    /// The errors of a sample that has no output block and must have one (`requiresOutput`): one at
    /// the sample's last fence, or on a continued page one at each fence that printed without a
    /// block of its own (newuser-8, #1: not only when no fence of the page has one), each with what
    /// it printed; a continued program none of whose fences has a block and that printed nothing,
    /// one at its last fence.
    func noOutputFailures(_ actual: String, stderr: String, of sample: Sample, stderrNote: [String]) -> [Diagnostic] {
        let silent = stderr.isEmpty ? "" : " (what it wrote to standard error, below, is not compared)"
        if sample.marksParts {
            let printed = Sample.printedParts(actual)
            let at = zip(sample.parts, printed).filter { part, output in
                part.expectedOutput == nil && !part.markedRun && !OutputComparison.printedNothing(output)
            }
            if !at.isEmpty {
                return at.map { noOutputError(at: $0.0, printed: $0.1, of: sample, stderrNote: stderrNote) }
            }
            // Fences that print nothing (declarations) need no block; a program that printed
            // nothing at all, with no block anywhere, verifies nothing but its exit status.
            guard !sample.hasExpectedOutput, OutputComparison.printedNothing(sample.shownOutput(actual)) else {
                return []
            }
            return [
                .error(
                    .sampleNoOutput, sample.path, sample.parts.last!.fence, "sample has no output block",
                    notes: [Self.continuedSilentFix + silent] + stderrNote)
            ]
        }
        // A fence that prints nothing (a declaration) has no output to show: one fix, `run` or
        // `continue`, and no promise that `--bless` writes a block (it writes no empty "verified"
        // box, `Bless`).
        if OutputComparison.printedNothing(actual) {
            return [
                .error(
                    .sampleNoOutput, sample.path, sample.parts.last!.fence,
                    "sample has no output block",
                    notes: [(sample.onContinuedPage ? Self.continuedSilentFix : Self.silentFix) + silent] + stderrNote)
            ]
        }
        return [noOutputError(at: sample.parts.last!, printed: actual, of: sample, stderrNote: stderrNote)]
    }

    /// The error at a fence that printed `printed` and has no output block.
    func noOutputError(at part: Sample.Part, printed: String, of sample: Sample, stderrNote: [String]) -> Diagnostic {
        let bless =
            sample.linesAreIncluded
            ? "write the block by hand: 'lecture check --bless' does not rewrite lines an {{#include}} brings"
            : BlessRefusalNotes.promises[1]
        return .error(
            .sampleNoOutput, sample.path, part.fence, "sample has no output block",
            notes: [
                "add a fenced block with info string 'output' right after it, holding what it prints",
                "it printed:\n" + printed.trimmingCharacters(in: "\n"),
                "or mark it 'run' (passes when it exits with status 0), 'no_run' (compile only) or 'ignore' (shown only); "
                    + bless,
            ] + stderrNote)
    }

    /// The one fix for a sample that must have an output block and prints nothing.
    static let silentFix =
        "it prints nothing: if it declares what a later fence uses, continue the page (continue = [\"page.md\"] under [preprocessor.lecture.samples]) so that fence needs no output block of its own; otherwise mark it 'run' (passes when it exits with status 0)"

    /// The fix for a fence that prints nothing on a page that is continued already (newuser-8,
    /// #3): the page's plain fences are one program, and that program prints nothing.
    static let continuedSilentFix =
        "it prints nothing, and its page is continued already: the page's plain fences are one program, and that program prints nothing; mark this fence 'no_run' (compiled, not run) or 'run' (passes when it exits with status 0), or print what a reader is to see and give it an output block"

    /// `failure` of a continued program that ended badly (a crash, a non-zero status), moved from
    /// the page's first fence to the fence it was running (the last part it printed the marker of).
    static func atRunningPart(_ failure: Diagnostic, output: String, of sample: Sample) -> Diagnostic {
        let ended: Set<Diagnostic.Identifier> = [.sampleExit, .sampleTimeout, .sampleOutputLimit]
        guard ended.contains(failure.identifier), failure.location == sample.location else { return failure }
        let running = min(Sample.printedParts(output).count, sample.parts.count) - 1
        guard running > 0 else { return failure }
        var moved = failure
        moved.location = sample.parts[running].fence
        moved.notes.append(
            "the program continued on this page was running this block; it starts at \(sample.path):\(sample.location.line)"
        )
        return moved
    }

    /// Output with bytes that are not UTF-8 fails, whatever the output block holds: U+FFFD in
    /// the block would otherwise match any invalid byte, and output is compared byte for byte.
    func notUTF8Failure(_ shown: String, of sample: Sample, stderrNote: [String]) -> Diagnostic {
        let at =
            sample.outputRange.map { SourceLocation(line: $0.start.line, column: $0.start.column) } ?? sample.location
        let expected =
            sample.continued ? sample.parts.compactMap(\.expectedOutput).joined(separator: "\n") : sample.expectedOutput
        return .error(
            .sampleOutputMismatch, sample.path, at, "output is not valid UTF-8, so it cannot match the expected output",
            notes: [
                OutputComparison.diff(expected: expected ?? "", actual: shown),
                "sample at \(sample.path):\(sample.location.line):\(sample.location.column); the bytes that are not UTF-8 are shown as \\xFF; "
                    + "print text (String, not raw bytes), or print the bytes' values; 'lecture check --bless' does not write them",
            ] + stderrNote)
    }

    /// The output failures of a continued program: what it printed while running each part
    /// (between two `Sample.partMarker`s) against that part's output block, at the block.
    func continuedOutputFailures(
        _ actual: String, of sample: Sample, crashed: Bool, stderrNote: [String]
    ) -> [Diagnostic] {
        let printed = Sample.printedParts(actual)
        var failures: [Diagnostic] = []
        for (index, part) in sample.parts.enumerated() {
            guard let expected = part.expectedOutput else { continue }
            let segment = index < printed.count ? printed[index] : ""
            guard !OutputComparison.matches(expected: expected, actual: segment) else { continue }
            let differing = OutputComparison.firstDifferingLine(expected: expected, actual: segment)
            let at =
                part.outputRange.map { SourceLocation(line: $0.start.line + 1 + differing, column: $0.start.column) }
                ?? part.fence
            let reached = index < printed.count
            failures.append(
                .error(
                    .sampleOutputMismatch,
                    sample.path, at, "output does not match the expected output",
                    notes: [
                        OutputComparison.diff(expected: expected, actual: segment),
                        "what the program continued on this page printed while running the block at \(sample.path):\(part.fence.line):\(part.fence.column)"
                            + (reached ? "" : " (it ended before reaching the block)")
                            + (crashed && !sample.shouldFail ? "; fix the crash first" : "")
                            + (sample.linesAreIncluded
                                ? "; copy what it printed into the output block by hand: 'lecture check --bless' does not rewrite lines an {{#include}} brings"
                                : "; " + BlessRefusalNotes.promises[2]),
                    ]
                        + options.environment.formattingNotes(for: sample, expected: expected, actual: segment)
                        + stderrNote))
            // A program that ended early fails every later block the same way: report the first.
            if !reached { break }
        }
        return failures
    }

    /// The limits a run of a sample or of a test program is killed at.
    var runLimits: RunEnding.Limits {
        RunEnding.Limits(timeout: options.timeout, output: options.outputLimit, memoryMiB: options.limits.memoryMiB)
    }

    /// Whether a failure is the sample's own, so the same key gives it again: not a time-out, an
    /// output cap, two runs that disagreed, a sample that could not be verified or was cut short.
    static func failureIsCacheable(_ result: SampleResult) -> Bool {
        let uncacheable: Set<Diagnostic.Identifier> = [
            .sampleTimeout, .sampleCompileTimeout, .sampleOutputLimit, .sampleFileLimit, .sampleUnstable,
            .sampleUnverifiable, .cancelled,
        ]
        return result.compiled && !result.diagnostics.contains { uncacheable.contains($0.identifier) }
    }
}

extension SampleVerifier {
    /// The file holding the whole of `actual` when a diff against `expected` is cut
    /// (`OutputComparison.diffLimit`), else `nil`: written into the cache folder, named by its
    /// content (`actual-output/KK/KEY.txt`), so the diff can name where the rest is; written as
    /// every entry is (`Cache.keptFile`), never through a link planted in a restored cache.
    func keptWhenCut(_ expected: String, _ actual: String) -> String? {
        guard OutputComparison.diffIsCut(expected: expected, actual: actual) else { return nil }
        return cache.keptFile(
            kind: .actualOutput, key: SHA256.hex("actual-output", actual), extension: "txt",
            holding: Array(actual.utf8))
    }
}
