import CommonMark
import LectureSupport

/// Comparison tables: a fenced block with info string `table` holding GitHub-style pipe rows,
/// rendered as a semantic `<table>`.
///
/// ```table caption="Three patterns compared"
/// | Pattern | Split of duties | Tests |
/// |---|---|---|
/// | MVC | *low* | `hard` |
/// ```
///
/// The first row is the header (`<th scope="col">`), the second the delimiter (`---`, with
/// `:` for alignment as in GitHub Flavored Markdown), the first cell of every body row a row
/// header (`<th scope="row">`; a pipe table's only in a book with `table-row-headers`, see
/// `Table.rowHeaders`). Cells are split on `|` not escaped as `\|`; each cell's inline
/// Markdown is rendered by cmark.
enum TableRenderer {
    /// The info string language that marks a table.
    package static let language = "table"

    /// Renders `code` (the block's content) whose fence stands at `location` in `path` (`read`,
    /// then `FigureHTML.table`).
    /// - Returns: the HTML.
    /// - Throws: diagnostics at the lines of the malformed rows.
    package static func render(
        _ code: String, caption: String?, id: String, path: String, location: SourceLocation,
        chrome: Chrome = .english
    ) throws(DiagnosticsError) -> String {
        FigureHTML.table(try read(code, caption: caption, id: id, path: path, location: location), chrome: chrome)
    }

    /// Reads `code` (the block's content) whose fence stands at `location` in `path` into a table.
    /// - Parameter rowColumn: the column each row starts at in the page, when the rows are the
    ///   page's own lines (a pipe-table paragraph): cells then know their columns.
    /// - Returns: the table.
    /// - Throws: diagnostics at the lines of the malformed rows.
    static func read(
        _ code: String, caption: String?, id: String, path: String, location: SourceLocation, rowColumn: Int? = nil,
        references: String? = nil
    ) throws(DiagnosticsError) -> Table {
        var warnings: [Diagnostic] = []
        return try read(
            code, caption: caption, id: id, path: path, location: location, rowColumn: rowColumn,
            references: references, warnings: &warnings)
    }

