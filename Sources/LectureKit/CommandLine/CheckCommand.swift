import CommonMark
import Foundation
import LectureSupport

/// `lecture check`: sample verification alone, for CI.
struct CheckCommand: Subcommand {
    static let name = "check"
    static let abstract =
        "Verify the Swift samples, whatever book.toml's verify says: compile, run, compare the output."
    static let discussion = """
        With files, exactly those Markdown files are checked (inside or outside the summary);
        without, every page of the summary. Ends with one line, 'N passed, N failed' (', N skipped'
        when some are not verified: marked 'ignore', importing an Apple framework no sample library
        provides, or a fence that looks like a sample and is not), then, when not every sample that
        passed was run and its output compared, how far they were ('(passed: 1 run and compared,
        1 run only)'); a group of blocks counts as one sample; a 'no_run' or 'compile_fail' sample
        is compiled, not run. Exit status: 0 all passed,
        1 a sample failed or a page breaks a convention, 2 usage or setup error. Links, diagrams
        and tables are checked by 'lecture build', not here. <dir> is the book's folder, as
        for 'lecture build' (its book.toml names the pages' folder).
        """
    /// The options of `lecture check`: the shared book options, and its own.
    struct Options: ParsableOptions {
        var book = BookOptions()
        /// `--bless`.
        var bless = false
        /// `--bless-max-lines <n>`: the most lines bless writes into one output block.
        var blessMaxLines: Int?
        /// `--shard <k>/<n>`: shard k of n, 1-based.
        var shard: Shard?
        /// The book's folder and the pages to check, as given (a folder among them is the book).
        var paths: [String] = []
    }

    static var options: [Option<Options>] {
        let shared: [Option<BookOptions>] =
            [
                .content, .jobs, .timeout, .noCache, .cacheDirectory, .sampleLocale, .sampleTimeZone,
            ] + Option<BookOptions>.protection
        return shared.map { $0.within(\Options.book) } + [
            .flag("--bless", help: "Write each sample's actual output into its output block.", at: \.bless),
            .value(
                "--bless-max-lines", value: "n",
                help:
                    "The most lines --bless writes into one output block (default: \(BlessLimit.defaultMaxLines)); a longer one is refused.",
                at: \.blessMaxLines
            ) { text in
                guard let n = Int(text), n >= 1 else {
                    throw LectureError(
                        .badOptionValue, "--bless-max-lines needs a whole number of 1 or more, not \(quoted: text)")
                }
                return n
            },
            Option<BookOptions>.report.within(\.book),
            .value(
                "--shard", value: "k/n", help: "Verify only shard k of n (1-based), for CI job matrices.", at: \.shard
            ) { text in
                let parts = text.split(separator: "/")
                guard parts.count == 2, let k = Int(parts[0]), let n = Int(parts[1]), n >= 1, (1...n).contains(k)
                else {
                    throw LectureError(.badOptionValue, "--shard takes K/N with 1 ≤ K ≤ N, not \(quoted: text)")
                }
                return Shard(index: k, count: n)
            },
        ]
    }
    static var positionals: [Positional<Options>] { [.all(usage: "[<dir>] [<file.md> ...]", at: \.paths)] }

    /// The options as parsed: which argument is the book's folder, book.toml and the folders it
    /// names are read when the command runs (`setUp`), never while the options are parsed or
    /// validated.
    var options: Options
    /// `--report junit:PATH`.
    var reportPath: String?
    /// `--report github|plain`; `nil` chooses by the environment.
    var diagnosticFormat: DiagnosticFormat.Name?

    init(_ options: Options) throws {
        self.options = options
        (diagnosticFormat, reportPath) = try options.book.reports(command: "lecture check", allowJUnit: true)
    }

    /// Nothing to check beyond what parsing did: what the arguments name on the disk is checked
    /// by `setUp` when the command runs.
    func validate() throws {}

