import CommonMark
import LectureSupport

/// A `<base>` element in a page's raw HTML (attack 9, kind 48). It sets the address every
/// relative URL after it is read against: in the page, and in `print.html`, where the chapters
/// follow one another, in every later chapter, and the scripts the site loads by a relative URL
/// at run time (the search index) then come from wherever it names. mdBook 0.5.4 publishes it
/// without a word; here it is an error at its line, as a `file:` embed is.
enum RawHTMLBase {
    /// One error per `<base>` of the page's raw HTML (blocks and inline), at its line; `text` is
    /// the page's Markdown, to place inline HTML.
    static func diagnostics(_ blocks: [Block], text: String, path: String) -> [Diagnostic] {
        guard mentionsBase(text) else { return [] }
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        var places: [SourceLocation] = []
        for block in blocks.leafBlocks {
            switch block.kind {
            case .html(let html):
                let bytes = Array(html.utf8)
                HTMLAttributes.scan(bytes) { tag in
                    guard HTMLAttributes.is("base", tag.name, in: bytes) else { return }
                    let before = bytes[..<tag.name.lowerBound].count { $0 == UInt8(ascii: "\n") }
                    places.append(SourceLocation(line: block.range.start.line + before, column: 1))
                }
            case .paragraph(let inlines), .heading(_, let inlines, _):
                let html = inlines.compactMap { if case .html(let piece) = $0 { piece } else { nil } }.joined()
                guard hasBase(Array(html.utf8)) else { continue }
                // The first line of the block that writes it.
                let first = max(block.range.start.line, 1)
                let line =
                    (first...max(first, min(block.range.end.line, lines.count))).first {
                        $0 <= lines.count && hasBase(Array(lines[$0 - 1].utf8))
                    } ?? first
                places.append(SourceLocation(line: line, column: 1))
            default:
                continue
            }
        }
        return places.map { location in
            .error(
                .baseElement, path, location,
                "a <base> element changes the address of every relative URL after it: links, images and the site's own scripts, in this page and in print.html in every later chapter",
                notes: ["remove it; link to another site with a full URL where it is meant ('https://…')"])
        }
    }

    /// Whether `text` holds `<base` in any case: the cheap test before any scan.
    /// Each `<` is found by `memchr` in the text's own buffer (a copy of every page's bytes and a
    /// test of each was 2% of a build of many small pages, callgrind, issue 36).
    static func mentionsBase(_ text: String) -> Bool {
        var text = text
        return text.withUTF8 { bytes in
            guard bytes.count >= 5 else { return false }
            let name = Array("base".utf8)
            var start = 0
            while let open = UTF8Search.offset(of: UInt8(ascii: "<"), in: bytes, from: start), open < bytes.count - 4 {
                if (0..<4).allSatisfy({ bytes[open + 1 + $0] | 0x20 == name[$0] }) { return true }
                start = open + 1
            }
            return false
        }
    }

    /// Whether `bytes` hold a `<base` start tag (read by HTML's rules).
    static func hasBase(_ bytes: [UInt8]) -> Bool {
        var found = false
        HTMLAttributes.scan(bytes) { tag in
            if HTMLAttributes.is("base", tag.name, in: bytes) { found = true }
        }
        return found
    }
}
