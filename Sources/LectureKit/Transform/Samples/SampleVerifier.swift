import CommonMark
import Foundation
import LectureSupport
import Synchronization

/// Compiles and runs samples, compares their output, and caches what passed.
///
/// Each sample is compiled by swiftc against the stand-ins, then run in a fresh temporary
/// directory with stdin from `/dev/null`, a time limit that kills its process group, and capped
/// output (`Subprocess`). Results are keyed by a SHA-256 of everything that can change them (the
/// sample's full code, hidden lines and group included; expected output; attributes; stand-in
/// digest; `swiftc --version`; flags), so a warm run compiles nothing and an edit recompiles only
/// the edited sample. Only passing results are cached.
package struct SampleVerifier: Sendable {
    /// How samples are verified: time limit, parallelism, cache use, output cap.
    package struct Options: Sendable {
        /// Seconds a sample may run (default 10).
        package var timeout: Double = 10
        /// Parallel jobs (default: the number of cores).
        package var jobs: Int = ProcessInfo.processInfo.activeProcessorCount
        /// Ignore cached results (they are still written).
        var noCache = false
        /// Bytes of stdout and of stderr kept per run (default 1 MiB).
        var outputLimit = 1 << 20
        /// The Swift language mode samples are compiled in (`-swift-version`; book.toml's
        /// `[preprocessor.lecture] swift-language-mode`, default `6`).
        var swiftLanguageMode = "6"
        /// Seconds SourceKit may take for one sample's hover cards before the rest are skipped
        /// with a warning (default 20, or `$LECTURE_HOVER_TIMEOUT`).
        var hoverTimeout: Double =
            ProcessInfo.processInfo.environment["LECTURE_HOVER_TIMEOUT"].flatMap(Double.init).flatMap {
                Options.timeouts.contains($0) ? $0 : nil
            } ?? 20
        /// Whether passing samples get hover cards (on unless `LECTURE_SWIFT_ANALYSIS=off`; off for
        /// `lecture check`, which renders no page). The verdicts' cache keys do not depend on it.
        var hoverCards = SwiftAnalysisSwitch.isOn
        /// The book's locale and time zone for samples (`--sample-locale`, `--sample-time-zone`).
        var environment = SampleEnvironment()
        /// Checked before each sample and by each child process it runs: once cancelled, no
        /// sample starts and the running one's process group is killed. The process's token
        /// (signals) by default; `lecture serve` gives its own.
        package var cancellation = Cancellation.process
        /// Whether uncached plain, `no_run` and `test` samples are verified as merged programs
        /// (`MergedSamples`; default on, off with `LECTURE_MERGE_SAMPLES=off`); off, each is
        /// compiled and linked alone.
        var mergeSamples = ProcessInfo.processInfo.environment["LECTURE_MERGE_SAMPLES"] != "off"
        /// The folders of the Swift modules samples may import (`[preprocessor.lecture.samples] libraries`,
        /// resolved from the book's folder), in build order (`SampleLibraries`).
        package var libraries: [String] = []
        /// Whether each sample's program runs in a sandbox (`SampleSandbox`; book.toml's
        /// `[preprocessor.lecture.samples] sandbox`, default `auto`).
        var sandbox = SandboxSetting.auto
        /// The defaults given with each property.
        init() {}

        /// The time limits a person may set, in seconds (`--timeout`, `[preprocessor.lecture] timeout`): above
        /// 0 and at most a day, as a run's deadline is a `Duration`, which a larger number
        /// (`1e300`) would overflow.
        package static let timeouts = Double.leastNonzeroMagnitude...86_400
        /// The parallel jobs a person may ask for (`-j`): each is a thread and a compiler.
        package static let jobCounts = 1...1024
        /// `timeouts` as the usage error says it.
        static let timeoutsText = "a number of seconds above 0 and at most 86400 (a day)"
    }

    /// Bumped when the verifier's behaviour changes, to retire old cache entries.
    static let cacheVersion = "lecture-sample-v4"
    /// Flags every sample is compiled with.
    var flags: [String] {
        ["-swift-version", options.swiftLanguageMode, "-module-name", "Sample", "-diagnostic-style", "llvm"]
            + SampleLibraries.moduleCacheArguments(in: cache.directory)
    }

    /// Flags `sample` is compiled with: every sample's, then its own (`flags="…"`).
    func flags(for sample: Sample) -> [String] {
        flags + sample.compilerFlags
    }

    /// The Swift compiler that builds the samples.
    var toolchain: Toolchain
    /// The stand-in modules samples are compiled against.
    var libraries: SampleLibraries
    /// Where passing results are cached.
    var cache: Cache
    /// Time limit, parallelism, cache use and output cap.
    var options: Options
    /// The samples' syntax trees as the merged path reads them, each read once.
    var syntax = SampleSyntax()
    /// Whether a sample of this run ran uncontained, for the run's one warning.
    let sandboxUse = SandboxUse()

    /// The sandbox samples run in: the book's setting, with the toolchain and the sample libraries readable.
    var sandbox: SampleSandbox {
        // The toolchain's `usr` folder (its `bin`'s parent), where the runtime libraries are.
        let compiler = Toolchain.resolve(toolchain.swiftc) ?? toolchain.swiftc
        let usr = ((compiler as NSString).deletingLastPathComponent as NSString).deletingLastPathComponent
        return SampleSandbox(setting: options.sandbox, readable: [usr, libraries.directory])
    }

    /// Creates a verifier; `SampleStage.prepare` finds the toolchain and builds the stand-ins.
    init(toolchain: Toolchain, libraries: SampleLibraries, cache: Cache, options: Options) {
        self.toolchain = toolchain
        self.libraries = libraries
        self.cache = cache
        self.options = options
        processes = JobPool(slots: options.jobs)
    }

    /// The places every compile, link and run of the samples takes while it runs (`options.jobs`
    /// of them), on either path: the merged program and the samples alone are verified side by
    /// side, each on a pool of `jobs` threads, and together start no more than `jobs` processes.
    let processes: JobPool

    /// Verifies `samples` on the job pool; `progress` is called as each one finishes.
    ///
    /// Results come from the cache first. The uncached samples that can (`MergedSamples`: plain,
    /// `no_run` and `test` samples, at least two) are verified as one merged program; the rest, and any
    /// the merged program could not answer for, one by one, each compiled and linked alone.
    /// Hover cards are looked up on a thread beside the compiles (`HoverCardPrefetch`; the merged
    /// program has its own): first those of cached verdicts whose cards are not cached (a
    /// `lecture check` cached them), from SourceKit alone, then those of samples verified alone,
    /// as each passes, so that no job waits for SourceKit's turn.
    func verify(_ samples: [Sample], progress: (@Sendable (Int, Sample) -> Void)? = nil) -> [SampleResult] {
        let counter = Counter()
        let report: @Sendable (Sample) -> Void = { sample in progress?(counter.next(), sample) }
        var results = [SampleResult?](repeating: nil, count: samples.count)
        var uncached: [Int] = []
        var cardless: [Int] = []
        for index in samples.indices {
            if let (cached, cardsCached) = cachedVerdict(samples[index]) {
                results[index] = cached
                if cardsCached { report(samples[index]) } else { cardless.append(index) }
            } else {
                uncached.append(index)
            }
        }
        let cards = HoverCardPrefetch(samples, verifier: self, enabled: options.hoverCards)
        for index in cardless { cards.add(index) }
        // The driver's frontend job is asked while the samples' syntax trees are read, and
        // always answered before this returns (`MergedSamples.verify` waits for it, or the
        // `defer`).
        let frontend =
            options.mergeSamples && uncached.count >= MergedSamples.minimumCount
            ? FrontendArguments.Lookup(for: self) : nil
        defer { _ = frontend?.answer() }
        // Each sample's syntax tree is read on the job pool (`SampleSyntax`): parsing the
        // lecture's samples one after another held back the first compile.
        let acceptance =
            options.mergeSamples
            ? uncached.parallelMap(jobs: options.jobs) { MergedSamples.accepts(samples[$0], syntax: syntax) } : []
        let accepted = zip(uncached, acceptance).filter(\.1).map(\.0)
        let mergeable =
            accepted.count < MergedSamples.minimumCount || options.cancellation.isCancelled ? [] : accepted
        let others = uncached.filter { !mergeable.contains($0) }
        // The merged program and the samples verified alone at the same time, so that each fills
        // the other's idle moments (the link, SourceKit's one program at a time).
        let found = Locked<[Int: SampleResult]>([:])
        DispatchQueue.concurrentPerform(iterations: 2) { branch in
            let answers =
                branch == 0
                ? Array(
                    zip(
                        mergeable,
                        MergedSamples(verifier: self).verify(
                            mergeable.map { samples[$0] }, frontend: frontend, finished: report)
                    ))
                : Array(
                    zip(
                        others,
                        verifyAlone(others.map { samples[$0] }, report: report) { cards.add(others[$0]) }))
            found.withLock { found in
                for (index, result) in answers { found[index] = result }
            }
        }
        for (index, result) in found.withLock({ $0 }) { results[index] = result }
        // What the merged program could not answer for.
        let fallbacks = mergeable.filter { results[$0] == nil }
        let alone = verifyAlone(fallbacks.map { samples[$0] }, report: report) { cards.add(fallbacks[$0]) }
        for (index, result) in zip(fallbacks, alone) { results[index] = result }
        cards.close()
        // None when cancelled: the result is then no verdict (the caller throws).
        for (index, answer) in cards.answers() { results[index] = withHoverCards(results[index]!, answer) }
        for index in cardless { report(samples[index]) }
        return results.map { $0! }
    }

    /// Verifies `samples` one by one on the job pool (each compiled and linked alone), longest
    /// first, their hover cards left out: `needsCards` is called with the position in `samples` of
    /// each that is to get them.
    private func verifyAlone(
        _ samples: [Sample], report: @escaping @Sendable (Sample) -> Void,
        needsCards: @escaping @Sendable (Int) -> Void
    ) -> [SampleResult] {
        // Longest first (by code size, a proxy for compile time): the jobs then finish together
        // instead of one long sample running alone at the end (LPT scheduling, Graham 1969).
        let order = samples.indices.sorted {
            samples[$0].parts.map(\.code.utf8.count).reduce(0, +)
                > samples[$1].parts.map(\.code.utf8.count).reduce(0, +)
        }
        let verified = order.parallelMap(jobs: options.jobs) { position in
            let sample = samples[position]
            // Cancelled: the rest are not started (the caller throws the cancellation instead).
            if self.options.cancellation.isCancelled { return SampleResult.skipped(sample) }
            let (result, cardsMissing) = self.verifyLeavingCards(sample)
            if cardsMissing { needsCards(position) }
            report(sample)
            return result
        }
        var inPageOrder = verified
        for (position, index) in order.enumerated() { inPageOrder[index] = verified[position] }
        return inPageOrder
    }

    /// The cache key of a sample: it changes exactly when the result could.
    func cacheKey(_ sample: Sample) -> String {
        var hash = SHA256()
        hash.update(Self.cacheVersion)
        hash.update(toolchain.versionLine)
        hash.update(toolchain.identity)
        hash.update(libraries.digest)
        // Every argument swiftc gets; the stand-ins' folder by name, so a moved cache still answers.
        hash.update(
            compilerArguments(for: sample).map {
                $0.replacingOccurrences(of: libraries.directory, with: "$STANDINS").replacingOccurrences(
                    of: SampleLibraries.moduleCache(in: cache.directory), with: "$MODULECACHE")
            }
            .joined(separator: " "))
        hash.update(options.environment.cacheKeyText)
        // A verdict reached uncontained is not taken for one reached in the sandbox.
        hash.update("sandbox=\(options.sandbox == .off ? "off" : "on, system folders only")")
        hash.update("output-limit=\(options.outputLimit)")
        hash.update("\(sample.mode.rawValue) should_fail=\(sample.shouldFail) timeout=\(options.timeout)")
        if !sample.expectedErrors.isEmpty {
            hash.update("expect-error=" + sample.expectedErrors.joined(separator: "\u{1F}"))
        }
        if sample.mode == .test { hash.update(TestProgram.version + " " + Self.testFlags.joined(separator: " ")) }
        for part in sample.parts { hash.update(part.code) }
        // The files of the book it reads (`reads=`): a changed file runs it again.
        for file in sample.reads {
            hash.update("reads=" + file)
            if let bytes = SampleReads.bytes(file, of: sample) {
                var digest = SHA256()
                digest.update(bytes)
                hash.update("bytes:" + digest.hexDigest())
            } else {
                hash.update("missing")
            }
        }
        // Code that reads its own position (`#line`, `#file`…) depends on where it stands.
        if sample.parts.contains(where: {
            $0.code.contains("#line") || $0.code.contains("#file") || $0.code.contains("#column")
        }) {
            hash.update(sample.program)
        }
        hash.update(sample.expectedOutput.map { "output:" + $0 } ?? "no output")
        hash.update("requires-output=\(sample.requiresOutput) continued=\(sample.continued)")
        if sample.continued {
            for part in sample.parts {
                hash.update(part.expectedOutput.map { "part-output:" + $0 } ?? "no part output")
            }
        }
        return hash.hexDigest()
    }

    /// Verifies one sample, compiled and linked alone, with its hover cards.
    func verify(_ sample: Sample) -> SampleResult {
        let (result, cardsMissing) = verifyLeavingCards(sample)
        return cardsMissing ? withHoverCards(result, hoverCards(for: sample)) : result
    }

    /// Verifies one sample, compiled and linked alone, or from the cache, and caches its pass;
    /// `cardsMissing` when it is to get hover cards (`wantsHoverCards(_:)`) that it has not.
    private func verifyLeavingCards(_ sample: Sample) -> (result: SampleResult, cardsMissing: Bool) {
        if sample.mode == .ignore { return (.skipped(sample), false) }
        if let (cached, cardsCached) = cachedVerdict(sample) { return (cached, !cardsCached) }
        let start = ContinuousClock.now
        var result = SampleResult.unverified(sample)
        do {
            try run(sample, into: &result)
        } catch {
            result.diagnostics.append(
                .error(.sampleUnverifiable, sample.path, sample.location, "sample could not be verified: \(error)"))
        }
        let verified = finish(result, started: start, lookingUpCards: false)
        return (verified, verified.outcome == .passed && wantsHoverCards(sample))
    }

    /// The cached verdict of `sample` and whether it is whole: `false` when it is to get hover
    /// cards (`wantsHoverCards(_:)`) and none are cached under `hoverCardsKey(_:)` nor, cut short
    /// by the same time limit, under `timedOutCardsKey(_:)` (those come with their warning). `nil` when no
    /// verdict is cached, or `--no-cache`; `ignore` samples are skipped here.
    func cachedVerdict(_ sample: Sample) -> (result: SampleResult, cardsCached: Bool)? {
        let start = ContinuousClock.now
        if sample.mode == .ignore { return (.skipped(sample), true) }
        let key = cacheKey(sample)
        guard !options.noCache, let bytes = cache.read(kind: "samples", key: key),
            let cached = try? JSONDecoder().decode(CachedPass.self, from: Data(bytes))
        else { return nil }
        if cached.failed == true {
            // A failure's messages name its lines and the page: only the same place answers.
            guard cached.path == sample.path, cached.firstLines == sample.parts.map(\.firstLine),
                cached.outputLines == sample.outputRanges.map(\.start.line)
            else { return nil }
            var result = SampleResult.unverified(sample)
            result.actualOutput = cached.actualOutput
            result.diagnostics = cached.warnings
            result.tests = cached.tests ?? []
            result.fromCache = true
            result.duration = (ContinuousClock.now - start).seconds
            return (result, true)
        }
        var cards = wantsHoverCards(sample) ? cache.read(kind: Self.hoverCardsKind, key: Self.hoverCardsKey(key)) : []
        // Cut short by the time limit on an earlier build with the same limit: its cards, and its warning.
        var timedOut: Diagnostic?
        if cards == nil, let found = cache.read(kind: Self.timedOutKind, key: timedOutCardsKey(key)),
            let unpacked = HoverCard.unpacked(String(decoding: found, as: UTF8.self))
        {
            cards = found
            timedOut = timedOutWarning(sample, kept: unpacked.count)
        }
        var result = SampleResult.unverified(sample)
        result.outcome = .passed
        result.actualOutput = cached.output
        // Warnings are part of the result: a warm run shows them as a cold one did.
        result.diagnostics = cached.warnings.map { warning in
            var warning = warning
            warning.path = sample.path
            if let line = warning.location?.line { warning.location?.line = cached.relocate(line, in: sample) }
            return warning
        }
        result.tests = cached.tests?.map { cached.relocate($0, in: sample) } ?? []
        result.packedHoverCards = String(decoding: cards ?? [], as: UTF8.self)
        if let timedOut { result.diagnostics.append(timedOut) }
        result.fromCache = true
        result.duration = (ContinuousClock.now - start).seconds
        return (result, cards != nil)
    }

    /// A verified sample's result completed: the pass cached, then its hover cards (`cards`
    /// when already looked up; none with `lookingUpCards` false; cached apart,
    /// `withHoverCards(_:_:)`), and its duration since `start`.
    func finish(
        _ result: SampleResult, started start: ContinuousClock.Instant, cards: HoverCardAnswer? = nil,
        lookingUpCards: Bool = true
    ) -> SampleResult {
        var result = result
        let sample = result.sample
        if result.outcome == .passed {
            // The verdict alone, cards or none: the cards' warnings are theirs, not the verdict's.
            let entry = CachedPass(
                output: result.actualOutput ?? "",
                warnings: result.diagnostics.filter { $0.severity != .error && $0.identifier != .hoverCards },
                firstLines: sample.parts.map(\.firstLine), tests: result.tests.isEmpty ? nil : result.tests)
            if let data = try? JSONEncoder().encode(entry) {
                cache.write(kind: "samples", key: cacheKey(sample), Array(data))
            }
            if lookingUpCards, wantsHoverCards(sample) {
                result = withHoverCards(result, cards ?? hoverCards(for: sample))
            }
        } else if result.outcome == .failed, Self.failureIsCacheable(result) {
            // A failure is kept too, under the same key, so an unchanged failing book rebuilds
            // warm; with its place, since its messages name its lines (`cachedVerdict`).
            var entry = CachedPass(
                output: "", warnings: result.diagnostics.filter { $0.identifier != .hoverCards },
                firstLines: sample.parts.map(\.firstLine), tests: result.tests.isEmpty ? nil : result.tests)
            entry.failed = true
            entry.path = sample.path
            entry.outputLines = sample.outputRanges.map(\.start.line)
            entry.actualOutput = result.actualOutput
            if let data = try? JSONEncoder().encode(entry) {
                cache.write(kind: "samples", key: cacheKey(sample), Array(data))
            }
        }
        result.duration = (ContinuousClock.now - start).seconds
        return result
    }

    /// The arguments swiftc compiles `sample` with, in its work folder (`main.swift` in,
    /// `sample` out, linked with the line-buffering object). A sample declaring `@main` is
    /// compiled as a library-style program (`-parse-as-library`), which top-level code would forbid.
    func compilerArguments(for sample: Sample) -> [String] {
        flags(for: sample) + (sample.declaresMain ? ["-parse-as-library"] : []) + libraries.compilerArguments
            + libraries.lineBufferedOutput + ["main.swift", "-o", "sample"]
    }

    private func run(_ sample: Sample, into result: inout SampleResult) throws {
        if let missing = SampleReads.problem(of: sample) {
            result.diagnostics.append(missing)
            result.outcome = .failed
            return
        }
        if sample.mode == .test { return try runTests(sample, into: &result) }
        let work = try FileSystem.makeTemporaryDirectory(prefix: "lecture-sample")
        defer { FileSystem.removeTemporaryDirectory(work) }
        try ScratchFile.write(sample.program, to: work + "/main.swift")

        let compile = try self.compile(sample, compilerArguments(for: sample), in: work)
        guard take(compile, of: sample, into: &result) else { return }

        // The two-run rule: a pass counts (and is cached) only when a second run of the same
        // binary printed the same thing, so a lucky pass (a Set's order, a race) is caught.
        let run = try runOnce(work + "/sample", of: sample)
        let again = run.isComplete ? try runOnce(work + "/sample", of: sample) : nil
        take(run, again, of: sample, into: &result)
    }

    /// Records a compile's diagnostics and verdict in `result`; whether the sample is to be run
    /// (it compiled and is neither `compile_fail` nor `no_run`). The one judge of a compile, for
    /// every kind of sample on either path (the merged path's, `MergedSamples`, and the alone
    /// path's, `run` and `compileAndRunTests`); a run's verdict is `take(_:_:of:into:)`'s, a
    /// test program's `runTestProgram`'s, on either path too.
    func take(_ compile: Subprocess.Result, of sample: Sample, into result: inout SampleResult) -> Bool {
        result.compiled = true
        let compilerDiagnostics = CompilerOutput.diagnostics(from: compile.stderrText, sample: sample)
        if sample.mode == .compileFail {
            if compile.succeeded {
                result.diagnostics.append(
                    .error(
                        .sampleCompile,
                        sample.path, sample.location, "sample compiled, but is marked 'compile_fail'",
                        notes: ["a 'compile_fail' sample must fail to compile; remove the attribute if it should build"]
                    ))
            } else if let wrong = CompileFailExpectation.mismatch(compile.stderrText, of: sample) {
                result.diagnostics.append(wrong)
            } else {
                result.outcome = .passed
            }
            return false
        }
        result.diagnostics += compilerDiagnostics
        guard compile.succeeded else {
            if !compilerDiagnostics.hasErrors {
                result.diagnostics.append(
                    .error(
                        .sampleCompile, sample.path, sample.location,
                        sample.mode == .test ? "test sample does not compile" : "sample does not compile",
                        notes: [compile.stderrText]))
            }
            return false
        }
        if sample.mode == .noRun {
            result.outcome = .passed
            return false
        }
        return true
    }

    /// Records the verdict on a sample's two runs (`again` is `nil` when the first did not run
    /// to its end) in `result`.
    func take(_ run: Subprocess.Result, _ again: Subprocess.Result?, of sample: Sample, into result: inout SampleResult)
    {
        result.actualOutput = run.stdoutText
        var failures: [Diagnostic]
        if let again, let differs = RunComparison.difference(run, again, sample: sample) {
            failures = [differs]
        } else {
            failures = judge(run, of: sample)
        }
        result.diagnostics += failures
        result.outcome = failures.isEmpty ? .passed : .failed
    }

    /// Compiles the sample's `main.swift` in `work` with `arguments`, given to `compiler` (default:
    /// swiftc; the merged path gives `swift-frontend`). A sample that only mentions `@main` (in a
    /// comment, say), and so fails as a library, is compiled again as a script.
    func compile(_ sample: Sample, _ arguments: [String], in work: String, running compiler: String? = nil) throws
        -> Subprocess.Result
    {
        let compiler = compiler ?? toolchain.swiftc
        let compile = try compilerJob(compiler, arguments, in: work)
        guard !compile.succeeded, sample.declaresMain else { return compile }
        let asScript = try compilerJob(compiler, arguments.filter { $0 != "-parse-as-library" }, in: work)
        return asScript.succeeded ? asScript : compile
    }

    /// Runs the built sample once, in a fresh folder and the book's fixed environment
    /// (`SampleEnvironment`): nothing of the caller's shell reaches it. The files `sample` reads
    /// (`reads=`) are copied into the folder first (`SampleReads`).
    func runOnce(_ executable: String, of sample: Sample? = nil) throws -> Subprocess.Result {
        let sandbox = try FileSystem.makeTemporaryDirectory(prefix: "lecture-run")
        defer { FileSystem.removeTemporaryDirectory(sandbox) }
        if let sample { try SampleReads.provide(sample, in: sandbox) }
        return try runBuilt(executable, in: sandbox)
    }

    /// The verdict on one complete run: how it ended, and its output against the expected one.
    private func judge(_ run: Subprocess.Result, of sample: Sample) -> [Diagnostic] {
        let actual = run.stdoutText
        let location = sample.location
        let stderr = Self.readableStderr(run.stderrText, of: sample)
        // stderr is shown with every failure: it is often the reason.
        let stderrNote = stderr.isEmpty ? [] : ["stderr:\n" + stderr]
        var failures: [Diagnostic] = []

        switch run.termination {
        case .timedOut:
            failures.append(
                .error(
                    .sampleTimeout,
                    sample.path, location, "sample timed out after \(Self.seconds(options.timeout)) and was killed",
                    notes: ["raise the limit with --timeout SECONDS if it is slow on purpose"] + stderrNote))
        case .outputLimitExceeded:
            failures.append(
                .error(
                    .sampleOutputLimit,
                    sample.path, location, "sample wrote more than \(options.outputLimit) bytes and was killed",
                    notes: stderrNote))
        case .fileLimitExceeded:
            failures.append(Self.fileLimitError(sample, program: "sample", notes: stderrNote))
        case .signaled(let signal) where !sample.shouldFail:
            let trap = Self.trapMessage(in: run.stderrText)
            failures.append(
                .error(
                    .sampleExit,
                    sample.path, location,
                    "sample crashed with \(Subprocess.signalName(signal))" + (trap.map { ": \($0)" } ?? ""),
                    notes: stderrNote))
        case .exited(let status) where status != 0 && !sample.shouldFail:
            failures.append(
                .error(.sampleExit, sample.path, location, "sample exited with status \(status)", notes: stderrNote))
        case .exited(0) where sample.shouldFail:
            failures.append(
                .error(
                    .sampleExit,
                    sample.path, location, "sample is marked 'should_fail' but exited with status 0", notes: stderrNote)
            )
        default:
            break
        }
        let crashed: Bool
        switch run.termination {
        case .exited: crashed = false
        default: crashed = true
        }
        // A run cut short (time limit, output cap) has no output worth comparing.
        guard run.isComplete else { return failures }
        if sample.continued {
            failures += continuedOutputFailures(actual, of: sample, crashed: crashed, stderrNote: stderrNote)
        } else if let expected = sample.expectedOutput {
            if !OutputComparison.matches(expected: expected, actual: actual) {
                var hints: [String] = []
                if let onStderr = OutputComparison.linesOnStderr(
                    expected: expected, actual: actual, stderr: run.stderrText)
                {
                    // Not lost by ending early: written where the comparison does not look.
                    hints.append(OutputComparison.stderrHint(lines: onStderr))
                } else if let missing = OutputComparison.missingTail(expected: expected, actual: actual), !crashed,
                    run.termination == .exited(0)
                {
                    hints.append(OutputComparison.endedEarlyHint(missingLines: missing))
                }
                hints.append(
                    crashed && !sample.shouldFail
                        ? "fix the crash first: the output of a sample that did not finish is not what it would print"
                        : sample.pageHasIncludes
                            ? "copy the actual output into the output block by hand: 'lecture check --bless' does not rewrite a page that uses {{#include}}"
                            : "'lecture check --bless' accepts the actual output")
                let at =
                    sample.outputRange.map { SourceLocation(line: $0.start.line, column: $0.start.column) } ?? location
                failures.append(
                    .error(
                        .sampleOutputMismatch,
                        sample.path, at, "output does not match the expected output",
                        notes: [
                            OutputComparison.diff(expected: expected, actual: actual),
                            "sample at \(sample.path):\(location.line):\(location.column); "
                                + hints.joined(separator: "; "),
                        ] + stderrNote))
            }
        }
        if !sample.hasExpectedOutput && !sample.shouldFail && sample.requiresOutput {
            failures.append(
                .error(
                    .sampleNoOutput,
                    sample.path, sample.parts.last!.fence, "sample has no output block",
                    notes: [
                        "add a fenced block with info string 'output' right after it, holding what it prints",
                        "it printed:\n"
                            + (actual.isEmpty
                                ? (run.stderrText.isEmpty
                                    ? "(nothing)"
                                    : "(nothing on standard output; what it wrote to standard error is not compared)")
                                : actual.trimmingCharacters(in: "\n")),
                        "or mark it 'run' (passes when it exits with status 0), 'no_run' (compile only) or 'ignore' (shown only); "
                            + (sample.pageHasIncludes
                                ? "write the block by hand: 'lecture check --bless' does not rewrite a page that uses {{#include}}"
                                : "'lecture check --bless' writes the block"),
                    ]
                        + stderrNote))
        }
        return failures
    }

    /// The output failures of a continued program: what it printed while running each part
    /// (between two `Sample.partMarker`s) against that part's output block, at the block.
    private func continuedOutputFailures(
        _ actual: String, of sample: Sample, crashed: Bool, stderrNote: [String]
    ) -> [Diagnostic] {
        let printed = actual.components(separatedBy: Sample.partMarker)
        var failures: [Diagnostic] = []
        for (index, part) in sample.parts.enumerated() {
            guard let expected = part.expectedOutput else { continue }
            let segment = index < printed.count ? printed[index] : ""
            guard !OutputComparison.matches(expected: expected, actual: segment) else { continue }
            let at = part.outputRange.map { SourceLocation(line: $0.start.line, column: $0.start.column) } ?? part.fence
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
                            + "; copy what it printed into the output block (--bless does not rewrite continued programs)",
                    ] + stderrNote))
            // A program that ended early fails every later block the same way: report the first.
            if !reached { break }
        }
        return failures
    }

    /// Whether a failure is the sample's own, so the same key gives it again: not a time-out, an
    /// output cap, two runs that disagreed, a sample that could not be verified or was cut short.
    static func failureIsCacheable(_ result: SampleResult) -> Bool {
        let passing: Set<Diagnostic.Identifier> = [
            .sampleTimeout, .sampleOutputLimit, .sampleFileLimit, .sampleUnstable, .sampleUnverifiable, .cancelled,
        ]
        return result.compiled && !result.diagnostics.contains { passing.contains($0.identifier) }
    }

    /// Runs a built sample in `folder`, its working folder and `TMPDIR`, under the time limit and
    /// output cap and the limit on what it writes there (`RunFolderLimit`), in the book's fixed
    /// environment (`SampleEnvironment`): nothing of the caller's shell reaches it. It runs in the book's sandbox (`SampleSandbox`), and leads a session of
    /// its own even uncontained: it never has a controlling terminal. A process it leaves behind
    /// (its parent ended) is ended at once (`SampleSandbox.endOrphans`). Its stdout and stderr are line-buffered by the object it was linked with
    /// (`LineBufferedOutput`, as `stdbuf -oL -eL` would), so what a sample printed before it
    /// trapped is not lost in an unflushed buffer; the runtime's backtracer is off, its trap
    /// message stays.
    func runBuilt(_ executable: String, in folder: String) throws -> Subprocess.Result {
        let sandbox = self.sandbox
        if !sandbox.isContained && sandbox.setting != .off { sandboxUse.ranUncontained() }
        let command = sandbox.command(running: executable, in: folder)
        let environment = options.environment.variables(in: folder)
        let limit = RunFolderLimit(folder: folder)
        var run = try processes.run {
            try Subprocess.run(
                command.program, command.arguments, directory: folder,
                environment: environment, inheritingEnvironment: false,
                timeout: options.timeout, outputLimit: options.outputLimit, newSession: true,
                whileRunning: sandbox.endOrphans(of:), stopWhen: { limit.isExceeded },
                cancellation: options.cancellation)
        }
        run.termination = sandbox.termination(run.termination)
        return run
    }

    /// A sample's stderr as a diagnostic's note shows it: without the runtime's stack trace, and
    /// with the page's path where the runtime names the file by its `#fileID`
    /// (`Sample/b.md:3: Fatal error: …`, the module and the file's last component, which
    /// `fatalError` and `precondition` print in Swift 6 mode).
    static func readableStderr(_ stderr: String, of sample: Sample) -> String {
        let fileID = "Sample/" + (sample.path.split(separator: "/").last.map(String.init) ?? sample.path) + ":"
        return withoutStackTrace(stderr).replacingOccurrences(of: fileID, with: sample.path + ":")
    }

    /// stderr without the runtime's stack trace, which says nothing about the Markdown.
    static func withoutStackTrace(_ stderr: String) -> String {
        var kept: [Substring] = []
        for line in stderr.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("Current stack trace:") || line.hasPrefix("*** Program crashed")
                || line.hasPrefix("💣 Program crashed")
            {
                break
            }
            kept.append(line)
        }
        return kept.joined(separator: "\n").trimmingCharacters(in: "\n").description
    }

    /// The Swift runtime's reason for a trap, such as `Fatal error: Index out of range`.
    static func trapMessage(in stderr: String) -> String? {
        for line in stderr.split(separator: "\n") {
            if let range = line.range(of: "Fatal error: ") { return String(line[range.lowerBound...]) }
            if line.contains("Illegal instruction") { return "runtime trap" }
        }
        return nil
    }

    /// The error of a run killed for writing more than `RunFolderLimit` allows in its folder.
    static func fileLimitError(_ sample: Sample, program: String, notes: [String]) -> Diagnostic {
        .error(
            .sampleFileLimit, sample.path, sample.location,
            "\(program) wrote more than \(RunFolderLimit.bytes >> 20) MiB or \(RunFolderLimit.entries) files into its folder and was killed",
            notes: [
                "a sample's working folder, HOME and TMPDIR hold as much as its /tmp: write less, or print what it computes"
            ] + notes)
    }

    static func seconds(_ value: Double) -> String {
        value == value.rounded() ? "\(Int(value)) s" : "\(value) s"
    }
}

