import LectureSupport

/// The bound on what a theme's templates make of a book. A placeholder may stand up to 64 times
/// in a partial (`PlaceholderCopies`), and a chapter's title is text of any length: a
/// `chapter.html` naming `{{ title }}` 64 times, with 60 titles of 2,000 bytes, put 7.6 MB of
/// chapter tree into each page, and 364 KB of pages made a 465 MB site in 82 s (attack 21, F4).
/// So the part of a page the theme made (the page but its own content) may be at most
/// `pageFloor` plus `pageFactor` times the text it is made from (the chapters' titles and paths,
/// the theme's templates), and those parts together at most `siteFloor` plus `siteFactor` times
/// the book (its pages' sources besides).
///
/// The verdict is the book's, not the render's order (code review 42 #10: pages render in
/// parallel, and the page that passed the site bound, and the bytes said, changed from run to
/// run): once all pages are rendered, `problem` walks them in book order and gives one error for
/// the first that passes its bound, or at which the pages so far pass the site's, naming the
/// largest page among them, at the page template's line of that page's largest part
/// (`{{ nav }}`, the chapter tree, as a rule). While rendering, a page after the first found past
/// a bound in book order (`count`) is not rendered (`renders`): the pages before it are, so the
/// verdict never depends on which ran first. mdBook's Handlebars templates copy as often as
/// they name a value; its chapter tree, in `toc.js` since 0.4.41, is no template.
final class RenderedSize: Hashable, Sendable {
    static let pageFloor = 1 << 20
    static let pageFactor = 16
    static let siteFloor = 64 << 20
    static let siteFactor = 64

    /// The most the theme may make of one page, and of all of them.
    let pageBound: Int
    let siteBound: Int
    /// The bytes of chapter titles and paths the trees are made from.
    let tree: Int

    /// What the theme made of one page: the page's path in the site, its bytes besides the
    /// content, and its largest part.
    struct Made: Sendable {
        var outputPath: String
        var bytes: Int
        var largestPart: (placeholder: String, bytes: Int)

        init(_ page: RenderedPage) {
            outputPath = page.outputPath
            bytes = page.html.count - page.contentBytes
            largestPart = page.largestPart
        }
    }

    private struct State: Sendable {
        /// By the page's position in the book.
        var made: [Int: Made] = [:]
        /// The pages from the first on counted without a gap, and their sum.
        var counted = 0
        var sum = 0
        /// The first position past a bound found so far.
        var stop: Int?
    }
    private let state = Locked(State())

    /// The bounds for a book of `chapters` and `sources` bytes of pages, built with `templates`.
    init(chapters: [Chapter], templates: Templates, sources: Int) {
        tree = chapters.reduce(0) { $0 + $1.title.utf8.count + $1.path.utf8.count }
        let theme =
            templates.page.pieces.reduce(0) { total, piece in
                if case .literal(let text) = piece { total + text.utf8.count } else { total }
            } + templates.partials.texts.values.reduce(0) { $0 + $1.utf8.count }
        pageBound = Self.pageFloor + Self.pageFactor * (tree + theme)
        siteBound = Self.siteFloor + Self.siteFactor * (tree + theme + sources)
    }

    /// Whether a page at `position` (in the book's order) is still to be rendered: none after
    /// the first found past a bound.
    func renders(position: Int) -> Bool { state.withLock { state in state.stop.map { position <= $0 } ?? true } }

    /// Counts what the theme made of `page`, at `position` in the book: a page past its bound,
    /// or the pages from the first through one passing the site's bound, stop the pages after
    /// it. The error is `problem`'s, once all pages are rendered.
    func count(_ page: RenderedPage, position: Int) {
        let made = Made(page)
        state.withLock { state in
            state.made[position] = made
            if made.bytes > pageBound { state.stop = min(state.stop ?? position, position) }
            while let next = state.made[state.counted] {
                state.sum += next.bytes
                if state.sum > siteBound { state.stop = min(state.stop ?? state.counted, state.counted) }
                state.counted += 1
            }
        }
    }

    /// The one error for the book's pages (`rendered`: each page's, by position, when it was not
    /// counted here, as a session's page taken from memory), rendered with `template`: the first
    /// page in book order past its bound, or the pages from the first through the one at which
    /// they pass the site's bound, naming the largest of them (the earliest of equals); nil
    /// when none passes.
    /// A page neither counted nor rendered (one a session's earlier build left unrendered past
    /// the bound, taken from memory) is rendered then (`render`), so no verdict skips a page.
    func problem(
        rendered: [Int: RenderedPage], pages: Int, template: Template, render: (Int) -> RenderedPage?
    ) -> Diagnostic? {
        let counted = state.withLock { $0.made }
        var sum = 0
        var largest: Made?
        for position in 0..<pages {
            guard let made = counted[position] ?? (rendered[position] ?? render(position)).map(Made.init) else {
                continue
            }
            if made.bytes > pageBound {
                return error(
                    "the theme makes \(made.bytes) bytes of \(made.outputPath) besides its content, more than \(pageBound)",
                    made, template)
            }
            sum += made.bytes
            if largest.map({ made.bytes > $0.bytes }) ?? true { largest = made }
            if sum > siteBound, let largest {
                return error(
                    "the theme makes more than \(siteBound) bytes of the site besides the pages' content (\(sum) by the first \(position + 1) pages; the largest, \(largest.outputPath), \(largest.bytes))",
                    largest, template)
            }
        }
        return nil
    }

    /// The error `summary`, at `template`'s line of the largest part of the page `made`.
    private func error(_ summary: String, _ made: Made, _ template: Template) -> Diagnostic {
        let placeholder = made.largestPart.placeholder
        return .error(
            .templatePlaceholder, template.path, template.location(of: placeholder), summary,
            notes: [
                "'{{ \(placeholder) }}' holds \(made.largestPart.bytes) bytes in \(made.outputPath), made by the theme's partials from \(tree) bytes of chapter titles and paths",
                "a partial that names the book's text ('{{ title }}') many times copies it into every page; name it once or twice",
            ])
    }

    /// Equal by the page bound alone: the site bound grows with every page's source, and a page
    /// rendered within it before stays within it (it was counted when rendered), so an edit of
    /// one page does not make the others render again (IncrementalBuildTests).
    static func == (a: RenderedSize, b: RenderedSize) -> Bool {
        a.pageBound == b.pageBound
    }
    func hash(into hasher: inout Hasher) {
        hasher.combine(pageBound)
    }
}
