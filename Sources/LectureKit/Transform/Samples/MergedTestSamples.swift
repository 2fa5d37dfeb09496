import Foundation
import LectureSupport
internal import SwiftAnalysis

/// `test` samples in a merged program (`MergedSamples`): each its own module, compiled from its
/// code and its generated runner (`TestProgram`) by one frontend job with the module's own entry
/// point, so the dispatcher starts its runner as it starts any sample's `main`; linked into a
/// program of their own, `tests` (the name of a test program linked alone), with the testing
/// libraries the plain samples' program never loads; each run once in its own process, as alone.
///
/// - XCTest's runner lists the sample's own test classes (`XCTMain`), so it runs nothing else.
/// - Swift Testing's runner finds tests in the whole image's test content records, every sample's
///   alike, so it runs only the tests whose ID holds the sample's own file, `sample_N.swift:`
///   (`TestProgram.swiftTestingRunner`'s filter). An ID is `Module.Suite/name()/file:line:column`
///   with the module's ABI name for a suite and its name (`Sample`) for a free function, which is
///   why the file is named after the sample: without it, two samples' free functions at the same
///   line would share an ID, and the testing library would run only one of them.
///
/// Only a clean pass comes from the merged program: a test sample that does not compile, fails
/// in any way (a failed test, a crash, a time-out, no test run), is `should_fail`, or shows its
/// module's ABI name (in a test's name or message, or in what it printed) is verified alone, so
/// its diagnostics, stderr and test report are the ones it has alone.
extension MergedSamples {
    /// The program test samples are linked into, in the batch folder.
    static let testProgram = "tests"

    /// Whether a `test` sample can be merged: not one with an exit test (`#expect(processExitsWith:)`),
    /// which Swift Testing runs by starting the program again through `/proc/self/exe`, a path
    /// that does not name the sample, so the dispatcher could not start it.
    static func acceptsTests(_ sample: Sample) -> Bool {
        !sample.program.contains("xitsWith")
    }

    /// The file sample `index`'s code is compiled from, named after the sample (see above).
    static func testFile(_ index: Int) -> String { "sample_\(index).swift" }

    /// Compiles test sample `index` and its runner in `batch/index` into `main.o` and `runner.o`,
    /// one frontend job with both as primary files (the driver runs one job per file, with the
    /// same flags). `nil` result (verified alone) when it declares no tests or mixes libraries
    /// (reported alone) or does not compile (its messages are then the two jobs' of alone).
    static func compileTests(
        _ sample: Sample, index: Int, in batch: String, frontend: FrontendArguments, verifier: SampleVerifier
    ) -> Compiled {
        let start = ContinuousClock.now
        // Read once, when the modules were planned (`SampleSyntax`).
        let discovered = verifier.syntax.tests(of: sample)
        let work = batch + "/\(index)"
        guard SampleVerifier.discoveryProblem(discovered) == nil,
            let runner = TestProgram.runner(for: discovered, filter: testFile(index) + ":"),
            (try? FileManager.default.createDirectory(atPath: work, withIntermediateDirectories: false)) != nil,
            (try? ScratchFile.write(sample.program, to: work + "/" + testFile(index))) != nil,
            (try? ScratchFile.write(runner, to: work + "/runner.swift")) != nil
        else { return Compiled(result: nil, object: false) }
        let arguments =
            frontend.arguments(parseAsLibrary: true, files: [testFile(index), "runner.swift"]) + [
                "-I", verifier.libraries.directory, "-module-abi-name", moduleABIName(index),
                "-entry-point-function-name", SampleDispatcher.entryPoint(index), "-o", "main.o", "-o", "runner.o",
            ]
        guard
            let compile = try? verifier.compilerJob(frontend.executable, arguments, in: work),
            compile.succeeded
        else { return Compiled(result: nil, object: false) }
        var result = SampleResult.unverified(sample)
        result.merged = true
        // The one judge of a compile: a test sample that compiled is to be run.
        _ = verifier.judgeCompile(compile, of: sample, into: &result)
        result.duration = (ContinuousClock.now - start).seconds
        return Compiled(
            result: result, object: true, objects: ["\(index)/main.o", "\(index)/runner.o"],
            exports: [SampleDispatcher.entryPoint(index)], module: index)
    }

