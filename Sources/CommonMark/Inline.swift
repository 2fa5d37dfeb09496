/// CommonMark inline content, converted from cmark's tree into values.
///
/// One case per cmark inline node type (`CMARK_NODE_TEXT` … `CMARK_NODE_IMAGE`).
package indirect enum Inline: Hashable, Sendable {
    /// Literal text, entities and escapes already resolved.
    case text(String)
    /// A line break in the source that renders as a newline.
    case softBreak
    /// A hard line break (two trailing spaces or a backslash), rendered as `<br />`.
    case lineBreak
    /// A code span's content.
    case code(String)
    /// Raw inline HTML, passed through.
    case html(String)
    /// Emphasis (`*a*`, `_a_`), rendered as `<em>`.
    case emphasis([Inline])
    /// Strong emphasis (`**a**`, `__a__`), rendered as `<strong>`.
    case strong([Inline])
    /// A link, inline or by reference (resolved by cmark).
    case link(Link)
    /// An image; its content is the description, rendered as the `alt` text.
    case image(Link)

    /// The text a reader sees, without markup: what an `alt` attribute or a heading anchor uses.
    package var plainText: String { [self].plainText }
}

/// A link or an image: destination, optional title, and its content (the link text or image
/// description).
package struct Link: Hashable, Sendable {
    /// The URL as `cmark_node_get_url` gives it: escapes and entities resolved, not yet
    /// percent-encoded (`HTML.escapeHref` does that); empty when there is none.
    package var destination: String
    /// The title as `cmark_node_get_title` gives it; empty when there is none.
    var title: String
    /// The link text, or the image description.
    package var content: [Inline]
    /// Where the link starts in the source, when cmark reports it; else the enclosing block's start.
    package var location: SourceLocation

}

extension Link {
    /// A link made by the tool, not parsed: to `destination`, with no title or text, at `location`
    /// (a diagram's node link, checked as the page's links are).
    package init(destination: String, location: SourceLocation) {
        self.init(destination: destination, title: "", content: [], location: location)
    }
}

extension Array where Element == Inline {
    /// The concatenated plain text of these inlines: text and code spans as written, a line break
    /// as a space, raw HTML dropped, the content of emphasis, links and images kept.
    package var plainText: String {
        var text = PlainText()
        text.walk(self)
        return text.text
    }
}

extension Inline {
    /// Whether it is a link or holds one (in emphasis): no other link may hold it.
    package var holdsLink: Bool {
        switch self {
        case .link: return true
        case .emphasis(let children), .strong(let children): return children.contains { $0.holdsLink }
        case .text, .softBreak, .lineBreak, .code, .html, .image: return false
        }
    }

    /// Raw HTML's `<a …>` or `</a>` (cmark gives each tag of an inline element its own node).
    package enum RawLinkTag { case opening, closing }

    /// Which tag of a raw-HTML link it is, if it is one.
    package var rawLinkTag: RawLinkTag? {
        guard case .html(let html) = self else { return nil }
        let head = html.prefix(4).lowercased()
        if head.hasPrefix("</a"), head.count == 3 || head.last == ">" || head.last?.isWhitespace == true {
            return .closing
        }
        if head.hasPrefix("<a"), let next = head.dropFirst(2).first, next == ">" || next.isWhitespace {
            return .opening
        }
        return nil
    }
}

/// Collects plain text (`[Inline].plainText`).
private struct PlainText: MarkupWalker {
    var text = ""

    mutating func visit(_ inline: Inline) {
        switch inline {
        case .text(let string), .code(let string): text += string
        case .softBreak, .lineBreak: text += " "
        case .html: break
        case .emphasis, .strong, .link, .image: descend(into: inline)
        }
    }
}
