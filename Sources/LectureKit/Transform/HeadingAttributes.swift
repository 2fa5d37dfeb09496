import CommonMark

/// A heading's trailing attribute block, as mdBook 0.5 reads it (pulldown-cmark's heading
/// attributes): `{#id .class key=value word}` at the very end of the heading, separated by
/// spaces. The last `#id` wins; a bare word is an attribute with an empty value; `{}` is taken
/// away with nothing in it. Text after the closing brace means there is no attribute block.
struct HeadingAttributes: Equatable {
    var id: String?
    var classes: [String] = []
    var others: [HTMLAttribute] = []

    /// The classes and other attributes, as the heading's HTML attributes after its id.
    var html: [HTMLAttribute] {
        (classes.isEmpty ? [] : [HTMLAttribute(name: "class", value: classes.joined(separator: " "))]) + others
    }

    /// Reads the attribute block at the end of `content` and takes it (and the spaces before
    /// it) out; `nil`, with `content` unchanged, when there is none. `typed` gives the block's
    /// text as the author typed it (smart punctuation undone: mdBook reads `{#a--b}` before
    /// smart punctuation, so the id is `a--b`, never `a–b`).
    static func take(from content: inout [Inline], typed: (String) -> String = { $0 }) -> HeadingAttributes? {
        // The trailing run of text nodes: cmark may cut `{#a_b}` into several.
        var start = content.endIndex
        while start > content.startIndex, case .text = content[start - 1] { start -= 1 }
        guard start < content.endIndex else { return nil }
        let tail = content[start...].map { inline -> String in
            if case .text(let text) = inline { return text }
            return ""
        }.joined()
        let trimmed = tail.reversed().drop(while: { $0 == " " || $0 == "\t" })
        guard trimmed.first == "}" else { return nil }
        let body = String(trimmed.reversed())
        guard let open = body.lastIndex(of: "{") else { return nil }
        let inside = typed(String(body[body.index(after: open)..<body.index(before: body.endIndex)]))
        guard !inside.contains("}") else { return nil }
        var attributes = HeadingAttributes()
        for token in inside.split(whereSeparator: { $0 == " " || $0 == "\t" }) {
            if token.hasPrefix("#") {
                if token.count > 1 { attributes.id = String(token.dropFirst()) }
            } else if token.hasPrefix(".") {
                if token.count > 1 { attributes.classes.append(String(token.dropFirst())) }
            } else if let equals = token.firstIndex(of: "=") {
                attributes.others.append(
                    HTMLAttribute(name: String(token[..<equals]), value: String(token[token.index(after: equals)...])))
            } else {
                attributes.others.append(HTMLAttribute(name: String(token), value: ""))
            }
        }
        let before = String(body[..<open].reversed().drop(while: { $0 == " " || $0 == "\t" }).reversed())
        content.replaceSubrange(start..., with: before.isEmpty ? [] : [.text(before)])
        return attributes
    }
}
