import CommonMark

/// A `dot` block as Graphviz drew it (`DiagramRenderer.draw`): the author's layout, the same
/// graph turned a quarter where narrow screens get it, and what screen readers and the caption say.
struct Diagram: Hashable, Sendable {
    /// The layout as written.
    var wide: DiagramLayout
    /// The turned layout, when it is narrower; shown below `breakpoint`.
    var narrow: DiagramLayout?
    /// The box width (CSS px, or `never`) from which the wide layout is shown (`data-wide-from`).
    var breakpoint: String?
    /// The text alternative: the info string's `alt`, else the graph's label, else the caption.
    var alternative: String
    /// The info string's `caption="…"`, as inline Markdown.
    var caption: [Inline]?
}