/// What the cache keeps of a passing sample: its output and its compiler warnings, with the
/// lines its parts started on, so warnings move with the sample when lines above it change.
/// A failing sample's entry holds every diagnostic, and answers only where it was verified.
struct CachedPass: Codable {
    var output: String
    var warnings: [Diagnostic]
    var firstLines: [Int]
    /// A `test` sample's tests (`nil` for other samples).
    var tests: [TestCaseResult]?
    /// `true` for a failure (`warnings` then holds its errors too).
    var failed: Bool?
    /// A failure's page, and the lines of its output blocks.
    var path: String?
    var outputLines: [Int]?
    /// What a failing sample printed, for `--bless`.
    var actualOutput: String?

    /// Where a cached warning's line is now: same offset within the same part (the key ignores
    /// line numbers, so the sample may have moved since it was cached).
    func relocate(_ line: Int, in sample: Sample) -> Int {
        guard let index = firstLines.lastIndex(where: { $0 <= line }), index < sample.parts.count else { return line }
        return line - firstLines[index] + sample.parts[index].firstLine
    }

    /// `test` with its failures' lines moved as `relocate(_:in:)` moves a line.
    func relocate(_ test: TestCaseResult, in sample: Sample) -> TestCaseResult {
        var test = test
        for index in test.failures.indices {
            if let line = test.failures[index].line { test.failures[index].line = relocate(line, in: sample) }
        }
        return test
    }
}

/// A thread-safe counter for progress lines.
final class Counter: Sendable {
    private let value = Atomic<Int>(0)
    func next() -> Int { value.wrappingAdd(1, ordering: .relaxed).newValue }
}
