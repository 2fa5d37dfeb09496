import LectureSupport

/// The bound on what a theme's templates make of a book. A placeholder may stand up to 64 times
/// in a partial (`PlaceholderCopies`), and a chapter's title is text of any length: a
/// `chapter.html` naming `{{ title }}` 64 times, with 60 titles of 2,000 bytes, put 7.6 MB of
/// chapter tree into each page, and 364 KB of pages made a 465 MB site in 82 s (attack 21, F4).
/// So the part of a page the theme made (the page but its own content) may be at most
/// `pageFloor` plus `pageFactor` times the text it is made from (the chapters' titles and paths,
/// the theme's templates), and those parts together at most `siteFloor` plus `siteFactor` times
/// the book (its pages' sources besides). Each page is counted as it is rendered; past either
/// bound, the build stops with one error at the page template's line of the page's largest
/// part (`{{ nav }}`, the chapter tree, as a rule), no page more is rendered, and none written.
/// mdBook's Handlebars templates copy as often as they name a value; its chapter tree, in
/// `toc.js` since 0.4.41, is no template.
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
    private let made = Locked((bytes: 0, exceeded: false))

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

    /// Whether a page passed a bound: the pages after it are not rendered.
    var isExceeded: Bool { made.withLock { $0.exceeded } }

    /// Counts what the theme made of `page`, rendered with `template`: the error when it, or
    /// the pages so far, pass the bound, given once.
    func count(_ page: RenderedPage, template: Template) -> Diagnostic? {
        let part = page.html.count - page.contentBytes
        let summary: String? = made.withLock { made in
            guard !made.exceeded else { return nil }
            made.bytes += part
            if part > pageBound {
                made.exceeded = true
                return "the theme makes \(part) bytes of \(page.outputPath) besides its content, more than \(pageBound)"
            }
            if made.bytes > siteBound {
                made.exceeded = true
                return
                    "the theme makes more than \(siteBound) bytes of the site besides the pages' content (\(made.bytes) by \(page.outputPath))"
            }
            return nil
        }
        guard let summary else { return nil }
        let placeholder = page.largestPart.placeholder
        return .error(
            .templatePlaceholder, template.path, template.location(of: placeholder), summary,
            notes: [
                "'{{ \(placeholder) }}' holds \(page.largestPart.bytes) bytes in \(page.outputPath), made by the theme's partials from \(tree) bytes of chapter titles and paths",
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