    /// Reads as `read(_:caption:id:path:location:rowColumn:references:)` does; a pipe table in a
    /// paragraph's row with cells past the header's, which mdBook leaves out, adds a warning to
    /// `warnings`. `footnotes` are the footnote references `MarkdownExtensions` made of the
    /// paragraph's `[^label]`s, in order: each takes the place of its `[^label]` in the cells.
    /// `smartPunctuation`: the cells read with it, as the page's paragraphs are. `rowHeaders`:
    /// whether the table is a comparison (`Table.rowHeaders`), whose body cells may open with a
    /// verdict mark; a plain table keeps a cell's `✓` as its text, as mdBook does.
    static func read(
        _ code: String, caption: String?, id: String, path: String, location: SourceLocation, rowColumn: Int? = nil,
        references: String?, footnotes: [String] = [], smartPunctuation: Bool = false, rowHeaders: Bool = true,
        warnings: inout [Diagnostic]
    ) throws(DiagnosticsError) -> Table {
        var footnotes = footnotes[...]
        // A pipe table in a paragraph is read as GFM and mdBook read it (`references` given):
        // a short row padded with empty cells, a long one cut, an empty heading allowed, and its
        // cells parsed with the page's link reference definitions.
        let gfm = references != nil
        let lines = code.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
        var rows: [(line: Int, cells: [String], offsets: [Int])] = []
        var diagnostics: [Diagnostic] = []
        // Empty cells added to short rows so far; past `maximumFilledCells`, rows stay as written.
        var filled = 0
        for (offset, line) in lines.enumerated() where !line.allSatisfy(\.isWhitespace) {
            // Cancelled (`Cancellation.current`): the page is thrown away; a huge table stops here.
            if offset % 256 == 255, Cancellation.currentIsCancelled { break }
            var placed = placedCells(of: line)
            if gfm, rows.count >= 2 {
                let width = rows[0].cells.count
                if placed.count > width {
                    let extra = placed.count - width
                    warnings.append(
                        .warning(
                            .tableAsText, path,
                            SourceLocation(line: location.line + 1 + offset, column: location.column),
                            "table row has \(cellCount(placed.count)), but the header has \(width); "
                                + "the last \(cellCount(extra)) \(extra == 1 ? "is" : "are") left out, as mdBook does",
                            notes: [cellCountFix(placed.count, width: width)]))
                    placed.removeLast(extra)
                }
                if placed.count < width, filled <= maximumFilledCells {
                    filled += width - placed.count
                    if filled > maximumFilledCells {
                        warnings.append(
                            .warning(
                                .tableTooWide, path,
                                SourceLocation(line: location.line + 1 + offset, column: location.column),
                                "table fills more than \(maximumFilledCells) empty cells into its short rows; "
                                    + "from this row on, each row keeps only its own \(cellCount(placed.count)) of \(width)",
                                notes: [
                                    "the rows' text is all kept; write the missing cells ('| |') or split the table (mdBook ends the table here and drops the rows after it)"
                                ]))
                    } else {
                        while placed.count < width { placed.append(("", line.utf8.count)) }
                    }
                }
            }
            rows.append((location.line + 1 + offset, placed.map(\.text), placed.map(\.offset)))
        }
        func at(_ line: Int) -> SourceLocation { SourceLocation(line: line, column: location.column) }
        guard rows.count >= 2 else {
            throw DiagnosticsError([
                .error(
                    .tableMalformed,
                    path, location, "table needs a header row and a delimiter row",
                    notes: ["write '| A | B |' then '|---|---|' then one line per row"])
            ])
        }
        let header = rows[0]
        let delimiter = rows[1]
        if !gfm, header.cells.dropFirst().contains(where: { $0.isEmpty }) || header.cells.allSatisfy(\.isEmpty) {
            diagnostics.append(
                .error(
                    .tableMalformed,
                    path, at(header.line), "table header has an empty cell",
                    notes: ["every column needs a heading; only the first (row header) column's may be empty"]))
        }
        var alignments: [String?] = []
        for cell in delimiter.cells {
            let trimmed = cell.trimmingCharacters(in: " ")
            guard !trimmed.isEmpty, trimmed.allSatisfy({ $0 == "-" || $0 == ":" }), trimmed.contains("-") else {
                diagnostics.append(
                    .error(
                        .tableMalformed, path, at(delimiter.line),
                        "second table row must be a delimiter row such as '|---|---|'"))
                break
            }
            switch (trimmed.hasPrefix(":"), trimmed.hasSuffix(":")) {
            case (true, true): alignments.append("center")
            case (false, true): alignments.append("right")
            case (true, false): alignments.append("left")
            default: alignments.append(nil)
            }
        }
        let width = header.cells.count
        for row in rows.dropFirst() where row.cells.count != width && !(gfm && row.cells.count < width) {
            diagnostics.append(
                .error(
                    .tableMalformed, path, at(row.line),
                    "table row has \(cellCount(row.cells.count)), but the header has \(width)",
                    notes: [cellCountFix(row.cells.count, width: width)]))
        }
        if !diagnostics.isEmpty { throw DiagnosticsError(diagnostics) }

        // Each cell's verdict, the text to parse and its column, header first, in reading order.
        typealias Placed = (verdict: Verdict?, text: String, column: Int?)
        func placed(_ row: (line: Int, cells: [String], offsets: [Int]), verdicts: Bool) -> [Placed] {
            row.cells.enumerated().map { column, text in
                let start = rowColumn.map { $0 + row.offsets[column] }
                if verdicts, column > 0, let (verdict, rest) = Verdict.split(text) {
                    return (verdict, rest, start.map { $0 + text.utf8.count - rest.utf8.count })
                }
                return (nil, text, start)
            }
        }
        let table = [placed(header, verdicts: false)] + rows.dropFirst(2).map { placed($0, verdicts: rowHeaders) }
        let texts = table.flatMap { $0.map(\.text) }
        // A pipe table's cells in as few cmark parses as read them alike (`parseCells`), each
        // then given strikethrough and footnotes, as the page's paragraphs are (`MarkdownExtensions`).
        var contents: [[Inline]]
        if let references {
            contents = MarkdownParser.parseCells(
                texts, references: references, smartPunctuation: smartPunctuation,
                isCancelled: { Cancellation.currentIsCancelled })
            for (index, text) in texts.enumerated() where !text.isEmpty {
                if text.contains("~") { contents[index] = Strikethrough.apply(to: contents[index].joiningText) }
                if !footnotes.isEmpty, text.contains("[^") {
                    contents[index] = Footnotes.placing(&footnotes, in: contents[index].joiningText)
                }
            }
        } else {
            // A `table` block's cells (and caption) are parsed alone, so a cut for depth is
            // this table's to report: the page's own parse saw a code block.
            var firstTooDeep: Int?
            contents = texts.enumerated().map { index, text in
                guard !text.isEmpty else { return [] }
                let (inlines, tooDeep) = MarkdownParser.parseInlinesMeasuringDepth(text)
                if tooDeep, firstTooDeep == nil { firstTooDeep = index }
                return inlines
            }
            let captionTooDeep = caption.map { MarkdownParser.parseInlinesMeasuringDepth($0).tooDeep } ?? false
            if firstTooDeep != nil || captionTooDeep {
                // Cell `index` is in row `index / width` (header first); the caption is at the fence.
                let lines = [header.line] + rows.dropFirst(2).map(\.line)
                let place = firstTooDeep.map { at(lines[$0 / width]) } ?? location
                throw DiagnosticsError([
                    .error(
                        .nestingTooDeep, path, place,
                        "table \(firstTooDeep == nil ? "caption" : "cell") nests deeper than \(MarkdownParser.maximumDepth) levels; the rest is left out",
                        notes: ["emphasis, links or images inside one another; flatten them"])
                ])
            }
        }
        var next = contents.makeIterator()
        let rowLines = [header.line] + rows.dropFirst(2).map(\.line)
        let made = zip(rowLines, table).map { line, cells in
            Table.Row(
                location: at(line),
                cells: cells.map { Table.Cell(verdict: $0.verdict, content: next.next() ?? [], column: $0.column) })
        }
        return Table(
            id: id, caption: caption.map { MarkdownParser.parseInlines($0) }, header: made[0],
            alignments: alignments, rows: Array(made.dropFirst()), rowHeaders: rowHeaders)
    }

