import CommonMark
import LectureSupport

/// Where a page's raw HTML writes a URL: the emitted-URL check found `<img src=x>` broken in
/// the built files (`book/intro.html`, its copy `index.html`, `print.html`: six errors for two
/// URLs, no line of the page; attack 12, Docusaurus #3364), so a URL a page's source writes as an
/// attribute's value is reported once, at that line of the page.
struct RawHTMLURLPlaces: Sendable {
    /// Each built file's sources: a page's own, the first page's for `index.html`, every page's
    /// for `print.html`.
    private let sources: [String: [SourceFile]]

    init(pages: [Page]) {
        var sources: [String: [SourceFile]] = [:]
        for page in pages {
            guard let output = page.rendered?.outputPath else { continue }
            sources[output, default: []].append(page.source)
            sources[PrintPage.outputPath, default: []].append(page.source)
        }
        if let first = pages.first(where: { $0.rendered != nil }) { sources["index.html"] = [first.source] }
        self.sources = sources
    }

    /// The page and place where `url` stands as an attribute's value (`="url"`, `='url'`,
    /// `=url`) in the source of the built file `file`; `nil` when no source writes it so.
    func place(of url: String, in file: String) -> (path: String, location: SourceLocation)? {
        guard !url.isEmpty else { return nil }
        for source in sources[file] ?? [] {
            let text = Array(source.text.utf8)
            for (index, spelled) in ["=\"\(url)\"", "='\(url)'", "=\(url)"].enumerated() {
                let needle = Array(spelled.utf8)
                guard let start = Self.firstIndex(of: needle, in: text) else { continue }
                let quoted = index < 2
                // Unquoted, the value ends at white space or the tag's end.
                let end = start + needle.count
                if !quoted, end < text.count, ![0x20, 0x09, 0x0A, 0x0D, 0x3E].contains(text[end]) { continue }
                let before = text[..<start]
                let line = before.count { $0 == 0x0A } + 1
                let lineStart = before.lastIndex(of: 0x0A).map { $0 + 1 } ?? 0
                let column = start + (quoted ? 2 : 1) - lineStart + 1
                return (source.displayPath, SourceLocation(line: line, column: column))
            }
        }
        return nil
    }

    private static func firstIndex(of needle: [UInt8], in text: [UInt8]) -> Int? {
        guard needle.count <= text.count, let first = needle.first else { return nil }
        var index = 0
        while index + needle.count <= text.count {
            if text[index] == first, text[index..<(index + needle.count)].elementsEqual(needle) { return index }
            index += 1
        }
        return nil
    }
}
