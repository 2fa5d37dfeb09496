import CommonMark
import LectureSupport

/// Raw HTML comments left open. CommonMark passes a page's raw HTML through, and an HTML block
/// that starts with `<!--` runs to its `-->` or to the end of the page; a browser then hides
/// everything after it: the rest of the page, the template's scripts, and in `print.html` every
/// later chapter. Each chapter of the print page and each page's content is closed off
/// (`closingOff`), and the comment is warned at its line (`warning`).
enum HTMLComments {
    /// The UTF-8 offset of the `<!--` that `html` leaves open, if any (HTML's tokenizer: a
    /// comment ends at `-->` or `--!>`; `<!-->` and `<!--->` are empty comments).
    static func unclosedStart(in html: some Collection<UInt8>) -> Int? {
        let bytes = Array(html)
        var index = 0
        var open: Int?
        while index + 3 < bytes.count || (open != nil && index < bytes.count) {
            if let start = open {
                if bytes[index] == 0x2D, index + 2 < bytes.count, bytes[index + 1] == 0x2D, bytes[index + 2] == 0x3E {
                    open = nil
                    index += 3
                    continue
                }
                if bytes[index] == 0x2D, index + 3 < bytes.count, bytes[index + 1] == 0x2D, bytes[index + 2] == 0x21,
                    bytes[index + 3] == 0x3E
                {
                    open = nil
                    index += 4
                    continue
                }
                _ = start
                index += 1
                continue
            }
            guard index + 3 < bytes.count else { break }
            if bytes[index] == 0x3C, bytes[index + 1] == 0x21, bytes[index + 2] == 0x2D, bytes[index + 3] == 0x2D {
                let after = index + 4
                // `<!-->` and `<!--->`: closed at once.
                if after < bytes.count, bytes[after] == 0x3E {
                    index = after + 1
                    continue
                }
                if after + 1 < bytes.count, bytes[after] == 0x2D, bytes[after + 1] == 0x3E {
                    index = after + 2
                    continue
                }
                open = index
                index = after
                continue
            }
            index += 1
        }
        return open
    }

    /// `html` with a `-->` after it when it leaves a comment open, so what follows is shown.
    static func closingOff(_ html: String) -> String {
        unclosedStart(in: html.utf8) == nil ? html : html + "-->\n"
    }

    /// The warning for a page whose raw HTML leaves a comment open, at the line of its `<!--`.
    static func warning(_ blocks: [Block], path: String) -> Diagnostic? {
        var joined: [UInt8] = []
        var starts: [(offset: Int, block: Block)] = []
        for block in blocks.leafBlocks {
            guard case .html(let text) = block.kind else { continue }
            starts.append((joined.count, block))
            joined += text.utf8
            joined.append(0x0A)
        }
        guard let open = unclosedStart(in: joined), let owner = starts.last(where: { $0.offset <= open }) else {
            return nil
        }
        let line = owner.block.range.start.line + joined[owner.offset..<open].count { $0 == 0x0A }
        let lineStart = joined[owner.offset..<open].lastIndex(of: 0x0A).map { $0 + 1 } ?? owner.offset
        let column = (lineStart == owner.offset ? owner.block.range.start.column : 1) + (open - lineStart)
        return .warning(
            .unclosedComment, path, SourceLocation(line: line, column: column),
            "HTML comment is never closed: the rest of the page is hidden",
            notes: [
                "close it with '-->'; the page's content and each chapter of print.html are closed off after it, but what follows it on this page is not shown"
            ])
    }
}
