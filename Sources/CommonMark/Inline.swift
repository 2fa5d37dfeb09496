/// CommonMark inline content, converted from cmark's tree into values.
///
/// One case per cmark inline node type (`CMARK_NODE_TEXT` … `CMARK_NODE_IMAGE`).
public indirect enum Inline: Hashable, Sendable {
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
    case emphasis([Inline])
    case strong([Inline])
    case link(Link)
    case image(Link)

    /// The text a reader sees, without markup: what an `alt` attribute or a heading anchor uses.
    public var plainText: String {
        switch self {
        case .text(let s), .code(let s): return s
        case .softBreak, .lineBreak: return " "
        case .html: return ""
        case .emphasis(let c), .strong(let c): return c.plainText
        case .link(let l), .image(let l): return l.content.plainText
        }
    }
}

/// A link or an image: destination, optional title, and its content (the link text or image
/// description).
public struct Link: Hashable, Sendable {
    public var destination: String
    public var title: String
    public var content: [Inline]
    /// Where the link starts in the source, when cmark reports it; else the enclosing block's start.
    public var location: SourceLocation

    public init(destination: String, title: String, content: [Inline], location: SourceLocation) {
        self.destination = destination
        self.title = title
        self.content = content
        self.location = location
    }
}

extension Array where Element == Inline {
    /// The concatenated plain text of these inlines.
    public var plainText: String { map(\.plainText).joined() }
}
