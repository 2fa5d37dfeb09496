import CommonMark
import LectureSupport

/// The anchors a page's raw HTML defines, which links may name as they name headings: any
/// element's `id` and an `<a name>` (`<a id="top"></a>`, `<span id="x">`, `<div id="box">`), in
/// HTML blocks and inline HTML alike, quoted in any way or bare; and the ids the transforms
/// gave elements (a definition list's term, `<dt id="term">`, as mdBook anchors it).
enum RawHTMLAnchors {
    static func of(_ blocks: [Block]) -> Set<String> {
        var walker = Walker()
        walker.walk(blocks)
        return walker.found
    }

    /// The `id` and `name` values of `html`, as a browser reads them (`HTMLAttributes`).
    static func of(html: String) -> Set<String> {
        Set(HTMLAttributes.ids(in: Array(html.utf8)).map(NFC.normalized))
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
