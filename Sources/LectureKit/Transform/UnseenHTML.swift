import LectureSupport

/// The raw HTML elements of a page whose content no reader sees, followed through the page's
/// raw HTML in order, so the search index leaves out the text between their tags (Markdown
/// included: `<template>`, a blank line, then paragraphs). Unseen: `<template>` (inert),
/// `<noscript>` (the search runs with scripting, which hides it), `<noembed>`, `<noframes>` and
/// `<title>` in a page's body, and any element with the `hidden` attribute or an inline
/// `display: none`. An element inside one is unseen too, whatever it is.
struct UnseenHTML {
    /// The elements open from the outermost unseen one on, outermost first: an end tag closes
    /// the nearest of its name and those opened inside it (as a browser's end tag closes a `<p>`
    /// left open), so a nested `<div>` in a `<div hidden>` does not end it.
    private var open: [String] = []

    /// Whether text at this point is seen.
    var isSeen: Bool { open.isEmpty }

    /// The elements always unseen, whatever their attributes.
    static let unseenElements: Set<String> = ["template", "noscript", "noembed", "noframes", "title"]
    /// Elements with no end tag, which `hidden` hides alone.
    static let voidElements: Set<String> = [
        "area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr",
    ]

    /// Follows the tags of `html`, a raw HTML block or inline, in order, and returns the text
    /// between them that a reader sees (`SeenText`): outside unseen elements, comments,
    /// `<script>` and `<style>`; `<textarea>`'s and `<xmp>`'s text is seen.
    @discardableResult
    mutating func read(_ html: String) -> String {
        let bytes = Array(html.utf8)
        var tags: [(offset: Int, end: Int, name: String, isEnd: Bool, hides: Bool)] = []
        var skipped: [Range<Int>] = []
        var shownRawText: [Range<Int>] = []
        HTMLAttributes.scan(
            bytes,
            rawText: { name, range in
                skipped.append(range)
                if name == "textarea" || name == "xmp" { shownRawText.append(range) }
            }, comment: { skipped.append($0) },
            visit: { tag in
                let name = HTMLAttributes.lowercased(tag.name, in: bytes)
                let hides = tag.attributes.contains { attribute in
                    HTMLAttributes.is("hidden", attribute.name, in: bytes)
                        || (HTMLAttributes.is("style", attribute.name, in: bytes)
                            && Self.hidesByStyle(HTMLAttributes.value(attribute.value, in: bytes)))
                }
                tags.append((tag.name.lowerBound - 1, tag.end, name, false, hides))
            })
        var index = 0
        while index + 2 < bytes.count {
            if bytes[index] == UInt8(ascii: "<"), bytes[index + 1] == UInt8(ascii: "/"),
                !skipped.contains(where: { $0.contains(index) })
            {
                var end = index + 2
                while end < bytes.count, bytes[end] != UInt8(ascii: ">"), bytes[end] != 0x20, bytes[end] != 0x0A,
                    bytes[end] != 0x09, bytes[end] != 0x2F
                {
                    end += 1
                }
                var close = end
                while close < bytes.count, bytes[close] != UInt8(ascii: ">") { close += 1 }
                tags.append(
                    (
                        index, min(close + 1, bytes.count), HTMLAttributes.lowercased(index + 2..<end, in: bytes), true,
                        false
                    ))
            }
            index += 1
        }
        var seen = SeenText(bytes: bytes, skipped: skipped, shown: shownRawText)
        for tag in tags.sorted(by: { $0.offset < $1.offset }) {
            seen.add(upTo: tag.offset, if: isSeen)
            seen.separate(by: tag.name, upTo: tag.end)
            if tag.isEnd {
                if let last = open.lastIndex(of: tag.name) { open.removeSubrange(last...) }
            } else if !Self.voidElements.contains(tag.name),
                !open.isEmpty || tag.hides || Self.unseenElements.contains(tag.name)
            {
                open.append(tag.name)
            }
        }
        seen.add(upTo: bytes.count, if: isSeen)
        return seen.text
    }

    /// A Markdown block starts (its `<p>`, `<ul>`, `<pre>`…): as in a browser, it ends an open
    /// `<p>`, so a `<p hidden>` hides only the HTML up to the next block.
    mutating func blockStarts() {
        if let paragraph = open.lastIndex(of: "p") { open.removeSubrange(paragraph...) }
    }

    /// Whether an inline style hides its element (`display: none`, any case and spacing).
    static func hidesByStyle(_ style: String) -> Bool {
        style.lowercased().split(separator: ";").contains { declaration in
            let parts = declaration.split(separator: ":", maxSplits: 1).map {
                $0.trimmingCharacters(in: .whitespacesAndNewlines)
            }
            return parts.count == 2 && parts[0] == "display" && parts[1].hasPrefix("none")
        }
    }
}
