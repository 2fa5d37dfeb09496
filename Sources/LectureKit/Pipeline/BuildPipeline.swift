import CommonMark
import Foundation
import LectureSupport

/// `lecture build`: the steps `Load`, `Parse`, `Samples`, `Figures`, `Anchors`, `Links`, `Render`
/// and `Write` (`BuildStep.site`, one file each in `Steps/`), run in order over one `BuildContext`.
///
/// Modelled on mdBook's driver and Publish's steps: the book flows one way through them, and
/// problems in the content are collected across all pages (swift-format's frontend does the
/// same) before the build fails, writing nothing. `lecture check` runs the first steps of the
/// same list (`BuildStep.check`).
package struct BuildPipeline: Sendable {
    /// What to read and write.
    var configuration: BuildConfiguration
    /// Where diagnostics, progress and timings go.
    var console: Console
    /// What an earlier build of the same session left, for incremental rebuilds (`lecture serve`).
    var memory: BuildMemory?

    /// Creates a pipeline; pass the session's `memory` to rebuild incrementally.
    package init(configuration: BuildConfiguration, console: Console, memory: BuildMemory? = nil) {
        self.configuration = configuration
        self.console = console
        self.memory = memory
    }

    /// Runs every step and writes the site.
    /// - Throws: `DiagnosticsError` when the content has errors (all are reported first, nothing
    ///   is written); `LectureError` for setup and I/O failures.
    @discardableResult
    package func run() throws -> BuildReport {
        let start = Date()
        var context = BuildContext(configuration: configuration, console: console, memory: memory, purpose: .site)
        try Self.run(BuildStep.site, on: &context)
        console.report(context.remappedDiagnostics.sortedForReading())
        let included = Set(
            context.includedFiles.flatMap { file in
                (file.lineOrigins ?? []).map(\.path).filter { $0 != file.displayPath }
            })
        return BuildReport(
            pagesWritten: context.pages.count, seconds: Date().timeIntervalSince(start),
            outputDirectory: configuration.outputDirectory, diagnostics: context.remappedDiagnostics,
            sampleResults: context.sampleResults, includedFiles: included.sorted())
    }

    /// Runs `steps` in order on `context`, showing each step's name as progress on a terminal and,
    /// with `LECTURE_TIMINGS` set, printing each step's time at the end.
    ///
    /// Consecutive steps with a page part run as one stretch that `BuildMemory` wraps
    /// (`PageMemo`): a page it remembers skips them all and keeps its remembered problems.
    /// - Throws: `DiagnosticsError`, after reporting every problem, when a step stops the build
    ///   (`BuildStop`) or ends with errors and `stopsOnErrors`; the cancellation
    ///   (`lecture.cancelled`) before a step when the run was cancelled; what a step throws otherwise.
    static func run(_ steps: [BuildStep], on context: inout BuildContext) throws {
        var timings: [(step: String, seconds: Double)] = []
        var stretch: PageMemo?
        for (index, step) in steps.enumerated() {
            // Cancelled (a signal, a stopping server): no further step starts.
            try context.configuration.verifier.cancellation.check()
            let clock = Date()
            context.console.progress("[\(index + 1)/\(steps.count)] \(step.name)")
            do {
                if let work = step.page {
                    if stretch == nil { stretch = PageMemo.begin(&context) }
                    stretch?.run(work, on: &context)
                    let next = index + 1 < steps.count ? steps[index + 1] : nil
                    if step.book != nil || next?.page == nil {
                        stretch?.end(&context)
                        stretch = nil
                    }
                }
                try step.book?(&context)
            } catch is BuildStop {
                throw fail(&context)
            }
            timings.append((step.name, Date().timeIntervalSince(clock)))
            if step.stopsOnErrors, context.diagnostics.hasErrors { throw fail(&context) }
        }
        context.console.clearProgress()
        if ProcessInfo.processInfo.environment["LECTURE_TIMINGS"] != nil {
            context.console.print(
                timings.map { "\($0.step) \(String(format: "%.3f", $0.seconds)) s" }.joined(separator: ", "))
        }
    }

    /// Reports every problem, sorted for reading, and returns them as the error that fails the run.
    private static func fail(_ context: inout BuildContext) -> DiagnosticsError {
        context.console.clearProgress()
        // The probes' threads run child processes: let them finish before the caller exits,
        // or the process is torn down under them.
        _ = context.probes.toolchain()
        let diagnostics = context.remappedDiagnostics
        context.console.report(diagnostics.sortedForReading())
        return DiagnosticsError(diagnostics)
    }
}
