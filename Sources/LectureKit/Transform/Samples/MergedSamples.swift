import Foundation
import LectureSupport
internal import SwiftAnalysis

/// The fast path of a cold check: many samples verified as one merged program, the way rustdoc
/// merges doctests (rust-lang/rust#126245).
///
/// Each sample stays its own module, compiled from its own `main.swift` by its own frontend
/// job (`swift-frontend -frontend -c`, the job the driver would run, without the driver), with the same
/// flags as alone, plus a module ABI name of its own (`-module-abi-name`, so the modules' symbols
/// never clash) and an entry point of its own (`-entry-point-function-name`). One link joins
/// every object and a small dispatcher (`SampleDispatcher`) into one program; each run is still
/// one sample in its own process, reached through a link `N/sample` to the program, in a
/// fresh folder, under the same time limit, environment and two-run rule as a sample linked
/// alone. What a sample costs alone beyond its frontend job (the driver, `swift-autolink-extract`,
/// the link) is paid once for all.
///
/// A sample falls back to being verified alone (`SampleVerifier.verify(_:)`) when the merged
/// program cannot answer for it: the link fails (every sample of it), its output or stderr
/// shows its module's ABI name (a type printed with its module, such as `dump` or a class's
/// default description, reads `Sample` only when linked alone), or its run failed (other than
/// by a time-out), or it is `should_fail`, so that only a clean pass comes from the merged program.
/// `test` samples have a program of their own (`MergedTestSamples.swift`).
struct MergedSamples {
    /// The verifier whose flags, stand-ins, options and verdicts the merged path shares.
    var verifier: SampleVerifier

    /// Below this many uncached samples the merged program saves nothing (one link either way).
    static let minimumCount = 2

    /// Whether `sample` can be part of a merged program: plain, `no_run` and `test` samples (but
    /// see `acceptsTests`); `compile_fail` ones are verified alone (a program that does not link
    /// is judged, `CompileFailCause`), `ignore` ones are not compiled. A sample that declares something the whole
    /// process sees (`ProcessWideDeclarations`: a retroactive conformance, an unmangled symbol) is
    /// verified alone, so that no other sample of the program sees it. A sample with compiler
    /// flags of its own (`flags="…"`) is verified alone too: the merged program is compiled with
    /// the book's flags only; so is one that reads files of the book (`reads=`), which its own run
    /// folder holds.
    static func accepts(_ sample: Sample, syntax: SampleSyntax = SampleSyntax()) -> Bool {
        (sample.mode == .run || sample.mode == .noRun || (sample.mode == .test && acceptsTests(sample)))
            && sample.compilerFlags.isEmpty && sample.reads.isEmpty && !syntax.facts(of: sample).processWide
    }

    /// The ABI name of the module of the sample at `index` in a merged program.
    static func moduleABIName(_ index: Int) -> String { "Sample_merged_\(index)" }

