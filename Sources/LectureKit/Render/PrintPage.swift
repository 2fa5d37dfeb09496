import CommonMark

/// `print.html`: every chapter on one page in the summary's order, for printing and for
/// `make pdf` (mdBook writes the same file). A cover with the book's title, a table of contents,
/// then each chapter in a `<section class="print-chapter">` that starts a new printed page
/// (`assets/print.css`); ids and links between chapters as `PrintAnchors` makes them, and every
/// `<details>` open (`PrintDetails`); no `<meta http-equiv=refresh>` (`DocumentWideHTML`).
package enum PrintPage {
    /// Where it is written, at the site root.
    package static let outputPath = "print.html"

    /// One chapter's section: the page's content as rendered for its own page (`rendered`), with
    /// ids and links as `PrintAnchors` makes them for `print.html` (the place of each heading id,
    /// destination and raw HTML replaced, not the blocks rewritten and rendered again), every
    /// `<details>` open (`PrintDetails`: paper cannot open one).
    /// A numbered chapter's section opens with its label (`number`, the word `print-chapter-number`,
    /// in the partial `print-chapter-number`) above its title: the number the sidebar and the print
    /// contents give it, never written into the page (and not in the heading, so the PDF's outline
    /// keeps the title as written); none when the title carries the number itself (`carries`).
    static func chapter(
        _ rendered: MarkedHTML, output: String, anchors: PrintAnchors, number: String? = nil, values: TemplateValues
    )
        -> String
    {
        let content = rendered.rewritten(
            ids: { anchors.id($0, in: output) }, destinations: { anchors.destination($0, in: output) },
            html: { anchors.rewrite(html: PrintDetails.opened(DocumentWideHTML.withoutRefresh($0)), in: output) })
        let label = number.map { values.partial(.printChapterNumber, ["label": .text($0)]) + "\n" } ?? ""
        return values.partial(
            .printChapter,
            [
                "id": .text(anchors.chapters[output] ?? ""), "number": .html(label),
                "content": .html(HTMLComments.closingOff(content)),
            ])
            + "\n"
    }

    /// The page's `{{ content }}` before the chapters: the cover and the table of contents
    /// (chapters and their `##` sections). The chapters (`chapter(_:anchors:)`, in summary order)
    /// follow it.
    /// The claim about the samples (`values.verified`) only when this build verified some.
    static func front(book: Book, pages: [Page], anchors: PrintAnchors, values: TemplateValues) -> String {
        var cover = ""
        if !book.title.isEmpty { cover += values.partial(.printBookTitle, ["title": .text(book.title)]) + "\n" }
        if !values.verified.isEmpty { cover += values.partial(.printNote, ["text": .text(values.verified)]) + "\n" }
        return values.partial(
            .printFront,
            [
                "cover": .html(cover), "build_date": .text(values.buildDate),
                "contents": .html(tableOfContents(book.chapters, pages: pages, anchors: anchors, values: values)),
            ]) + "\n"
    }

    /// Whether `title` begins with the chapter's `number` as a number of its own (`5 MVVM`,
    /// `8.3 MVVM and…`, `5. MVVM` for 5; not `50 ways` nor `5.1 …`): a book that numbers its own
    /// headings, whose number the contents and the chapter's label would otherwise show twice
    /// (`5. 5 MVVM`).
    static func carries(_ title: String, number: [Int]?) -> Bool {
        guard let number, !number.isEmpty else { return false }
        let digits = number.map(String.init).joined(separator: ".")
        guard title.hasPrefix(digits) else { return false }
        let rest = title.dropFirst(digits.count)
        guard let next = rest.first else { return true }
        if next.isASCII && next.isNumber { return false }
        if next == ".", let after = rest.dropFirst().first, after.isASCII && after.isNumber { return false }
        return true
    }

    /// Nested lists (`print-contents` of `print-contents-item`): each chapter linked to its
    /// anchor, with its level-2 headings under it (`print-sections` of `print-section`). Pages
    /// are read in place by their index in `pages` (`numbers`, by path), never copied.
    static func tableOfContents(_ chapters: [Chapter], pages: [Page], anchors: PrintAnchors, values: TemplateValues)
        -> String
    {
        let numbers = Dictionary(pages.indices.map { (pages[$0].chapter.path, $0) }, uniquingKeysWith: { a, _ in a })
        return contents(chapters, pages: pages, numbers: numbers, anchors: anchors, values: values)
    }

    /// Numbered as mdBook's sidebar numbers the same summary: a numbered chapter shows its
    /// section number (`1.2.`, the partial `section-number`), and nothing else does: prefix and
    /// suffix chapters, part titles (labels), separators (rules), drafts (no link) and the
    /// sections under a chapter, nor a chapter whose title carries its number (`carries`: `5
    /// MVVM`, not `5. 5 MVVM`). Part titles, separators and drafts are the chapter tree's
    /// partials (`part-title`, `separator`, `chapter-draft`). The lists show no numbers of their
    /// own (`print.css`: `list-style: none`).
    private static func contents(
        _ chapters: [Chapter], pages: [Page], numbers: [String: Int], anchors: PrintAnchors, values: TemplateValues
    ) -> String {
        var items = ""
        for chapter in chapters {
            let label =
                chapter.number.map {
                    values.partial(.sectionNumber, ["number": .text($0.map(String.init).joined(separator: "."))])
                } ?? ""
            let children =
                chapter.children.isEmpty
                ? "" : contents(chapter.children, pages: pages, numbers: numbers, anchors: anchors, values: values)
            let titled = chapter.kind == .page ? numbers[chapter.path].map { pages[$0].title } : nil
            let shown = titled.map { !Self.carries($0, number: chapter.number) } ?? true
            switch chapter.kind {
            case .partTitle:
                items += values.partial(.partTitle, ["title": .text(chapter.title), "children": .html(children)])
            case .separator:
                items += values.partial(.separator, ["children": .html(children)])
            case .draft:
                items += values.partial(
                    .chapterDraft, ["number": .html(label), "title": .text(chapter.title), "children": .html(children)])
            case .page:
                let output = chapter.outputPath
                let number = numbers[chapter.path]
                var sections = ""
                if let number, pages[number].headings.contains(where: { $0.level == 2 }) {
                    var list = ""
                    for heading in pages[number].headings where heading.level == 2 {
                        list += values.partial(
                            .printSection,
                            [
                                "id": .html(HTML.escapeHref(anchors.id(heading.id, in: output))),
                                "text": .text(heading.text),
                            ])
                    }
                    sections = values.partial(.printSections, ["items": .html(list)])
                }
                items += values.partial(
                    .printContentsItem,
                    [
                        "id": .html(HTML.escapeHref(anchors.chapters[output] ?? "")),
                        "number": .html(shown ? label : ""),
                        "title": .text(number.map { pages[$0].title } ?? chapter.title),
                        "sections": .html(sections), "children": .html(children),
                    ])
            }
        }
        return values.partial(.printContents, ["items": .html(items)])
    }
}
