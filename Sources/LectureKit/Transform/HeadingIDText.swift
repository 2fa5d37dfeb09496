import CommonMark

/// The text mdBook 0.5 makes a heading's or a definition term's id of (before `HeadingSlug`):
/// the text nodes of the heading as its HTML holds them, so only what a reader sees as text
/// counts. Text and code spans as written; the text inside emphasis, links and raw HTML's
/// elements (`<span>x</span>`, `<kbd>`, even `<script>`'s); a footnote reference's number
/// (`## Note[^a]` → `note1`). Nothing of what is no text node: an image's description (its
/// `alt` attribute: `An image ![alt](p.png) here` → `an-image--here`), a hard break (`<br>`:
/// `a\` `b` → `ab`), raw HTML's tags and comments.
enum HeadingIDText {
    static func of(_ inlines: [Inline]) -> String {
        var text = ""
        add(inlines, to: &text)
        return text
    }

    private static func add(_ inlines: [Inline], to text: inout String) {
        for inline in inlines {
            switch inline {
            case .text(let string), .code(let string): text += string
            case .softBreak: text += " "
            case .lineBreak, .image: break
            case .html:
                if case .text(let number) = Footnotes.numbersAsText([inline]).first { text += number }
            case .emphasis(let children), .strong(let children): add(children, to: &text)
            case .link(let link): add(link.content, to: &text)
            }
        }
    }
}
