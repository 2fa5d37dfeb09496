import CommonMark
import LectureSupport

/// A pipe table as mdBook 0.5.4 writes it (a book without `table-row-headers`, `Table.rowHeaders`
/// false): a `<table>` in mdBook's `<div class="table-wrapper">`, every body cell a `<td>`, each
/// column's alignment as `style="text-align: …"`, no roles, labels or verdict marks.
///
///     <div class="table-wrapper">
///     <table>
///     <thead>
///     <tr><th style="text-align: left">Rule</th><th>Meaning</th></tr>
///     </thead>
///     <tbody>
///     <tr><td style="text-align: left"><code>from:</code></td><td>at least</td></tr>
///     </tbody>
///     </table>
///     </div>
///
/// The markup is Markdown's, as a paragraph's is, not the theme's: a theme styles it by
/// `.table-wrapper` as mdBook's does.
enum PipeTableHTML {
    /// `table`'s HTML; `links` rewrites the links of its cells as the page's others are.
    static func html(_ table: Table, links: LinkRewriter.Page = LinkRewriter.Page()) -> String {
        let renderer = HTMLRenderer()
        func cells(_ row: Table.Row, tag: String) -> String {
            var html = "<tr>"
            for (column, cell) in row.cells.enumerated() {
                html += "<\(tag)"
                if column < table.alignments.count, let alignment = table.alignments[column] {
                    html += " style=\"text-align: \(alignment)\""
                }
                html += ">" + renderer.render(links.apply(to: cell.content)) + "</\(tag)>"
            }
            return html + "</tr>\n"
        }
        var html = "<div class=\"table-wrapper\">\n<table>\n<thead>\n" + cells(table.header, tag: "th") + "</thead>\n"
        html += table.rows.isEmpty ? "<tbody></tbody>\n" : "<tbody>\n"
        for (number, row) in table.rows.enumerated() {
            // Cancelled (`Cancellation.current`): the page is thrown away; a huge table stops here.
            if number % 256 == 255, Cancellation.currentIsCancelled { break }
            html += cells(row, tag: "td")
        }
        if !table.rows.isEmpty { html += "</tbody>\n" }
        return html + "</table>\n</div>\n"
    }
}
