import CommonMark
import LectureSupport

/// Raw HTML that leaves open an element holding everything after it out of sight (attack 10,
/// kind 5): `<template>` (its content is inert, and the chapter's `</section>` does not end it),
/// `<select>` (every later tag is dropped, the text goes into the list box) and `<marquee>` (an
/// end tag of an element outside it is ignored). In `print.html` every later chapter went inside
/// it, and the PDF printed none of them, without a word. Each is ended where the page's content
/// and each print chapter end (`closingOff`, after `HTMLComments` closed comments and raw text),
/// and warned at its tag (`warnings`), as `HTMLComments` does for a comment.
enum UnclosedContainers {
    /// The elements, as bytes.
    static let names = ["template", "select", "marquee"].map { Array($0.utf8) }
    /// The bytes after `<` that may start a comment or a raw-text element (`!`, and the first
    /// letters of `HTMLComments.rawTextElements`): only then is `endOfText` asked.
    private static let mayStartText = Set([UInt8(ascii: "!")] + HTMLComments.rawTextElements.compactMap(\.utf8.first))

    /// The start tags of `html` no end tag closes: each one's offset (of its `<`) and name, in order.
    static func unclosed(in html: [UInt8]) -> [HTMLComments.Unclosed] {
        var open: [HTMLComments.Unclosed] = []
        var index = 0
        func lower(_ byte: UInt8) -> UInt8 { byte >= 0x41 && byte <= 0x5A ? byte + 0x20 : byte }
        /// The name among `names` that starts at `at` and ends there (white space, `/`, `>` or the end).
        func name(at start: Int) -> String? {
            names.first { name in
                start + name.count <= html.count
                    && name.indices.allSatisfy { name[$0] == lower(html[start + $0]) }
                    && (start + name.count == html.count
                        || [0x20, 0x09, 0x0A, 0x0C, 0x0D, 0x2F, 0x3E].contains(html[start + name.count]))
            }.map { String(decoding: $0, as: UTF8.self) }
        }
        var opened = 0
        while index < html.count {
            guard html[index] == 0x3C, index + 1 < html.count else {
                let from = index + 1
                index = html.withUnsafeBufferPointer { UTF8Search.offset(of: 0x3C, in: $0, from: from) } ?? html.count
                continue
            }
            // Cancelled (`Cancellation.current`): the page's warnings are thrown away.
            opened += 1
            if opened % 256 == 0, Cancellation.currentIsCancelled { break }
            // A comment or a raw-text element holds no tag: skip to its end (none: the rest).
            if Self.mayStartText.contains(lower(html[index + 1])), let end = endOfText(in: html, at: index) {
                index = end
                continue
            }
            if html[index + 1] == 0x2F, let closed = name(at: index + 2) {
                if let last = open.lastIndex(where: { $0.element == closed }) { open.removeSubrange(last...) }
            } else if let opened = name(at: index + 1) {
                open.append(HTMLComments.Unclosed(offset: index, element: opened))
            }
            index += 1
        }
        return open
    }

    /// For a comment or a raw-text element's start tag at `start`, the offset after its end
    /// (`-->`, or its end tag's name), or the end of `html` when nothing ends it; `nil` for
    /// another tag.
    static func endOfText(in html: [UInt8], at start: Int) -> Int? {
        let rest = html[start...]
        if rest.starts(with: Array("<!--".utf8)) {
            return firstEnd(of: Array("-->".utf8), in: html, from: start + 4) ?? html.count
        }
        let tag = rest.dropFirst().prefix { ($0 | 0x20) >= 0x61 && ($0 | 0x20) <= 0x7A }
        let name = String(decoding: tag.map { $0 | 0x20 }, as: UTF8.self)
        guard HTMLComments.rawTextElements.contains(name) else { return nil }
        guard name != "plaintext" else { return html.count }
        let after = start + 1 + tag.count
        var from = after
        while let found = firstEnd(of: Array("</".utf8), in: html, from: from) {
            let closing = html[found...].prefix(name.utf8.count).map { $0 | 0x20 }
            if closing.elementsEqual(name.utf8) { return found + name.utf8.count }
            from = found
        }
        return html.count
    }

    /// The offset just after the first `needle` in `html` at or after `from`.
    private static func firstEnd(of needle: [UInt8], in html: [UInt8], from: Int) -> Int? {
        RawHTMLMachineFiles.firstOffset(of: needle, in: html, from: from).map { $0 + needle.count }
    }

    /// `html` with each element `unclosed` finds ended at its end, the innermost first.
    static func closingOff(_ html: String) -> String {
        let bytes = Array(html.utf8)
        guard bytes.contains(0x3C) else { return html }
        let open = unclosed(in: bytes)
        guard !open.isEmpty else { return html }
        return html + open.reversed().compactMap { $0.element.map { "</\($0)>" } }.joined() + "\n"
    }

    /// One warning per element a page's HTML blocks leave open, at its tag.
    /// A tag in a paragraph's inline HTML counts too, inside emphasis or a link as well (`source`,
    /// the page's text, places it: `BlockHTML.location(ofOffset:source:)`).
    static func warnings(_ blocks: [Block], source: String, path: String) -> [Diagnostic] {
        let html = BlockHTML(blocks, inline: true)
        let open = unclosed(in: html.joined)
        // The page's lines only for an element to place: most pages have none.
        guard !open.isEmpty else { return [] }
        let lines = source.split(separator: "\n", omittingEmptySubsequences: false)
        return open.compactMap { open in
            guard let name = open.element, let location = html.location(ofOffset: open.offset, source: lines) else {
                return nil
            }
            return warning(name, path: path, at: location)
        }
    }

    private static func warning(_ name: String, path: String, at location: SourceLocation) -> Diagnostic {
        .warning(
            .unclosedElement, path, location,
            "HTML element <\(name)> is never closed: the rest of the page is inside it, out of sight",
            notes: [
                "close it with '</\(name)>'; the page's content and each chapter of print.html are closed off after it, so later chapters stay"
            ])
    }
}
