import CommonMark
import LectureSupport

/// Where figures become HTML: `Render` lowers every `Figure` of a page's tree (samples,
/// diagrams, tables, kept as values until then) into an HTML block here, once per page, for
/// the page and its `print.html` section alike.
enum FigureHTML {
    /// `blocks` with each figure replaced by its HTML; `cache` keeps samples' highlighting;
    /// `words` are the interface's (badges, labels); `links` rewrites the links of a table's
    /// cells and a caption as the page's others are; `hidelines` gives each language's prefix of
    /// hidden lines (book.toml's `[output.html.code.hidelines]`, `CodeBlockHTML`).
    static func lower(
        _ blocks: [Block], cache: Cache, words: InterfaceWords, links: LinkRewriter.Page = LinkRewriter.Page(),
        hidelines: [String: String] = [:]
    ) -> [Block] {
        blocks.rewritingLeafBlocks { block in
            if case .codeBlock(let code) = block.kind, let html = CodeBlockHTML.html(code, hidelines: hidelines) {
                return [Block(.html(html), range: block.range)]
            }
            guard let figure = Figure(block) else { return [block] }
            return [Block(.html(html(figure, cache: cache, words: words, links: links)), range: block.range)]
        }
    }

    /// One figure's HTML.
    static func html(
        _ figure: Figure, cache: Cache, words: InterfaceWords, links: LinkRewriter.Page = LinkRewriter.Page()
    ) -> String {
        switch figure {
        case .sample(let shown):
            // A sample: highlighted code with hover cards, its verified output or test report.
            SampleRendering.figure(
                shown.sample, part: shown.part, swiftVersion: shown.swiftVersion, result: shown.result, cache: cache,
                words: words)
        case .diagram(let diagram): self.diagram(diagram, links: links)
        case .table(let table): self.table(table, words: words, links: links)
        }
    }

    /// A diagram's `<figure>`: both layouts in one box, the one that fits shown (style.css).
    static func diagram(_ diagram: Diagram, links: LinkRewriter.Page = LinkRewriter.Page()) -> String {
        let wide = diagram.wide
        // The drawing's natural width lets the figure grow beside the prose on wide screens (style.css).
        var html = "<figure class=\"diagram\" style=\"--drawing-width: \(Int(wide.naturalWidth.rounded(.up)))px\""
        if let breakpoint = diagram.breakpoint { html += " data-wide-from=\"\(breakpoint)\"" }
        // One text alternative for both drawings: the box is the image, its SVGs presentational.
        html += ">\n<div class=\"diagram-views\" role=\"img\" aria-label=\"\(HTML.escape(diagram.alternative))\">\n"
        html += wide.html(class: diagram.narrow == nil ? "diagram-only" : "diagram-wide")
        if let narrow = diagram.narrow { html += narrow.html(class: "diagram-narrow") }
        html += "</div>\n"
        if let caption = diagram.caption {
            html += "<figcaption>\(HTMLRenderer().render(links.apply(to: caption)))</figcaption>"
        }
        return html + "</figure>\n"
    }

    /// A table's semantic `<table>` in a scrollable region; on narrow screens its rows become
    /// cards labelled with the column headings (`data-label`, style.css).
    static func table(_ table: Table, words: InterfaceWords, links: LinkRewriter.Page = LinkRewriter.Page()) -> String {
        let renderer = HTMLRenderer()
        func cell(_ content: [Inline]) -> String { renderer.render(links.apply(to: content)) }
        func style(_ column: Int) -> String {
            guard column < table.alignments.count, let alignment = table.alignments[column] else { return "" }
            return " style=\"text-align: \(alignment)\""
        }
        let width = table.header.cells.count
        let captionID = table.id + "-caption"
        let labels = table.header.cells.map { HTML.escape($0.content.plainText) }
        // The roles restate the table's own semantics, which browsers drop from a table whose
        // display the narrow-screen cards change (Chromium and WebKit do).
        var html = "<div class=\"table-wrap\" role=\"region\" tabindex=\"0\" data-columns=\"\(width)\""
        html +=
            table.caption != nil
            ? " aria-labelledby=\"\(captionID)\">" : " aria-label=\"\(HTML.escape(words["table"]))\">"
        html += "<table role=\"table\">"
        if let caption = table.caption { html += "<caption id=\"\(captionID)\">\(cell(caption))</caption>" }
        html += "<thead role=\"rowgroup\"><tr role=\"row\">"
        for (column, header) in table.header.cells.enumerated() {
            html += "<th scope=\"col\" role=\"columnheader\"\(style(column))>\(cell(header.content))</th>"
        }
        html += "</tr></thead><tbody role=\"rowgroup\">"
        for row in table.rows {
            html += "<tr role=\"row\">"
            for (column, body) in row.cells.enumerated() {
                if column == 0 {
                    html += "<th scope=\"row\" role=\"rowheader\"\(style(column))>\(cell(body.content))</th>"
                    continue
                }
                var content = cell(body.content)
                if let verdict = body.verdict {
                    let mark = verdict.html(words: words)
                    content = content.isEmpty ? mark : mark + " " + content
                }
                html += "<td role=\"cell\" data-label=\"\(labels[column])\"\(style(column))>\(content)</td>"
            }
            html += "</tr>"
        }
        html += "</tbody></table></div>\n"
        return html
    }
}
