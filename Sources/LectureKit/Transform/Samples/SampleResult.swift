import LectureSupport

/// What verifying one sample found.
struct SampleResult: Hashable, Sendable {
    /// Whether the sample passed, failed or was skipped.
    package enum Outcome: Hashable, Sendable {
        /// It did what its mode and attributes require.
        case passed
        /// It did not, or could not be verified; `diagnostics` say why.
        case failed
        /// `ignore`: not compiled.
        case skipped
    }

    /// The sample verified.
    var sample: Sample
    /// Passed, failed or skipped.
    var outcome: Outcome
    /// The sample's standard output when it ran (for `--bless`), else `nil`.
    var actualOutput: String?
    /// Whether that output held bytes that are not UTF-8 (`actualOutput` has U+FFFD for them):
    /// a failure, and `--bless` refuses to write it.
    var outputIsNotUTF8 = false
    /// Errors that failed it, and compiler warnings, located in the Markdown.
    var diagnostics: [Diagnostic]
    /// Whether the result came from the cache, without compiling.
    var fromCache: Bool
    /// Whether swiftc ran for it (false for cache hits and skipped samples).
    var compiled: Bool
    /// Seconds spent on it.
    var duration: Double
    /// Whether its compile failed on a file of the cache (`CompiledCacheDamage`): no verdict on
    /// the sample, never cached, verified again once that part of the cache is built again.
    var failedOnTheCache = false
    /// The names a `compile_fail` sample failed on when every error of its compile was "cannot
    /// find 'X' in scope": `UndeclaredNameHint` fails it when an earlier fence declares one
    /// (the sample failed for the fence it stands in, not for the reason its page gives).
    var undeclaredNames: [String] = []
    /// Whether it was compiled and run as part of a merged program (`MergedSamples`) rather
    /// than alone.
    var merged = false
    /// A `test` sample's tests, in the order they ran; empty for other samples.
    var tests: [TestCaseResult] = []
    /// What the compiler says about the sample's identifiers, for hover cards; empty unless it passed.
    var hoverCards: [HoverCard] {
        get { HoverCard.unpacked(packedHoverCards) ?? [] }
        set { packedHoverCards = HoverCard.packed(newValue) }
    }
    /// The cards as `HoverCard.packed(_:)` writes them and the cache keeps them: a warm build
    /// unpacks them only for a block whose HTML is not in the cache (`SampleRendering`).
    var packedHoverCards = ""
}

extension SampleResult {
    /// What a page shows of a verified sample: its hover cards and its tests. `Figures` takes
    /// this of each result, not the whole result, whose other fields (`duration`, `fromCache`,
    /// `compiled`, `merged`) change from build to build while the page does not.
    struct Shown: Hashable, Sendable {
        /// The hover cards, packed as `SampleResult.packedHoverCards`.
        var packedHoverCards: String
        /// A `test` sample's tests, in the order they ran.
        var tests: [TestCaseResult]

        /// The hover cards, unpacked.
        var hoverCards: [HoverCard] { HoverCard.unpacked(packedHoverCards) ?? [] }
    }

    /// What a page shows of this result.
    var shown: Shown { Shown(packedHoverCards: packedHoverCards, tests: tests) }
}

extension SampleResult {
    /// `sample` not compiled: an `ignore` sample, or one a cancelled run did not start.
    static func skipped(_ sample: Sample) -> SampleResult {
        SampleResult(
            sample: sample, outcome: .skipped, actualOutput: nil,
            diagnostics: sample.unprovidedImports.map { SamplePlatform.warning($0, path: sample.path) },
            fromCache: false, compiled: false, duration: 0)
    }

    /// The result of `sample` before it is verified: failed until a verdict says otherwise.
    static func unverified(_ sample: Sample) -> SampleResult {
        SampleResult(
            sample: sample, outcome: .failed, actualOutput: nil, diagnostics: [], fromCache: false, compiled: false,
            duration: 0)
    }
}

extension SampleResult {
    /// How far a sample is checked, for the reports a book's author reads.
    enum Check: Int, CaseIterable, Sendable {
        /// Run, its output compared with its output blocks.
        case compared
        /// Run, passing on how it ended (exit status 0, or its tests), no output compared.
        case ran
        /// Compiled (type-checked and linked), not run: `no_run`, a book's rule.
        case compiled
        /// `compile_fail`: must not compile, so is checked by failing to (counted as compiled, it
        /// would read as a `no_run` sample).
        case failedToCompile
        /// Not compiled: `ignore`, an Apple framework no library provides, a book's rule.
        case skipped

