import LectureSupport

/// One named stage of a build, run over the build's one `BuildContext` (Publish's
/// `PublishingStep`, mdBook's preprocessors and renderers).
///
/// A step has up to three parts, run in this order: `prepare`, once on the whole context (what
/// every page's part reads, such as the link targets); `page`, on every page (pages in
/// parallel); `book`, once on the whole context. The parts are pure work: what an earlier
/// build of the session may stand in for is decided outside them, by `StepMemo`, which the
/// pipeline wraps around every step from what the step declares it reads (`pageReads`). The
/// step's name labels its progress line, its `LECTURE_TIMINGS` entry and the errors it throws.
struct BuildStep: Sendable {
    /// Work on one page; returns the problems it found there.
    typealias PageWork = @Sendable (inout Page, BuildContext) -> [Diagnostic]
    /// Work on the whole build. Throws `BuildStop` when nothing after it can run.
    typealias BookWork = @Sendable (inout BuildContext) throws -> Void

    /// The step's name, as progress, timings and errors show it: `Samples`.
    let name: String
    /// Book-wide work before the pages' part.
    var prepare: BookWork?
    /// Per-page work.
    var page: PageWork?
    /// Book-wide work, after every page's part.
    var book: BookWork?
    /// What the page part reads besides its own page, so `StepMemo` knows when an earlier
    /// build's result for the page still holds.
    var pageReads: PageInputs = []
    /// Whether the page part changes the page (`false` for a check that only finds problems).
    var changesPage = true
    /// Whether the build stops after this step when any error was reported so far.
    var stopsOnErrors = false

    /// A step with book-wide work only.
    init(name: String, stopsOnErrors: Bool = false, book: @escaping BookWork) {
        self.name = name
        self.book = book
        self.stopsOnErrors = stopsOnErrors
    }

    /// A step with work on each page, reading `reads` besides the page, with optional
    /// book-wide work before and after.
    init(
        name: String, stopsOnErrors: Bool = false, reads: PageInputs, changesPage: Bool = true,
        prepare: BookWork? = nil, page: @escaping PageWork, book: BookWork? = nil
    ) {
        self.name = name
        self.prepare = prepare
        self.page = page
        self.book = book
        self.pageReads = reads
        self.changesPage = changesPage
        self.stopsOnErrors = stopsOnErrors
    }

    /// `lecture build`: every step, in order.
    static let site: [BuildStep] = [.load, .parse, .samples, .figures, .anchors, .links, .render, .write]

    /// `lecture check`: the same list up to and including `Samples`.
    static let check: [BuildStep] = Array(site.prefix { $0.name != BuildStep.figures.name })
}

/// Thrown by a step when the build cannot go on (no templates, an empty summary, an output
/// folder that may not be written): the problems are in the context's diagnostics already.
struct BuildStop: Error {}
