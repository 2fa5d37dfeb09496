import CommonMark
import LectureSupport

/// Where figures become HTML: `Render` lowers every `Figure` of a page's tree (samples,
/// diagrams, tables, kept as values until then) into an HTML block here, once per page, for
/// the page and its `print.html` section alike.
enum FigureHTML {
    /// `blocks` with each figure replaced by its HTML; `cache` keeps samples' highlighting;
    /// `chrome` is the theme's partials and the interface's words (badges, labels); `links`
    /// rewrites the links of a table's cells and a caption as the page's others are; `hidelines`
    /// gives each language's prefix of hidden lines (book.toml's `[output.html.code.hidelines]`,
    /// `CodeBlockHTML`), `edition` the edition Rust code is marked with (`[rust] edition`).
    static func lower(
        _ blocks: [Block], cache: Cache, chrome: Chrome, links: LinkRewriter.Page = LinkRewriter.Page(),
        hidelines: [String: String] = [:], edition: String? = nil
    ) -> [Block] {
        blocks.rewritingLeafBlocks { block in
            if case .codeBlock(let code) = block.kind,
                let html = CodeBlockHTML.html(code, hidelines: hidelines, edition: edition)
            {
                return [Block(.html(html), range: block.range)]
            }
            guard let figure = Figure(block) else { return nil }
            return [Block(.html(html(figure, cache: cache, chrome: chrome, links: links)), range: block.range)]
        }
    }

    /// One figure's HTML.
    static func html(
        _ figure: Figure, cache: Cache, chrome: Chrome, links: LinkRewriter.Page = LinkRewriter.Page()
    ) -> String {
        switch figure {
        case .sample(let shown):
            // A sample: highlighted code with hover cards, its verified output or test report.
            SampleRendering.figure(
                shown.sample, part: shown.part, swiftVersion: shown.swiftVersion, result: shown.result, cache: cache,
                chrome: chrome, swiftAnalysis: shown.swiftAnalysis)
        case .diagram(let diagram): self.diagram(diagram, chrome: chrome, links: links)
        case .table(let table) where !table.rowHeaders: PipeTableHTML.html(table, links: links)
        case .table(let table): self.table(table, chrome: chrome, links: links)
        }
    }

    /// A diagram's `<figure>` (the theme's `diagram` partials): both layouts in one box, the one
    /// that fits shown (style.css).
    static func diagram(
        _ diagram: Diagram, chrome: Chrome = .english, links: LinkRewriter.Page = LinkRewriter.Page()
    ) -> String {
        let wide = diagram.wide
        var drawings = wide.html(class: diagram.narrow == nil ? "diagram-only" : "diagram-wide")
        if let narrow = diagram.narrow { drawings += narrow.html(class: "diagram-narrow") }
        let caption = diagram.caption.map {
            chrome.render(.diagramCaption, ["caption": .html(HTMLRenderer().render(links.apply(to: $0)))])
        }
        return chrome.render(
            .diagram,
            [
                // The drawing's natural width lets the figure grow beside the prose on wide screens (style.css).
                "width": .text(String(Int(wide.naturalWidth.rounded(.up)))),
                "wide_from": .html(
                    diagram.breakpoint.map { chrome.render(.diagramWideFrom, ["breakpoint": .text($0)]) } ?? ""),
                // One text alternative for both drawings: the box is the image, its SVGs presentational.
                "alternative": .text(diagram.alternative),
                "drawings": .html(drawings),
                "caption": .html(caption ?? ""),
            ]) + "\n"
    }

    /// A table's semantic `<table>` in a scrollable region (the theme's `table` partials); on
    /// narrow screens its rows become cards labelled with the column headings (`data-label`,
    /// style.css).
    static func table(
        _ table: Table, chrome: Chrome = .english, links: LinkRewriter.Page = LinkRewriter.Page()
    ) -> String {
        let renderer = HTMLRenderer()
        func cell(_ content: [Inline]) -> String { renderer.render(links.apply(to: content)) }
        func alignment(_ column: Int) -> Template.Value {
            guard column < table.alignments.count, let alignment = table.alignments[column] else { return .html("") }
            return .html(chrome.render(.tableAlignment, ["alignment": .text(alignment)]))
        }
        let captionID = table.id + "-caption"
        let labels = table.header.cells.map { $0.content.plainText }
        var headers = ""
        for (column, header) in table.header.cells.enumerated() {
            headers += chrome.render(
                .tableColumnHeader, ["alignment": alignment(column), "content": .html(cell(header.content))])
        }
        var rows = ""
        for (number, row) in table.rows.enumerated() {
            // Cancelled (`Cancellation.current`): the page is thrown away; a huge table stops here.
            if number % 256 == 255, Cancellation.currentIsCancelled { break }
            var cells = ""
            for (column, body) in row.cells.enumerated() {
                if column == 0 {
                    cells += chrome.render(
                        .tableRowHeader, ["alignment": alignment(column), "content": .html(cell(body.content))])
                    continue
                }
                var content = cell(body.content)
                if let verdict = body.verdict {
                    let mark = verdict.html(chrome: chrome)
                    content = content.isEmpty ? mark : mark + " " + content
                }
                cells += chrome.render(
                    .tableCell,
                    ["label": .text(labels[column]), "alignment": alignment(column), "content": .html(content)])
            }
            rows += chrome.render(.tableRow, ["cells": .html(cells)])
        }
        // The roles restate the table's own semantics, which browsers drop from a table whose
        // display the narrow-screen cards change (Chromium and WebKit do).
        return chrome.render(
            .table,
            [
                "columns": .text(String(table.header.cells.count)),
                "label": .html(
                    table.caption != nil
                        ? chrome.render(.tableLabelledBy, ["id": .text(captionID)]) : chrome.render(.tableLabel)),
                "caption": .html(
                    table.caption.map {
                        chrome.render(.tableCaption, ["id": .text(captionID), "caption": .html(cell($0))])
                    }
                        ?? ""),
                "headers": .html(headers),
                "rows": .html(rows),
            ]) + "\n"
    }
}
