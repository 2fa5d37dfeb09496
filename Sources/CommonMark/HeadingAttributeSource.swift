/// A page's source with each heading's attribute block (`HeadingAttributes`) taken out, and the
/// blocks it held, by line: how mdBook reads them, before the heading's inline content is parsed,
/// so that `## Star*s* {#s*t*}` is the heading `Star<em>s</em>` with the id `s*t*`.
///
/// The headings come from a first parse; a block is looked for at the end of an ATX heading's
/// line (after its opening `#`s) and of a setext heading's last content line. Each block is
/// blanked with spaces, so that the second parse gives every other node the same line and
/// column; a block that is all its setext line holds (`Foo` / `{#x}` / `---`) is replaced by
/// `sentinel` instead, which keeps the line in the paragraph (blank, it would end it, and the
/// underline would be a thematic break) and is taken out of the heading after parsing.
struct HeadingAttributeSource {
    /// The source with the blocks taken out.
    var text: String
    /// Each block read, by the line (from 1) it was on.
    var attributes: [Int: HeadingAttributes] = [:]

    static let sentinel = "\u{E000}"

    /// Whether `text` has a line that ends in `}`: else no heading of it has a block, and the
    /// page is parsed once.
    static func mayHold(_ text: String) -> Bool {
        var last: UInt8 = 0
        for byte in text.utf8 {
            if byte == 10 {
                if last == UInt8(ascii: "}") { return true }
                last = 0
            } else if !HeadingAttributes.isLineWhiteSpace(byte) {
                last = byte
            }
        }
        return last == UInt8(ascii: "}")
    }

    /// The lines of `text`, without their line feeds, each block taken out.
    private var lines: Lines

    /// Reads the blocks of `blocks`' headings (a first parse of `text`).
    init(text: String, blocks: [Block]) {
        // The page's bytes are read in place: only a heading's lines are copied, so a long page
        // is not split into an array per line (8.6% of a build of one 4 MB page, issue 36).
        var lines = Lines(Array(text.utf8))
        var read: [Int: HeadingAttributes] = [:]
        Self.visitHeadings(blocks) { block, level in
            guard let (line, earliest, isSetext) = Self.attributeLine(of: block, level: level, in: lines),
                case var bytes = lines[line - 1],
                let found = HeadingAttributes.block(in: bytes), found.open >= earliest
            else { return }
            read[line] = HeadingAttributes(
                inside: String(decoding: bytes[(found.open + 1)..<found.close], as: UTF8.self))
            let blank = bytes[..<found.open].allSatisfy { $0 == 32 || $0 == 9 || $0 == UInt8(ascii: ">") }
            let replacement =
                isSetext && blank
                ? Array(Self.sentinel.utf8) : [UInt8](repeating: 32, count: found.close - found.open + 1)
            bytes.replaceSubrange(found.open...found.close, with: replacement)
            lines[line - 1] = bytes
        }
        attributes = read
        self.lines = lines
        self.text = !read.isEmpty ? String(decoding: lines.joined(), as: UTF8.self) : text
    }

    /// A text's lines over its bytes, with some lines replaced.
    struct Lines {
        private let bytes: [UInt8]
        /// Where each line starts in `bytes`.
        private let starts: [Int]
        /// The lines replaced, by index.
        private var replaced: [Int: [UInt8]] = [:]

        init(_ bytes: [UInt8]) {
            self.bytes = bytes
            starts = LineStarts(bytes).offsets
        }

        var indices: Range<Int> { starts.indices }

        /// Line `index` (from 0) without its line feed.
        subscript(index: Int) -> [UInt8] {
            get {
                if let line = replaced[index] { return line }
                let end = index + 1 < starts.count ? starts[index + 1] - 1 : bytes.count
                return Array(bytes[starts[index]..<end])
            }
            set { replaced[index] = newValue }
        }

        /// The text with the replaced lines.
        func joined() -> [UInt8] {
            var text: [UInt8] = []
            text.reserveCapacity(bytes.count)
            var copied = 0
            for index in replaced.keys.sorted() {
                text += bytes[copied..<starts[index]]
                text += replaced[index]!
                copied = index + 1 < starts.count ? starts[index + 1] - 1 : bytes.count
            }
            text += bytes[copied...]
            return text
        }
    }

    /// The line (from 1) an attribute block of the heading `block` is on, and the earliest byte
    /// offset in it where its `{` may be: an ATX heading's line, after its opening `#`s; a
    /// setext heading's last content line, the one above its underline (cmark's range of a
    /// setext heading may end past the underline, so the underline is looked for).
    static func attributeLine(of block: Block, level: Int, in lines: Lines) -> (
        line: Int, earliest: Int, isSetext: Bool
    )? {
        let start = block.range.start
        guard lines.indices.contains(start.line - 1) else { return nil }
        let first = lines[start.line - 1]
        let column = start.column - 1
        let marks = first.dropFirst(column).prefix(level + 1)
        if marks.prefix(level).count == level, marks.prefix(level).allSatisfy({ $0 == UInt8(ascii: "#") }),
            marks.count == level || marks.last == 32 || marks.last == 9 || marks.last == 13
        {
            return (start.line, column + level, false)
        }
        var line = start.line + 1
        while lines.indices.contains(line - 1) {
            if isUnderline(lines[line - 1]) { return (line - 1, line - 1 == start.line ? column : 0, true) }
            line += 1
        }
        return nil
    }

    /// Whether `line` is a setext underline (`===` or `---`), after its containers' `>` and indent.
    static func isUnderline(_ line: [UInt8]) -> Bool {
        var rest = line.drop { $0 == 32 || $0 == 9 || $0 == UInt8(ascii: ">") }
        while let last = rest.last, HeadingAttributes.isLineWhiteSpace(last) { rest = rest.dropLast() }
        guard let mark = rest.first, mark == UInt8(ascii: "=") || mark == UInt8(ascii: "-") else { return false }
        return rest.allSatisfy { $0 == mark }
    }

    /// `blocks` (a parse of `text`) with each heading's block: its id in the heading's `id`, the
    /// rest in its `attributes`.
    func applied(to blocks: [Block]) -> [Block] {
        blocks.map { block in
            var block = block
            switch block.kind {
            case .heading(let level, var content, _):
                guard let (line, _, _) = Self.attributeLine(of: block, level: level, in: lines),
                    let found = attributes[line]
                else { return block }
                Self.dropSentinel(from: &content)
                block.kind = .heading(level: level, content: content, id: found.id)
                block.attributes = found.html
            case .blockQuote(let children):
                block.kind = .blockQuote(applied(to: children))
            case .list(var list):
                for item in list.items.indices { list.items[item].blocks = applied(to: list.items[item].blocks) }
                block.kind = .list(list)
            default: break
            }
            return block
        }
    }

    static func dropSentinel(from content: inout [Inline]) {
        guard case .text(let last)? = content.last, last.hasSuffix(sentinel) else { return }
        let rest = String(last.dropLast())
        if rest.isEmpty { content.removeLast() } else { content[content.count - 1] = .text(rest) }
    }

    static func visitHeadings(_ blocks: [Block], _ visit: (Block, Int) -> Void) {
        for block in blocks {
            switch block.kind {
            case .heading(let level, _, _): visit(block, level)
            case .blockQuote(let children): visitHeadings(children, visit)
            case .list(let list): for item in list.items { visitHeadings(item.blocks, visit) }
            default: break
            }
        }
    }
}
