import CommonMark
import Foundation
import LectureSupport

extension SampleVerifier {
    /// How samples are verified: time limit, cache use, output cap, language mode, sandbox and
    /// libraries (the run's parallelism and cancellation are `RunContext`'s).
    package struct Options: Sendable, Hashable {
        /// Seconds a sample may run (default 10).
        package var timeout: Double = 10
        /// Seconds the compiler may take on one sample (or one module of `test` samples) before
        /// its process group is killed (`[preprocessor.lecture] compile-timeout`, default 120).
        package var compileTimeout: Double = Options.defaultCompileTimeout
        /// `compileTimeout`'s default: a sample compiles in about a second, a few under load; a
        /// type checker kept busy by 24 nested generic types takes more than 250 s.
        static let defaultCompileTimeout: Double = 120
        /// Seconds the compiler may take on one of the book's sample libraries or the tool's own
        /// objects (`SampleLibraries`) before its process group is killed (default 600: a few
        /// libraries of stand-ins take a minute under load). Set by tests whose compiler never
        /// ends, so that only their stop can end it, however long a loaded machine makes them wait.
        package var libraryCompileTimeout: Double = 600
        /// MiB of address space a compile may map (`[preprocessor.lecture] compile-memory-limit`,
        /// `CompileMemoryLimit`).
        package var compileMemoryMiB = CompileMemoryLimit.mebibytes
        /// Ignore cached results (they are still written).
        var noCache = false
        /// Bytes of stdout and of stderr kept per run (default 1 MiB).
        var outputLimit = 1 << 20
        /// The Swift language mode samples are compiled in (`-swift-version`; book.toml's
        /// `[preprocessor.lecture] swift-language-mode`, default `6`).
        var swiftLanguageMode = "6"
        /// Seconds SourceKit may take for one sample's hover cards before the rest are skipped
        /// with a warning (default 20; `$LECTURE_HOVER_TIMEOUT`, `read(environment:)`).
        var hoverTimeout: Double = 20
        /// Whether Swift code is analysed: samples' code highlighted at build time and passing
        /// samples given hover cards by SourceKit (default on; off with `LECTURE_SWIFT_ANALYSIS=off`,
        /// `read(environment:)`, which renders Swift as escaped text for highlight.js, so `make bench`
        /// can measure what the two cost; off for `lecture check`'s samples, which render no page).
        /// The verdicts' cache keys do not depend on it.
        var swiftAnalysis = true
        /// The book's locale and time zone for samples (`--sample-locale`, `--sample-time-zone`).
        var environment = SampleEnvironment()
        /// Whether uncached plain, `no_run` and `test` samples are verified as merged programs
        /// (`MergedSamples`; default on, off with `LECTURE_MERGE_SAMPLES=off`, `read(environment:)`);
        /// off, each is compiled and linked alone.
        var mergeSamples = true
        /// The folders of the Swift modules samples may import (`[preprocessor.lecture.samples] libraries`,
        /// resolved from the book's folder), in build order (`SampleLibraries`).
        package var libraries: [String] = []
        /// The same folders as diagnostics name them: from the book's folder as the person named
        /// it (`ShownPath.normalized`), so a library's file is named as the pages are, relative
        /// to the working directory or absolute, as the book was (newuser-10 #10); absolute ones
        /// when not known.
        package var shownLibraries: [String] = []
        /// Whether each sample's program runs in a sandbox (`SampleSandbox`; book.toml's
        /// `[preprocessor.lecture.samples] sandbox`, default `auto`).
        var sandbox = SandboxSetting.auto
        /// The memory and process limits of a sample's program (`ResourceLimits`; book.toml's
        /// `[preprocessor.lecture.samples] memory-limit` and `process-limit`).
        var limits = ResourceLimits()
        /// The output folder and the cache, which no `reads=` file may lie in (`ReplacedFolders`).
        var replaced = ReplacedFolders.none
        /// The machine's paths no output may print nor output block hold, as no page may
        /// (`MachinePathOutput`, `MachinePaths`); none when the caller sets none.
        var machinePaths: [MachinePaths.Needle] = []
        /// The book's folder, its repository, the content, output and cache folders: hidden from
        /// every sample's program wherever they lie (`SampleSandbox.hidden`).
        var hiddenFolders: [String] = []
        /// The defaults given with each property: a value that depends on nothing else.
        init() {}

        /// Takes the `LECTURE_*` variables of `environment` (the process's, read once by
        /// `BookLayout.configure`): `LECTURE_HOVER_TIMEOUT` (seconds, within `timeouts`; another
        /// value is ignored), `LECTURE_SWIFT_ANALYSIS=off`, `LECTURE_MERGE_SAMPLES=off`.
        mutating func read(environment: [String: String]) {
            if let seconds = environment["LECTURE_HOVER_TIMEOUT"].flatMap(Double.init), Self.timeouts.contains(seconds)
            {
                hoverTimeout = seconds
            }
            if environment["LECTURE_SWIFT_ANALYSIS"] == "off" { swiftAnalysis = false }
            if environment["LECTURE_MERGE_SAMPLES"] == "off" { mergeSamples = false }
        }

        /// The time limits a person may set, in seconds (`--timeout`, `[preprocessor.lecture] timeout`): above
        /// 0 and at most a day, as a run's deadline is a `Duration`, which a larger number
        /// (`1e300`) would overflow.
        package static let timeouts = Double.leastNonzeroMagnitude...86_400
        /// `timeouts` as the usage error says it.
        static let timeoutsText = "a number of seconds above 0 and at most 86400 (a day)"
    }
}
