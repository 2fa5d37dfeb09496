import CommonMark
import Foundation
import LectureSupport

/// What a build's steps read and leave for the next: the one value `BuildStep`s run over.
///
/// Each step fills in its part (`Load` the content and templates, `Parse` the pages' blocks,
/// `Samples` their results, `Render` the site) and emits the problems it finds into
/// `diagnostics`; nothing is printed until the run ends.
///
/// A value, except for what it shares by reference: `diagnostics` (a class), `console`, `probes`
/// and `listing`. A copy (such as the pipeline's snapshot for the page inputs) emits into the
/// same `DiagnosticEngine` as the original.
struct BuildContext: Sendable {
    /// What to read and write.
    let configuration: BuildConfiguration
    /// Where progress goes (diagnostics are reported by the pipeline, at the end).
    let console: Console
    /// The compiler and Graphviz versions, asked while the first steps run.
    let probes: Probes
    /// The content folder's files, listed once per run.
    let listing: ContentListing

    /// Every problem found so far, in the order emitted (Swift-DocC's `DiagnosticEngine`): book
    /// parts emit into it, the pipeline emits each page part's problems in page order, and the
    /// run prints them once at its end (`reportDiagnostics`).
    let diagnostics = DiagnosticEngine()
    /// `Load`: the page template, `404.html` and the assets (`nil` for a check).
    var templates: Templates?
    /// `Load`: the `id`s the theme, its scripts and the preview give their own elements
    /// (`ThemeIDs`), which headings must not take.
    var templateIDs: Set<String> = []
    /// `Load`: the book and its pages' files and signatures.
    var content = LoadedContent(book: Book(title: "", chapters: []), files: [], diagnostics: [])
    /// `Load`: what the secret scan may unpack of the copied files' gzip and zip contents, all
    /// of them together (code review 40 #1); shared by the context's copies, as `diagnostics`.
    let decompression: DecompressionBudget
    /// `Load`: each copied file's secret scan, by path relative to the content folder.
    var assetScans: [String: PublishedSecrets.AssetScan] = [:]
    /// `Load`: the files whose lines come from `{{#include}}`, for diagnostics' locations.
    var includedFiles: [SourceFile] = []
    /// What an earlier build of the session tells the steps (`StepReuse` fills it).
    var earlier = EarlierBuildFacts()
    /// `Parse` on: the pages, as each step left them.
    var pages: [Page] = []
    /// `Samples`: every sample of the pages, in page order.
    var samples: [Sample] = [] {
        didSet { samplesByPage = Dictionary(grouping: samples, by: \.path) }
    }
    /// `Samples`: how many samples a build did not verify, its book not asking it to
    /// (`SampleRules.verify`).
    var unverifiedSamples = 0
    /// `samples` by page (its display path).
    private(set) var samplesByPage: [String: [Sample]] = [:]
    /// `Samples`: every verified sample's result, in page order.
    var sampleResults: [SampleResult] = [] {
        didSet {
            resultsByPage = Dictionary(grouping: sampleResults, by: \.sample.path).mapValues {
                Dictionary($0.map { ($0.sample.location, $0) }, uniquingKeysWith: { a, _ in a })
            }
        }
    }
    /// `sampleResults` by page (its display path), then by the sample's first fence.
    private(set) var resultsByPage: [String: [SourceLocation: SampleResult]] = [:]
    /// `Samples`: the problems of the pages found before any sample ran, as far as the run
    /// reports them (a check's shard reports only its own: `Shard.reported`); what `check` counts.
    var contentDiagnostics: [Diagnostic] = []
    /// `Samples`: what the sample stage warns about besides the samples (the sandbox).
    var sampleWarnings: [Diagnostic] = []
    /// `Samples`: the compiler's short version (`Swift 6.3`), shown under outputs.
    var swiftVersion = "Swift"
    /// `Render`: the site's files.
    var site = SiteFiles()

    /// Starts a run with `probes` (an earlier build's of the session), else new ones that ask at
    /// once for what the book will need (`Probes.early(for:)`; without `diagrams`, never
    /// Graphviz: `lecture check` draws nothing) and for the rest only when a step needs it.
    init(
        configuration: BuildConfiguration, console: Console, probes: Probes? = nil, diagrams: Bool = true,
        decompression: DecompressionBudget = DecompressionBudget()
    ) {
        self.configuration = configuration
        self.decompression = decompression
        self.console = console
        self.probes =
            probes
            ?? Probes(
                cacheDirectory: configuration.cacheDirectory, run: configuration.run,
                early: Probes.early(for: configuration).filter { diagrams || $0 != .graphviz })
        listing = ContentListing(configuration: configuration)
    }

    /// The files a reader meets, in order: book.toml, SUMMARY.md, the pages in the summary's order
    /// (`sortedForReading(readingOrder:)`).
    var readingOrder: [String] {
        let book = configuration.bookDirectory ?? FileSystem.join(configuration.contentDirectory, "..")
        return [FileSystem.join(book, "book.toml"), FileSystem.join(configuration.contentDirectory, "SUMMARY.md")]
            + content.files.map(\.displayPath)
    }

    /// Each page's `stat` signature when loaded, by path relative to the content folder.
    var signatures: [String: FileSignature] { content.signatures }

    /// Prints every problem emitted, once, at the end of a run: moved into `{{#include}}`d files,
    /// sorted for reading (by file, then line and column), the warnings for links that leave the
    /// book folded into one (`OutsideLinkSummary`), in the console's format. `build` and
    /// `check` print through here, so they print the problems they share in the same order.
    /// - Returns: what was printed, in that order.
    @discardableResult
    func reportDiagnostics() -> [Diagnostic] { report(diagnostics.diagnostics) }

    /// Prints `problems` as `reportDiagnostics` prints the emitted ones: a command that decides
    /// itself what a run reports (`lecture check`: a shard's own, blessed results) prints its
    /// list here, once.
    /// - Returns: what was printed, in that order.
    @discardableResult
    func report(_ problems: [Diagnostic]) -> [Diagnostic] {
        // book.toml's own, then the run's: one list, the files in reading order.
        let settings =
            configuration.settingDiagnostics
            + configuration.settingErrors.filter { !configuration.settingDiagnostics.contains($0) }
        let allowed = configuration.book.allowedWarnings
        let sorted = OutsideLinkSummary.folded(
            (settings + IncludedLocations.remap(problems, files: includedFiles)).sortedForReading(
                readingOrder: readingOrder),
            each: configuration.book.outsideLinks == "warning"
        ).filter { !AllowedWarnings.isAllowed($0, by: allowed) }
        console.report(sorted)
        return sorted
    }

    /// How many of `problems` and book.toml's own diagnostics `report(_:)` leaves out as allowed
    /// by book.toml (`AllowedWarnings`), for the closing line.
    func allowedCount(_ problems: [Diagnostic]) -> Int {
        let allowed = configuration.book.allowedWarnings
        guard !allowed.isEmpty else { return 0 }
        let settings = Set(configuration.settingDiagnostics + configuration.settingErrors)
        return (Array(settings) + problems).count { AllowedWarnings.isAllowed($0, by: allowed) }
    }
}
