import CommonMark

/// A page of the book on its way through the pipeline: its chapter, its source, and its blocks as
/// each stage left them.
struct Page: Sendable {
    /// The summary entry the page comes from.
    var chapter: Chapter
    /// The page's Markdown file, as loaded.
    var source: SourceFile
    /// The page's blocks: as parsed, then as transformed (samples, diagrams, tables made HTML).
    var blocks: [Block]
    /// The headings with the anchors the transform gave them, in page order.
    var headings: [Heading] = []
    /// Plain text of the blocks before the first heading (the whole page's without one), for search.
    var leadText = ""
    /// Where the page nests deeper than the parser follows, if it does (an error).
    var tooDeep: SourceLocation?
    /// `Samples`: the page's Swift samples, in page order.
    var samples: [Sample] = []
    /// `Samples`, in a build of a book that does not verify its samples: how many it has.
    var unverifiedSamples = 0
    /// `Render`: the page in the page template, its search entry and its `print.html` section.
    var rendered: RenderedPage?

    /// Creates a page with no headings yet (the transform stage finds them).
    init(chapter: Chapter, source: SourceFile, blocks: [Block]) {
        self.chapter = chapter
        self.source = source
        self.blocks = blocks
    }

    /// The page title: its first level-1 heading, or the summary's title for it.
    var title: String {
        headings.first(where: { $0.level == 1 })?.text ?? chapter.title
    }
}

/// A heading with its anchor, for the "on this page" list and the search index.
struct Heading: Hashable, Sendable {
    /// 1...6, as in `<h1>`…`<h6>`.
    var level: Int
    /// The heading's plain text.
    package var text: String
    /// The anchor: the heading's slug, made unique on the page (`HeadingAnchors`).
    var id: String
    /// Plain text of the blocks from this heading to the next one, for search.
    var sectionText: String = ""
}
