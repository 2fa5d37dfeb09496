import CommonMark
import LectureSupport

/// Reads `SUMMARY.md` in mdBook's format into a `Book`, as mdBook's own summary parser reads it.
///
/// The format (https://rust-lang.github.io/mdBook/format/summary.html), in order:
/// - an optional `#` title first (HTML comments before it are skipped); mdBook ignores it, and so
///   does the book (its title is `book.toml`'s);
/// - prefix chapters: every link in the blocks before the first list or `#` heading, several on
///   consecutive lines included, and `---` separators; no number;
/// - numbered chapters: list items, each one link (`[Title](page.md)`, or `[Title]()` for a draft
///   chapter, shown but not built) with an optional nested list of sub-chapters (`1.2.`); a `#`
///   heading between lists is a part title; numbers count on across lists and parts; a `---` is a
///   separator; other headings (`## Heading`) and HTML comments between lists are skipped, as
///   mdBook skips them;
/// - suffix chapters: the links of the paragraphs after the lists; no list or part may follow.
///
/// A destination is a path relative to the content folder, `%20` read as a space; any extension
/// (`page.md`, `page`) is the page's source. Problems are diagnostics at the line to edit.
package enum SummaryParser {
    /// `relative` as a summary link's address that names it: in `<…>` when it holds a space, a
    /// control character (which CommonMark's bare address refuses: an ANSI escape in a name) or
    /// a character that ends or splits an address (`#`, `?`, `"`, parentheses, `\\`), with `<`,
    /// `>` and `\\` escaped by a backslash there (`<my \\<b\\>.md>`: attack 14, kind 15), as
    /// CommonMark and mdBook 0.5.4 read them (run; mdBook #1917); else as it is. A name with a
    /// line break has no address.
    static func destination(for relative: String) -> String {
        let plain = !relative.unicodeScalars.contains {
            $0.properties.isWhitespace || $0.properties.generalCategory == .control
                || "#?\"()<>\\".unicodeScalars.contains($0)
        }
        guard !plain, !relative.contains(where: \.isNewline) else { return relative }
        var escaped = ""
        for character in relative {
            if "<>\\".contains(character) { escaped.append("\\") }
            escaped.append(character)
        }
        return "<\(escaped)>"
    }

    /// The summary line `- [Title](ADDRESS)` that lists the page at `relative` (`destination`),
    /// or `nil` for a name with a line break, which no address can hold.
    static func chapterLine(for relative: String) -> String? {
        relative.contains(where: \.isNewline) ? nil : "- [Title](\(destination(for: relative)))"
    }

    /// Parses `file`; diagnostics locate each problem at the link or list item in the summary.
    /// `contentFolder`: the content folder's own name (`src`), so that a link that leaves it and
    /// comes back (`../src/x.md`) is read as the page it names.
    package static func parse(_ file: SourceFile, contentFolder: String? = nil) -> (
        book: Book, diagnostics: [Diagnostic]
    ) {
        var reader = Reader(file: file)
        reader.contentFolder = contentFolder
        // Room below the deepest chapter for its paragraph, link and emphasis in the title.
        let parsed = MarkdownParser.parseDocument(file.text, maximumDepth: maximumLevels + 8)
        reader.read(parsed.blocks)
        if let tooDeep = parsed.tooDeep, !reader.cutLevels {
            reader.diagnostics.append(
                .error(
                    .nestingTooDeep, file.displayPath, tooDeep,
                    "content nests deeper than \(maximumLevels + 8) levels; the rest is left out",
                    notes: ["block quotes, lists or emphasis inside one another; flatten them"]))
        }
        return (Book(title: reader.title ?? "", chapters: reader.chapters), reader.diagnostics)
    }

    /// How deep numbered chapters may nest (`1.1.1…`, one level a nested list). mdBook 0.5.4
    /// builds 300 and 1,000 levels (in 1.7 s and 24 s); lecture builds any depth up to this one
    /// and reports a deeper list at its first item: every step walks the chapter tree
    /// recursively, and a debug build ran out of its 8 MiB stack between 850 and 1,000 levels.
    package static let maximumLevels = 500

    /// Where the reader is in the summary (mdBook's grammar: title, prefix, parts, suffix).
    private enum Section { case prefix, numbered, suffix }

    private struct Reader {
        let file: SourceFile
        var title: String?
        var chapters: [Chapter] = []
        var diagnostics: [Diagnostic] = []
        var section = Section.prefix
        /// The last number given to a top-level numbered chapter: numbers count on across lists
        /// and parts, as in mdBook.
        var counter = 0
        /// Whether chapters deeper than `maximumLevels` were left out (and reported).
        var cutLevels = false
        /// The content folder's name (`parse`'s `contentFolder`).
        var contentFolder: String?

        init(file: SourceFile) { self.file = file }

        mutating func read(_ blocks: [Block]) {
            var rest = blocks[...]
            // The title: the first block that is not HTML (a comment), when it is a `#` heading.
            while let first = rest.first, case .html = first.kind { rest.removeFirst() }
            if let first = rest.first, case .heading(1, let content, _) = first.kind {
                title = content.plainText
                rest.removeFirst()
            }
            for block in rest { read(block) }
        }

        mutating func read(_ block: Block) {
            switch (section, block.kind) {
            case (.prefix, .list), (.prefix, .heading(1, _, _)):
                section = .numbered
                read(block)
            case (.suffix, .list), (.suffix, .heading(1, _, _)):
                diagnostics.append(
                    .error(
                        .summaryContent, file.displayPath, block.range.start,
                        "suffix chapters cannot be followed by a list or a part title",
                        notes: [
                            "chapters after the numbered ones ('[Title](page.md)' alone on a line) end the summary; move this above them, or make them list items"
                        ]))
            case (_, .thematicBreak):
                append(kind: .separator, at: block.range.start)
            case (_, .html):
                break
            case (.numbered, .heading(1, let content, _)):
                var part = Chapter(title: content.plainText, path: "", location: block.range.start)
                part.kind = .partTitle
                chapters.append(part)
            case (.numbered, .list(let list)):
                var last = counter
                chapters += numbered(list, parent: [], counter: &last)
                counter = last
            case (.numbered, .paragraph):
                section = .suffix
                read(block)
            case (.numbered, _):
                // mdBook skips other headings (`## Heading` as a label in the source) and blocks.
                if case .heading = block.kind { break }
                ignored(block.range.start)
            case (_, _):
                affix(block)
            }
        }

        mutating func append(kind: Chapter.Kind, at location: SourceLocation) {
            var entry = Chapter(title: "", path: "", location: location)
            entry.kind = kind
            chapters.append(entry)
        }

        mutating func ignored(_ location: SourceLocation) {
            diagnostics.append(
                .warning(
                    .summaryContent, file.displayPath, location,
                    "summary content that is not a chapter link is ignored",
                    notes: ["SUMMARY.md holds links such as '[Title](page.md)' and '- [Title](page.md)'"]))
        }

        /// A prefix or suffix block: each link in it is an unnumbered chapter, as in mdBook.
        mutating func affix(_ block: Block) {
            let (links, hasOtherText) = Self.links(in: block)
            if hasOtherText || links.isEmpty { ignored(block.range.start) }
            for link in links {
                if let chapter = chapter(from: link, at: block.range.start) { chapters.append(chapter) }
            }
        }

        /// The links in `block` (any depth), and whether it has visible text outside them.
        static func links(in block: Block) -> (links: [Link], hasOtherText: Bool) {
            var links: [Link] = []
            var other = false
            func visit(_ inlines: [Inline]) {
                for inline in inlines {
                    switch inline {
                    case .link(let link): links.append(link)
                    case .emphasis(let children), .strong(let children): visit(children)
                    case .text(let text), .code(let text): if !text.allSatisfy(\.isWhitespace) { other = true }
                    case .image: other = true
                    default: break
                    }
                }
            }
            func visit(_ block: Block) {
                switch block.kind {
                case .paragraph(let inlines), .heading(_, let inlines, _): visit(inlines)
                case .blockQuote(let blocks): blocks.forEach(visit)
                case .list(let list): for item in list.items { item.blocks.forEach(visit) }
                default: other = true
                }
            }
            visit(block)
            return (links, other)
        }

        /// The items of a list as numbered chapters: `parent` is the parent's section number,
        /// `counter` the last number given at this level.
        mutating func numbered(_ list: List, parent: [Int], counter: inout Int) -> [Chapter] {
            guard parent.count < SummaryParser.maximumLevels else {
                if !cutLevels, let first = list.items.first {
                    cutLevels = true
                    diagnostics.append(
                        .error(
                            .nestingTooDeep, file.displayPath, first.range.start,
                            "chapters nest deeper than \(SummaryParser.maximumLevels) levels; this list and the chapters in it are left out",
                            notes: [
                                "list these chapters at a level of \(SummaryParser.maximumLevels) or less (fewer leading spaces)"
                            ]))
                }
                return []
            }
            var chapters: [Chapter] = []
            for item in list.items {
                let start = item.range.start.line > 0 ? item.range.start : list.items.first?.range.start
                guard case .paragraph(let inlines)? = item.blocks.first?.kind,
                    let first = inlines.first(where: { $0 != .softBreak }), case .link(let link) = first
                else {
                    // `[Title](my page.md)`: a link's address holds no space, so it is text.
                    var written = ""
                    if case .paragraph(let inlines)? = item.blocks.first?.kind {
                        // Raw HTML too: `my <b>.md`'s `<b>` is a tag to CommonMark.
                        for inline in inlines {
                            if case .text(let text) = inline { written += text }
                            if case .html(let html) = inline { written += html }
                        }
                    }
                    let spaced = written.firstRange(of: "](").flatMap { open in
                        written[open.upperBound...].firstIndex(of: ")").map { written[open.upperBound..<$0] }
                    }.flatMap { $0.contains(where: \.isWhitespace) && written.hasPrefix("[") ? String($0) : nil }
                    diagnostics.append(
                        .error(
                            .summaryContent, file.displayPath, item.blocks.first?.range.start ?? start,
                            "a numbered chapter's list item must begin with a link",
                            notes: [
                                spaced.map {
                                    "a link's address cannot hold a space: write \(quoted: SummaryParser.chapterLine(for: $0) ?? "") or \(quoted: "- [Title](\($0.replacingOccurrences(of: " ", with: "%20")))") (mdBook reads both)"
                                } ?? "write it as '- [Title](page.md)', or '- [Title]()' for a draft chapter"
                            ]))
                    continue
                }
                if inlines.dropFirst().contains(where: { $0 != .softBreak && $0 != .text("") }) {
                    diagnostics.append(
                        .warning(
                            .summaryContent, file.displayPath, item.blocks[0].range.start,
                            "text after the chapter's link is ignored",
                            notes: ["a list item holds one link, and optionally a nested list"]))
                }
                guard var chapter = chapter(from: link, at: item.blocks[0].range.start) else { continue }
                counter += 1
                chapter.number = parent + [counter]
                var childCounter = 0
                for block in item.blocks.dropFirst() {
                    if case .list(let nested) = block.kind {
                        chapter.children += numbered(nested, parent: parent + [counter], counter: &childCounter)
                    } else if case .html = block.kind {
                        continue
                    } else {
                        ignored(block.range.start)
                    }
                }
                chapters.append(chapter)
            }
            return chapters
        }

        mutating func chapter(from link: Link, at location: SourceLocation) -> Chapter? {
            let place = link.location.line > 0 ? link.location : location
            let title = link.content.plainText
            // mdBook reads `%20` in a destination as a space (and only that escape).
            var destination = link.destination.replacingOccurrences(of: "%20", with: " ")
            // `b.md#part`: mdBook 0.5.4 builds the page `b.md` and drops the fragment from its
            // links; so does lecture, with a warning, since the fragment is lost.
            if let hash = destination.firstIndex(of: "#"), destination[..<hash].hasSuffix(".md"),
                !destination.hasSuffix(".md"), !destination[..<hash].contains("?")
            {
                let page = String(destination[..<hash])
                diagnostics.append(
                    .warning(
                        .summaryBadLink, file.displayPath, place,
                        "summary link \(quoted: destination) names a part of \(quoted: page); the chapter is the whole page, and \(quoted: destination[hash...]) is dropped",
                        notes: [
                            "write \(quoted: page) (mdBook 0.5.4 drops the part too); link the part from the page's text"
                        ]
                    ))
                destination = page
            }
            if destination.isEmpty {
                // mdBook's draft chapter: listed, shown disabled, not built.
                var draft = Chapter(title: title, path: "", location: place)
                draft.kind = .draft
                return draft
            }
            // mdBook reads the whole destination as the page's path, so `c#.md` is a page named
            // so (written `c#.html`, linked `c%23.html`); `c.md#part` names no page. The same for a
            // query: `a.md?x=1` names no page (create-missing made a file `a.md?x=1`, attack 10).
            let cut = ["?", "#"].first { destination.contains($0) && !destination.hasSuffix(".md") }
            // A URL with a scheme and no `//` (`mailto:a@b.c`, `tel:1`) names no page either; a
            // page's name may hold a `:` (`notes:2.md`).
            let scheme = destination.prefix { $0 != ":" && $0 != "/" }
            let hasScheme =
                scheme.count < destination.count && destination.dropFirst(scheme.count).first == ":"
                && scheme.first?.isLetter == true
                && scheme.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || "+-.".contains($0)) }
                && !destination.hasSuffix(".md")
            guard !destination.contains("://"), !destination.hasPrefix("/"), cut == nil, !hasScheme else {
                diagnostics.append(
                    .error(
                        .summaryBadLink, file.displayPath, place,
                        "summary link \(quoted: destination) must be a relative path to a page",
                        notes: [
                            cut.map {
                                "a summary link names a whole page: no \(quoted: $0) part after its name, such as 'page.md'"
                            }
                                ?? "a chapter is a Markdown file in the content folder, such as 'page.md'"
                        ]))
                return nil
            }
            var normalized = normalize(destination)
            // `../src/x.md` from `src/SUMMARY.md` is `x.md` once `..` is resolved (attack 14, kind
            // 26): that page, with a warning, since mdBook 0.5.4 writes it outside its output
            // folder (`book/../src/x.html`, beside the sources; run) and links it there.
            if let folder = contentFolder, normalized.hasPrefix("../\(folder)/") {
                let inside = String(normalized.dropFirst(folder.count + 4))
                if !inside.isEmpty, !normalize(inside).hasPrefix("..") {
                    diagnostics.append(
                        .warning(
                            .summaryBadLink, file.displayPath, place,
                            "summary link \(quoted: destination) leaves the content folder and comes back to \(quoted: inside)",
                            notes: [
                                "write \(quoted: inside): mdBook 0.5.4 writes this page outside its output folder ('\(folder)/\(inside.hasSuffix(".md") ? String(inside.dropLast(3)) : inside).html' beside the sources) and links it there"
                            ]))
                    normalized = inside
                }
            }
            guard !normalized.hasPrefix("../"), normalized != ".." else {
                diagnostics.append(
                    .error(
                        .summaryBadLink, file.displayPath, place,
                        "summary link \(quoted: destination) points outside the content folder",
                        notes: [
                            "a chapter is a Markdown file in the content folder: move the file there and link it from there"
                        ]))
                return nil
            }
            // `sub/`, `sub/.`, `sub/..` name a folder: read as a path they lose what ends them, and
            // create-missing made a Markdown file `sub` (mdBook 0.5.4 fails: 'Is a directory').
            if let last = destination.split(separator: "/", omittingEmptySubsequences: false).last,
                ["", ".", ".."].contains(last)
            {
                diagnostics.append(
                    .error(
                        .summaryBadLink, file.displayPath, place,
                        "summary link \(quoted: destination) names a folder, not a page",
                        notes: [
                            "a chapter is a Markdown file: link the folder's page, such as '\(normalized.isEmpty ? "" : normalized + "/")README.md'"
                        ]))
                return nil
            }
            // The summary as a chapter: its links are then a page's too, each problem said twice
            // (mdBook 0.5.4 builds it as SUMMARY.html).
            if normalized == "SUMMARY.md" {
                diagnostics.append(
                    .error(
                        .summaryBadLink, file.displayPath, place,
                        "summary link \(quoted: destination) names the summary itself, not a page",
                        notes: [
                            "SUMMARY.md is the book's table of contents, not a chapter: remove the line, or link a page of its own"
                        ]))
                return nil
            }
            if let problem = EncodedDotSegments.problem(in: destination) {
                diagnostics.append(
                    .error(.summaryBadLink, file.displayPath, place, problem.summary, notes: problem.notes))
                return nil
            }
            // One rule for what a book publishes: names the build never copies and `lecture serve`
            // never watches nor serves (dotfolders, dotfiles, editors' leftovers) hold no page either.
            if let name = normalized.split(separator: "/").first(where: { EditorLeftovers.contains(name: String($0)) })
            {
                diagnostics.append(
                    .error(
                        .summaryBadLink, file.displayPath, place,
                        "summary link \(quoted: destination) names a page in \(quoted: name), which is no part of the book",
                        notes: leftoverNotes(name: String(name), destination: destination)))
                return nil
            }
            // A name is its NFC form (as links and ids are): the file is found under whichever
            // form the disk holds (`ContentLoader`), and the site's file is named in NFC.
            return Chapter(title: title, path: NFC.normalized(normalized), location: place)
        }
    }

    /// The fix for a summary link through `name`, a name lecture leaves out (`EditorLeftovers`):
    /// `~/notes.md` is a shell's home folder to whoever wrote it, so it is told that nothing
    /// expands it (as every path key is, `UnexpandedPath`), not to drop a leading dot it lacks.
    static func leftoverNotes(name: String, destination: String) -> [String] {
        if destination.hasPrefix(name), let word = UnexpandedPath.shellWord(in: destination), word.hasPrefix("~") {
            return [
                "lecture expands no '~' in a path, as mdBook does not: \(quoted: destination) names a folder \(quoted: word) in the content folder, a name lecture leaves out as an editor's backup",
                "a chapter is a Markdown file in the content folder: move the page there and link it as 'page.md'",
            ]
        }
        let why =
            name.hasPrefix(".")
            ? "rename \(quoted: name) without the leading dot"
            : name.hasSuffix("~")
                ? "rename \(quoted: name) without the trailing '~' (an editor's backup name)"
                : "rename \(quoted: name)"
        return [
            "lecture leaves out dotfiles, dotfolders and editors' leftovers everywhere (it neither copies, watches nor serves them); \(why) or move the page out of it"
        ]
    }

    /// Removes `.` segments and resolves `..` against earlier segments: `./a/../b.md` → `b.md`.
    /// Segments are cut at each `/` that is a character of its own, over the bytes where that
    /// is sure (`ASCIISeparator`; every link of every page comes here), else by `Character`.
    static func normalize(_ path: String) -> String {
        var bytes = path
        return bytes.withUTF8({ normalize(bytes: $0) }) ?? normalize(characters: path)
    }

    /// `normalize(_:)` cutting by `Character`.
    static func normalize(characters path: String) -> String {
        var parts: [Substring] = []
        for part in path.split(separator: "/") {
            if part == "." { continue }
            if part == "..", let last = parts.last, last != ".." {
                parts.removeLast()
                continue
            }
            parts.append(part)
        }
        return parts.joined(separator: "/")
    }

    /// `normalize(_:)` over UTF-8 bytes; `nil` when a `/` may not be a character of its own.
    private static func normalize(bytes: UnsafeBufferPointer<UInt8>) -> String? {
        guard let slashes = ASCIISeparator.offsets(of: UInt8(ascii: "/"), in: bytes) else { return nil }
        let dot = UInt8(ascii: ".")
        func isDotDot(_ part: Range<Int>) -> Bool {
            part.count == 2 && bytes[part.lowerBound] == dot && bytes[part.lowerBound + 1] == dot
        }
        var parts: [Range<Int>] = []
        var start = 0
        for end in slashes + [bytes.count] {
            defer { start = end + 1 }
            let part = start..<end
            // `split` omits empty segments.
            if part.isEmpty || (part.count == 1 && bytes[start] == dot) { continue }
            if isDotDot(part), let last = parts.last, !isDotDot(last) {
                parts.removeLast()
                continue
            }
            parts.append(part)
        }
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count)
        for (index, part) in parts.enumerated() {
            if index > 0 { out.append(UInt8(ascii: "/")) }
            out += UnsafeBufferPointer(rebasing: bytes[part])
        }
        return String(decoding: out, as: UTF8.self)
    }
}
