/// Renders `Block` values as HTML, byte for byte as cmark's `cmark_render_html` does for the same
/// tree (cmark `src/html.c`), plus the anchors a transform put on headings.
///
/// The tests hold it to cmark's own output on a corpus of documents, so the site renders
/// CommonMark exactly as the reference implementation does.
package struct HTMLRenderer: Sendable {
    /// Creates a renderer; it has no options.
    package init() {}

    /// Renders blocks into HTML; each block ends with a newline, as in cmark.
    package func render(_ blocks: [Block]) -> String {
        var out = ""
        for block in blocks { render(block, tight: false, into: &out) }
        return out
    }

    /// Renders inline content into HTML (for instance a table cell or a title).
    package func render(_ inlines: [Inline]) -> String {
        var out = ""
        for inline in inlines { render(inline, into: &out) }
        return out
    }

    private func cr(_ out: inout String) {
        if !out.isEmpty && !out.hasSuffix("\n") { out += "\n" }
    }

    private func render(_ block: Block, tight: Bool, into out: inout String) {
        switch block.kind {
        case .paragraph(let inlines):
            if tight {
                for inline in inlines { render(inline, into: &out) }
            } else {
                cr(&out)
                out += "<p>"
                for inline in inlines { render(inline, into: &out) }
                out += "</p>\n"
            }
        case .heading(let level, let content, let id):
            cr(&out)
            if let id {
                out += "<h\(level) id=\"\(HTML.escape(id))\">"
                out += "<a class=\"anchor\" href=\"#\(HTML.escapeHref(id))\" aria-hidden=\"true\" tabindex=\"-1\">#</a>"
            } else {
                out += "<h\(level)>"
            }
            for inline in content { render(inline, into: &out) }
            out += "</h\(level)>\n"
        case .blockQuote(let children):
            cr(&out)
            out += "<blockquote>\n"
            for child in children { render(child, tight: false, into: &out) }
            cr(&out)
            out += "</blockquote>\n"
        case .list(let list):
            cr(&out)
            if list.isOrdered {
                out += list.start == 1 ? "<ol>\n" : "<ol start=\"\(list.start)\">\n"
            } else {
                out += "<ul>\n"
            }
            for item in list.items {
                cr(&out)
                out += "<li>"
                for child in item.blocks { render(child, tight: list.isTight, into: &out) }
                out += "</li>\n"
            }
            cr(&out)
            out += list.isOrdered ? "</ol>\n" : "</ul>\n"
        case .codeBlock(let code):
            cr(&out)
            let language = code.language
            if language.isEmpty {
                out += "<pre><code>"
            } else {
                out += "<pre><code class=\"language-\(HTML.escape(language))\">"
            }
            out += HTML.escape(code.code)
            out += "</code></pre>\n"
        case .html(let html):
            cr(&out)
            out += html
            cr(&out)
        case .thematicBreak:
            cr(&out)
            out += "<hr />\n"
        case .custom:
            // Its owner renders it (CustomBlock).
            break
        }
    }

    private func render(_ inline: Inline, into out: inout String) {
        switch inline {
        case .text(let text): out += HTML.escape(text)
        case .softBreak: out += "\n"
        case .lineBreak: out += "<br />\n"
        case .code(let code): out += "<code>\(HTML.escape(code))</code>"
        case .html(let html): out += html
        case .emphasis(let children):
            out += "<em>"
            for child in children { render(child, into: &out) }
            out += "</em>"
        case .strong(let children):
            out += "<strong>"
            for child in children { render(child, into: &out) }
            out += "</strong>"
        case .link(let link):
            out += "<a href=\"\(HTML.escapeHref(link.destination))\""
            if !link.title.isEmpty { out += " title=\"\(HTML.escape(link.title))\"" }
            out += ">"
            for child in link.content { render(child, into: &out) }
            out += "</a>"
        case .image(let image):
            out += "<img src=\"\(HTML.escapeHref(image.destination))\" alt=\"\(HTML.escape(image.content.plainText))\""
            if !image.title.isEmpty { out += " title=\"\(HTML.escape(image.title))\"" }
            out += " />"
        }
    }
}

/// HTML escaping as cmark does it (cmark `src/houdini_html_e.c` and `src/houdini_href_e.c`).
package enum HTML {
    /// Escapes `&`, `<`, `>` and `"` for text and attribute values, and shows control characters.
    package static func escape(_ text: String) -> String {
        // Most text has nothing to escape; byte-level either way (a hot path: every page's text),
        // over the string's own buffer when it has one (native strings do): `UTF8View`'s own
        // iteration is several times slower.
        if let escaped = text.utf8.withContiguousStorageIfAvailable({ escape(bytes: $0) }) { return escaped ?? text }
        return escape(bytes: Array(text.utf8)[...]) ?? text
    }

    /// `bytes` escaped as `escape(_:)` says, `nil` when none needs it.
    private static func escape<Bytes: Collection<UInt8>>(bytes: Bytes) -> String? {
        guard
            let first = bytes.firstIndex(where: {
                $0 == 0x26 || $0 == 0x3C || $0 == 0x3E || $0 == 0x22 || $0 < 0x20 || $0 == 0x7F
            })
        else { return nil }
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count + 16)
        out.append(contentsOf: bytes[..<first])
        for byte in bytes[first...] {
            switch byte {
            case 0x26: out.append(contentsOf: "&amp;".utf8)
            case 0x3C: out.append(contentsOf: "&lt;".utf8)
            case 0x3E: out.append(contentsOf: "&gt;".utf8)
            case 0x22: out.append(contentsOf: "&quot;".utf8)
            case 0x09, 0x0A, 0x0D: out.append(byte)
            // No C0 control byte (nor DEL) reaches a page, where HTML forbids them: each is
            // shown as its Unicode control picture, ESC as ␛ (U+2400 + the code; DEL U+2421).
            case 0..<0x20: out.append(contentsOf: String(Unicode.Scalar(0x2400 + UInt32(byte))!).utf8)
            case 0x7F: out.append(contentsOf: "\u{2421}".utf8)
            default: out.append(byte)
            }
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// Escapes a URL for an `href` or `src` attribute: percent-encodes every byte outside
    /// houdini's safe set, keeps existing `%XX`, and writes `&` as `&amp;` and `'` as `&#x27;`.
    package static func escapeHref(_ url: String) -> String {
        var out: [UInt8] = []
        out.reserveCapacity(url.utf8.count)
        let hex: [UInt8] = Array("0123456789ABCDEF".utf8)
        for byte in url.utf8 {
            if hrefSafeTable[Int(byte)] {
                out.append(byte)
            } else if byte == UInt8(ascii: "&") {
                out.append(contentsOf: "&amp;".utf8)
            } else if byte == UInt8(ascii: "'") {
                out.append(contentsOf: "&#x27;".utf8)
            } else {
                out.append(UInt8(ascii: "%"))
                out.append(hex[Int(byte >> 4)])
                out.append(hex[Int(byte & 0x0F)])
            }
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// Bytes an href keeps as they are: letters, digits and houdini's safe punctuation.
    private static let hrefSafeTable: [Bool] = (0..<256).map { value in
        let byte = UInt8(value)
        return (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A)
            || hrefSafe.contains(byte)
    }

    private static let hrefSafe: Set<UInt8> = Set("-_.+!*(),%#@?=;:/$~".utf8)
}
