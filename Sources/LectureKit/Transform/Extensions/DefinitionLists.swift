import CommonMark

/// Definition lists as pulldown-cmark (mdBook 0.5) reads them: a paragraph whose later lines
/// start with `: ` is a term (its lines before the first such line) and definitions (each `: `
/// line, with the lines after it up to the next). mdBook renders `<dl>`, `<dt>` (with an anchor,
/// as a heading has) and `<dd>`; neighbouring lists are one `<dl>`.
enum DefinitionLists {
    /// The paragraph `block` (of `inlines`) as a definition list, when it is one.
    static func apply(to block: Block, inlines: [Inline]) -> [Block] {
        let lines = inlines.joiningText.lines
        guard lines.count > 1, let first = lines.indices.dropFirst().first(where: { startsDefinition(lines[$0]) }),
            !startsDefinition(lines[0])
        else { return [block] }
        func joined(_ lines: ArraySlice<[Inline]>) -> [Inline] {
            var content: [Inline] = []
            for line in lines {
                if !content.isEmpty { content.append(.softBreak) }
                content += line
            }
            return content
        }
        var items: [Block] = [
            Block(
                .element(Element("dt", content: .inlines(joined(lines[..<first])), isAnchored: true)),
                range: block.range)
        ]
        var start = first
        while start < lines.count {
            var end = start + 1
            while end < lines.count, !startsDefinition(lines[end]) { end += 1 }
            var definition = lines[start...(end - 1)]
            if case .text(let text) = definition[start][0] {
                let rest = String(text.dropFirst(2))
                definition[start] =
                    rest.isEmpty ? Array(definition[start].dropFirst()) : [.text(rest)] + definition[start].dropFirst()
            }
            items.append(Block(.element(Element("dd", content: .inlines(joined(definition)))), range: block.range))
            start = end
        }
        return [Block(.element(Element("dl", content: .blocks(items))), range: block.range)]
    }

    /// Whether a line starts a definition: text `: ` (or `:` alone).
    static func startsDefinition(_ line: [Inline]) -> Bool {
        guard case .text(let text)? = line.first else { return false }
        return text.hasPrefix(": ") || text.hasPrefix(":\t") || (text == ":" && line.count == 1)
    }

    /// `blocks` with neighbouring definition lists joined into one.
    static func joiningNeighbours(_ blocks: [Block]) -> [Block] {
        var result: [Block] = []
        for block in blocks {
            if case .element(let element) = block.kind, element.name == "dl", case .blocks(let items) = element.content,
                case .element(var previous)? = result.last?.kind, previous.name == "dl",
                case .blocks(let earlier) = previous.content
            {
                previous.content = .blocks(earlier + items)
                result[result.count - 1].kind = .element(previous)
                result[result.count - 1].range.end = block.range.end
            } else {
                result.append(block)
            }
        }
        return result
    }
}
