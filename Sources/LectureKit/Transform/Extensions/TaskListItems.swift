import CommonMark

/// Task list items as pulldown-cmark (mdBook) reads them: a list item whose text starts with
/// `[ ]` or `[x]` (`[X]`) and then white space or its end gets a disabled checkbox in its place,
/// `<input disabled="" type="checkbox">` (with `checked=""` when ticked).
enum TaskListItems {
    /// An item's blocks with its marker made a checkbox, when it has one.
    static func apply(to blocks: [Block]) -> [Block] {
        guard case .paragraph(let inlines)? = blocks.first?.kind else { return blocks }
        let joined = inlines.joiningText
        guard case .text(let text)? = joined.first, text.hasPrefix("["), text.count >= 3 else { return blocks }
        let marker = text.prefix(3)
        let checked: Bool
        switch marker {
        case "[ ]": checked = false
        case "[x]", "[X]": checked = true
        default: return blocks
        }
        let rest = text.dropFirst(3)
        let endsLine = rest.isEmpty && (joined.count == 1 || joined[1] == .softBreak || joined[1] == .lineBreak)
        guard endsLine || rest.first == " " || rest.first == "\t" else { return blocks }
        let input =
            checked ? "<input disabled=\"\" type=\"checkbox\" checked=\"\">" : "<input disabled=\"\" type=\"checkbox\">"
        var content: [Inline] = [.html(input)]
        content.append(.text(rest.isEmpty ? " " : String(rest)))
        content += joined.dropFirst()
        var blocks = blocks
        blocks[0].kind = .paragraph(content)
        return blocks
    }
}
