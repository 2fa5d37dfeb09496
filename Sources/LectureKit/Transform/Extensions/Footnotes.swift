import CommonMark
import LectureSupport

/// Footnotes as mdBook 0.5 renders them: a reference `[^label]` to a defined footnote becomes
/// `<sup class="footnote-reference" id="fr-label-N"><a href="#footnote-label">1</a></sup>`
/// (numbered in order of first reference); the definitions (`[^label]: text`, with indented
/// paragraphs after it) leave their place and are listed at the end of the page after a rule, in
/// `<ol class="footnote-definition">`, each with links back to its references. A reference to
/// a label without a definition stays text, as in mdBook.
enum Footnotes {
    /// `text` with a backslash before each footnote definition's `[` (a line starting `[^label]:`
    /// after up to three spaces, outside fenced code), so cmark keeps it as text: read as CommonMark,
    /// `[^1]: https://example.com` is a link reference definition, which cmark would take away and
    /// make `[^1]` a link. Columns after the backslash on such a line are one more than the source's.
    static func protectingDefinitions(_ text: String) -> String { protecting(text).text }

    /// `protectingDefinitions`, with the column (1-based) of each backslash it wrote, by line
    /// (1-based): what `Protection.unprotected` takes off a location cmark gives in the text.
    static func protecting(_ text: String) -> (text: String, protection: Protection) {
        // The byte search first: Foundation's `contains` compares characters, a tenth of a build.
        guard text.containsUTF8("[^"), text.contains("[^") else { return (text, Protection()) }
        var fence: (character: Character, length: Int)?
        var changed = false
        var protection = Protection()
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).enumerated().map {
            number, line -> Substring in
            // Up to three spaces, or a block quote's markers and spaces (`> [^1]: …`).
            var indentation = line.prefix(while: { $0 == " " || $0 == ">" })
            if indentation.contains(">") { indentation = indentation.prefix(through: indentation.lastIndex(of: ">")!) }
            var rest = line.dropFirst(indentation.count)
            if indentation.contains(">") {
                let spaces = rest.prefix(while: { $0 == " " })
                indentation = line.prefix(indentation.count + spaces.count)
                rest = rest.dropFirst(spaces.count)
            }
            if let marker = rest.first, marker == "`" || marker == "~" {
                let length = rest.prefix(while: { $0 == marker }).count
                if length >= 3 {
                    if let open = fence {
                        if open.character == marker && length >= open.length
                            && rest.dropFirst(length).allSatisfy({ $0 == " " || $0 == "\t" })
                        {
                            fence = nil
                        }
                    } else {
                        fence = (marker, length)
                    }
                    return line
                }
            }
            guard fence == nil, indentation.contains(">") || indentation.count <= 3,
                definitionMarker(String(rest)) != nil
            else { return line }
            changed = true
            protection.backslashes[number + 1] = indentation.utf8.count + 1
            return indentation + "\\" + rest
        }
        return (changed ? lines.joined(separator: "\n") : text, protection)
    }

    /// Where `protecting` wrote its backslashes.
    struct Protection: Equatable {
        /// The backslash's column, by line.
        var backslashes: [Int: Int] = [:]

        /// `location` in the protected text as it is in the source: a column after a
        /// backslash is one less.
        func unprotected(_ location: SourceLocation) -> SourceLocation {
            guard let column = backslashes[location.line], location.column > column else { return location }
            return SourceLocation(line: location.line, column: location.column - 1)
        }

        /// Every location in `blocks` (parsed from the protected text) as it is in the source.
        func unprotected(_ blocks: [Block]) -> [Block] {
            guard !backslashes.isEmpty else { return blocks }
            var shift = LocationShift(move: unprotected)
            return shift.rewrite(blocks)
        }
    }

    /// One definition: its label and content.
    struct Definition {
        var label: String
        var blocks: [Block]
        /// Where its `[^label]:` line is, when known.
        var location: SourceLocation? = nil
    }

    /// The label of a definition line (`[^label]: …`) and the length of its marker with the space
    /// after it, or `nil`.
    static func definitionMarker(_ text: String) -> (label: String, length: Int)? {
        guard text.hasPrefix("[^"), let close = text.firstIndex(of: "]") else { return nil }
        let label = text[text.index(text.startIndex, offsetBy: 2)..<close]
        guard !label.isEmpty, !label.contains(where: \.isWhitespace), text[close...].hasPrefix("]:") else { return nil }
        let afterColon = text[text.index(close, offsetBy: 2)...]
        let spaces = afterColon.prefix(while: { $0 == " " || $0 == "\t" }).count
        return (String(label), text.distance(from: text.startIndex, to: close) + 2 + spaces)
    }

    /// `blocks` without their footnote definitions, and the definitions in page order. A
    /// definition is the paragraph that starts with its `[^label]:` line (up to the next such
    /// line), with the indented blocks after it (cmark reads them as code); its body is read
    /// again from the page's lines (`bodies`), the marker and four columns of indentation taken
    /// off, so it holds paragraphs, code, lists and quotes as mdBook's does.
    static func extractDefinitions(_ blocks: [Block], bodies: ContainerBodies) -> (
        blocks: [Block], definitions: [Definition]
    ) {
        var kept: [Block] = []
        var definitions: [Definition] = []
        var index = 0
        while index < blocks.count {
            let block = blocks[index]
            index += 1
            guard case .paragraph = block.kind, block.range.start.line > 0 else {
                kept.append(extractingNested(block, into: &definitions))
                continue
            }
            let (start, end) = (block.range.start.line, block.range.end.line)
            let markers = (start...max(start, end)).filter { marker(on: bodies.line($0)) != nil }
            // A definition cannot interrupt a paragraph (pulldown-cmark): only one that starts it.
            guard markers.first == start else {
                kept.append(block)
                continue
            }
            // The last one takes in the indented blocks after the paragraph.
            var last = end
            while index < blocks.count, case .codeBlock(let code) = blocks[index].kind, code.info.isEmpty,
                !code.isFenced, blocks[index].range.start.column >= 5
            {
                last = blocks[index].range.end.line
                index += 1
            }
            for (number, line) in markers.enumerated() {
                let bodyEnd = number + 1 < markers.count ? markers[number + 1] - 1 : last
                guard let (label, length) = marker(on: bodies.line(line)) else { continue }
                let first = bodies.line(line).dropFirst(length)
                var body = ContainerBodies.Body(lines: [first], firstLine: line, columns: [length])
                for other in (line + 1)..<(bodyEnd + 1) {
                    let (text, dropped) = ContainerBodies.dropping(4, from: bodies.line(other))
                    body.lines.append(text)
                    body.columns.append(dropped)
                }
                definitions.append(
                    Definition(
                        label: label, blocks: bodies.parse(body),
                        location: SourceLocation(line: line, column: block.range.start.column)))
            }
        }
        return (kept, definitions)
    }

    /// `block` without the footnote definitions in its list items, block quotes and definitions, which go to
    /// `definitions`: each the paragraph that starts with `[^label]:` (mdBook reads them there too).
    static func extractingNested(_ block: Block, into definitions: inout [Definition]) -> Block {
        var block = block
        func extracting(_ children: [Block]) -> [Block] {
            children.compactMap { child -> Block? in
                guard case .paragraph(let inlines) = child.kind else {
                    return extractingNested(child, into: &definitions)
                }
                // Only a paragraph whose text starts with `[` may start with `[^label]:`: the others
                // are kept without joining their text first.
                guard case .text(let first)? = inlines.first else { return child }
                if let byte = first.utf8.first, byte != UInt8(ascii: "[") { return child }
                let joined = inlines.joiningText
                guard case .text(let text)? = joined.first, let marker = definitionMarker(text) else { return child }
                var content = joined
                let rest = String(text.dropFirst(marker.length))
                if rest.isEmpty { content.removeFirst() } else { content[0] = .text(rest) }
                definitions.append(
                    Definition(
                        label: marker.label, blocks: [Block(.paragraph(content), range: child.range)],
                        location: child.range.start.line > 0 ? child.range.start : nil))
                return nil
            }
        }
        switch block.kind {
        case .blockQuote(let children): block.kind = .blockQuote(extracting(children))
        case .list(var list):
            for index in list.items.indices { list.items[index].blocks = extracting(list.items[index].blocks) }
            block.kind = .list(list)
        case .element(var element):
            // A definition list and its definitions' bodies.
            guard case .blocks(let children) = element.content else { break }
            element.content = .blocks(extracting(children))
            block.kind = .element(element)
        default: break
        }
        return block
    }

    /// The label of a page line that starts a definition (up to three spaces, then `\[^label]:`
    /// as `protectingDefinitions` left it), and the length of its marker with the spaces after it.
    static func marker(on line: Substring) -> (label: String, length: Int)? {
        let spaces = line.leadingSpaces
        guard spaces <= 3, line.utf8.dropFirst(spaces).starts(with: "\\[^".utf8),
            let found = definitionMarker(String(line.dropFirst(spaces + 1)))
        else { return nil }
        return (found.label, spaces + 1 + found.length)
    }

    /// Each definition of a label already defined in `definitions`, with the first, the one shown
    /// (a later one is left out, with a warning, as mdBook 0.5.4 warns).
    static func repeated(_ definitions: [Definition]) -> [(again: Definition, first: Definition)] {
        var first: [String: Definition] = [:]
        var repeated: [(again: Definition, first: Definition)] = []
        for definition in definitions {
            if let earlier = first[definition.label] {
                repeated.append((definition, earlier))
            } else {
                first[definition.label] = definition
            }
        }
        return repeated
    }

    /// The definitions of `definitions` referenced nowhere (by `numbers`), each label once.
    static func unreferenced(_ definitions: [Definition], numbers: [String: Int]) -> [Definition] {
        var seen = Set<String>()
        return definitions.filter { numbers[$0.label] == nil && seen.insert($0.label).inserted }
    }

    /// `inlines` (adjacent text joined) with references to `labels` made footnote references.
    static func references(
        in inlines: [Inline], labels: Set<String>, numbers: inout [String: Int], counts: inout [String: Int]
    ) -> [Inline] {
        var numbered = numbers
        var counted = counts
        defer {
            numbers = numbered
            counts = counted
        }
        return replacingLabels(in: inlines) { label in
            guard labels.contains(label) else { return nil }
            let number = numbered[label] ?? (numbered.count + 1)
            numbered[label] = number
            let count = (counted[label] ?? 0) + 1
            counted[label] = count
            return
                "<sup class=\"footnote-reference\" id=\"fr-\(HTML.escape(label))-\(count)\"><a href=\"#footnote-\(HTML.escapeHref(label))\">\(number)</a></sup>"
        }
    }

    /// `inlines` (adjacent text joined) with each `[^label]` whose reference is next in
    /// `references` (the `<sup>`s `references(in:…)` made, in order) replaced by it: a table's
    /// cells, read again from the page's text after the paragraph's references were numbered.
    static func placing(_ references: inout ArraySlice<String>, in inlines: [Inline]) -> [Inline] {
        var left = references
        defer { references = left }
        return replacingLabels(in: inlines) { label in
            guard let next = left.first, next.contains("href=\"#footnote-\(HTML.escapeHref(label))\"") else {
                return nil
            }
            left.removeFirst()
            return next
        }
    }

    /// The one scanner of `[^label]` in text: `inlines` (adjacent text joined) with each
    /// `[^label]`, in order, replaced by the HTML `replacement` gives for its label, or left as
    /// text where it gives `nil` (the scan then goes on after the `[^`). A label that smart
    /// punctuation changed (`[^"x"]` read as `[^“x”]`) is also tried as typed, the form its
    /// definition line keeps: mdBook reads footnote labels before smart punctuation.
    static func replacingLabels(in inlines: [Inline], with replacement: (String) -> String?) -> [Inline] {
        var result: [Inline] = []
        for inline in inlines {
            guard case .text(let text) = inline, text.containsUTF8("[^"), text.contains("[^") else {
                result.append(inline)
                continue
            }
            var rest = text[...]
            var plain = ""
            while let open = rest.range(of: "[^") {
                guard let close = rest[open.upperBound...].firstIndex(of: "]") else { break }
                let label = String(rest[open.upperBound..<close])
                let typed = SmartPunctuation.straight(label)
                guard let html = replacement(label) ?? (typed == label ? nil : replacement(typed)) else {
                    plain += rest[..<open.upperBound]
                    rest = rest[open.upperBound...]
                    continue
                }
                plain += rest[..<open.lowerBound]
                if !plain.isEmpty { result.append(.text(plain)) }
                plain = ""
                result.append(.html(html))
                rest = rest[rest.index(after: close)...]
            }
            plain += rest
            if !plain.isEmpty { result.append(.text(plain)) }
        }
        return result
    }

    /// `inlines` with each footnote reference as the text of its number: the words of a heading's
    /// or a term's id, which in mdBook take in the number (`## Note[^a]` → `note1`).
    static func numbersAsText(_ inlines: [Inline]) -> [Inline] {
        inlines.map { inline in
            guard case .html(let html) = inline, html.hasPrefix("<sup class=\"footnote-reference\""),
                let end = html.range(of: "</a></sup>"), let start = html[..<end.lowerBound].lastIndex(of: ">")
            else { return inline }
            return .text(String(html[html.index(after: start)..<end.lowerBound]))
        }
    }

    /// The list of footnotes that ends a page: the referenced ones by number, each with its links
    /// back (`↩`, `↩2`…); a definition referenced nowhere is left out, as mdBook leaves it out
    /// (`unreferenced` names them, for a warning).
    static func list(_ definitions: [Definition], numbers: [String: Int], counts: [String: Int]) -> [Block] {
        var seen = Set<String>()
        let unique = definitions.filter { seen.insert($0.label).inserted && numbers[$0.label] != nil }
        let ordered = unique.enumerated().sorted { a, b in
            (numbers[a.element.label] ?? Int.max, a.offset) < (numbers[b.element.label] ?? Int.max, b.offset)
        }.map(\.element)
        guard !ordered.isEmpty else { return [] }
        let items = ordered.map { definition -> Block in
            let label = definition.label
            let backLinks = (0..<(counts[label] ?? 0)).map { index in
                "<a href=\"#fr-\(HTML.escapeHref(label))-\(index + 1)\">↩\(index == 0 ? "" : String(index + 1))</a>"
            }
            return Block(
                .element(
                    Element(
                        "li", attributes: [.init("id", "footnote-\(label)")], content: .blocks(definition.blocks),
                        trailing: backLinks.isEmpty ? "" : " " + backLinks.joined(separator: " "))))
        }
        return [
            Block(.thematicBreak),
            Block(
                .element(Element("ol", attributes: [.init("class", "footnote-definition")], content: .blocks(items)))),
        ]
    }
}
