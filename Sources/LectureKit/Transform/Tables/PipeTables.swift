import CommonMark
import LectureSupport

/// Pipe tables (GFM's tables extension, which mdBook turns on): a paragraph whose lines read as
/// a header row, a delimiter row and body rows becomes a table figure; lines of prose before
/// the table stay a paragraph. Called by the `Figures` step on each paragraph with a `|`.
enum PipeTables {
    /// Whether a paragraph of `inlines` may hold a table: some text holds a `|`.
    static func mayHoldTable(_ inlines: [Inline]) -> Bool {
        inlines.contains {
            if case .text(let t) = $0 { return t.containsUTF8(UInt8(ascii: "|")) }
            return false
        }
    }

    /// The blocks that take paragraph `block`'s place (its `inlines`, read from the page's source
    /// `lines`): the paragraph itself when it is prose or not a well-formed table (a warning,
    /// `tableAsText`, as GFM shows it as text), else the prose before the table and the table,
    /// whose id `nextID` gives. `references` are the page's link reference definitions, for
    /// links by reference in cells; `smartPunctuation` reads cells as the page's paragraphs are;
    /// `rowHeaders` makes the table a comparison (`Table.rowHeaders`), else it is mdBook's plain one.
    static func rewrite(
        _ block: Block, inlines: [Inline], lines: [Substring], path: String, smartPunctuation: Bool,
        rowHeaders: Bool = false, nextID: () -> String, references: () -> String, problems: inout [Diagnostic]
    ) -> [Block] {
        switch PipeTableParagraph.read(block.range, lines: lines) {
        case .prose: return [block]
        case .tableLike:
            problems.append(
                .warning(
                    .tableAsText, path, block.range.start,
                    "paragraph looks like a table but has no delimiter row; it is shown as text",
                    notes: ["put a delimiter row such as '|---|---|' under the header row"]))
            return [block]
        case .table(let rows, let prose):
            let start = SourceLocation(
                line: block.range.start.line + prose, column: block.range.start.column)
            let above = SourceLocation(line: start.line - 1, column: start.column)
            do throws(DiagnosticsError) {
                let table = try TableRenderer.read(
                    rows, caption: nil, id: nextID(), path: path, location: above,
                    rowColumn: block.range.start.column, references: references(),
                    footnotes: inlines.lines.dropFirst(prose).flatMap { $0 }.compactMap { inline in
                        guard case .html(let html) = inline,
                            html.hasPrefix("<sup class=\"footnote-reference\"")
                        else { return nil }
                        return html
                    }, smartPunctuation: smartPunctuation, rowHeaders: rowHeaders, warnings: &problems)
                var blocks: [Block] = []
                if prose > 0 {
                    // The lines before the table stay a paragraph.
                    var text: [Inline] = []
                    for line in inlines.lines.prefix(prose) {
                        if !text.isEmpty { text.append(.softBreak) }
                        text += line
                    }
                    var end = start
                    end.line -= 1
                    blocks.append(
                        Block(.paragraph(text), range: SourceRange(start: block.range.start, end: end)))
                }
                let range = SourceRange(start: start, end: block.range.end)
                return blocks + [Figure.table(table).block(at: range)]
            } catch {
                // GFM would show it as text too: a warning, the paragraph kept.
                problems += error.diagnostics.map {
                    Diagnostic(
                        .tableAsText, .warning, $0.path, $0.location,
                        $0.summary + "; the paragraph is shown as text",
                        notes: $0.notes)
                }
                return [block]
            }
        }
    }
}