        /// `2 run and compared`.
        func counted(_ count: Int) -> String {
            switch self {
            case .compared: "\(count) run and compared"
            case .ran: "\(count) run only"
            case .compiled: "\(count) compiled only"
            case .failedToCompile: "\(count) failed to compile, as intended"
            case .skipped: "\(count) skipped"
            }
        }
    }

    /// How far the sample is checked (whatever its verdict).
    var check: Check {
        switch sample.mode {
        case .ignore: .skipped
        case .noRun: .compiled
        case .compileFail: .failedToCompile
        case .test: .ran
        case .run: sample.hasExpectedOutput ? .compared : .ran
        }
    }

    /// Why a skipped sample is not compiled.
    var skipReason: String? {
        guard check == .skipped else { return nil }
        return sample.skipReason ?? "marked 'ignore'"
    }

    /// The one line that sums up `results` (a page's, or the run's as `lecture check`'s last
    /// line), in one vocabulary: `3 passed, 1 failed, 2 skipped`, then in parentheses how far
    /// the passed samples were checked when not every one was run and compared (`passed: 2 run
    /// and compared, 1 run only`), and the code blocks joined into programs. A bare "passed"
    /// means run and compared; "1 run only" beside "1 passed" on a second line read as a third
    /// sample (newuser-9 #5).
    /// `otherErrors`: errors outside any sample's verdict, counted as failed; `otherSkipped`:
    /// fences that look like samples and are not (`DroppedSamples`), counted as skipped.
    static func summary(_ results: [SampleResult], otherErrors: Int = 0, otherSkipped: Int = 0) -> String {
        let passed = results.filter { $0.outcome == .passed }
        let failed = results.filter { $0.outcome == .failed }.count + otherErrors
        let skipped = results.filter { $0.outcome == .skipped }.count + otherSkipped
        var line = "\(passed.count) passed, \(failed) failed" + (skipped > 0 ? ", \(skipped) skipped" : "")
        var details: [String] = []
        if passed.contains(where: { $0.check != .compared }) {
            let kinds = Check.allCases.flatMap { kind -> [String] in
                let checked = passed.filter { $0.check == kind }
                guard kind == .ran else { return checked.isEmpty ? [] : [kind.counted(checked.count)] }
                let tested = checked.filter { $0.sample.mode == .test }
                let runs = checked.count - tested.count
                return (runs > 0 ? [kind.counted(runs)] : []) + (tested.isEmpty ? [] : [testCounts(tested)])
            }
            details.append("passed: " + kinds.joined(separator: ", "))
        }
        let joined = results.filter { $0.sample.parts.count > 1 }
        if !joined.isEmpty {
            let blocks = joined.map(\.sample.parts.count).reduce(0, +)
            details.append("\(blocks) code blocks as \(joined.count == 1 ? "one program" : "\(joined.count) programs")")
        }
        if !details.isEmpty { line += " (" + details.joined(separator: "; ") + ")" }
        return line
    }

    /// The line that says how many verdicts of `results` came from the cache, not from a run
    /// (attack 20, F8: "1 run and compared" was printed when nothing ran): `2 of 3 verdicts
    /// came from the cache …`; nil when none did. As Go's `go test` marks a cached result
    /// `(cached)` and Bazel says "Executed 0 out of 1 test … (cached)".
    static func cachedCount(_ results: [SampleResult]) -> String? {
        let cached = results.filter(\.fromCache).count
        guard cached > 0 else { return nil }
        let verified = results.filter { $0.outcome != .skipped }.count
        return
            "\(cached) of \(verified) verdict\(verified == 1 ? "" : "s") came from the cache, as an earlier run reached \(cached == 1 ? "it" : "them") with the same inputs, without running again; --no-cache runs every sample"
    }

    /// `2 test samples (5 tests)`; `(no test ran)` when none did (one that failed to compile).
    static func testCounts(_ tested: [SampleResult]) -> String {
        let tests = tested.map(\.tests.count).reduce(0, +)
        let samples = "\(tested.count) test sample" + (tested.count == 1 ? "" : "s")
        return samples + (tests == 0 ? " (no test ran)" : " (\(tests) test" + (tests == 1 ? ")" : "s)"))
    }
}