    /// The check's configuration and pages, read from the disk: a folder among the arguments is
    /// the book (its book.toml read as `lecture build` reads it: its steps run a prefix of the
    /// build's), the rest are pages.
    /// - Throws: `LectureError` (exit 2): two folders, a page that is no Markdown file, a JUnit
    ///   report that would overwrite content or lies where it may not be written.
    func setUp() throws -> (configuration: BuildConfiguration, files: [String], bookDiagnostics: [Diagnostic]) {
        let folders = options.paths.filter { !$0.hasSuffix(".md") && FileSystem.isDirectory($0) }
        let files = options.paths.filter { !folders.contains($0) }
        guard folders.count <= 1 else {
            throw LectureError(
                .badArgument, "unexpected argument \(quoted: folders[1]); name one book folder",
                notes: ["see 'lecture check --help'"])
        }
        var bookOptions = options.book
        bookOptions.directory = folders.first
        var configuration = BuildConfiguration()
        var bookDiagnostics = try BookLayout.configure(&configuration, options: bookOptions, needsTemplates: false)
        try configuration.verifier.environment.validate()
        for file in files where !file.hasSuffix(".md") {
            throw LectureError(.badArgument, "\(quoted: file) is not a Markdown file (.md)")
        }
        // A page is named from the folder the command runs in, as every path of the command line:
        // one named from the book or its pages' folder is not found there, and the error says
        // where it looked and the path that names it.
        for file in files where !FileSystem.exists(file) || FileSystem.isDirectory(file) {
            let folders = [configuration.contentDirectory, configuration.bookDirectory].compactMap { $0 }
            let meant = folders.map { FileSystem.join($0, file) }.first {
                FileSystem.exists($0) && !FileSystem.isDirectory($0)
            }
            throw LectureError(
                .error(
                    .badArgument, file, nil,
                    "file does not exist (a page is named from the current folder, \(FileManager.default.currentDirectoryPath))",
                    notes: [
                        meant.map { "did you mean \(quoted: $0)?" }
                            ?? "name the page from the current folder, as in '\(FileSystem.join(configuration.contentDirectory, "chapter_1.md"))'"
                    ]))
        }
        if let reportPath {
            if reportPath.hasSuffix(".md") {
                throw LectureError(
                    .badOptionValue, "--report junit:\(reportPath) would overwrite content",
                    notes: ["write the report outside the content folder"])
            }
            if let refusal = JUnitReportPath.refusal(reportPath, configuration: configuration) { throw refusal }
            if let warning = JUnitReportPath.path(reportPath).unexpanded { bookDiagnostics.append(warning) }
        }
        return (configuration, files, bookDiagnostics)
    }

    func run(console: Console) throws -> Int32 {
        var (configuration, files, bookDiagnostics) = try setUp()
        // Printed with the pages' at the end, in one list ordered for reading.
        configuration.settingDiagnostics = bookDiagnostics
        return try BookRun.run(
            console: console, reportFormat: diagnosticFormat, bookDiagnostics: bookDiagnostics,
            settingErrors: configuration.settingErrors
        ) {
            try check(configuration, files: files, console: console)
        }
    }

    /// The check itself: the samples verified (and blessed), their diagnostics and the closing
    /// count printed, the JUnit report written; 0 when nothing failed, else 1.
    private func check(_ configuration: BuildConfiguration, files: [String], console: Console) throws -> Int32 {
        // A check draws no diagrams: Graphviz is not asked for.
        var context = BuildContext(configuration: configuration, console: console, diagrams: false)
        // A one-off run: no memory of an earlier one.
        try BuildPipeline.run(
            BuildStep.check(files: files, shard: options.shard), on: &context, memory: nil)
        let diagnostics = context.contentDiagnostics
        let sources = context.content.files
        // Each sample's verdict is final before anything is printed: blessed when asked.
        // A book.toml with an error: the samples ran with defaults in its place, so none is blessed.
        if options.bless, !configuration.settingErrors.isEmpty {
            console.print("Nothing blessed: book.toml has errors (above); fix them and run again")
        }
        let (verdicts, blessedSamples) =
            options.bless && configuration.settingErrors.isEmpty
            ? try blessed(context.sampleResults, sources: sources, configuration: configuration, console: console)
            : (context.sampleResults, [])
        // Every problem at once, in the order `lecture build` prints the same ones: the pages'
        // (as far as this shard reports them; the blessed samples' judged again on what was
        // written), the samples' as they ended, the stage's warnings.
        let reported =
            BlessedWarnings.rejudged(diagnostics, blessed: blessedSamples) + verdicts.flatMap(\.diagnostics)
            + context.sampleWarnings
        context.report(reported)

        // Each page's summary (with more than one page) and each skip's reason, then the run's,
        // all in one vocabulary
        // (`SampleResult.summary`). An error about a sample's own fences or blocks fails that
        // sample, counted once; the pages' other errors, and book.toml's (printed before the
        // run), count as failed on each line, so the counts add up everywhere.
        let (results, contentErrors) = SampleOwnErrors.folded(
            configuration.settingErrors + diagnostics.filter { $0.severity == .error }, into: verdicts)
        var pages: [String] = []
        for result in results where pages.last != result.sample.path { pages.append(result.sample.path) }
        for page in pages {
            let own = results.filter { $0.sample.path == page }
            let errors = contentErrors.filter { $0.path == page }.count
            // A book of one page has one line: the run's is the page's.
            if pages.count > 1 { console.print("\(page): \(SampleResult.summary(own, otherErrors: errors))") }
            for result in own {
                if let reason = result.skipReason {
                    console.print("  skipped \(result.sample.editedPlace): \(reason)")
                }
            }
        }
        if let cached = SampleResult.cachedCount(results) { console.print(cached) }
        let failed = results.filter { $0.outcome == .failed }.count
        // Fences that look like samples but are not (warned about above) count as skipped.
        let lookAlikes = DroppedSamples.lookAlikes(
            in: diagnostics, fences: DroppedSamples.fences(of: results.map(\.sample)))
        var closing = SampleResult.summary(results, otherErrors: contentErrors.count, otherSkipped: lookAlikes)
        // A run that found nothing to check says so: "0 passed" alone reads as samples found.
        if results.isEmpty, lookAlikes == 0, contentErrors.isEmpty {
            closing +=
                options.shard != nil
                ? ": no Swift samples in this shard"
                : files.isEmpty ? ": no Swift samples in this book" : ": no Swift samples in the files named"
        }
        // Warnings book.toml allows are not printed, and counted (`AllowedWarnings`).
        if let allowed = AllowedWarnings.closing(context.allowedCount(reported)) { closing += "; " + allowed }
        console.print(closing)
        if let reportPath {
            // Located where a person edits, as printed (`IncludedLocations`).
            let located = results.map { result in
                var result = result
                result.diagnostics = IncludedLocations.remap(result.diagnostics, files: context.includedFiles)
                return result
            }
            try JUnitReportPath.path(reportPath).write(
                Array(
                    JUnitReport.xml(
                        located, extraFailures: IncludedLocations.remap(contentErrors, files: context.includedFiles)
                    ).utf8))
        }
        return failed + contentErrors.count == 0 ? 0 : 1
    }

