/// A CommonMark block, converted from cmark's tree into a value.
///
/// The cases follow the block node types of the CommonMark spec (https://spec.commonmark.org),
/// one for one with cmark's `CMARK_NODE_*` block types.
package struct Block: Hashable, Sendable {
    /// What the block is, with its children.
    package enum Kind: Hashable, Sendable {
        /// A paragraph and its inline content.
        case paragraph([Inline])
        /// An ATX or setext heading of `level` 1...6. `id` is the anchor a transform assigned, if any.
        case heading(level: Int, content: [Inline], id: String?)
        /// A block quote and its child blocks.
        case blockQuote([Block])
        /// A bullet or ordered list.
        case list(List)
        /// A fenced or indented code block.
        case codeBlock(CodeBlock)
        /// Raw HTML, passed through as written (CommonMark's HTML blocks), or HTML made by a transform.
        case html(String)
        /// A thematic break (`***`, `---`).
        case thematicBreak
        /// A block a pass made and keeps typed until it renders it (`CustomBlock`).
        case custom(CustomBlock)
        /// An HTML element an extension of CommonMark made (a footnote, an admonition, a
        /// definition list…) around blocks or inline content, which stay Markdown for every pass.
        case element(Element)
    }

    /// What the block is, with its content.
    package var kind: Kind
    /// Where the block stands in its Markdown source.
    package var range: SourceRange
    /// HTML attributes a transform gave the block beyond its id: a heading's classes and other
    /// attributes from `{#id .class key=value}` (rendered after the id, in order).
    package var attributes: [HTMLAttribute] = []

    /// Creates a block; `range` defaults to unknown, for blocks a transform makes.
    package init(_ kind: Kind, range: SourceRange = .unknown) {
        self.kind = kind
        self.range = range
    }
}

/// A bullet or ordered list (CommonMark spec, section "Lists").
package struct List: Hashable, Sendable {
    /// `true` for an ordered list (`1.`), `false` for a bullet list (`-`).
    var isOrdered: Bool
    /// The number of the first item of an ordered list; 1 for bullet lists.
    package var start: Int
    /// A tight list renders its paragraphs without `<p>` tags (spec: "tight" vs "loose").
    var isTight: Bool
    /// The list's items, in source order.
    package var items: [ListItem]

    /// Creates a list from the properties above.
    package init(isOrdered: Bool, start: Int, isTight: Bool, items: [ListItem]) {
        self.isOrdered = isOrdered
        self.start = start
        self.isTight = isTight
        self.items = items
    }
}

/// One item of a `List`, with its child blocks.
package struct ListItem: Hashable, Sendable {
    /// The item's child blocks.
    package var blocks: [Block]
    /// Where the item stands in its Markdown source.
    package var range: SourceRange

    /// Creates an item; `range` defaults to unknown, for items a transform makes.
    package init(blocks: [Block], range: SourceRange = .unknown) {
        self.blocks = blocks
        self.range = range
    }
}

/// A code block (CommonMark spec, sections "Indented code blocks" and "Fenced code blocks").
package struct CodeBlock: Hashable, Sendable {
    /// The info string after the opening fence, trimmed, with backslash escapes and entities resolved
    /// by cmark; empty for indented code blocks.
    package var info: String
    /// The code, each line ending in `\n`, with the block's indentation removed.
    package var code: String
    /// `true` for a fenced code block, `false` for an indented one.
    package var isFenced: Bool

    /// Creates a code block from the properties above.
    package init(info: String, code: String, isFenced: Bool) {
        self.info = info
        self.code = code
        self.isFenced = isFenced
    }

    /// The first word of the info string, which CommonMark uses as the language (`swift`); a
    /// comma ends it too, as in mdBook (`rust,ignore` is Rust).
    package var language: String {
        String(info.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "," }).first ?? "")
    }
}

/// An HTML element around Markdown content, made by an extension of CommonMark that cmark lacks
/// (mdBook's: footnotes, admonitions, definition lists, task lists).
package struct Element: Hashable, Sendable {
    /// What the element holds.
    package enum Content: Hashable, Sendable {
        /// Blocks, rendered as at the top level (paragraphs in `<p>`).
        case blocks([Block])
        /// Inline content, as a tight list item's paragraph is rendered (no `<p>`).
        case inlines([Inline])
    }

    /// The element's name (`blockquote`, `dl`, `dt`…).
    package var name: String
    /// Its attributes in order, values unescaped (`[("class", "footnote-definition")]`).
    package var attributes: [Attribute]
    /// Its content.
    package var content: Content
    /// HTML rendered after the opening tag, before the content (a title, a marker).
    package var leading: String
    /// HTML rendered after the content, before the closing tag (a back link).
    package var trailing: String
    /// Whether a pass gives it an anchor as it gives headings (`HeadingAnchors`): the anchor is
    /// then its `id` attribute, with the heading's anchor link rendered before the content.
    package var isAnchored: Bool
    /// Whether its paragraphs render without `<p>`, as a tight list item's do (a definition of
    /// a tight definition list).
    package var isTight: Bool

    /// Creates an element.
    package init(
        _ name: String, attributes: [Attribute] = [], content: Content, leading: String = "", trailing: String = "",
        isAnchored: Bool = false, isTight: Bool = false
    ) {
        self.name = name
        self.attributes = attributes
        self.content = content
        self.leading = leading
        self.trailing = trailing
        self.isAnchored = isAnchored
        self.isTight = isTight
    }

    /// The value of the attribute `name`, if it has one.
    package func attribute(_ name: String) -> String? { attributes.first(where: { $0.name == name })?.value }

    /// One attribute: name and unescaped value.
    package struct Attribute: Hashable, Sendable {
        package var name: String
        package var value: String

        package init(_ name: String, _ value: String) {
            self.name = name
            self.value = value
        }
    }
}

/// One HTML attribute of a block (`class="note"`); the value is escaped when rendered.
package struct HTMLAttribute: Hashable, Sendable {
    package var name: String
    package var value: String

    package init(name: String, value: String) {
        self.name = name
        self.value = value
    }
}
