import CommonMark
import LectureSupport

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
            items.append(
                Block(.element(Element("dd", content: .inlines(joined(definition)), isTight: true)), range: block.range)
            )
            start = end
        }
        return [Block(.element(Element("dl", content: .blocks(items))), range: block.range)]
    }

    /// `blocks`, the top-level blocks of the document whose lines `bodies` has, with each
    /// definition list read from those lines: a paragraph (the term) with a `: ` line in it or
    /// after it (past blank lines: a loose list), and each definition's body up to the first line
    /// indented less than its content that does not continue its paragraph. A list whose lines
    /// cmark parsed into a block running past it is left to `apply` (read within the paragraph).
    static func reading(_ blocks: [Block], bodies: ContainerBodies) -> [Block] {
        var result: [Block] = []
        var index = 0
        while index < blocks.count {
            guard let (list, next) = readList(at: index, in: blocks, bodies: bodies) else {
                result.append(blocks[index])
                index += 1
                continue
            }
            result.append(list)
            index = next
        }
        return result
    }

    /// The definition list whose term is `blocks[index]`, and the index of the first block after it.
    private static func readList(at index: Int, in blocks: [Block], bodies: ContainerBodies) -> (Block, Int)? {
        let term = blocks[index]
        guard case .paragraph(let inlines) = term.kind, term.range.start.line > 0 else { return nil }
        let (start, end) = (term.range.start.line, term.range.end.line)
        // The first `: ` line: in the paragraph (not its first), or starting the next one.
        var marker = ((start + 1)...max(start + 1, end)).first { $0 <= end && isMarker(bodies.line($0)) }
        var termLines = marker.map { $0 - start } ?? Int.max
        var loose = false
        if marker == nil, index + 1 < blocks.count, case .paragraph = blocks[index + 1].kind,
            isMarker(bodies.line(blocks[index + 1].range.start.line))
        {
            marker = blocks[index + 1].range.start.line
            loose = true
            termLines = Int.max
        }
        guard let first = marker else { return nil }
        // The definitions, each a body, while a `: ` line follows (past blank lines).
        var items: [(body: [Block], loose: Bool, range: SourceRange)] = []
        var line = first
        var last = first
        // The line before the next non-blank one: where cmark's blocks of these lines may end.
        var limit = first
        while true {
            let (body, bodyEnd, next) = readDefinition(at: line, bodies: bodies)
            limit = (next ?? bodies.lines.count + 1) - 1
            let parsed = bodies.parse(body)
            let blankInside = zip(parsed, parsed.dropFirst()).contains { $1.range.start.line > $0.range.end.line + 1 }
            items.append(
                (
                    parsed, blankInside,
                    SourceRange(
                        start: SourceLocation(line: line, column: 1), end: SourceLocation(line: bodyEnd, column: 1))
                ))
            last = bodyEnd
            guard let next, isMarker(bodies.line(next)) else { break }
            if next > bodyEnd + 1 { loose = true }
            line = next
        }
        // The blocks cmark made of these lines: every one must end inside them.
        var after = index + 1
        while after < blocks.count, blocks[after].range.start.line > 0, blocks[after].range.start.line <= last {
            guard blocks[after].range.end.line <= limit else { return nil }
            after += 1
        }
        guard term.range.end.line <= last else { return nil }
        loose = loose || items.contains { $0.loose }
        // The term's lines (a hard break ends a line as a soft one does).
        var termInlines: [Inline] = []
        var lineCount = 0
        for inline in inlines.joiningText {
            if inline == .softBreak || inline == .lineBreak { lineCount += 1 }
            if lineCount >= termLines { break }
            termInlines.append(inline)
        }
        while termInlines.last == .lineBreak || termInlines.last == .softBreak { termInlines.removeLast() }
        let range = SourceRange(start: term.range.start, end: SourceLocation(line: last, column: 1))
        var children = [
            Block(.element(Element("dt", content: .inlines(termInlines), isAnchored: true)), range: term.range)
        ]
        for item in items {
            children.append(
                Block(.element(Element("dd", content: .blocks(item.body), isTight: !loose)), range: item.range))
        }
        return (Block(.element(Element("dl", content: .blocks(children))), range: range), after)
    }

    /// The body of the definition whose `: ` is on page line `line`: its lines, its last
    /// non-blank line, and the first line after it that is not blank (`nil` at the end).
    private static func readDefinition(at line: Int, bodies: ContainerBodies) -> (ContainerBodies.Body, Int, Int?) {
        let text = bodies.line(line)
        let indentation = ContainerBodies.indentation(text)
        let afterColon = text.drop { $0 == " " }.dropFirst()
        let spaces = ContainerBodies.indentation(afterColon)
        let rest = afterColon.drop { $0 == " " || $0 == "\t" }
        // As a list item's: one to four spaces after the marker; five or more start indented code.
        let gap = rest.isEmpty || spaces > 4 ? 1 : spaces
        let content = indentation + 1 + gap
        let firstText = rest.isEmpty ? Substring("") : ContainerBodies.dropping(gap, from: afterColon).line
        var body = ContainerBodies.Body(lines: [firstText], firstLine: line, columns: [text.count - firstText.count])
        var last = line
        var number = line + 1
        var previousBlank = rest.isEmpty
        while number <= bodies.lines.count {
            let next = bodies.line(number)
            if ContainerBodies.isBlank(next) {
                body.lines.append("")
                body.columns.append(0)
                previousBlank = true
            } else if ContainerBodies.indentation(next) >= content {
                let (stripped, dropped) = ContainerBodies.dropping(content, from: next)
                body.lines.append(stripped)
                body.columns.append(dropped)
                previousBlank = false
                last = number
            } else if !previousBlank && !isMarker(next) && !ContainerBodies.startsBlock(next) {
                // A lazy continuation of the paragraph.
                body.lines.append(next)
                body.columns.append(0)
                last = number
            } else {
                break
            }
            number += 1
        }
        body.lines.removeLast(body.lines.count - (last - line + 1))
        body.columns.removeLast(body.columns.count - (last - line + 1))
        while number <= bodies.lines.count, ContainerBodies.isBlank(bodies.line(number)) { number += 1 }
        return (body, last, number <= bodies.lines.count ? number : nil)
    }

    /// Whether a page line starts a definition: up to three spaces, `:`, then white space or its end.
    static func isMarker(_ line: Substring) -> Bool {
        let spaces = line.leadingSpaces
        var bytes = line.utf8.dropFirst(spaces).makeIterator()
        guard spaces <= 3, bytes.next() == UInt8(ascii: ":") else { return false }
        let after = bytes.next()
        return after == nil || after == UInt8(ascii: " ") || after == UInt8(ascii: "\t") || after == UInt8(ascii: "\r")
    }

    /// Whether a line starts a definition: text `: ` (or `:` alone).
    static func startsDefinition(_ line: [Inline]) -> Bool {
        guard case .text(let text)? = line.first else { return false }
        return text.hasPrefix(": ") || text.hasPrefix(":\t") || (text == ":" && line.count == 1)
    }

    /// `blocks` (in a list item or a quote, where the page's lines are not read) with each
    /// paragraph that starts with `: ` after a paragraph or a definition list made loose
    /// definitions: of that paragraph as their term, or more of that list's.
    static func joiningLooseDefinitions(_ blocks: [Block]) -> [Block] {
        var result: [Block] = []
        for block in blocks {
            guard case .paragraph(let inlines) = block.kind, let first = inlines.joiningText.lines.first,
                startsDefinition(first), let previous = result.last
            else {
                result.append(block)
                continue
            }
            var items: [Block] = []
            switch previous.kind {
            case .paragraph(let term):
                items.append(
                    Block(.element(Element("dt", content: .inlines(term), isAnchored: true)), range: previous.range))
            case .element(let list) where list.name == "dl":
                guard case .blocks(let earlier) = list.content else { fallthrough }
                items = earlier
            default:
                result.append(block)
                continue
            }
            // Each `: ` line starts a definition; the lines after it continue it.
            var definitions: [[Inline]] = []
            for line in inlines.joiningText.lines {
                if startsDefinition(line), case .text(let text) = line[0] {
                    let rest = String(text.dropFirst(2))
                    definitions.append(rest.isEmpty ? Array(line.dropFirst()) : [.text(rest)] + line.dropFirst())
                } else {
                    definitions[definitions.count - 1] += [.softBreak] + line
                }
            }
            for definition in definitions {
                items.append(
                    Block(
                        .element(Element("dd", content: .blocks([Block(.paragraph(definition))]))), range: block.range))
            }
            var range = previous.range
            range.end = block.range.end
            result[result.count - 1] = Block(.element(Element("dl", content: .blocks(items))), range: range)
        }
        return result
    }

    /// `blocks` with neighbouring definition lists joined into one; one loose definition makes
    /// every definition of the joined list loose (its paragraphs in `<p>`), as in mdBook.
    static func joiningNeighbours(_ blocks: [Block]) -> [Block] {
        var result: [Block] = []
        var joined = false
        // The list `result` ends with, its items gathered here and written back once it is
        // complete: joining into the stored list would copy its items for every neighbour.
        var open: (list: Element, items: [Block])?
        func close() {
            guard var list = open?.list, let items = open?.items else { return }
            open = nil
            list.content = .blocks(items)
            result[result.count - 1].kind = .element(list)
        }
        for block in blocks {
            guard case .element(let element) = block.kind, element.name == "dl",
                case .blocks(let items) = element.content
            else {
                close()
                result.append(block)
                continue
            }
            // (A Bool first: a binding of the items would keep them shared, and the append copy them.)
            let joins = open.map { !endsWithEmptyDefinition($0.items, before: block) } ?? false
            if joins {
                open?.items.append(contentsOf: items)
                result[result.count - 1].range.end = block.range.end
                joined = true
            } else {
                close()
                result.append(block)
                open = (element, items)
            }
        }
        close()
        return joined ? result.map(loosening) : result
    }

    /// Whether `items` end with an empty definition that a blank line follows before `next`:
    /// it ends its list (pulldown-cmark), as an empty list item does.
    private static func endsWithEmptyDefinition(_ items: [Block], before next: Block) -> Bool {
        guard let last = items.last, case .element(let item) = last.kind, item.name == "dd",
            case .blocks(let children) = item.content, children.isEmpty, last.range.end.line > 0
        else { return false }
        return next.range.start.line > last.range.end.line + 1
    }

    /// A definition list with every definition loose when one is.
    private static func loosening(_ block: Block) -> Block {
        guard case .element(var list) = block.kind, list.name == "dl", case .blocks(var items) = list.content,
            items.contains(where: { if case .element(let e) = $0.kind { e.name == "dd" && !e.isTight } else { false } })
        else { return block }
        for index in items.indices {
            guard case .element(var item) = items[index].kind, item.name == "dd" else { continue }
            if case .inlines(let inlines) = item.content { item.content = .blocks([Block(.paragraph(inlines))]) }
            item.isTight = false
            items[index].kind = .element(item)
        }
        list.content = .blocks(items)
        var block = block
        block.kind = .element(list)
        return block
    }
}
