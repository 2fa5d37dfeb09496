import Foundation
import LectureSupport

/// `lecture build`: the book as a static site.
package struct BuildCommand: Subcommand {
    package static let name = "build"
    package static let abstract =
        "Build the book into a static HTML site, verifying its samples when book.toml asks for it."
    package static let discussion = """
        Pages come from SUMMARY.md; links, diagrams and tables are checked. When book.toml asks
        for it ([preprocessor.lecture.samples] verify = true, which 'lecture init' writes), each
        Swift sample is compiled, run and compared with its expected output (warm from the
        cache); else Swift is rendered as mdBook renders it and the build ends by saying how many
        samples it did not verify ('lecture check' verifies them either way). Any error fails
        the whole build and the previous site stays as it was: the new one is written into a
        temporary folder and swapped in only when complete.

        <dir> is the book's folder (default: the current one): its book.toml (mdBook's format)
        names the pages' folder (src) and the site's (book); options win over it.
        """
    package static var options: [Option<BookOptions>] {
        [
            .content, .templates, .output, .jobs, .timeout, .noCache, .cacheDirectory, .report, .siteURL, .sampleLocale,
            .sampleTimeZone, .smartPunctuation,
        ] + Option<BookOptions>.protection
    }
    package static var positionals: [Positional<BookOptions>] { [.book] }

    /// The options as parsed: what the command reads of the disk (book.toml, the folders it
    /// names) is read when it runs (`setUp`), never while the options are parsed or validated.
    var options: BookOptions
    /// `--report github|plain`; `nil` chooses by the environment.
    var diagnosticFormat: DiagnosticFormat.Name?
    /// Whether the site is built to be printed by `lecture pdf` (`BuildStep.site(keepingPages:forPrinting:)`).
    package var printsPDF = false

    package init(_ options: BookOptions) throws {
        self.options = options
        diagnosticFormat = try options.reports(command: "lecture build", allowJUnit: false).format
    }

    /// Nothing to check beyond what parsing did: the options' values are typed where parsed, and
    /// what they name on the disk is checked by `setUp` when the command runs.
    package func validate() throws {}

    /// The build's configuration: book.toml read and applied under the options, the sample
    /// environment, the content, output and templates folders checked.
    /// - Throws: `LectureError` (exit 2) with book.toml's errors and every setup error at once,
    ///   located where a person edits.
    package func setUp() throws -> BookSetup {
        var configuration = BuildConfiguration()
        let bookDiagnostics = try BookLayout.configure(&configuration, options: options)
        try configuration.verifier.environment.validate()
        // No content folder or summary, an output folder that may not be written, no templates
        // folder: setup errors (exit 2), all reported at once.
        let problems = [
            ContentLoader.setupError(
                contentDirectory: configuration.contentDirectory, setting: configuration.sourceSetting),
            configuration.outputAndTemplatesError(),
        ].compactMap { $0 }
        // book.toml's errors first: a setup error may come of one (a src or templates folder
        // refused, `ReadableFolder`), and the line to edit is there; so may a path taken as
        // written (`~/src`), whose warning says where it led.
        if !problems.isEmpty {
            throw LectureError(
                unreported: bookDiagnostics.filter { $0.severity == .error || $0.identifier == .unexpandedPath }
                    + problems.flatMap(\.diagnostics))
        }
        return BookSetup(configuration: configuration, bookDiagnostics: bookDiagnostics)
    }

    package func run(console: Console) throws -> Int32 { try run(try setUp(), console: console) }

    /// The build of `setup`, set up already (`lecture pdf` reads the site's folder from it first).
    package func run(_ setup: BookSetup, console: Console) throws -> Int32 {
        try BookRun.run(
            console: console, reportFormat: diagnosticFormat, bookDiagnostics: setup.bookDiagnostics,
            settingErrors: setup.configuration.settingErrors
        ) {
            var configuration = setup.configuration
            configuration.settingDiagnostics = setup.bookDiagnostics
            let report = try BuildPipeline(configuration: configuration, console: console).run(
                BuildStep.site(keepingPages: false, forPrinting: printsPDF))
            console.print(report.summary)
            if let note = report.unverifiedNote { console.print(note) }
            return 0
        }
    }
}

/// A book command's configuration as read from the disk when the command runs: book.toml applied
/// under the options, with book.toml's warnings and errors, reported when the command runs.
package struct BookSetup {
    package var configuration: BuildConfiguration
    package var bookDiagnostics: [Diagnostic]
}
