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
        var out = Output(marking: false)
        for block in blocks { render(block, tight: false, into: &out) }
        return out.html
    }

    /// Renders blocks as `render(_:)` does, and marks where heading ids, link and image
    /// destinations and raw HTML went, so that the blocks with those values rewritten need not
    /// be rendered again (`MarkedHTML.rewritten(ids:destinations:html:)`).
    package func renderMarked(_ blocks: [Block]) -> MarkedHTML {
        var out = Output(marking: true)
        for block in blocks { render(block, tight: false, into: &out) }
        return MarkedHTML(html: out.html, places: out.places)
    }

    /// Renders inline content into HTML (for instance a table cell or a title).
    package func render(_ inlines: [Inline]) -> String {
        var out = Output(marking: false)
        for inline in inlines { render(inline, into: &out) }
        return out.html
    }

    /// The HTML so far, and its marked places when `marking`.
    private struct Output {
        var html = ""
        let marking: Bool
        var places: [MarkedHTML.Place] = []
        /// Where the last place ended (UTF-8 offset), so a line end right after it is marked.
        var lastPlaceEnd = -1

        init(marking: Bool) { self.marking = marking }

        /// Appends `text`, marked as the place of `value`.
        mutating func append(_ text: String, marking value: @autoclosure () -> MarkedHTML.Value) {
            guard marking else {
                html += text
                return
            }
            let start = html.utf8.count
            html += text
            lastPlaceEnd = html.utf8.count
            places.append(MarkedHTML.Place(value: value(), range: start..<lastPlaceEnd))
        }

        /// A newline unless the HTML is empty or ends with one (cmark's `cr`). Right after a
        /// place its outcome depends on the place's text, so it is marked too.
        mutating func cr() {
            guard !html.isEmpty && !html.hasSuffix("\n") else {
                if marking && html.utf8.count == lastPlaceEnd {
                    places.append(MarkedHTML.Place(value: .lineEnd, range: lastPlaceEnd..<lastPlaceEnd))
                }
                return
            }
            let start = html.utf8.count
            html += "\n"
            if marking && start == lastPlaceEnd {
                places.append(MarkedHTML.Place(value: .lineEnd, range: start..<start + 1))
            }
        }
    }

    private func render(_ block: Block, tight: Bool, into out: inout Output) {
        switch block.kind {
        case .paragraph(let inlines):
            if tight {
                for inline in inlines { render(inline, into: &out) }
            } else {
                out.cr()
                out.html += "<p>"
                for inline in inlines { render(inline, into: &out) }
                out.html += "</p>\n"
            }
        case .heading(let level, let content, let id):
            out.cr()
            if let id {
                out.html += "<h\(level) id=\""
                out.append(HTML.escape(id), marking: .headingID(id))
                out.html += "\""
                for attribute in block.attributes {
                    out.html += " \(HTML.escape(attribute.name))=\"\(HTML.escape(attribute.value))\""
                }
                out.html += ">"
                renderHeaderLinked(content, id: id, into: &out)
            } else {
                out.html += "<h\(level)>"
                for inline in content { render(inline, into: &out) }
            }
            out.html += "</h\(level)>\n"
        case .blockQuote(let children):
            out.cr()
            out.html += "<blockquote>\n"
            for child in children { render(child, tight: false, into: &out) }
            out.cr()
            out.html += "</blockquote>\n"
        case .list(let list):
            out.cr()
            if list.isOrdered {
                out.html += list.start == 1 ? "<ol>\n" : "<ol start=\"\(list.start)\">\n"
            } else {
                out.html += "<ul>\n"
            }
            for item in list.items {
                out.cr()
                out.html += "<li>"
                for child in item.blocks { render(child, tight: list.isTight, into: &out) }
                out.html += "</li>\n"
            }
            out.cr()
            out.html += list.isOrdered ? "</ol>\n" : "</ul>\n"
        case .codeBlock(let code):
            out.cr()
            let language = code.language
            if language.isEmpty {
                out.html += "<pre><code>"
            } else {
                out.html += "<pre><code class=\"language-\(HTML.escape(language))\">"
            }
            out.html += HTML.escape(code.code)
            out.html += "</code></pre>\n"
        case .html(let html):
            out.cr()
            out.append(html, marking: .html(html))
            out.cr()
        case .thematicBreak:
            out.cr()
            out.html += "<hr />\n"
        case .custom:
            // Its owner renders it (CustomBlock).
            break
        case .element(let element):
            out.cr()
            let id = element.attribute("id")
            if element.isAnchored, let id {
                // Its id is a heading's: marked as one, its inline content in the heading's link.
                out.html += "<\(element.name) id=\""
                out.append(HTML.escape(id), marking: .headingID(id))
                out.html += "\""
                for attribute in element.attributes where attribute.name != "id" {
                    out.html += " \(attribute.name)=\"\(HTML.escape(attribute.value))\""
                }
                out.html += ">"
                if case .inlines(let inlines) = element.content, element.leading.isEmpty {
                    renderHeaderLinked(inlines, id: id, into: &out)
                    if !element.trailing.isEmpty {
                        out.append(element.trailing, marking: .html(element.trailing))
                    }
                    out.html += "</\(element.name)>\n"
                    return
                }
            } else {
                // Otherwise its tag is raw HTML to the passes that rewrite ids and links.
                var tag = "<\(element.name)"
                for attribute in element.attributes {
                    tag += " \(attribute.name)=\"\(HTML.escape(attribute.value))\""
                }
                tag += ">"
                out.append(tag, marking: .html(tag))
            }
            if !element.leading.isEmpty { out.append(element.leading, marking: .html(element.leading)) }
            switch element.content {
            case .blocks(let children):
                if !children.isEmpty || !element.leading.isEmpty { out.cr() }
                for child in children { render(child, tight: element.isTight, into: &out) }
                if !element.trailing.isEmpty {
                    // A back link joins the last paragraph, as in mdBook's footnotes.
                    let joins = out.html.hasSuffix("</p>\n")
                    if joins { out.html.removeLast("</p>\n".count) }
                    out.append(element.trailing, marking: .html(element.trailing))
                    if joins { out.html += "</p>\n" }
                }
                out.cr()
            case .inlines(let inlines):
                for inline in inlines { render(inline, into: &out) }
                if !element.trailing.isEmpty { out.append(element.trailing, marking: .html(element.trailing)) }
            }
            out.html += "</\(element.name)>\n"
        }
    }

    /// A heading's (or a definition term's) content as mdBook 0.5.4 writes it: inside a link to
    /// the heading itself, `<a class="header" href="#id">…</a>` (the theme styles `a.header`, as
    /// an mdBook book's own CSS and JavaScript may). mdBook nests a link of the content inside
    /// that one, which HTML does not allow (a browser ends the outer link there); here the runs
    /// of content between such links are each wrapped, and the links stand between them.
    /// An inline that is or holds a link, and raw HTML from an `<a …>` to its `</a>`, stand
    /// outside.
    private func renderHeaderLinked(_ content: [Inline], id: String, into out: inout Output) {
        // Whether each inline stands outside the header link: a link, one holding a link, or raw
        // HTML from an `<a …>` to its `</a>`.
        var bare: [Bool] = []
        var inRawLink = false
        for inline in content {
            let tag = inline.rawLinkTag
            if tag == .opening { inRawLink = true }
            bare.append(inRawLink || tag != nil || inline.holdsLink)
            if tag == .closing { inRawLink = false }
        }
        // The first child is a header link always (empty before a link that opens the heading),
        // as a browser reads mdBook's nested links, and as scripts written for mdBook expect.
        var index = content.startIndex
        var wrapped = false
        while !wrapped || index < content.endIndex {
            if wrapped, bare[index] {
                render(content[index], into: &out)
                index += 1
                continue
            }
            out.html += "<a class=\"header\" href=\"#"
            out.append(HTML.escapeHref(id), marking: .headingAnchor(id))
            out.html += "\">"
            while index < content.endIndex, !bare[index] {
                render(content[index], into: &out)
                index += 1
            }
            out.html += "</a>"
            wrapped = true
        }
    }

    private func render(_ inline: Inline, into out: inout Output) {
        switch inline {
        case .text(let text): out.html += HTML.escape(text)
        case .softBreak: out.html += "\n"
        case .lineBreak: out.html += "<br />\n"
        case .code(let code): out.html += "<code>\(HTML.escape(code))</code>"
        case .html(let html): out.append(html, marking: .html(html))
        case .emphasis(let children):
            out.html += "<em>"
            for child in children { render(child, into: &out) }
            out.html += "</em>"
        case .strong(let children):
            out.html += "<strong>"
            for child in children { render(child, into: &out) }
            out.html += "</strong>"
        case .link(let link):
            out.html += "<a href=\""
            out.append(HTML.escapeHref(link.destination), marking: .destination(link.destination))
            out.html += "\""
            if !link.title.isEmpty { out.html += " title=\"\(HTML.escape(link.title))\"" }
            out.html += ">"
            for child in link.content { render(child, into: &out) }
            out.html += "</a>"
        case .image(let image):
            out.html += "<img src=\""
            out.append(HTML.escapeHref(image.destination), marking: .destination(image.destination))
            out.html += "\" alt=\"\(HTML.escape(image.content.plainText))\""
            if !image.title.isEmpty { out.html += " title=\"\(HTML.escape(image.title))\"" }
            out.html += " />"
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
        // The exact length first, then every byte written once into the string's own storage
        // (appending to an array byte by byte was most of rendering code-heavy pages).
        var length = bytes.distance(from: bytes.startIndex, to: first)
        for byte in bytes[first...] { length += replacement(byte).utf8CodeUnitCount }
        return String(unsafeUninitializedCapacity: length) { out in
            var count = 0
            for byte in bytes[..<first] {
                out[count] = byte
                count += 1
            }
            for byte in bytes[first...] {
                let replaced = replacement(byte)
                if replaced.utf8CodeUnitCount == 1 && replaced.utf8Start.pointee == 0 {
                    out[count] = byte
                    count += 1
                } else {
                    for offset in 0..<replaced.utf8CodeUnitCount {
                        out[count] = replaced.utf8Start[offset]
                        count += 1
                    }
                }
            }
            return count
        }
    }

    /// What `escape(_:)` writes for `byte`; `"\0"` (one byte) for the byte itself. No C0 control
    /// byte (nor DEL) reaches a page, where HTML forbids them: each is shown as its Unicode control
    /// picture, ESC as ␛ (U+2400 + the code; DEL U+2421).
    @inline(__always)
    private static func replacement(_ byte: UInt8) -> StaticString {
        switch byte {
        case 0x26: "&amp;"
        case 0x3C: "&lt;"
        case 0x3E: "&gt;"
        case 0x22: "&quot;"
        case 0x09, 0x0A, 0x0D: "\0"
        case 0..<0x20: controlPictures[Int(byte)]
        case 0x7F: "\u{2421}"
        default: "\0"
        }
    }

    /// U+2400 + the byte, for the C0 control bytes.
    private static let controlPictures: [StaticString] = [
        "\u{2400}", "\u{2401}", "\u{2402}", "\u{2403}", "\u{2404}", "\u{2405}", "\u{2406}", "\u{2407}",
        "\u{2408}", "\u{2409}", "\u{240A}", "\u{240B}", "\u{240C}", "\u{240D}", "\u{240E}", "\u{240F}",
        "\u{2410}", "\u{2411}", "\u{2412}", "\u{2413}", "\u{2414}", "\u{2415}", "\u{2416}", "\u{2417}",
        "\u{2418}", "\u{2419}", "\u{241A}", "\u{241B}", "\u{241C}", "\u{241D}", "\u{241E}", "\u{241F}",
    ]

    /// Escapes a URL for an `href` or `src` attribute: percent-encodes every byte outside
    /// houdini's safe set, keeps existing `%XX`, and writes `&` as `&amp;` and `'` as `&#x27;`.
    package static func escapeHref(_ url: String) -> String {
        let safe = hrefSafeTable
        let hex = Self.hex
        var bytes = url
        // Most URLs need nothing escaped (every link and heading anchor of every page comes here).
        return bytes.withUTF8 { bytes -> String? in
            guard let first = bytes.firstIndex(where: { !safe[Int($0)] }) else { return nil }
            // At most 6 bytes for each (`&#x27;`); the result is ASCII.
            return String(unsafeUninitializedCapacity: bytes.count * 6) { out in
                var count = 0
                func put(_ byte: UInt8) {
                    out[count] = byte
                    count += 1
                }
                for byte in bytes[..<first] { put(byte) }
                for byte in bytes[first...] {
                    if safe[Int(byte)] {
                        put(byte)
                    } else if byte == UInt8(ascii: "&") {
                        for entity in "&amp;".utf8 { put(entity) }
                    } else if byte == UInt8(ascii: "'") {
                        for entity in "&#x27;".utf8 { put(entity) }
                    } else {
                        put(UInt8(ascii: "%"))
                        put(hex[Int(byte >> 4)])
                        put(hex[Int(byte & 0x0F)])
                    }
                }
                return count
            }
        } ?? url
    }

    private static let hex: [UInt8] = Array("0123456789ABCDEF".utf8)

    /// Bytes an href keeps as they are: letters, digits and houdini's safe punctuation.
    private static let hrefSafeTable: [Bool] = (0..<256).map { value in
        let byte = UInt8(value)
        return (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A)
            || hrefSafe.contains(byte)
    }

    private static let hrefSafe: Set<UInt8> = Set("-_.+!*(),%#@?=;:/$~".utf8)
}
