import CommonMark

/// The ids `Footnotes` gives a page's notes (`<li id="footnote-LABEL">` in the list that ends
/// the page) and references (`<sup class="footnote-reference" id="fr-LABEL-N">`), mdBook's
/// names, which a heading's id may also be (`## footnote-n`): `Anchors` warns at such a heading.
enum FootnoteIDs {
    static func of(_ blocks: [Block]) -> Set<String> {
        var walker = Walker()
        walker.walk(blocks)
        return walker.found
    }

    private struct Walker: MarkupWalker {
        var found = Set<String>()
        /// Whether the walk is inside the list of notes.
        var inList = false

        mutating func visit(_ inline: Inline) {
            if case .html(let html) = inline, html.hasPrefix("<sup class=\"footnote-reference\""),
                let id = RawHTMLAnchors.of(html: html).first
            {
                found.insert(id)
            }
            descend(into: inline)
        }

        mutating func visit(_ block: Block) {
            guard case .element(let element) = block.kind else { return descend(into: block) }
            if element.name == "ol", element.attribute("class") == "footnote-definition" {
                inList = true
                descend(into: block)
                inList = false
                return
            }
            if inList, element.name == "li", let id = element.attribute("id") { found.insert(id) }
            descend(into: block)
        }
    }
}
