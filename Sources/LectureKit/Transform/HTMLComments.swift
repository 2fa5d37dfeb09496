import CommonMark
import LectureSupport

/// Raw HTML left open: a comment, or an element whose content a browser reads as text up to its
/// end tag (`<textarea>`, `<title>`: escapable raw text; `<script>`, `<style>`, `<xmp>`,
/// `<iframe>`, `<noembed>`, `<noframes>`, `<noscript>`: raw text; `<plaintext>`, which nothing
/// ends). CommonMark passes a page's raw HTML through, and a browser then hides or swallows
/// everything after it: the rest of the page, the template's scripts, and in `print.html` every
/// later chapter (the PDF would lose them). Each chapter of the print page and each
/// page's content is closed off (`closingOff`), and the opening is warned at its line (`warning`).
enum HTMLComments {
    /// What a page's HTML leaves open: where, and the element (nil for a comment).
    struct Unclosed: Equatable {
        var offset: Int
        var element: String?
    }

    /// Elements whose content runs to their end tag as text.
    static let rawTextElements: Set<String> = [
        "textarea", "title", "script", "style", "xmp", "iframe", "noembed", "noframes", "noscript", "plaintext",
    ]
    /// `rawTextElements` as bytes, for the scan.
    private static let rawTextElementBytes = rawTextElements.map { Array($0.utf8) }

    /// The UTF-8 offset of the `<!--` that `html` leaves open, if any.
    static func unclosedStart(in html: some Collection<UInt8>) -> Int? {
        unclosed(in: html).flatMap { $0.element == nil ? $0.offset : nil }
    }

    /// What `html` leaves open, if anything (HTML's tokenizer: a comment ends at `-->` or `--!>`,
    /// `<!-->` and `<!--->` are empty comments; a raw-text element ends at `</name` followed by
    /// white space, `/` or `>`, its name in any case). One pass over the bytes.
    static func unclosed(in html: some Collection<UInt8>) -> Unclosed? {
        let bytes = Array(html)
        var index = 0
        var open: Unclosed?
        func lower(_ byte: UInt8) -> UInt8 { byte >= 0x41 && byte <= 0x5A ? byte + 0x20 : byte }
        func ends(_ at: Int) -> Bool {
            guard at < bytes.count else { return true }
            switch bytes[at] {
            case 0x20, 0x09, 0x0A, 0x0C, 0x0D, 0x2F, 0x3E: return true
            default: return false
            }
        }
        /// The raw-text element whose name starts at `at`, if one does. (Compared as bytes: a
        /// string made for every tag of every page was 3% of a build, issue 36.)
        func element(at start: Int) -> String? {
            var end = start
            while end < bytes.count, end - start < 10, (0x61...0x7A).contains(lower(bytes[end])) { end += 1 }
            guard end > start, ends(end) else { return nil }
            let name = rawTextElementBytes.first { name in
                name.count == end - start && name.indices.allSatisfy { name[$0] == lower(bytes[start + $0]) }
            }
            return name.map { String(decoding: $0, as: UTF8.self) }
        }
        var tags = 0
        while index < bytes.count {
            if let current = open {
                if let name = current.element {
                    guard name != "plaintext" else { return current }
                    if bytes[index] == 0x3C, index + 1 < bytes.count, bytes[index + 1] == 0x2F,
                        element(at: index + 2) == name
                    {
                        open = nil
                        index += 2 + name.utf8.count
                        continue
                    }
                } else if bytes[index] == 0x2D, index + 2 < bytes.count, bytes[index + 1] == 0x2D {
                    if bytes[index + 2] == 0x3E {
                        open = nil
                        index += 3
                        continue
                    }
                    if index + 3 < bytes.count, bytes[index + 2] == 0x21, bytes[index + 3] == 0x3E {
                        open = nil
                        index += 4
                        continue
                    }
                }
                index += 1
                continue
            }
            guard bytes[index] == 0x3C, index + 1 < bytes.count else {
                // Outside anything open only a `<` matters: the next one, by `memchr` (this scan
                // runs over every page's HTML and every print chapter, issue 36).
                let from = index + 1
                index = bytes.withUnsafeBufferPointer { UTF8Search.offset(of: 0x3C, in: $0, from: from) } ?? bytes.count
                continue
            }
            // Cancelled (`Cancellation.current`): the page or print chapter is thrown away.
            tags += 1
            if tags % 256 == 0, Cancellation.currentIsCancelled { return nil }
            if index + 3 < bytes.count, bytes[index + 1] == 0x21, bytes[index + 2] == 0x2D, bytes[index + 3] == 0x2D {
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
                open = Unclosed(offset: index, element: nil)
                index = after
                continue
            }
            if let name = element(at: index + 1) {
                // The start tag runs to its `>`; its content begins after it.
                var end = index + 1 + name.utf8.count
                while end < bytes.count, bytes[end] != 0x3E { end += 1 }
                guard end < bytes.count else { return nil }
                open = Unclosed(offset: index, element: name)
                index = end + 1
                continue
            }
            index += 1
        }
        return open
    }

