import Foundation

/// `lecture build`: the book as a static site.
struct BuildCommand: Subcommand {
    static let name = "build"
    static let abstract = "Build the book into a static HTML site, verifying every sample."
    static let usage = "lecture build [--content <dir>] [--templates <dir>] [--output <dir>] [options]"
    static let discussion = """
        Pages come from SUMMARY.md; each Swift sample is compiled, run and compared with its
        expected output (warm from the cache); links, diagrams and tables are checked. Any error
        fails the whole build and the previous site stays as it was: the new one is written into
        a temporary folder and swapped in only when complete.
        """
    static let options = [
        CommonOptions.content, CommonOptions.templates, CommonOptions.output,
        CommonOptions.jobs, CommonOptions.timeout, CommonOptions.noCache, CommonOptions.cacheDir, CommonOptions.report,
        OptionSpec(["--site-url"], value: "path", help: "The path the site is served under, as /repo/ (default: /); 404.html links from it."),
        CommonOptions.sampleLocale, CommonOptions.sampleTimeZone, CommonOptions.smartPunctuation,
    ]

    var configuration = BuildConfiguration()
    /// `--report github|plain`; `nil` chooses by the environment.
    var diagnosticFormat: String?

    init(_ arguments: ParsedArguments) throws {
        if let content = arguments.value("content") { configuration.contentDirectory = content }
        if let templates = arguments.value("templates") { configuration.templatesDirectory = templates }
        if let output = arguments.value("output") { configuration.outputDirectory = output }
        if let cache = arguments.value("cache-dir") { configuration.cacheDirectory = cache }
        if let siteURL = arguments.value("site-url") {
            guard siteURL.hasPrefix("/"), !siteURL.contains("//"), !siteURL.contains(where: { $0 == "\"" || $0 == "<" || $0 == ">" || $0 == " " }) else {
                throw LectureError("error: --site-url takes an absolute path such as /lecture/, not '\(siteURL)'")
            }
            configuration.siteURL = siteURL.hasSuffix("/") ? siteURL : siteURL + "/"
        }
        configuration.verifier = try CommonOptions.verifierOptions(arguments)
        configuration.smartPunctuation = arguments.has("smart-punctuation")
        diagnosticFormat = try CommonOptions.reports(arguments, command: "lecture build", allowJUnit: false).format
        if !arguments.positionals.isEmpty {
            throw LectureError("error: unexpected argument '\(arguments.positionals[0])'\nsee 'lecture build --help'")
        }
    }

    func validate() throws {
        try configuration.verifier.environment.validate()
        // No content folder or summary: a setup error (exit 2), as for `check`.
        if let missing = ContentLoader.setupError(contentDirectory: configuration.contentDirectory) { throw missing }
    }

    func run(console: Console) throws -> Int32 {
        let trap = try Interruption.install()
        defer { trap.restore() }
        console.format = .resolve(diagnosticFormat, environment: console.environment,
                                  workingDirectory: FileManager.default.currentDirectoryPath)
        let report = try BuildPipeline(configuration: configuration, console: console).run()
        console.print(report.summary)
        return 0
    }
}
