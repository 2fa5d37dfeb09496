/// Thrown by a stage whose input had errors; the diagnostics have been collected already.
public struct DiagnosticsError: Error, Sendable {
    /// The problems that stopped the stage.
    public var diagnostics: [Diagnostic]
    /// Wraps the problems found.
    public init(_ diagnostics: [Diagnostic]) { self.diagnostics = diagnostics }
}
