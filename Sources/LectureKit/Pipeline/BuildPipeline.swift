import CommonMark
import Foundation
import LectureSupport

/// Runs a list of steps, in order, over one `BuildContext`. `lecture build`'s list is `Load`,
/// `Parse`, `Samples`, `Figures`, `Anchors`, `Links`, `Render`, `Names` and `Write` (`BuildStep.site`, one
/// file each in `Steps/`); `lecture check` runs its own (below).
///
/// Modelled on mdBook's driver and Publish's steps: the book flows one way through them, and
/// problems in the content are collected across all pages (swift-format's frontend does the
/// same) before the build fails, writing nothing. `lecture check` runs the first steps of the
/// same list, composed for a check (`BuildStep.check(files:shard:)`).
package struct BuildPipeline: Sendable {
    /// What to read and write.
    var configuration: BuildConfiguration
    /// Where diagnostics, progress and timings go.
    var console: Console
    /// What an earlier build of the same session left, for incremental rebuilds (`lecture serve`);
    /// `nil` for a one-off build.
    let memory: SessionMemory?

    /// A one-off build: every step does all its work.
    package init(configuration: BuildConfiguration, console: Console) {
        self.configuration = configuration
        self.console = console
        self.memory = nil
    }

    /// A build of a session (`lecture serve`): `memory` wraps every step (`StepReuse`), so only
    /// what changed since the session's last build is done again.
    package init(configuration: BuildConfiguration, console: Console, memory: SessionMemory) {
        self.configuration = configuration
        self.console = console
        self.memory = memory
    }

    /// Runs every step and writes the site: `BuildStep.site`, keeping the pages whole in a
    /// session.
    /// - Throws: `DiagnosticsError` when the content has errors (all are reported first, nothing
    ///   is written); `LectureError` for setup and I/O failures.
    @discardableResult
    package func run() throws -> BuildReport {
        // A session's build keeps its pages whole for the next one; a one-off build need not.
        try run(BuildStep.site(keepingPages: memory != nil, namingByContent: memory == nil))
    }

    /// Runs `steps`, a list the command composed (`BuildStep.site(keepingPages:forPrinting:)`).
    @discardableResult
    func run(_ steps: [BuildStep]) throws -> BuildReport {
        let start = Date()
        let cardsBefore = configuration.run.hoverCardTime.sum
        let probes =
            memory?.probes
            ?? Probes(
                cacheDirectory: configuration.cacheDirectory, run: configuration.run,
                early: Probes.early(for: configuration))
        memory?.probes = probes
        var context = BuildContext(configuration: configuration, console: console, probes: probes)
        if let problem = BuildDate.problem() { context.diagnostics.emit(problem) }
        try Self.run(steps, on: &context, memory: memory)
        let reported = context.reportDiagnostics()
        let included = Set(
            context.includedFiles.flatMap { file in
                (file.lineOrigins ?? []).map(\.path).filter { $0 != file.displayPath }
            })
        return BuildReport(
            pagesWritten: context.pages.count, seconds: Date().timeIntervalSince(start),
            outputDirectory: configuration.outputDirectory, diagnostics: reported,
            sampleResults: context.sampleResults, includedFiles: included.sorted(),
            unverifiedSamples: context.unverifiedSamples,
            allowedWarnings: context.allowedCount(context.diagnostics.diagnostics),
            hoverCardSeconds: configuration.run.hoverCardTime.sum.seconds - cardsBefore.seconds,
            hoverCardSamples: configuration.run.hoverCardTime.sum.samples - cardsBefore.samples)
    }

    /// Runs `steps` in order on `context`, each wrapped with `memory` when there is one
    /// (`StepReuse`), showing each step's name as progress on a terminal and, with
    /// `LECTURE_TIMINGS` set, printing each step's time at the end.
    ///
    /// A step's parts run in order: `prepare`, `page` on every page (in parallel), `book`. The
    /// problems of consecutive page parts are appended page by page, in page order.
    /// - Throws: `DiagnosticsError`, after reporting every problem, when a step stops the build
    ///   (`BuildStop`) or ends with errors and `stopsOnErrors`; the cancellation
    ///   (`lecture.cancelled`) before a step when the run was cancelled; what a step throws
    ///   otherwise, as a `LectureError` labelled with the step's name (`LectureError.step`), after
    ///   reporting what was found until then.
    ///
    /// The run's cancellation token is `Cancellation.current` meanwhile, so the long loops inside
    /// a step (a huge table, the print page's ids) stop soon after a signal, not at the step's end.
    static func run(_ steps: [BuildStep], on context: inout BuildContext, memory: SessionMemory?) throws {
        try Cancellation.$current.withValue(context.configuration.run.cancellation) {
            try runSteps(steps, on: &context, memory: memory)
        }
    }

    /// `run(_:on:memory:)` with the token bound.
    private static func runSteps(_ steps: [BuildStep], on context: inout BuildContext, memory: SessionMemory?) throws {
        let memo = memory.map(StepReuse.init)
        var timings: [(step: String, seconds: Double)] = []
        // Each page's problems from the page parts since the last book-wide part.
        var pending: [[Diagnostic]]?
        func flush(_ context: inout BuildContext) {
            guard let problems = pending else { return }
            for pageProblems in problems { context.diagnostics.emit(pageProblems) }
            pending = nil
        }
        for (index, original) in steps.enumerated() {
            // Cancelled (a signal, a stopping server): no further step starts.
            try context.configuration.run.cancellation.check()
            let step = memo?.wrap(original) ?? original
            let clock = Date()
            context.console.progress("[\(index + 1)/\(steps.count)] \(step.name)")
            do {
                memo?.willRun(step, &context)
                if let prepare = step.prepare {
                    flush(&context)
                    try prepare(&context)
                }
                var input: StepInput?
                if let part = step.page {
                    let made = try part.input(context)
                    input = made
                    // The pages leave the context while the step has them (its input, which may
                    // read them, is made first), so that each page's old version is freed as its
                    // new one is made (`consumingParallelMap`: what `Render` drops from a one-off
                    // build's pages goes page by page).
                    var pages = context.pages
                    context.pages = []
                    let snapshot = context
                    let cancellation = context.configuration.run.cancellation
                    let results = pages.consumingParallelMap(jobs: context.configuration.run.jobs) {
                        page -> PageStepResult in
                        // Cancelled: the pages not yet begun are left as they are and the step
                        // throws the cancellation, so a signal waits for one page's part at most.
                        if cancellation.isCancelled { return PageStepResult(page: page, problems: []) }
                        var page = page
                        let problems = part.work(&page, made, part.pageInput(snapshot, page))
                        return PageStepResult(page: page, problems: problems)
                    }
                    context.pages = results.map(\.page)
                    // A one-off build: what the pages' old versions held is free; a session
                    // keeps its pages and soon needs the pages again.
                    if memo == nil { FreedMemory.release() }
                    // Pages were skipped: the step's result is not whole, and nothing may keep it.
                    try cancellation.check()
                    var problems = pending ?? Array(repeating: [], count: results.count)
                    for (number, result) in results.enumerated() { problems[number] += result.problems }
                    pending = problems
                    memo?.pagesDone(step, &context)
                }
                if let book = step.book {
                    flush(&context)
                    try book(&context, input)
                }
                let next = index + 1 < steps.count ? steps[index + 1] : nil
                if next?.page == nil || next?.prepare != nil || step.stopsOnErrors { flush(&context) }
                // A long loop of the book part stops early when cancelled: its result is not
                // whole, and the session (`lecture serve`, which renews its token) may not keep it.
                try context.configuration.run.cancellation.check()
                memo?.didRun(step, &context)
            } catch is BuildStop {
                memo?.failed(step)
                flush(&context)
                throw fail(&context)
            } catch {
                memo?.failed(step)
                flush(&context)
                // What was found before the step stopped is reported too: nothing is lost.
                context.console.clearProgress()
                context.reportDiagnostics()
                throw LectureError(error, step: step.name)
            }
            if memo == nil { FreedMemory.release() }
            timings.append((step.name, Date().timeIntervalSince(clock)))
            // book.toml's errors (printed before the run) stop it here too: nothing is written.
            if step.stopsOnErrors, context.diagnostics.hasErrors || !context.configuration.settingErrors.isEmpty {
                throw fail(&context)
            }
        }
        memo?.finish(steps)
        context.console.clearProgress()
        if ProcessEnvironment.value("LECTURE_TIMINGS") != nil {
            context.console.print(
                timings.map { "\($0.step) \(String(format: "%.3f", $0.seconds)) s" }.joined(separator: ", "))
        }
    }

    /// Reports every problem, sorted for reading, and returns them as the error that fails the run.
    private static func fail(_ context: inout BuildContext) -> DiagnosticsError {
        context.console.clearProgress()
        // The probes' threads run child processes: let them finish before the caller exits,
        // or the process is torn down under them.
        context.probes.finish()
        // book.toml's errors are among what is printed (`BuildContext.report`).
        return DiagnosticsError(context.reportDiagnostics())
    }
}

/// One page after one page step: the page as the step left it and the problems found on it.
struct PageStepResult: Sendable {
    /// The page, changed by the step.
    var page: Page
    /// What the step found wrong on the page, in the order found.
    var problems: [Diagnostic]
}