    /// The empty cells a pipe table may add to its short rows in all (GFM pads a short row to the
    /// header's width): 2^18, as pulldown-cmark (mdBook's parser) allows. A header of N columns
    /// over N one-cell rows would otherwise fill N² cells (60 KB of page, 10^8 cells).
    static let maximumFilledCells = 1 << 18

    /// "1 cell", "3 cells".
    static func cellCount(_ count: Int) -> String { count == 1 ? "1 cell" : "\(count) cells" }

    /// The fix for a row of `count` cells under a header of `width`.
    static func cellCountFix(_ count: Int, width: Int) -> String {
        count < width
            ? "add \(cellCount(width - count)) to the row ('| |' for an empty one)"
            : "remove \(cellCount(count - width)) from the row, or add a column to the header; a '|' inside a cell is written '\\|'"
    }

    /// Splits a pipe row into trimmed cells: outer pipes optional, `\|` is a literal pipe.
    static func cells(of line: Substring) -> [String] { placedCells(of: line).map(\.text) }

    /// Splits as `cells(of:)`, with each cell's UTF-8 offset in `line` (where its text starts).
    static func placedCells(of line: Substring) -> [(text: String, offset: Int)] {
        var text = line.trimmingCharacters(in: " \t")
        if text.hasPrefix("|") { text = text.dropFirst() }
        if text.hasSuffix("|") && !text.hasSuffix("\\|") { text = text.dropLast() }
        var cells: [(text: String, offset: Int)] = []
        var current = ""
        var start = text.startIndex
        var escaped = false
        func close() {
            let leading = current.prefix { $0 == " " || $0 == "\t" }.utf8.count
            let offset = line.utf8.distance(from: line.startIndex, to: start) + leading
            cells.append((current.trimmingCharacters(in: " \t").description, offset))
        }
        for index in text.indices {
            let character = text[index]
            if escaped {
                if character != "|" { current.append("\\") }
                current.append(character)
                escaped = false
            } else if character == "\\" {
                escaped = true
            } else if character == "|" {
                close()
                current = ""
                start = text.index(after: index)
            } else {
                current.append(character)
            }
        }
        if escaped { current.append("\\") }
        close()
        return cells
    }
}
