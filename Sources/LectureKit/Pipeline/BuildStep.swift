import LectureSupport

/// One named stage of a build, run over the build's one `BuildContext` (Publish's
/// `PublishingStep`, mdBook's preprocessors and renderers).
///
/// A step has up to three parts, run in this order: `prepare`, once on the whole context;
/// `page`, on every page (pages in parallel); `book`, once on the whole context. The page part
/// never sees the context: it takes the page and a typed input made from the context once per
/// step (and, where it reads something of the book for one page alone, a per-page input), so
/// what it reads is what its input holds, and the compiler says so. What an earlier build of the
/// session may stand in for is decided outside the parts, by `StepReuse`, which compares those
/// inputs (`Hashable`) with the ones the earlier result was made from. The step's name labels
/// its progress line, its `LECTURE_TIMINGS` entry and the errors it throws.
struct BuildStep: Sendable {
    /// Work on the whole build. Throws `BuildStop` when nothing after it can run.
    typealias BookWork = @Sendable (inout BuildContext) throws -> Void
    /// Book-wide work after the pages, given the input the page part took (`nil` for a step
    /// without one), so what the step made once is passed on by type, not left in the context.
    typealias FinishWork = @Sendable (inout BuildContext, StepInput?) throws -> Void

    /// The page part: its inputs made from the context, and the work on one page that takes them.
    struct PagePart: Sendable {
        /// What every page's work takes, made once per step, after `prepare`; throws
        /// `BuildStop` when what it needs is not there (no templates for `Render`), so the work
        /// never runs without its input.
        var input: @Sendable (BuildContext) throws -> StepInput
        /// What one page's work takes of the book for that page alone (its samples' results).
        var pageInput: @Sendable (BuildContext, Page) -> StepInput
        /// Work on one page with the two inputs; returns the problems it found there.
        var work: @Sendable (inout Page, StepInput, StepInput) -> [Diagnostic]
    }

    /// The step's name, as progress, timings and errors show it: `Samples`.
    let name: String
    /// Book-wide work before the pages' part.
    var prepare: BookWork?
    /// Per-page work.
    var page: PagePart?
    /// Book-wide work, after every page's part.
    var book: FinishWork?
    /// Whether the page part changes the page: `false` only for a step made with `check:`,
    /// whose work takes the page by value and so cannot change it (the memory then keeps no
    /// page for it). Derived from the initialiser, never declared.
    private(set) var changesPage = true
    /// Whether the build stops after this step when any error was reported so far.
    var stopsOnErrors = false
    /// What the step takes from an earlier build of the session, and leaves for the next,
    /// besides its page results; run by `StepReuse` in a session only.
    var session: SessionHooks?

    /// A step with book-wide work only.
    init(name: String, stopsOnErrors: Bool = false, session: SessionHooks? = nil, book: @escaping BookWork) {
        self.name = name
        self.book = { context, _ in try book(&context) }
        self.stopsOnErrors = stopsOnErrors
        self.session = session
    }

    /// A step with work on each page that takes `input` (made from the context once, after
    /// `prepare`) and `pageInput` (made for each page), with optional book-wide work before and after.
    init<Input: Hashable & Sendable, PageInput: Hashable & Sendable>(
        name: String, stopsOnErrors: Bool = false, session: SessionHooks? = nil,
        prepare: BookWork? = nil, input: @escaping @Sendable (BuildContext) throws -> Input,
        pageInput: @escaping @Sendable (BuildContext, Page) -> PageInput,
        page: @escaping @Sendable (inout Page, Input, PageInput) -> [Diagnostic], book: BookWork? = nil
    ) {
        self.name = name
        self.prepare = prepare
        self.page = PagePart(
            input: { StepInput(try input($0)) }, pageInput: { StepInput(pageInput($0, $1)) },
            work: { one, input, own in page(&one, input.typed() as Input, own.typed() as PageInput) })
        if let book { self.book = { context, _ in try book(&context) } }
        self.stopsOnErrors = stopsOnErrors
        self.session = session
    }

