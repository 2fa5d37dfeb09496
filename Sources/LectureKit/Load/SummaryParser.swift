import CommonMark
import LectureSupport

/// Reads `SUMMARY.md` in mdBook's format into a `Book`.
///
/// The format (https://rust-lang.github.io/mdBook/format/summary.html): an optional `#` title,
/// then links, either alone in a paragraph (prefix chapters before the lists, suffix chapters after)
/// or as list items (numbered chapters, nested lists giving sub-chapters numbered `1.2.`); `#`
/// headings after the title are part titles, `---` lines separators, and `[Title]()` a draft
/// chapter (shown, not built). Each link's destination is a Markdown file relative to the content
/// folder.
package enum SummaryParser {
    /// Parses `file`; diagnostics locate each problem at the link or list item in the summary.
    package static func parse(_ file: SourceFile) -> (book: Book, diagnostics: [Diagnostic]) {
        var diagnostics: [Diagnostic] = []
        var title: String?
        var chapters: [Chapter] = []
        // Numbered chapters (list items) count on across lists and parts, as in mdBook.
        var numbered = 0
        for block in MarkdownParser.parse(file.text) {
            switch block.kind {
            case .heading(1, let content, _) where title == nil && chapters.isEmpty:
                title = content.plainText
            case .list(let list):
                chapters += parse(list, number: [], counter: &numbered, file: file, diagnostics: &diagnostics)
            case .paragraph(let inlines):
                // A prefix chapter (before the numbered ones) or a suffix chapter (after): no number.
                if let chapter = chapter(from: inlines, at: block.range.start, file: file, diagnostics: &diagnostics) {
                    chapters.append(chapter)
                }
            case .heading(_, let content, _):
                var part = Chapter(title: content.plainText, path: "", location: block.range.start)
                part.kind = .partTitle
                chapters.append(part)
            case .thematicBreak:
                var separator = Chapter(title: "", path: "", location: block.range.start)
                separator.kind = .separator
                chapters.append(separator)
            case .html:
                continue
            default:
                diagnostics.append(
                    .error(
                        .summaryContent,
                        file.displayPath, block.range.start, "unexpected content in the summary",
                        notes: ["SUMMARY.md holds a '# Title' and a list of links such as '- [Title](page.md)'"]))
            }
        }
        if title == nil {
            diagnostics.append(
                .warning(
                    .summaryNoTitle,
                    file.displayPath, SourceLocation(line: 1, column: 1),
                    "summary has no '# Title' heading; the book is titled 'Untitled'"))
        }
        return (Book(title: title ?? "Untitled", chapters: chapters), diagnostics)
    }

    /// The items of a list as numbered chapters: `number` is the parent's section number,
    /// `counter` the last number given at this level.
    private static func parse(
        _ list: List, number: [Int], counter: inout Int, file: SourceFile, diagnostics: inout [Diagnostic]
    ) -> [Chapter] {
        var chapters: [Chapter] = []
        for item in list.items {
            var chapter: Chapter?
            var children: [Chapter] = []
            var childCounter = 0
            for block in item.blocks {
                switch block.kind {
                case .paragraph(let inlines) where chapter == nil:
                    chapter = self.chapter(from: inlines, at: block.range.start, file: file, diagnostics: &diagnostics)
                    if chapter != nil {
                        counter += 1
                        chapter?.number = number + [counter]
                    }
                case .list(let nested):
                    if let parent = chapter?.number {
                        children += parse(
                            nested, number: parent, counter: &childCounter, file: file, diagnostics: &diagnostics)
                    } else {
                        children += parse(
                            nested, number: number, counter: &counter, file: file, diagnostics: &diagnostics)
                    }
                default:
                    diagnostics.append(
                        .error(
                            .summaryContent,
                            file.displayPath, block.range.start,
                            "a summary entry holds one link and, optionally, a nested list"))
                }
            }
            if var chapter {
                chapter.children = children
                chapters.append(chapter)
            } else {
                chapters += children
            }
        }
        return chapters
    }

    private static func chapter(
        from inlines: [Inline], at location: SourceLocation, file: SourceFile, diagnostics: inout [Diagnostic]
    ) -> Chapter? {
        let meaningful = inlines.filter {
            if case .text(let t) = $0 { return !t.allSatisfy(\.isWhitespace) }
            return $0 != .softBreak
        }
        guard meaningful.count == 1, case .link(let link) = meaningful[0] else {
            diagnostics.append(
                .error(
                    .summaryContent,
                    file.displayPath, location, "summary entry is not a link to a page",
                    notes: ["write it as '[Title](page.md)'"]))
            return nil
        }
        let place = link.location.line > 0 ? link.location : location
        let destination = link.destination
        if destination.isEmpty {
            // mdBook's draft chapter: listed, shown disabled, not built.
            var draft = Chapter(title: link.content.plainText, path: "", location: place)
            draft.kind = .draft
            return draft
        }
        guard !destination.contains("://"), !destination.hasPrefix("/"), !destination.contains("#"),
            destination.hasSuffix(".md")
        else {
            diagnostics.append(
                .error(
                    .summaryBadLink, file.displayPath, place,
                    "summary link '\(destination)' must be a relative path to a .md file"))
            return nil
        }
        let normalized = normalize(destination)
        guard !normalized.hasPrefix("../") else {
            diagnostics.append(
                .error(
                    .summaryBadLink, file.displayPath, place,
                    "summary link '\(destination)' points outside the content folder"))
            return nil
        }
        return Chapter(title: link.content.plainText, path: normalized, location: place)
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
