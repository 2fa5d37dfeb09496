import CommonMark
import LectureSupport

/// The extensions of CommonMark that mdBook 0.5 turns on in pulldown-cmark, done on cmark's tree
/// after parsing, so a book written for mdBook loses nothing: strikethrough (`Strikethrough`),
/// task lists (`TaskListItems`), GitHub's admonitions (`Admonitions`), definition lists
/// (`DefinitionLists`) and footnotes (`Footnotes`). Pipe tables are read where figures are
/// (`PipeTableParagraph`), heading attributes where anchors are. Each renders with mdBook's
/// elements and classes, so a theme written for mdBook styles it.
enum MarkdownExtensions {
    /// `blocks`, parsed from `text` (as `Footnotes.protectingDefinitions` left it), with every
    /// extension applied, and the footnotes defined but referenced nowhere, which are left out
    /// (as mdBook leaves them out, with a warning), and each definition of a label defined before
    /// on the page, with the one shown (the first, as mdBook shows it). Footnote definitions and
    /// definitions under a term are containers, their bodies read again from `text` (`ContainerBodies`);
    /// `bodiesTooDeep` is where the first of them was cut off for nesting too deep.
    static func applying(to blocks: [Block], text: String, smartPunctuation: Bool = false) -> (
        blocks: [Block], unusedFootnotes: [Footnotes.Definition],
        repeatedFootnotes: [(again: Footnotes.Definition, first: Footnotes.Definition)],
        bodiesTooDeep: (location: SourceLocation, inBodies: Bool)?
    ) {
        guard mayUseAny(blocks) else { return (blocks, [], [], nil) }
        let bodies = ContainerBodies(text: text, smartPunctuation: smartPunctuation)
        var (blocks, definitions) = Footnotes.extractDefinitions(blocks, bodies: bodies)
        blocks = DefinitionLists.reading(blocks, bodies: bodies).map { block in
            // Footnotes defined in a definition's body (read just now).
            guard case .element = block.kind else { return block }
            return Footnotes.extractingNested(block, into: &definitions)
        }
        var inlines = InlineExtensions(footnotes: Set(definitions.map(\.label)))
        // Each rewrite only where it may change something: each copies the whole tree (on a
        // page with a colon or a link, most of the extensions' cost).
        var markers = Markers()
        markers.walk(blocks)
        let rewritesInlines = !definitions.isEmpty || markers.tilde
        if rewritesInlines {
            blocks = inlines.rewrite(blocks)
            for index in definitions.indices { definitions[index].blocks = inlines.rewrite(definitions[index].blocks) }
        }
        if rewritesInlines || markers.bracket || markers.colonStartingLine || markers.definitionList {
            var extensions = BlockExtensions()
            blocks = extensions.rewriteAll(blocks)
            for index in definitions.indices {
                definitions[index].blocks = extensions.rewriteAll(definitions[index].blocks)
            }
        }
        return (
            blocks + Footnotes.list(definitions, numbers: inlines.footnoteNumbers, counts: inlines.footnoteReferences),
            Footnotes.unreferenced(definitions, numbers: inlines.footnoteNumbers),
            Footnotes.repeated(definitions),
            bodies.cut.first
        )
    }

    /// Whether any text of `blocks` has a character an extension starts with (`~`, `[`, `:`).
    static func mayUseAny(_ blocks: [Block]) -> Bool {
        var finder = MarkerFinder()
        finder.walk(blocks)
        return finder.found
    }

    /// What the rewrites after the definition lists look for: without a `~` in any text and
    /// without footnotes, `InlineExtensions` changes nothing; without a `[` in any text (task list
    /// items, admonitions), a paragraph line whose first text starts with `:` (definitions) and
    /// a definition list (joined with its neighbours), neither does `BlockExtensions`.
    private struct Markers: MarkupWalker {
        var tilde = false
        var bracket = false
        var colonStartingLine = false
        var definitionList = false

        mutating func visit(_ block: Block) {
            switch block.kind {
            case .paragraph(let inlines) where !colonStartingLine:
                colonStartingLine = Self.hasLineStartingWithColon(inlines)
            case .element(let element) where element.name == "dl": definitionList = true
            default: break
            }
            descend(into: block)
        }

        mutating func visit(_ inline: Inline) {
            guard case .text(var text) = inline else { return descend(into: inline) }
            guard !(tilde && bracket) else { return }
            text.withUTF8 { bytes in
                for byte in bytes {
                    if byte == UInt8(ascii: "~") { tilde = true } else if byte == UInt8(ascii: "[") { bracket = true }
                }
            }
        }