    /// Compiles the test samples at `indices` (a unit of `TestModuleGroups`, two or more) as the
    /// files of one module, `sample_N.swift` each and one runner (`TestProgram.groupRunner`), by
    /// one frontend job in `batch/FIRST`, with the first sample's module ABI name and entry
    /// point. When the job fails or says anything about a sample's lines, each is compiled by a
    /// job of its own (`compileTests(_:index:in:frontend:verifier:)`), so that what a sample is
    /// told is what its own job says. One result per index, in order.
    static func compileTests(
        _ indices: [Int], of samples: [Sample], in batch: String, frontend: FrontendArguments,
        verifier: SampleVerifier
    ) -> [Compiled] {
        let alone = {
            indices.map { compileTests(samples[$0], index: $0, in: batch, frontend: frontend, verifier: verifier) }
        }
        let start = ContinuousClock.now
        let leader = indices[0]
        let work = batch + "/\(leader)"
        let members = indices.map { (index: $0, tests: verifier.syntax.tests(of: samples[$0])) }
        let files = indices.map(testFile) + ["runner.swift"]
        let objects = files.map { String($0.dropLast(".swift".count)) + ".o" }
        guard
            (try? FileManager.default.createDirectory(atPath: work, withIntermediateDirectories: false)) != nil,
            (try? ScratchFile.write(TestProgram.groupRunner(for: members), to: work + "/runner.swift")) != nil,
            indices.allSatisfy({ (try? ScratchFile.write(samples[$0].program, to: work + "/" + testFile($0))) != nil })
        else { return alone() }
        let arguments =
            frontend.arguments(parseAsLibrary: true, files: files) + [
                "-I", verifier.libraries.directory, "-module-abi-name", moduleABIName(leader),
                "-entry-point-function-name", SampleDispatcher.entryPoint(leader),
            ] + objects.flatMap { ["-o", $0] }
        guard
            let compile = try? verifier.compilerJob(frontend.executable, arguments, in: work),
            compile.succeeded,
            indices.allSatisfy({
                CompilerOutput.diagnostics(
                    from: compile.stderrText, sample: samples[$0], cancellation: verifier.run.cancellation
                ).isEmpty
            })
        else {
            // The leader's folder is its own job's again.
            try? FileManager.default.removeItem(atPath: work)
            return alone()
        }
        let duration = (ContinuousClock.now - start).seconds / Double(indices.count)
        return indices.map { index in
            // Each member runs as `N/tests` from a folder of its own, as any test sample.
            if index != leader {
                try? FileManager.default.createDirectory(
                    atPath: batch + "/\(index)", withIntermediateDirectories: false)
            }
            var result = memberResult(samples[index], compile: compile, verifier: verifier)
            result.duration = duration
            return Compiled(
                result: result, object: true, objects: index == leader ? objects.map { "\(leader)/" + $0 } : [],
                exports: [index == leader ? SampleDispatcher.entryPoint(index) : SampleDispatcher.leaderSymbol(index)],
                module: leader)
        }
    }

    /// The result of a member of a module of test samples compiled by one job (`compile`), as
    /// the one judge of a compile (`SampleVerifier.judgeCompile`) reads that job for it.
    static func memberResult(_ sample: Sample, compile: Subprocess.Result, verifier: SampleVerifier) -> SampleResult {
        var result = SampleResult.unverified(sample)
        result.merged = true
        _ = verifier.judgeCompile(compile, of: sample, into: &result)
        return result
    }

    /// Runs test sample `index` of the test program in `batch` once; its result, or `nil` when
    /// it is to be verified alone.
    static func runTests(
        _ sample: Sample, index: Int, in batch: String, compiled: Compiled, verifier: SampleVerifier
    ) -> SampleResult? {
        let start = ContinuousClock.now
        guard var result = compiled.result else { return nil }
        guard let executable = try? SampleDispatcher.entry(index, in: batch, program: testProgram),
            let run = try? verifier.runTestProgram(executable, of: sample, into: &result),
            result.outcome == .passed, !sample.shouldFail
        else { return nil }
        let abiName = moduleABIName(compiled.module)
        let shown = [run.stdoutText, run.stderrText] + result.tests.flatMap { [$0.name] + $0.failures.map(\.message) }
        if shown.contains(where: { $0.contains(abiName) }) { return nil }
        result.duration += (ContinuousClock.now - start).seconds
        return result
    }
}
