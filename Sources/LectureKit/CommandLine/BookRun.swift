import Foundation
import LectureSupport

/// The frame `lecture build` and `lecture check` run their work in, written once.
enum BookRun {
    /// Runs `body` with the interrupting signals handled (`Interruption`: they cancel the run,
    /// restored when `body` returns), diagnostics in the format `--report` asked for (`nil`: by the
    /// environment, `DiagnosticFormat.resolve`). book.toml's diagnostics are printed here only
    /// when they stop the run; else `body`'s run prints them with its own, in one list ordered for
    /// reading (`BuildConfiguration.settingDiagnostics`, which the caller sets).
    /// - Throws: `DiagnosticsError` when book.toml has an error the run cannot check the pages
    ///   after (one not among `settingErrors`), before `body` runs; else whatever `body` throws.
    static func run<Result>(
        console: Console, reportFormat: DiagnosticFormat.Name?, bookDiagnostics: [Diagnostic],
        settingErrors: [Diagnostic], _ body: () throws -> Result
    ) throws -> Result {
        let signals = Interruption.install()
        defer { signals.restore() }
        console.format = .resolve(
            reportFormat, environment: console.environment, workingDirectory: FileManager.default.currentDirectoryPath)
        if bookDiagnostics.contains(where: { $0.severity == .error && !settingErrors.contains($0) }) {
            console.report(bookDiagnostics.sortedForReading())
            throw DiagnosticsError(bookDiagnostics)
        }
        return try body()
    }
}