    /// `html` closed off when it leaves something open, so what follows is shown: `-->` after a
    /// comment, the end tag after a raw-text element; `<plaintext>`, which no end tag ends, is
    /// written as text (`&lt;plaintext`).
    /// Then what an element that holds the rest of the page leaves open (`UnclosedContainers`:
    /// `<template>`, `<select>`, `<marquee>`) is ended too.
    static func closingOff(_ html: String) -> String {
        guard mayLeaveOpen(html) else { return html }
        return UnclosedContainers.closingOff(closingOffText(html))
    }

    /// The names after `<` that may open what `closingOff` closes, lowercase: the raw-text
    /// elements and `UnclosedContainers.names`.
    private static let openingNames = rawTextElementBytes + UnclosedContainers.names

    /// Whether `html` has a `<` followed by `!` or by the start of one of `openingNames` (in any
    /// case): without one, neither `unclosed` scan finds anything open, since each opens only
    /// there. Most pages' content has none, and is passed over by one `memchr` per tag instead of
    /// the two scans (3.4% of a deep-nesting build's instructions, issue 36).
    static func mayLeaveOpen(_ html: String) -> Bool {
        var html = html
        return html.withUTF8 { bytes in
            var from = 0
            while let at = UTF8Search.offset(of: 0x3C, in: bytes, from: from) {
                from = at + 1
                guard from < bytes.count else { return false }
                if bytes[from] == 0x21 { return true }
                // A letter's lowercase is its byte with 0x20 set; no other byte becomes a letter so.
                let first = bytes[from] | 0x20
                for name in openingNames where name[0] == first && from + name.count <= bytes.count {
                    if name.indices.allSatisfy({ name[$0] == bytes[from + $0] | 0x20 }) { return true }
                }
            }
            return false
        }
    }

    /// `closingOff` for comments and raw-text elements.
    private static func closingOffText(_ html: String) -> String {
        guard let open = unclosed(in: html.utf8) else { return html }
        switch open.element {
        case nil: return html + "-->\n"
        case "plaintext"?:
            var bytes = Array(html.utf8)
            bytes.replaceSubrange(open.offset..<open.offset + 1, with: Array("&lt;".utf8))
            return closingOffText(String(decoding: bytes, as: UTF8.self))
        case let name?: return closingOffText(html + "</\(name)>\n")
        }
    }

