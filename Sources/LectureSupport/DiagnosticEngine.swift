/// Collects the diagnostics of one run, from any thread, after Swift-DocC's `DiagnosticEngine`:
/// stages emit into it and go on (swift-format's frontend does the same), and the command decides
/// at the end whether the run failed. `BuildContext.reportDiagnostics()` prints what was emitted, once.
package final class DiagnosticEngine: Sendable {
    private let state = Locked<[Diagnostic]>([])

    /// An empty engine.
    package init() {}

    /// Records one diagnostic.
    package func emit(_ diagnostic: Diagnostic) { state.withLock { $0.append(diagnostic) } }

    /// Records several, in their order.
    package func emit(_ diagnostics: some Sequence<Diagnostic>) {
        state.withLock { $0.append(contentsOf: diagnostics) }
    }

    /// Everything emitted so far, in the order it was emitted.
    package var diagnostics: [Diagnostic] { state.withLock { $0 } }

    /// Whether an error was emitted (warnings alone don't fail a run).
    package var hasErrors: Bool { state.withLock { $0.hasErrors } }

    /// How many errors were emitted.
    package var errorCount: Int { state.withLock { $0.errorCount } }

    /// Empties the engine and returns what it held, in emission order.
    package func drain() -> [Diagnostic] {
        state.withLock {
            let all = $0
            $0 = []
            return all
        }
    }
}
