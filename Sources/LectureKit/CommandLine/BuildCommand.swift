import Foundation
import LectureSupport

/// `lecture build`: the book as a static site.
struct BuildCommand: Subcommand {
    static let name = "build"
    static let abstract = "Build the book into a static HTML site, verifying every sample."
    static let discussion = """
        Pages come from SUMMARY.md; each Swift sample is compiled, run and compared with its
        expected output (warm from the cache); links, diagrams and tables are checked. Any error
        fails the whole build and the previous site stays as it was: the new one is written into
        a temporary folder and swapped in only when complete.

        <dir> is the book's folder (default: the current one): its book.toml (mdBook's format)
        names the pages' folder (src) and the site's (book); options win over it.
        """
    static var options: [Option<BookOptions>] {
        [
            .content, .templates, .output, .jobs, .timeout, .noCache, .cacheDirectory, .report, .siteURL, .sampleLocale,
            .sampleTimeZone, .smartPunctuation,
        ]
    }
    static var positionals: [Positional<BookOptions>] { [.book] }

    var configuration = BuildConfiguration()
    /// book.toml's warnings and errors, reported when the command runs.
    var bookDiagnostics: [Diagnostic] = []
    /// `--report github|plain`; `nil` chooses by the environment.
    var diagnosticFormat: DiagnosticFormat.Name?

    init(_ options: BookOptions) throws {
        diagnosticFormat = try options.reports(command: "lecture build", allowJUnit: false).format
        bookDiagnostics = try BookLayout.configure(&configuration, options: options)
    }

    func validate() throws {
        try configuration.verifier.environment.validate()
        // No content folder or summary, an output folder that may not be written, no templates
        // folder: setup errors (exit 2), all reported at once.
        let problems = [
            ContentLoader.setupError(contentDirectory: configuration.contentDirectory),
            configuration.outputAndTemplatesError(),
        ].compactMap { $0 }
        // book.toml's errors first: a setup error may come of one (a src or templates folder
        // refused, `ReadableFolder`), and the line to edit is there.
        if !problems.isEmpty {
            throw LectureError(
                unreported: bookDiagnostics.filter { $0.severity == .error } + problems.flatMap(\.diagnostics))
        }
    }

    func run(console: Console) throws -> Int32 {
        try BookRun.run(console: console, reportFormat: diagnosticFormat, bookDiagnostics: bookDiagnostics) {
            let report = try BuildPipeline(configuration: configuration, console: console).run()
            console.print(report.summary)
            if let note = report.unverifiedNote { console.print(note) }
            return 0
        }
    }
}
