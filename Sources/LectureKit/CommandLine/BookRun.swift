import Foundation
import LectureSupport

/// The frame `lecture build` and `lecture check` run their work in, written once.
enum BookRun {
    /// Runs `body` with the interrupting signals handled (`Interruption`: they cancel the run,
    /// restored when `body` returns), diagnostics in the format `--report` asked for (`nil`: by the
    /// environment, `DiagnosticFormat.resolve`), and book.toml's diagnostics reported first.
    /// - Throws: `LectureError` when book.toml has an error the run cannot check the pages after
    ///   (one not among `settingErrors`, `Console.reportBookSettings`), before `body` runs; else
    ///   whatever `body` throws.
    static func run<Result>(
        console: Console, reportFormat: DiagnosticFormat.Name?, bookDiagnostics: [Diagnostic],
        settingErrors: [Diagnostic], _ body: () throws -> Result
    ) throws -> Result {
        let signals = Interruption.install()
        defer { signals.restore() }
        console.format = .resolve(
            reportFormat, environment: console.environment, workingDirectory: FileManager.default.currentDirectoryPath)
        try console.reportBookSettings(bookDiagnostics, goingOn: settingErrors)
        return try body()
    }
}