        /// Whether a line of `inlines` (cut at soft breaks) starts with text whose first
        /// non-empty piece starts with `:` (as `joiningText` would join them).
        static func hasLineStartingWithColon(_ inlines: [Inline]) -> Bool {
            var atLineStart = true
            for inline in inlines {
                switch inline {
                case .softBreak: atLineStart = true
                case .text(let text) where atLineStart:
                    guard let first = text.utf8.first else { continue }
                    if first == UInt8(ascii: ":") { return true }
                    atLineStart = false
                default: atLineStart = false
                }
            }
            return false
        }
    }

    private struct MarkerFinder: MarkupWalker {
        var found = false
        mutating func visit(_ inline: Inline) {
            guard !found else { return }
            if case .text(let text) = inline {
                found = text.utf8.contains(where: {
                    $0 == UInt8(ascii: "~") || $0 == UInt8(ascii: "[") || $0 == UInt8(ascii: ":")
                })
            } else {
                descend(into: inline)
            }
        }
    }
}

extension Array where Element == Inline {
    /// These inlines with adjacent text joined (cmark cuts text at `[`, `]`, `!` and escapes).
    var joiningText: [Inline] {
        var joined: [Inline] = []
        joined.reserveCapacity(count)
        for inline in self {
            if case .text(let text) = inline, case .text(let previous)? = joined.last {
                joined[joined.count - 1] = .text(previous + text)
            } else {
                joined.append(inline)
            }
        }
        return joined
    }

    /// These inlines cut at their soft line breaks: one array per source line.
    var lines: [[Inline]] {
        var lines: [[Inline]] = [[]]
        for inline in self {
            if inline == .softBreak {
                lines.append([])
            } else {
                lines[lines.count - 1].append(inline)
            }
        }
        return lines
    }
}

/// The inline extensions, in every paragraph, heading and nested inline: strikethrough and
/// footnote references.
private struct InlineExtensions: MarkupRewriter {
    /// The labels of the page's footnote definitions.
    let footnotes: Set<String>
    /// Each referenced label's number, in order of first reference (mdBook's numbering).
    var footnoteNumbers: [String: Int] = [:]
    /// How many times each label was referenced so far.
    var footnoteReferences: [String: Int] = [:]

    init(footnotes: Set<String>) { self.footnotes = footnotes }

    mutating func visit(_ block: Block) -> [Block] {
        var block = descend(into: block)
        switch block.kind {
        case .paragraph(let inlines): block.kind = .paragraph(extend(inlines))
        case .heading(let level, let content, let id):
            block.kind = .heading(level: level, content: extend(content), id: id)
        case .element(var element):
            // A definition list's term.
            if case .inlines(let content) = element.content {
                element.content = .inlines(extend(content))
                block.kind = .element(element)
            }
        default: break
        }
        return [block]
    }

    mutating func visit(_ inline: Inline) -> Inline {
        let inline = descend(into: inline)
        switch inline {
        case .emphasis(let children): return .emphasis(extend(children))
        case .strong(let children): return .strong(extend(children))
        case .link(var link):
            link.content = extend(link.content)
            return .link(link)
        default: return inline
        }
    }

    mutating func extend(_ inlines: [Inline]) -> [Inline] {
        var inlines = inlines
        // The byte search first: Foundation's `contains` compares characters (a tenth of a build).
        if inlines.contains(where: {
            if case .text(let t) = $0 {
                return t.containsUTF8(UInt8(ascii: "~")) && t.contains("~")
            } else {
                return false
            }
        }) {
            inlines = Strikethrough.apply(to: inlines.joiningText)
        }
        if !footnotes.isEmpty {
            inlines = Footnotes.references(
                in: inlines.joiningText, labels: footnotes, numbers: &footnoteNumbers, counts: &footnoteReferences)
        }
        return inlines
    }
}

/// The block extensions: task list items, admonitions, definition lists.
private struct BlockExtensions: MarkupRewriter {
    /// `blocks` rewritten, and neighbouring definition lists joined (mdBook makes one `<dl>`).
    mutating func rewriteAll(_ blocks: [Block]) -> [Block] {
        DefinitionLists.joiningNeighbours(DefinitionLists.joiningLooseDefinitions(rewrite(blocks)))
    }

    mutating func visit(_ block: Block) -> [Block] {
        var block = block
        switch block.kind {
        case .blockQuote(let children):
            block.kind = .blockQuote(rewriteAll(children))
            return [Admonitions.apply(to: block)]
        case .list(var list):
            for index in list.items.indices {
                list.items[index].blocks = TaskListItems.apply(to: rewriteAll(list.items[index].blocks))
            }
            block.kind = .list(list)
            return [block]
        case .paragraph(let inlines):
            return DefinitionLists.apply(to: block, inlines: inlines)
        case .element(var element):
            if case .blocks(let children) = element.content { element.content = .blocks(rewriteAll(children)) }
            block.kind = .element(element)
            return [block]
        default:
            return [block]
        }
    }
}