    /// Verifies `samples`, calling `finished` as each one's result is final; `nil` for a sample
    /// the merged program could not answer for, to be verified alone. `frontend` is the driver's
    /// frontend job being asked (`SampleVerifier.verify` asks it while the samples' syntax trees
    /// are read); asked here when `nil`.
    func verify(
        _ samples: [Sample], frontend asked: FrontendArguments.Lookup? = nil,
        finished: @escaping @Sendable (Sample) -> Void
    ) -> [SampleResult?] {
        if samples.isEmpty { return [] }
        // The driver's frontend job asked (on a cold cache) while the samples' modules are
        // planned; it is always answered before this returns. (Asked from `SampleStage.prepare`
        // on, it started no compile sooner in three alternating runs, and could still be
        // running when a build stopped.)
        let verifier = self.verifier
        let lookup = asked ?? FrontendArguments.Lookup(for: verifier)
        let planned = TestModuleGroups.units(of: samples, jobs: verifier.run.jobs, syntax: verifier.syntax)
        guard let frontend = lookup.answer(),
            let batch = try? FileSystem.makeTemporaryDirectory(prefix: "lecture-merged")
        else { return samples.map { _ in nil } }
        defer { FileSystem.removeTemporaryDirectory(batch) }
        guard (try? SampleDispatcher.place(in: batch, libraries: verifier.libraries)) != nil else {
            return samples.map { _ in nil }
        }
        let options = verifier.options

        // Hover cards are looked up one program at a time (`DeclarationCards`): each sample's as
        // soon as it compiles, beside the other jobs, and kept only for those that pass.
        let cards = HoverCardPrefetch(samples, verifier: verifier, enabled: options.swiftAnalysis)
        defer { cards.close() }

        // 1. One frontend job per sample (`test` samples that can share a module, one per
        // module: `TestModuleGroups`) on the job pool, the longest first (by code size, a proxy
        // for compile time), so the jobs finish together instead of one long sample compiling
        // alone while the link waits (LPT scheduling, Graham 1969). The dispatcher is built once
        // per compiler, with the stand-ins.
        let size = { (unit: [Int]) in unit.map { samples[$0].program.utf8.count }.reduce(0, +) }
        let units = planned.sorted { size($0) > size($1) }
        let done = units.parallelMap(jobs: verifier.run.jobs, start: .atOnce) { unit -> [Compiled] in
            let compiled =
                unit.count > 1
                ? Self.compileTests(unit, of: samples, in: batch, frontend: frontend, verifier: verifier)
                : [Self.compile(samples[unit[0]], index: unit[0], in: batch, frontend: frontend, verifier: verifier)]
            for (index, one) in zip(unit, compiled) where one.object { cards.add(index) }
            return compiled
        }
        cards.close()
        var byIndex = [Compiled](repeating: Compiled(result: nil, object: false), count: samples.count)
        for (unit, compiled) in zip(units, done) {
            for (index, one) in zip(unit, compiled) { byIndex[index] = one }
        }
        let compiled = byIndex
        var results: [SampleResult?] = compiled.map(\.result)

        // 2. One link of every object that compiled; `test` samples' into a program of their own
        // (`testProgram`), so that only it loads the testing libraries. A program that does not
        // link leaves its samples to be verified alone.
        let compiledIndices = samples.indices.filter { compiled[$0].object }
        let programs = [
            (SampleDispatcher.program, compiledIndices.filter { samples[$0].mode != .test }),
            (Self.testProgram, compiledIndices.filter { samples[$0].mode == .test }),
        ].filter { !$0.1.isEmpty }
        let unlinked = programs.parallelMap(jobs: verifier.run.jobs, start: .atOnce) { program, indices in
            Self.link(indices.map { compiled[$0] }, into: program, in: batch, verifier: verifier) ? [] : indices
        }.flatMap { $0 }
        for index in unlinked { results[index] = nil }
        let linked = compiledIndices.filter { !unlinked.contains($0) }

        // 3. Each sample run on its own, twice (the two-run rule; a test program once, as alone),
        // on the job pool.
        let ran = linked.parallelMap(jobs: verifier.run.jobs, start: .atOnce) { index -> SampleResult? in
            var result = compiled[index].result!
            if samples[index].mode == .test {
                return Self.runTests(
                    samples[index], index: index, in: batch, compiled: compiled[index], verifier: verifier)
            }
            guard samples[index].mode == .run else { return result }
            let start = ContinuousClock.now
            do {
                let executable = try SampleDispatcher.entry(index, in: batch)
                let runs = try verifier.repeatedRuns(executable, of: samples[index], reads: nil)
                let abiName = Self.moduleABIName(index)
                if ([runs.first] + (runs.again.map { [$0] } ?? [])).contains(where: {
                    $0.stdoutText.contains(abiName) || $0.stderrText.contains(abiName)
                }) {
                    return nil
                }
                verifier.judgeRuns(runs, of: samples[index], into: &result)
                // A failure is confirmed alone: a value computed from the module's ABI name
                // (`String(reflecting:)`'s length, `NSClassFromString("Sample.…")`) or another
                // sample's effect on the process can fail a sample only merged, and `--bless`
                // must write what the sample prints alone; a `should_fail` sample passes by failing,
                // so its pass is confirmed too. A time-out is not run again.
                if result.outcome != .passed || samples[index].shouldFail,
                    !result.diagnostics.contains(where: { $0.identifier == .sampleTimeout })
                {
                    return nil
                }
            } catch {
                result.diagnostics.append(
                    .error(
                        .sampleUnverifiable, samples[index].path, samples[index].location,
                        "sample could not be verified: \(SystemErrorText.reason(of: error))"))
            }
            result.duration += (ContinuousClock.now - start).seconds
            return result
        }
        for (index, result) in zip(linked, ran) { results[index] = result }
        return Self.finished(results, samples, finished, verifier, cards)
    }

