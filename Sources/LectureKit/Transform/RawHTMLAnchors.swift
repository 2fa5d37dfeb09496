import CommonMark
import LectureSupport

/// The anchors a page's raw HTML defines, which links may name as they name headings: any
/// element's `id` and an `<a name>` (`<a id="top"></a>`, `<span id="x">`, `<div id="box">`), in
/// HTML blocks and inline HTML alike, with double or single quotes; and the ids the transforms
/// gave elements (a definition list's term, `<dt id="term">`, as mdBook anchors it).
enum RawHTMLAnchors {
    static func of(_ blocks: [Block]) -> Set<String> {
        var walker = Walker()
        walker.walk(blocks)
        return walker.found
    }

    /// The `id` and `name` values of `html`.
    static func of(html: String) -> Set<String> {
        let bytes = Array(html.utf8)
        var found = Set<String>()
        for attribute in [" id=", " name=", "\nid=", "\nname=", "\tid=", "\tname="] {
            for quote in ["\"", "'"] where html.contains(attribute + quote) {
                let closing = quote == "'" ? UInt8(ascii: "'") : UInt8(ascii: "\"")
                for range in AttributeScan.values(in: bytes, after: attribute + quote, closing: closing) {
                    found.insert(NFC.normalized(String(decoding: bytes[range], as: UTF8.self)))
                }
            }
        }
        return found
    }

    private struct Walker: MarkupWalker {
        var found = Set<String>()

        mutating func visit(_ inline: Inline) {
            if case .html(let html) = inline, html.contains("=") { found.formUnion(RawHTMLAnchors.of(html: html)) }
            descend(into: inline)
        }

        mutating func visit(_ block: Block) {
            if case .html(let html) = block.kind, html.contains("=") { found.formUnion(RawHTMLAnchors.of(html: html)) }
            // An element a transform made with an id: a definition list's term (`<dt id>`).
            if case .element(let element) = block.kind, let id = element.attribute("id") { found.insert(id) }
            descend(into: block)
        }
    }
}
