import CommonMark

/// GitHub Flavored Markdown's pipe tables written in an ordinary paragraph, as mdBook books do.
///
/// cmark implements CommonMark, which has no tables: it reads a table as one paragraph whose lines
/// are the rows. A paragraph holds a table from a line with a `|` followed by a delimiter row
/// (`|---|:--:|`, GFM spec section 4.10) of as many cells, to its end; the lines before it stay a
/// paragraph (a table interrupts one, as in GFM and mdBook). Its source lines then go to
/// `TableRenderer`, the renderer of the ```` ```table ```` fence, read by GFM's rules (a short
/// row padded with empty cells, a long one cut, as mdBook does).
/// A paragraph that looks like a table but is not one (every line between pipes, no delimiter
/// row) is left as text, with a warning at its line.
enum PipeTableParagraph {
    /// What a paragraph is, read from its source lines.
    enum Reading: Equatable {
        /// Not table-like: an ordinary paragraph.
        case prose
        /// A table: its rows, one per line, without the container's prefix (`> `, indentation),
        /// after `prose` lines of text.
        case table(rows: String, prose: Int)
        /// Pipes on every line but no delimiter row.
        case tableLike
    }

    /// Reads the paragraph at `range` of a page whose lines are `lines` (0-based array of the
    /// page's lines; `range` is 1-based as cmark reports it).
    static func read(_ range: SourceRange, lines: [Substring]) -> Reading {
        let first = range.start.line - 1
        let last = range.end.line - 1
        guard first >= 0, last < lines.count, last > first else { return .prose }
        let prefix = range.start.column - 1
        let rows = (first...last).map { index -> Substring in
            let line = lines[index]
            // Drop the container's prefix (`> `, a list item's indentation) when it is one.
            let head = line.utf8.prefix(prefix)
            if head.count == prefix,
                head.allSatisfy({ $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: ">") || $0 == UInt8(ascii: "\t") })
            {
                return Substring(line.utf8.dropFirst(prefix))
            }
            return line
        }
        for header in 0..<(rows.count - 1)
        where rows[header].contains("|") && isDelimiterRow(rows[header + 1])
            && TableRenderer.cells(of: rows[header]).count == TableRenderer.cells(of: rows[header + 1]).count
        {
            return .table(rows: rows[header...].joined(separator: "\n") + "\n", prose: header)
        }
        guard rows[0].contains("|") else { return .prose }
        let piped = rows.allSatisfy { row in
            let trimmed = row.trimmingCharacters(in: " \t")
            return trimmed.hasPrefix("|") && trimmed.hasSuffix("|") && trimmed.count > 1
        }
        return piped ? .tableLike : .prose
    }

    /// GFM's delimiter row: cells of `-` with optional `:` at either end, separated by `|`.
    static func isDelimiterRow(_ line: Substring) -> Bool {
        let cells = TableRenderer.cells(of: line)
        guard line.contains("|") || cells.count > 1 else { return false }
        return cells.allSatisfy { cell in
            var body = Substring(cell)
            if body.hasPrefix(":") { body = body.dropFirst() }
            if body.hasSuffix(":") { body = body.dropLast() }
            return !body.isEmpty && body.allSatisfy { $0 == "-" }
        }
    }
}