    /// What the frontend job of one sample (or of a module of `test` samples) left: the result so far
    /// (`nil` when the sample is to be verified alone), whether it is to be linked, the objects
    /// its job wrote (relative to the batch folder), the symbols the dispatcher finds it by,
    /// and the index whose module ABI name (`moduleABIName(_:)`) its module has.
    struct Compiled: Sendable {
        var result: SampleResult?
        var object: Bool
        var objects: [String] = []
        var exports: [String] = []
        var module: Int = 0
    }

    /// Compiles sample `index` into `batch/index/main.o` with its own module ABI name and entry
    /// point; the result holds its compiler diagnostics, and its verdict when it is not run.
    static func compile(
        _ sample: Sample, index: Int, in batch: String, frontend: FrontendArguments, verifier: SampleVerifier
    ) -> Compiled {
        if sample.mode == .test {
            return compileTests(sample, index: index, in: batch, frontend: frontend, verifier: verifier)
        }
        let start = ContinuousClock.now
        var result = SampleResult.unverified(sample)
        result.merged = true
        let work = batch + "/\(index)"
        do {
            try FileManager.default.createDirectory(atPath: work, withIntermediateDirectories: false)
            try ScratchFile.write(sample.program, to: work + "/main.swift")
            let arguments =
                frontend.arguments(parseAsLibrary: sample.declaresMain) + [
                    "-I", verifier.libraries.directory, "-module-abi-name", moduleABIName(index),
                    "-entry-point-function-name", SampleDispatcher.entryPoint(index), "-o", "main.o",
                ]
            let compile = try verifier.compile(sample, arguments, in: work, running: frontend.executable)
            let run = verifier.judgeCompile(compile, of: sample, into: &result)
            result.duration = (ContinuousClock.now - start).seconds
            // A `no_run` sample is linked too: it passes only if the merged program links.
            return Compiled(
                result: result, object: run || (compile.succeeded && sample.mode == .noRun),
                objects: ["\(index)/main.o"], exports: [SampleDispatcher.entryPoint(index)], module: index)
        } catch {
            result.diagnostics.append(
                .error(
                    .sampleUnverifiable, sample.path, sample.location,
                    "sample could not be verified: \(SystemErrorText.reason(of: error))"))
            return Compiled(result: result, object: false)
        }
    }

    /// Links the objects of `compiled` and the dispatcher into `batch/program`; whether it linked.
    private static func link(_ compiled: [Compiled], into program: String, in batch: String, verifier: SampleVerifier)
        -> Bool
    {
        let link = try? verifier.compilerJob(
            verifier.toolchain.swiftc,
            [SampleDispatcher.linkedObject] + verifier.libraries.lineBufferedOutput + compiled.flatMap(\.objects)
                // Only the entry points are exported, for the dispatcher's `dlsym`.
                + compiled.flatMap(\.exports).flatMap { ["-Xlinker", "--export-dynamic-symbol=" + $0] }
                + verifier.libraries.compilerArguments + ["-o", program],
            in: batch, timeout: 600)
        return link?.succeeded == true
    }

    /// `results` completed (`SampleVerifier.finish`: hover cards, cache) and reported; samples
    /// left `nil` are not reported here.
    private static func finished(
        _ results: [SampleResult?], _ samples: [Sample], _ finished: @escaping @Sendable (Sample) -> Void,
        _ verifier: SampleVerifier, _ cards: HoverCardPrefetch
    ) -> [SampleResult?] {
        let found = cards.answers()
        return Array(results.indices).parallelMap(jobs: verifier.run.jobs, start: .atOnce) { index -> SampleResult? in
            guard let result = results[index] else { return nil }
            let done = verifier.finish(
                result, started: ContinuousClock.now - .seconds(result.duration), cards: found[index])
            finished(samples[index])
            return done
        }
    }
}
