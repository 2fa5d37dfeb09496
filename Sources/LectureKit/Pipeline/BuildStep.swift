import LectureSupport

/// One named stage of a build, run over the build's one `BuildContext` (Publish's
/// `PublishingStep`, mdBook's preprocessors and renderers).
///
/// A step has up to two parts: `page`, run on every page that is not taken from `BuildMemory`
/// (pages in parallel), then `book`, run once on the whole context. The step's name labels its
/// progress line, its `LECTURE_TIMINGS` entry and the errors it throws.
struct BuildStep: Sendable {
    /// Work on one page; returns the problems it found there.
    typealias PageWork = @Sendable (inout Page, BuildContext) -> [Diagnostic]
    /// Work on the whole build. Throws `BuildStop` when nothing after it can run.
    typealias BookWork = @Sendable (inout BuildContext) throws -> Void

    /// The step's name, as progress, timings and errors show it: `Samples`.
    let name: String
    /// Per-page work, remembered by `BuildMemory` for pages that did not change.
    var page: PageWork?
    /// Book-wide work, after every page's part.
    var book: BookWork?
    /// Whether the build stops after this step when any error was reported so far.
    var stopsOnErrors = false

    /// A step with book-wide work only.
    init(name: String, stopsOnErrors: Bool = false, book: @escaping BookWork) {
        self.name = name
        self.book = book
        self.stopsOnErrors = stopsOnErrors
    }

    /// A step with work on each page, then (optionally) on the whole book.
    init(name: String, stopsOnErrors: Bool = false, page: @escaping PageWork, book: BookWork? = nil) {
        self.name = name
        self.page = page
        self.book = book
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
