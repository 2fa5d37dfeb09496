import CommonMark

/// `print.html`: every chapter on one page in the summary's order, for printing and for
/// `make pdf` (mdBook writes the same file). A cover with the book's title, a table of contents,
/// then each chapter in a `<section class="print-chapter">` that starts a new printed page
/// (`assets/print.css`); ids and links between chapters as `PrintAnchors` makes them.
enum PrintPage {
    /// Where it is written, at the site root.
    static let outputPath = "print.html"

    /// One chapter's section: the page's content as rendered for its own page (`rendered`), with
    /// ids and links as `PrintAnchors` makes them for `print.html` (the place of each heading id,
    /// destination and raw HTML replaced, not the blocks rewritten and rendered again).
    static func chapter(_ rendered: MarkedHTML, output: String, anchors: PrintAnchors) -> String {
        let content = rendered.rewritten(
            ids: { anchors.id($0, in: output) }, destinations: { anchors.destination($0, in: output) },
            html: { anchors.rewrite(html: $0, in: output) })
        return "<section class=\"print-chapter\" id=\"\(HTML.escape(anchors.chapters[output] ?? ""))\">\n"
            + HTMLComments.closingOff(content) + "</section>\n"
    }

    /// The page's `{{ content }}` before the chapters: the cover and the table of contents
    /// (chapters and their `##` sections). The chapters (`chapter(_:anchors:)`, in summary order)
    /// follow it.
    /// The claim about the samples (`values.verified`) only when this build verified some.
    static func front(book: Book, pages: [Page], anchors: PrintAnchors, values: TemplateValues) -> String {
        let words = values.words
        var html = "<div class=\"print-cover\">\n"
        if !book.title.isEmpty { html += "<p class=\"print-book-title\">\(HTML.escape(book.title))</p>\n" }
        if !values.verified.isEmpty { html += "<p class=\"print-note\">\(HTML.escape(values.verified))</p>\n" }
        html +=
            "<p class=\"print-note\">\(HTML.escape(words["build-date"])) \(HTML.escape(values.buildDate))</p>\n"
        html +=
            "<p class=\"print-action needs-js\"><button type=\"button\" class=\"print-button\">\(HTML.escape(words["print"]))</button></p>\n"
        html += "</div>\n"
        html +=
            "<nav class=\"print-toc\" aria-labelledby=\"print-toc-title\">\n<p class=\"print-toc-title\" id=\"print-toc-title\">\(HTML.escape(words["contents"]))</p>\n"
        html += tableOfContents(book.chapters, pages: pages, anchors: anchors) + "\n</nav>\n"
        return html
    }

    /// Nested `<ol>`: each chapter linked to its anchor, with its level-2 headings under it.
    static func tableOfContents(_ chapters: [Chapter], pages: [Page], anchors: PrintAnchors) -> String {
        var html = ""
        let numbers = Dictionary(pages.indices.map { (pages[$0].chapter.path, $0) }, uniquingKeysWith: { a, _ in a })
        appendTableOfContents(chapters, pages: pages, numbers: numbers, anchors: anchors, to: &html)
        return html
    }

    /// `tableOfContents`, appended to `html` (one string for the whole tree: returning and
    /// concatenating a string per level copied the tree's text once per level). Pages are read
    /// in place by their index in `pages` (`numbers`, by path), never copied.
    ///
    /// Numbered as mdBook's sidebar numbers the same summary: a numbered chapter shows its
    /// section number (`1.2.`), and nothing else does: prefix and suffix chapters, part titles
    /// (labels), separators (rules), drafts (no link) and the sections under a chapter. The
    /// lists show no numbers of their own (`print.css`: `list-style: none`), which had numbered
    /// every entry, part titles and separators included.
    private static func appendTableOfContents(
        _ chapters: [Chapter], pages: [Page], numbers: [String: Int], anchors: PrintAnchors, to html: inout String
    ) {
        html += "<ol>"
        for chapter in chapters {
            let label =
                chapter.number.map {
                    "<span class=\"section-number\">\($0.map(String.init).joined(separator: ".")).</span> "
                } ?? ""
            switch chapter.kind {
            case .partTitle:
                html += "<li class=\"part-title\">" + HTML.escape(chapter.title)
            case .separator:
                html += "<li class=\"separator\" aria-hidden=\"true\">"
            case .draft:
                html += "<li><span class=\"draft\">" + label + HTML.escape(chapter.title) + "</span>"
            case .page:
                let output = chapter.outputPath
                let number = numbers[chapter.path]
                html += "<li><a href=\"#"
                html += HTML.escapeHref(anchors.chapters[output] ?? "")
                html += "\">"
                html += label
                html += HTML.escape(number.map { pages[$0].title } ?? chapter.title)
                html += "</a>"
                if let number, pages[number].headings.contains(where: { $0.level == 2 }) {
                    html += "<ol class=\"print-sections\">"
                    for heading in pages[number].headings where heading.level == 2 {
                        html += "<li><a href=\"#"
                        html += HTML.escapeHref(anchors.id(heading.id, in: output))
                        html += "\">"
                        html += HTML.escape(heading.text)
                        html += "</a></li>"
                    }
                    html += "</ol>"
                }
            }
            if !chapter.children.isEmpty {
                appendTableOfContents(chapter.children, pages: pages, numbers: numbers, anchors: anchors, to: &html)
            }
            html += "</li>"
        }
        html += "</ol>"
    }
}
