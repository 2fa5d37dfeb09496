/// What verifying one sample found.
public struct SampleResult: Sendable {
    public enum Outcome: Hashable, Sendable {
        case passed
        case failed
        /// `ignore`: not compiled.
        case skipped
    }

    public var sample: Sample
    public var outcome: Outcome
    /// The sample's standard output when it ran (for `--bless`), else `nil`.
    public var actualOutput: String?
    /// Errors that failed it, and compiler warnings, located in the Markdown.
    public var diagnostics: [Diagnostic]
    /// Whether the result came from the cache, without compiling.
    public var fromCache: Bool
    /// Whether swiftc ran for it (false for cache hits and skipped samples).
    public var compiled: Bool
    /// Seconds spent on it.
    public var duration: Double
}
