import CommonMark

/// Reads `SUMMARY.md` in mdBook's format into a `Book`.
///
/// The format (https://rust-lang.github.io/mdBook/format/summary.html): an optional `#` title,
/// then links, either alone in a paragraph (prefix chapters) or as list items, nested lists giving
/// sub-chapters. Each link's destination is a Markdown file relative to the content folder.
public enum SummaryParser {
    /// Parses `file`; diagnostics locate each problem at the link or list item in the summary.
    public static func parse(_ file: SourceFile) -> (book: Book, diagnostics: [Diagnostic]) {
        var diagnostics: [Diagnostic] = []
        var title: String?
        var chapters: [Chapter] = []
        for block in MarkdownParser.parse(file.text) {
            switch block.kind {
            case .heading(1, let content, _) where title == nil:
                title = content.plainText
            case .list(let list):
                chapters += parse(list, file: file, diagnostics: &diagnostics)
            case .paragraph(let inlines):
                if let chapter = chapter(from: inlines, at: block.range.start, file: file, diagnostics: &diagnostics) {
                    chapters.append(chapter)
                }
            case .heading(_, let content, _):
                diagnostics.append(.warning(file.displayPath, block.range.start,
                    "part title '\(content.plainText)' is not shown; this tool's navigation has no parts",
                    notes: ["make it a chapter with a page, or remove it"]))
            case .thematicBreak, .html:
                continue
            default:
                diagnostics.append(.error(file.displayPath, block.range.start, "unexpected content in the summary",
                    notes: ["SUMMARY.md holds a '# Title' and a list of links such as '- [Title](page.md)'"]))
            }
        }
        if title == nil {
            diagnostics.append(.warning(file.displayPath, SourceLocation(line: 1, column: 1),
                "summary has no '# Title' heading; the book is titled 'Untitled'"))
        }
        return (Book(title: title ?? "Untitled", chapters: chapters), diagnostics)
    }

    private static func parse(_ list: List, file: SourceFile, diagnostics: inout [Diagnostic]) -> [Chapter] {
        var chapters: [Chapter] = []
        for item in list.items {
            var chapter: Chapter?
            var children: [Chapter] = []
            for block in item.blocks {
                switch block.kind {
                case .paragraph(let inlines) where chapter == nil:
                    chapter = self.chapter(from: inlines, at: block.range.start, file: file, diagnostics: &diagnostics)
                case .list(let nested):
                    children += parse(nested, file: file, diagnostics: &diagnostics)
                default:
                    diagnostics.append(.error(file.displayPath, block.range.start, "a summary entry holds one link and, optionally, a nested list"))
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

    private static func chapter(from inlines: [Inline], at location: SourceLocation, file: SourceFile, diagnostics: inout [Diagnostic]) -> Chapter? {
        let meaningful = inlines.filter { if case .text(let t) = $0 { return !t.allSatisfy(\.isWhitespace) }; return $0 != .softBreak }
        guard meaningful.count == 1, case .link(let link) = meaningful[0] else {
            diagnostics.append(.error(file.displayPath, location, "summary entry is not a link to a page",
                notes: ["write it as '[Title](page.md)'"]))
            return nil
        }
        let place = link.location.line > 0 ? link.location : location
        let destination = link.destination
        if destination.isEmpty {
            diagnostics.append(.warning(file.displayPath, place, "draft chapter '\(link.content.plainText)' has no page and is not built"))
            return nil
        }
        guard !destination.contains("://"), !destination.hasPrefix("/"), !destination.contains("#"),
              destination.hasSuffix(".md") else {
            diagnostics.append(.error(file.displayPath, place, "summary link '\(destination)' must be a relative path to a .md file"))
            return nil
        }
        let normalized = normalize(destination)
        guard !normalized.hasPrefix("../") else {
            diagnostics.append(.error(file.displayPath, place, "summary link '\(destination)' points outside the content folder"))
            return nil
        }
        return Chapter(title: link.content.plainText, path: normalized, location: place)
    }

    /// Removes `.` segments and resolves `..` against earlier segments: `./a/../b.md` → `b.md`.
    static func normalize(_ path: String) -> String {
        var parts: [Substring] = []
        for part in path.split(separator: "/") {
            if part == "." { continue }
            if part == "..", let last = parts.last, last != ".." { parts.removeLast(); continue }
            parts.append(part)
        }
        return parts.joined(separator: "/")
    }
}