    /// The warning for a page whose raw HTML leaves a comment or a raw-text element open, at its
    /// `<` (in a paragraph's inline HTML too, inside emphasis or a link; `source`, the page's
    /// text, places it).
    static func warning(_ blocks: [Block], source: String, path: String) -> Diagnostic? {
        let html = BlockHTML(blocks, inline: true)
        // The page's lines only for a comment or element to place: most pages have none.
        guard let open = unclosed(in: html.joined),
            let location = html.location(
                ofOffset: open.offset, source: source.split(separator: "\n", omittingEmptySubsequences: false))
        else {
            return nil
        }
        guard let name = open.element else {
            return .warning(
                .unclosedComment, path, location, "HTML comment is never closed: the rest of the page is hidden",
                notes: [
                    "close it with '-->'; the page's content and each chapter of print.html are closed off after it, but what follows it on this page is not shown"
                ])
        }
        return .warning(
            .unclosedElement, path, location,
            "HTML element <\(name)> is never closed: the rest of the page is read as its text",
            notes: [
                name == "plaintext"
                    ? "no end tag ends <plaintext>: it is written as text, so later chapters of print.html stay; use <pre> instead"
                    : "close it with '</\(name)>'; the page's content and each chapter of print.html are closed off after it, so later chapters stay"
            ])
    }
}

/// A page's HTML blocks joined, one line each, and where each block starts in it: to place an
/// offset of the joined bytes on the page's line and column.
struct BlockHTML {
    var joined: [UInt8] = []
    var starts: [(offset: Int, block: Block)] = []
    /// With `inline`, each piece of a paragraph's or a heading's inline HTML, in page order with
    /// the blocks (placed by the caller, which has the page's text), inside emphasis and links too.
    var inlinePieces: [(offset: Int, text: String, block: Block)] = []

    init(_ blocks: [Block], inline: Bool = false) {
        for block in blocks.leafBlocks {
            switch block.kind {
            case .html(let text):
                starts.append((joined.count, block))
                joined += text.utf8
                joined.append(0x0A)
            case .paragraph(let inlines), .heading(_, let inlines, _):
                guard inline else { continue }
                var pieces = InlineHTMLPieces()
                pieces.walk(inlines)
                for text in pieces.texts {
                    inlinePieces.append((joined.count, text, block))
                    joined += text.utf8
                }
            default: continue
            }
        }
    }

    /// The page's line and column of `offset` in `joined`: in an inline piece, at the first of
    /// its block's lines of `source` (the page's lines) that holds the piece.
    func location(ofOffset offset: Int, source lines: [Substring]) -> SourceLocation? {
        guard let piece = inlinePieces.last(where: { $0.offset <= offset }),
            offset < piece.offset + piece.text.utf8.count
        else { return location(ofOffset: offset) }
        let range = piece.block.range
        let first = max(range.start.line, 1)
        let found = (first...max(first, min(range.end.line, lines.count))).lazy.compactMap { number in
            number <= lines.count ? lines[number - 1].range(of: piece.text).map { (number, $0) } : nil
        }.first
        guard let (number, text) = found else { return range.start }
        let line = lines[number - 1]
        return SourceLocation(
            line: number,
            column: line.utf8.distance(from: line.startIndex, to: text.lowerBound) + 1 + offset - piece.offset)
    }

    /// The page's line and column of `offset` in `joined`, an offset of a block's HTML.
    func location(ofOffset offset: Int) -> SourceLocation? {
        guard let owner = starts.last(where: { $0.offset <= offset }) else { return nil }
        let line = owner.block.range.start.line + joined[owner.offset..<offset].count { $0 == 0x0A }
        let lineStart = joined[owner.offset..<offset].lastIndex(of: 0x0A).map { $0 + 1 } ?? owner.offset
        let column = (lineStart == owner.offset ? owner.block.range.start.column : 1) + (offset - lineStart)
        return SourceLocation(line: line, column: column)
    }
}

/// The pieces of raw HTML among inlines, in order, inside emphasis and links too; not in an
/// image's description, which is written as its `alt` text, escaped.
private struct InlineHTMLPieces: MarkupWalker {
    var texts: [String] = []

    mutating func visit(_ inline: Inline) {
        switch inline {
        case .html(let text): texts.append(text)
        case .image: break
        default: descend(into: inline)
        }
    }
}
