import CommonMark
import LectureSupport

/// Comparison tables: a fenced block with info string `table` holding GitHub-style pipe rows,
/// rendered as a semantic `<table>`.
///
/// ```table caption="세 패턴 비교"
/// | 패턴 | 책임 분배 | 테스트 |
/// |---|---|---|
/// | MVC | *낮음* | `어려움` |
/// ```
///
/// The first row is the header (`<th scope="col">`), the second the delimiter (`---`, with
/// `:` for alignment as in GitHub Flavored Markdown), the first cell of every body row a row
/// header (`<th scope="row">`). Cells are split on `|` not escaped as `\|`; each cell's inline
/// Markdown is rendered by cmark.
public enum TableRenderer {
    /// The info string language that marks a table.
    public static let language = "table"

    /// Renders `code` (the block's content) whose fence stands at `location` in `path`.
    /// - Returns: the HTML, or diagnostics at the lines of the malformed rows.
    public static func render(_ code: String, caption: String?, id: String, path: String, location: SourceLocation)
        -> Result<String, DiagnosticsError>
    {
        let lines = code.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
        var rows: [(line: Int, cells: [String])] = []
        var diagnostics: [Diagnostic] = []
        for (offset, line) in lines.enumerated() where !line.allSatisfy(\.isWhitespace) {
            rows.append((location.line + 1 + offset, cells(of: line)))
        }
        func at(_ line: Int) -> SourceLocation { SourceLocation(line: line, column: location.column) }
        guard rows.count >= 2 else {
            return .failure(
                DiagnosticsError([
                    .error(
                        .tableMalformed,
                        path, location, "table needs a header row and a delimiter row",
                        notes: ["write '| A | B |' then '|---|---|' then one line per row"])
                ]))
        }
        let header = rows[0]
        let delimiter = rows[1]
        if header.cells.dropFirst().contains(where: { $0.isEmpty }) || header.cells.allSatisfy(\.isEmpty) {
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
        for row in rows.dropFirst() where row.cells.count != width {
            diagnostics.append(
                .error(
                    .tableMalformed, path, at(row.line),
                    "table row has \(row.cells.count) cells, but the header has \(width)"))
        }
        if !diagnostics.isEmpty { return .failure(DiagnosticsError(diagnostics)) }

        let renderer = HTMLRenderer()
        func cell(_ text: String) -> String {
            renderer.render(LinkRewriter.apply(to: MarkdownParser.parseInlines(text)))
        }
        func verdictCell(_ text: String) -> String {
            guard let (verdict, rest) = Verdict.split(text) else { return cell(text) }
            return rest.isEmpty ? verdict.html : verdict.html + " " + cell(rest)
        }
        func style(_ column: Int) -> String {
            guard column < alignments.count, let alignment = alignments[column] else { return "" }
            return " style=\"text-align: \(alignment)\""
        }
        let captionID = id + "-caption"
        let labels = header.cells.map { HTML.escape(MarkdownParser.parseInlines($0).plainText) }
        // The roles restate the table's own semantics, which browsers drop from a table whose
        // display the narrow-screen cards change (Chromium and WebKit do).
        var html = "<div class=\"table-wrap\" role=\"region\" tabindex=\"0\" data-columns=\"\(width)\""
        html += caption != nil ? " aria-labelledby=\"\(captionID)\">" : " aria-label=\"표\">"
        html += "<table role=\"table\">"
        if let caption { html += "<caption id=\"\(captionID)\">\(cell(caption))</caption>" }
        html += "<thead role=\"rowgroup\"><tr role=\"row\">"
        for (column, text) in header.cells.enumerated() {
            html += "<th scope=\"col\" role=\"columnheader\"\(style(column))>\(cell(text))</th>"
        }
        html += "</tr></thead><tbody role=\"rowgroup\">"
        for row in rows.dropFirst(2) {
            html += "<tr role=\"row\">"
            for (column, text) in row.cells.enumerated() {
                html +=
                    column == 0
                    ? "<th scope=\"row\" role=\"rowheader\"\(style(column))>\(cell(text))</th>"
                    : "<td role=\"cell\" data-label=\"\(labels[column])\"\(style(column))>\(verdictCell(text))</td>"
            }
            html += "</tr>"
        }
        html += "</tbody></table></div>\n"
        return .success(html)
    }

    /// Splits a pipe row into trimmed cells: outer pipes optional, `\|` is a literal pipe.
    static func cells(of line: Substring) -> [String] {
        var text = line.trimmingCharacters(in: " \t")
        if text.hasPrefix("|") { text = text.dropFirst() }
        if text.hasSuffix("|") && !text.hasSuffix("\\|") { text = text.dropLast() }
        var cells: [String] = []
        var current = ""
        var escaped = false
        for character in text {
            if escaped {
                if character != "|" { current.append("\\") }
                current.append(character)
                escaped = false
            } else if character == "\\" {
                escaped = true
            } else if character == "|" {
                cells.append(current.trimmingCharacters(in: " \t").description)
                current = ""
            } else {
                current.append(character)
            }
        }
        if escaped { current.append("\\") }
        cells.append(current.trimmingCharacters(in: " \t").description)
        return cells
    }
}