    /// Rewrites output blocks of samples whose only failure is their output, then counts them
    /// passed. A page is rewritten only when it still holds what the check read and lies in the
    /// book's folder (`BlessedPage`); a sample that cannot be blessed stays failed, with the reason.
    /// - Returns: the results, and the samples blessed, their output blocks as written.
    private func blessed(
        _ results: [SampleResult], sources: [SourceFile], configuration: BuildConfiguration, console: Console
    ) throws -> (results: [SampleResult], blessed: [Sample]) {
        var results = results
        var blessedSamples: [Sample] = []
        var byPath: [String: [Int]] = [:]
        for index in results.indices where results[index].outcome == .failed {
            let result = results[index]
            guard result.actualOutput != nil, result.sample.mode == .run else { continue }
            let errors = result.diagnostics.filter { $0.severity == .error }
            let onlyOutput = errors.allSatisfy {
                $0.identifier == .sampleOutputMismatch || $0.identifier == .sampleNoOutput
            }
            guard onlyOutput else { continue }
            // A fence that printed nothing gets no block (an empty "verified" box); its error
            // already says what it wants instead (`run` or `continue`).
            if !result.sample.continued, result.sample.outputRange == nil,
                result.sample.parts.last?.plainOutputBlock == nil,
                OutputComparison.printedNothing(result.actualOutput ?? "")
            {
                continue
            }
            guard !result.outputIsNotUTF8 else {
                results[index].diagnostics.append(
                    .error(
                        .blessRefused, result.sample.path, result.sample.location,
                        "cannot bless: the sample printed bytes that are not valid UTF-8, which an output block cannot hold",
                        notes: ["make it print text; the bytes are shown as \\xFF in the output's diff"]))
                continue
            }
            if result.sample.continued,
                ContinuedBless.outputs(of: result.sample, actual: result.actualOutput ?? "") == nil
            {
                results[index].diagnostics.append(
                    .error(
                        .blessRefused, result.sample.path, result.sample.location,
                        "cannot bless: the program continued on this page ended before its last fence, so what each fence printed is not known",
                        notes: [
                            "make it run to its end (or give its last fences their output by hand), then bless again"
                        ]))
                continue
            }
            byPath[result.sample.path, default: []].append(index)
        }
        for (path, var indices) in byPath.sorted(by: { $0.key < $1.key }) {
            let source = sources.first { $0.displayPath == path }
            // A continued program's fences are blessed each as a sample of its own (`ContinuedBless`).
            var blessing: [Int: [(sample: Sample, output: String)]] = [:]
            for index in indices {
                let result = results[index]
                blessing[index] =
                    result.sample.continued
                    ? ContinuedBless.outputs(of: result.sample, actual: result.actualOutput ?? "") ?? []
                    : [(sample: result.sample, output: result.actualOutput ?? "")]
            }
            // An output block longer than the limit is refused at its sample, never pasted unasked.
            let maxLines = options.blessMaxLines ?? BlessLimit.defaultMaxLines
            for index in indices {
                let lines = (blessing[index] ?? []).map { BlessLimit.lineCount($0.output) }.max() ?? 0
                guard lines > maxLines else { continue }
                results[index].diagnostics = BlessRefusalNotes.withdrawn(results[index].diagnostics)
                results[index].diagnostics.append(
                    BlessLimit.refusal(results[index].sample, path: path, lines: lines, maxLines: maxLines))
                blessing[index] = nil
            }
            indices.removeAll { blessing[$0] == nil }
            if indices.isEmpty { continue }
            // A page whose directives were expanded: each sample whose fences and output block are
            // the page's own (its code may be included) is blessed where they stand in the file;
            // one with an included fence or output line is left for a person,
            // the error placed in the file it came from (`IncludedLocations`).
            let expanded = source.map { $0.expandsDirectives ? $0 : nil } ?? nil
            if let expanded {
                for index in indices
                where (blessing[index] ?? []).contains(where: {
                    !IncludedPageBless.isBlessable($0.sample, in: expanded)
                }) {
                    results[index].diagnostics.append(
                        .error(
                            .blessRefused, path, results[index].sample.location,
                            "cannot bless: a fence of this sample or a line of its output block comes from an {{#include}}",
                            notes: ["copy the actual output into its output block by hand, in the file that holds it"]))
                    blessing[index] = nil
                }
                indices.removeAll { blessing[$0] == nil }
                if indices.isEmpty { continue }
            }
            let outputs = indices.flatMap { blessing[$0] ?? [] }
            // A sample where it stands in the file (itself on a page without includes).
            func placed(_ sample: Sample) -> Sample {
                expanded.flatMap { file in IncludedPageBless.placed(sample, in: file) } ?? sample
            }
            let refused: [(Sample, String)]
            do throws(BlessedPage.Refusal) {
                let page = try BlessedPage(
                    path, within: [configuration.bookDirectory ?? ".", configuration.contentDirectory],
                    checked: source?.text ?? "",
                    stillHolds: expanded.map { file in
                        { IncludedPageBless.stillHolds($0, samples: outputs.map(\.sample), in: file) }
                    })
                let rewritten = Bless.rewrite(page.text, outputs: outputs.map { (placed($0.sample), $0.output) })
                try page.replace(with: rewritten.text)
                refused = rewritten.refused
            } catch {
                // Once for the page, at its first sample to bless: the file is the problem. The
                // samples' own errors no longer promise what this run just refused.
                results[indices[0]].diagnostics.append(
                    .error(
                        .blessRefused, path, results[indices[0]].sample.location, "cannot bless: \(error.summary)",
                        notes: [error.fix]))
                for index in indices {
                    results[index].diagnostics = BlessRefusalNotes.withdrawn(results[index].diagnostics)
                }
                continue
            }
            var blessedCount = 0
            var blessedLines = 0
            var removedCount = 0
            for index in indices {
                let mine = (blessing[index] ?? []).map { placed($0.sample) }
                if let reason = refused.first(where: { refusal in mine.contains { $0 == refusal.0 } })?.1 {
                    results[index].diagnostics.append(
                        .error(.blessRefused, path, results[index].sample.location, "cannot bless: \(reason)"))
                } else {
                    results[index].outcome = .passed
                    results[index].diagnostics.removeAll { $0.severity == .error }
                    // Its page now holds the output it is compared with: counted "run and
                    // compared", as a sample whose block was rewritten is.
                    // A `should_fail` sample that printed nothing lost its block (`Bless`): said
                    // as removed, and counted "run only", as its page now has it.
                    if Bless.removesBlock(of: results[index].sample, output: results[index].actualOutput ?? "") {
                        results[index].sample.expectedOutput = nil
                        removedCount += 1
                        blessedSamples.append(results[index].sample)
                        continue
                    }
                    for (one, output) in blessing[index] ?? [] {
                        if let part = results[index].sample.parts.firstIndex(where: { $0.fence == one.parts[0].fence }),
                            results[index].sample.continued
                        {
                            results[index].sample.parts[part].expectedOutput = output
                        } else {
                            results[index].sample.expectedOutput = output
                        }
                    }
                    blessedCount += max(1, mine.count)
                    blessedLines += (blessing[index] ?? []).reduce(0) { $0 + BlessLimit.lineCount($1.output) }
                    blessedSamples.append(results[index].sample)
                }
            }
            if removedCount > 0 { console.print(BlessLimit.removedReport(blocks: removedCount, path: path)) }
            if blessedCount > 0 {
                console.print(BlessLimit.report(blocks: blessedCount, lines: blessedLines, path: path))
            }
        }
        return (results, blessedSamples)
    }
}
