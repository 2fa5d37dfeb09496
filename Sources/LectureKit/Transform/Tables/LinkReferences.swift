/// The link reference definitions of a page (`[label]: destination "title"`), as text to parse
/// beside a table cell: cmark resolves a reference only within one parse, and a pipe table's
/// cells are parsed on their own (`TableRenderer`), so without them `[text][label]` in a cell
/// would stay text where mdBook makes it a link.
enum LinkReferences {
    /// Every line of `lines` that starts a definition (up to three spaces, `[label]:`), outside
    /// fenced code, with the line after it when the definition continues there (a title).
    static func definitions(in lines: [Substring]) -> String {
        var found: [Substring] = []
        var fence: Substring?
        for (index, line) in lines.enumerated() {
            let trimmed = line.drop(while: { $0 == " " || $0 == ">" })
            if let open = fence {
                if trimmed.hasPrefix(open) { fence = nil }
                continue
            }
            if trimmed.hasPrefix("```") || trimmed.hasPrefix("~~~") {
                fence = trimmed.prefix(3)
                continue
            }
            let indentation = line.prefix(while: { $0 == " " }).count
            guard indentation <= 3, trimmed.hasPrefix("["), !trimmed.hasPrefix("[^"),
                let close = trimmed.firstIndex(of: "]"), trimmed[close...].hasPrefix("]:")
            else { continue }
            found.append(trimmed)
            if index + 1 < lines.count {
                let next = lines[index + 1].drop(while: { $0 == " " })
                if next.hasPrefix("\"") || next.hasPrefix("'") || next.hasPrefix("(") { found.append(next) }
            }
        }
        return found.joined(separator: "\n")
    }
}
