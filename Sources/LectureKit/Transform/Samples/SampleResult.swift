import LectureSupport

/// What verifying one sample found.
struct SampleResult: Sendable {
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
    /// Errors that failed it, and compiler warnings, located in the Markdown.
    var diagnostics: [Diagnostic]
    /// Whether the result came from the cache, without compiling.
    var fromCache: Bool
    /// Whether swiftc ran for it (false for cache hits and skipped samples).
    var compiled: Bool
    /// Seconds spent on it.
    var duration: Double
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
    /// `sample` not compiled: an `ignore` sample, or one a cancelled run did not start.
    static func skipped(_ sample: Sample) -> SampleResult {
        SampleResult(
            sample: sample, outcome: .skipped, actualOutput: nil, diagnostics: [], fromCache: false, compiled: false,
            duration: 0)
    }

    /// The result of `sample` before it is verified: failed until a verdict says otherwise.
    static func unverified(_ sample: Sample) -> SampleResult {
        SampleResult(
            sample: sample, outcome: .failed, actualOutput: nil, diagnostics: [], fromCache: false, compiled: false,
            duration: 0)
    }
}
