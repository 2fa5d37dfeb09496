import CommonMark

/// A comparison table as `TableRenderer.read` found it in a `table` block or a pipe-table
/// paragraph: each cell's inline Markdown parsed once, each row where it stands in the page.
struct Table: Hashable, Sendable {
    /// One row: where it stands and its cells.
    struct Row: Hashable, Sendable {
        /// The row's line, and the block's column (a cell's own is in `Cell.column` when known).
        var location: SourceLocation
        /// Its cells, left to right.
        var cells: [Cell]
    }

    /// One cell: a verdict mark (`●`, `◐`, `○`…) it starts with, if a body cell does, and the rest.
    struct Cell: Hashable, Sendable {
        /// The verdict drawn before the content (body cells after the first column only).
        var verdict: Verdict?
        /// The cell's inline Markdown, links as written.
        var content: [Inline]
        /// The page column `content` starts at, when known (a pipe-table paragraph's cells);
        /// `content`'s own locations count from 1 there.
        var column: Int?
    }

    /// The table's id in the page (`lecture-table-2`); its caption's is this and `-caption`.
    var id: String
    /// The info string's `caption="…"`, as inline Markdown.
    var caption: [Inline]?
    /// The header row.
    var header: Row
    /// Each column's `text-align` (`left`, `center`, `right`) from the delimiter row, or `nil`.
    var alignments: [String?]
    /// The body rows; each one's first cell is its row header when `rowHeaders` is.
    var rows: [Row]
    /// Whether the table is drawn as a comparison (`FigureHTML.table`): each body row's first cell
    /// its row header, the cells labelled with their column's heading for narrow screens, verdict
    /// marks drawn. A `table` block always is; a pipe table only in a book that asks
    /// (`[preprocessor.lecture] table-row-headers`), else it is the plain table mdBook writes
    /// (`PipeTableHTML`).
    var rowHeaders = true

    /// Every row with links in it: header then body.
    var allRows: [Row] { [header] + rows }
}
