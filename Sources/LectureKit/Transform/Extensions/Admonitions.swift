import CommonMark

/// GitHub's admonitions as mdBook 0.5 renders them: a block quote whose first line is
/// `[!NOTE]`, `[!TIP]`, `[!IMPORTANT]`, `[!WARNING]` or `[!CAUTION]` (any case, nothing else on
/// the line) becomes `<blockquote class="blockquote-tag blockquote-tag-note">` opening with
/// `<p class="blockquote-tag-title">Note</p>`, the rest of the quote its content.
enum Admonitions {
    /// The kinds, as written after `[!` and as titled.
    static let kinds: [String: String] = [
        "note": "Note", "tip": "Tip", "important": "Important", "warning": "Warning", "caution": "Caution",
    ]

    /// `block` (a block quote) as an admonition when it is one.
    static func apply(to block: Block) -> Block {
        guard case .blockQuote(var children) = block.kind, case .paragraph(let inlines)? = children.first?.kind
        else { return block }
        var lines = inlines.joiningText.lines
        guard lines[0].count == 1, case .text(let text) = lines[0][0] else { return block }
        let marker = text.trimmingCharacters(in: " \t")
        guard marker.hasPrefix("[!"), marker.hasSuffix("]"),
            let title = kinds[marker.dropFirst(2).dropLast().lowercased()]
        else { return block }
        lines.removeFirst()
        if lines.isEmpty {
            children.removeFirst()
        } else {
            var content = lines[0]
            for line in lines.dropFirst() { content += [.softBreak] + line }
            children[0].kind = .paragraph(content)
        }
        let kind = marker.dropFirst(2).dropLast().lowercased()
        var admonition = block
        admonition.kind = .element(
            Element(
                "blockquote", attributes: [.init("class", "blockquote-tag blockquote-tag-\(kind)")],
                content: .blocks(children), leading: "\n<p class=\"blockquote-tag-title\">\(title)</p>"))
        return admonition
    }
}