    /// A step with work on each page that takes `input` alone besides the page.
    init<Input: Hashable & Sendable>(
        name: String, stopsOnErrors: Bool = false, session: SessionHooks? = nil,
        prepare: BookWork? = nil, input: @escaping @Sendable (BuildContext) throws -> Input,
        page: @escaping @Sendable (inout Page, Input) -> [Diagnostic], book: BookWork? = nil
    ) {
        self.init(
            name: name, stopsOnErrors: stopsOnErrors, session: session, prepare: prepare, input: input,
            pageInput: { _, _ in NoPageInput() }, page: { one, input, _ in page(&one, input) }, book: book)
    }

    /// A step with work on each page that takes `input`, and book-wide work after the pages that
    /// takes the same input (`Render`: the templates and what every page's rendering reads), so
    /// neither part runs before the input exists and neither reads it back from the context.
    init<Input: Hashable & Sendable>(
        name: String, stopsOnErrors: Bool = false, session: SessionHooks? = nil,
        input: @escaping @Sendable (BuildContext) throws -> Input,
        page: @escaping @Sendable (inout Page, Input) -> [Diagnostic],
        book: @escaping @Sendable (inout BuildContext, Input) throws -> Void
    ) {
        self.init(name: name, stopsOnErrors: stopsOnErrors, session: session, input: input, page: page)
        self.book = { context, made in
            // The pipeline passes the input its page part took; made again only if it did not.
            let taken: Input = try made.map { $0.typed() } ?? input(context)
            try book(&context, taken)
        }
    }

    /// A step whose work on each page only finds problems: it takes the page by value, so it
    /// cannot change it, and the memory keeps the problems alone (`changesPage` is `false`).
    init<Input: Hashable & Sendable>(
        name: String, stopsOnErrors: Bool = false, session: SessionHooks? = nil,
        prepare: BookWork? = nil, input: @escaping @Sendable (BuildContext) throws -> Input,
        check: @escaping @Sendable (Page, Input) -> [Diagnostic], book: BookWork? = nil
    ) {
        self.init(
            name: name, stopsOnErrors: stopsOnErrors, session: session, prepare: prepare, input: input,
            page: { one, input in check(one, input) }, book: book)
        changesPage = false
    }

    /// `lecture build`: every step, in order, the pages kept whole to the end and the files'
    /// names kept (a session's).
    static let site = site(keepingPages: true, namingByContent: false)

    /// `lecture build`: every step, in order; `Render` keeps the pages whole when `keepingPages`
    /// (`render(keepingPages:)`), and `Parse` warns where a page loads a URL of the network when
    /// the site is `forPrinting` (`lecture pdf`), and `Names` names the files every page loads
    /// by their content when `namingByContent` (not in a `lecture serve` session): the
    /// composition, not a flag in the context or the configuration, says which build does what.
    static func site(keepingPages: Bool, forPrinting: Bool = false, namingByContent: Bool = true) -> [BuildStep] {
        [
            .load, .parse(verifyingSamplesAlways: false, warningNetworkLoads: forPrinting), .samples, .figures,
            .anchors, .links, .render(keepingPages: keepingPages, printingAlways: forPrinting),
        ] + (namingByContent ? [.contentNames] : []) + [.write]
    }

    /// `lecture check`: the build's first steps, up to and including `Samples` (and the book's
    /// `404.md` parsed as the build parses it: `notFoundPage`), composed for a
    /// check (so no step asks which command runs it): `files` loaded instead of the summary's
    /// pages when not empty, every sample verified (only `shard`'s when given), no hover cards.
    static func check(files: [String], shard: Shard?) -> [BuildStep] {
        [
            .load(checking: files), .parse(verifyingSamplesAlways: true), .notFoundPage,
            .samples(verifyingAlways: true, shard: shard, hoverCards: false),
        ]
    }
}

/// Thrown by a step when the build cannot go on (no templates, an empty summary, an output
/// folder that may not be written): the problems are in the context's diagnostics already.
struct BuildStop: Error {}
