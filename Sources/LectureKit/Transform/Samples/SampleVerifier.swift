import CommonMark
import Foundation
import LectureSupport
import Synchronization

/// Compiles and runs samples, compares their output, and caches the verdicts.
///
/// Each sample is compiled by swiftc against the book's sample libraries, then run in a fresh
/// folder with an empty stdin (as `/dev/null`, `Subprocess`), a time limit that kills its process
/// group, and capped output. Verdicts are keyed by the SHA-256 of `VerdictInputs`, so a warm run
/// compiles nothing and an edit recompiles only the edited sample; a failure is cached only when it
/// is the sample's own (`failureIsCacheable`).
///
/// Samples are verified two ways: merged into one program per module group (`MergedSamples`,
/// `MergedTestSamples`), for speed, and alone. The two differ in how they build and run, never in
/// how they judge: both go through `judgeCompile(_:of:into:)`, `judgeRuns(_:of:into:)` and
/// `runTestProgram`, and `RunEnding.failure` for how a run ended. Whatever the merged program cannot
/// answer (a failed or `should_fail` run, a link error, a sample with flags of its own) is verified
/// again alone. `verify` runs the two halves side by side, but every compile, link and run of either
/// takes a place of the run's one `JobPool` (through `compilerJob` and `RunContext.process`), so no
/// more than `-j` processes run at once.
package struct SampleVerifier: Sendable {
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
    var toolchain: Toolchain {
        didSet { toolchainFolders = Self.toolchainFolders(of: toolchain, run: run) }
    }
    /// The stand-in modules samples are compiled against.
    var libraries: SampleLibraries
    /// Where passing results are cached.
    var cache: Cache
    /// Time limit, cache use and output cap.
    var options: Options
    /// The run's jobs (the pool's places) and cancellation.
    let run: RunContext
    /// The samples' syntax trees as the merged path reads them, each read once.
    var syntax = SampleSyntax()
    /// Whether a sample of this run ran uncontained, for the run's one warning.
    let sandboxUse = SandboxUse()

    /// The toolchain's folders the sandbox binds readable (`toolchainFolders(of:run:)`), found
    /// once when the verifier is made and again when its `toolchain` changes, not for every run
    /// of a sample (a `PATH` look-up, a `stat` and a `realpath` each).
    private(set) var toolchainFolders: [String]
    /// The digest of the files of `/etc` the sandbox shows (`SystemFilesDigest`), in every
    /// sample's key: read once when the verifier is made (once per build), not for each sample.
    let systemFiles: String

    /// The sandbox samples run in: the book's setting, with the toolchain and the sample libraries readable.
    var sandbox: SampleSandbox {
        SampleSandbox(
            setting: options.sandbox, readable: toolchainFolders + [libraries.directory],
            hidden: options.hiddenFolders)
    }

    /// The folders of `toolchain` a sample's runtime libraries are loaded from: the toolchain's
    /// `usr` folder (its `bin`'s parent), only when it is one (it holds `lib/swift`): a wrapper
    /// script's place (`~/bin/swiftc`) names no toolchain, and its folder's parent is not bound
    /// (`SampleSandbox.isBindable` refuses a home folder in any case). Else the folder the
    /// compiler reports: `/opt` is not bound whole any more (attack 19, F3), and a wrapper's
    /// runtime libraries lie there. Else (a wrapper whose answer names no folder) the toolchain
    /// of the `swiftc` on `PATH`, which such a wrapper runs.
    static func toolchainFolders(of toolchain: Toolchain, run: RunContext) -> [String] {
        let compiler = Toolchain.resolve(toolchain.swiftc) ?? toolchain.swiftc
        let usr = FileSystem.parent(FileSystem.parent(compiler))
        if FileSystem.isDirectory(usr + "/lib/swift") { return [usr] }
        if let reported = SourceKitLibrary.reportedToolchain(of: toolchain.swiftc, run: run) { return [reported] }
        let onPath = Toolchain.resolve("swiftc").map { FileSystem.parent(FileSystem.parent($0)) }
        return [onPath.flatMap { FileSystem.isDirectory($0 + "/lib/swift") ? $0 : nil }].compactMap { $0 }
    }

    /// Creates a verifier; `SampleStage.prepare` finds the toolchain and builds the stand-ins.
    /// `systemFiles` reads the digest of the sandbox's files of `/etc`, once.
    init(
        toolchain: Toolchain, libraries: SampleLibraries, cache: Cache, options: Options, run: RunContext,
        systemFiles: () -> String = SystemFilesDigest.current
    ) {
        self.systemFiles = systemFiles()
        self.toolchain = toolchain
        self.libraries = libraries
        self.cache = cache
        self.options = options
        self.run = run
        toolchainFolders = Self.toolchainFolders(of: toolchain, run: run)
    }

    /// The places every compile, link and run of the samples takes while it runs (`run.jobs`
    /// of them), on either path: the run's pool (`RunContext.pool`), so the merged program and
    /// the samples alone, verified side by side, each on a pool of `jobs` threads, and every other
    /// process of the run (Graphviz, the probes) together start no more than `jobs` processes.
    var processes: JobPool { run.pool }

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
        let cards = HoverCardPrefetch(samples, verifier: self, enabled: options.swiftAnalysis)
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
            ? uncached.parallelMap(jobs: run.jobs) { MergedSamples.accepts(samples[$0], syntax: syntax) } : []
        let accepted = zip(uncached, acceptance).filter(\.1).map(\.0)
        let mergeable =
            accepted.count < MergedSamples.minimumCount || run.cancellation.isCancelled ? [] : accepted
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
        let verified = order.parallelMap(jobs: run.jobs, start: .atOnce) { position in
            let sample = samples[position]
            // Cancelled: the rest are not started (the caller throws the cancellation instead).
            if self.run.cancellation.isCancelled { return SampleResult.skipped(sample) }
            let (result, cardsMissing) = self.verifyLeavingCards(sample)
            if cardsMissing { needsCards(position) }
            report(sample)
            return result
        }
        var inPageOrder = verified
        for (position, index) in order.enumerated() { inPageOrder[index] = verified[position] }
        return inPageOrder
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
            try compileAndRun(sample, into: &result)
        } catch {
            result.diagnostics.append(
                .error(
                    .sampleUnverifiable, sample.path, sample.location,
                    "sample could not be verified: \(SystemErrorText.reason(of: error))"))
        }
        let verified = finish(result, started: start, lookingUpCards: false)
        return (verified, verified.outcome == .passed && wantsHoverCards(sample))
    }

    /// The arguments swiftc compiles `sample` with, in its work folder (`main.swift` in,
    /// `sample` out, linked with the line-buffering object). A sample declaring `@main` is
    /// compiled as a library-style program (`-parse-as-library`), which top-level code would forbid.
    func compilerArguments(for sample: Sample) -> [String] {
        flags(for: sample) + (sample.declaresMain ? ["-parse-as-library"] : []) + libraries.compilerArguments
            + libraries.lineBufferedOutput + ["main.swift", "-o", "sample"]
    }

    /// Compiles `sample` alone and runs it twice (a `test` sample: its test program), judged into `result`.
    private func compileAndRun(_ sample: Sample, into result: inout SampleResult) throws {
        if let missing = SampleReads.problem(of: sample, replaced: options.replaced) {
            result.diagnostics.append(missing)
            result.outcome = .failed
            return
        }
        if sample.mode == .test { return try runTests(sample, into: &result) }
        let work = try FileSystem.makeTemporaryDirectory(prefix: "lecture-sample")
        defer { FileSystem.removeTemporaryDirectory(work) }
        try ScratchFile.write(sample.program, to: work + "/main.swift")

        let compile = try self.compile(sample, compilerArguments(for: sample), in: work)
        guard judgeCompile(compile, of: sample, into: &result) else { return }

        // The two-run rule: a pass counts (and is cached) only when a second run of the same
        // binary printed the same thing, so a lucky pass (a Set's order, a race) is caught; more
        // runs for output that may follow hash order (`HashOrderRuns`).
        judgeRuns(try repeatedRuns(work + "/sample", of: sample, reads: sample), of: sample, into: &result)
    }
}

/// A thread-safe counter for progress lines.
final class Counter: Sendable {
    private let value = Atomic<Int>(0)
    func next() -> Int { value.wrappingAdd(1, ordering: .relaxed).newValue }
}
