import CommonMark
import Foundation
import LectureSupport

/// Ids and links of the pages as they stand together in `print.html`: every chapter gets an
/// anchor (`ch-mvvm`), every id on a page is prefixed with it (`ch-mvvm--세-가지-역할`), so ids
/// stay unique across chapters, and links between chapters become in-page links to those ids.
///
/// Works on the transformed pages: headings and links as typed blocks, and the HTML the
/// transform made (samples, diagrams, tables, raw HTML) through the attributes our renderers
/// write: `id`, `href`, `xlink:href`, `for`, `aria-labelledby`, `aria-describedby`,
/// `aria-controls` and `url(#…)` references.
struct PrintAnchors: Sendable {
    /// Each chapter's anchor, by its output path (`mvvm.html` → `ch-mvvm`).
    let chapters: [String: String]

    /// Anchors for `order` (the summary's chapters), avoiding `reserved` (the template's ids):
    /// `ch-` and the output path without `.html`, `/` as `-`; a repeat gets `-2`, `-3`…
    init(_ order: [Chapter], reserved: Set<String>) {
        var taken = reserved
        var chapters: [String: String] = [:]
        for chapter in order {
            let stem = "ch-" + chapter.outputPath.dropLast(".html".count).replacingOccurrences(of: "/", with: "-")
            var anchor = stem
            var n = 2
            while taken.contains(anchor) {
                anchor = "\(stem)-\(n)"
                n += 1
            }
            taken.insert(anchor)
            chapters[chapter.outputPath] = anchor
        }
        self.chapters = chapters
    }

    /// The id `id` of the page at `output` takes in `print.html` (`rewrite(html:in:)` writes the same).
    func id(_ id: String, in output: String) -> String { "\(chapters[output] ?? "ch")--\(id)" }

    /// Where a link of the page at `output` points from `print.html` (at the site root): a page
    /// of the book (`mvp.html#역할`, `mvp.md`, `#역할`) becomes `#` and that page's anchor or
    /// the prefixed heading id; other relative paths (images) are made relative to the root;
    /// external links stay as written. Fragments and paths are compared percent-decoded.
    func destination(_ destination: String, in output: String) -> String {
        if destination.isEmpty || destination.hasPrefix("//") || LinkRewriter.hasScheme(destination)
            || destination.hasPrefix("/")
        {
            return destination
        }
        let (path, fragment) = LinkRewriter.split(destination)
        let anchor = Self.decoded(String(fragment.dropFirst()))
        let folder = output.split(separator: "/").dropLast().joined(separator: "/")
        guard !path.isEmpty else { return anchor.isEmpty ? destination : "#" + id(anchor, in: output) }
        var target = SummaryParser.normalize(folder.isEmpty ? Self.decoded(path) : folder + "/" + Self.decoded(path))
        if target.hasSuffix(".md") { target = OutputPath.html(forMarkdown: target) }
        // A folder (`cli/`, `..`) is its index page, as a web server serves it.
        for page in [target, target.isEmpty ? "index.html" : target + "/index.html"] {
            if let chapter = chapters[page] { return "#" + (anchor.isEmpty ? chapter : id(anchor, in: page)) }
        }
        guard !folder.isEmpty else { return destination }
        let fromRoot = SummaryParser.normalize(folder + "/" + path)
        return (fromRoot.isEmpty ? "./" : fromRoot + (path.hasSuffix("/") ? "/" : "")) + fragment
    }

    /// The page's blocks with heading ids prefixed and links rewritten, HTML blocks included.
    func rewrite(_ blocks: [Block], in output: String) -> [Block] {
        var rewriter = ChapterRewriter(anchors: self, output: output)
        return rewriter.rewrite(blocks)
    }

    /// Rewrites one chapter's heading ids, link and image destinations and HTML.
    private struct ChapterRewriter: MarkupRewriter {
        let anchors: PrintAnchors
        /// The chapter's output path.
        let output: String

        mutating func visit(_ block: Block) -> [Block] {
            var block = descend(into: block)
            switch block.kind {
            case .heading(let level, let content, let headingID):
                block.kind = .heading(level: level, content: content, id: headingID.map { anchors.id($0, in: output) })
            case .html(let html):
                block.kind = .html(anchors.rewrite(html: html, in: output))
            default: break
            }
            return [block]
        }

        mutating func visit(_ inline: Inline) -> Inline {
            switch descend(into: inline) {
            case .link(var link):
                link.destination = anchors.destination(link.destination, in: output)
                return .link(link)
            case .image(var link):
                link.destination = anchors.destination(link.destination, in: output)
                return .image(link)
            case .html(let html): return .html(anchors.rewrite(html: html, in: output))
            case let other: return other
            }
        }
    }

    /// HTML the transform or the author wrote, with the attributes that hold or name ids rewritten,
    /// in one pass over its bytes (pages with hover cards hold thousands of ids).
    func rewrite(html: String, in output: String) -> String {
        let chapter = (chapters[output] ?? "ch") + "--"
        let prefix = { (value: String) in chapter + value }
        let prefixEach = { (value: String) in
            value.contains(" ")
                ? value.split(separator: " ").map { chapter + $0 }.joined(separator: " ") : chapter + value
        }
        let link = { (value: String) in
            let raw = value.replacingOccurrences(of: "&amp;", with: "&")
            let mapped = destination(raw, in: output)
            return mapped == raw ? value : HTML.escapeHref(mapped)
        }
        let quote = UInt8(ascii: "\"")
        let attributes: [(opening: String, closing: UInt8, transform: (String) -> String)] = [
            (" id=\"", quote, prefix),
            (" for=\"", quote, prefixEach), (" aria-labelledby=\"", quote, prefixEach),
            (" aria-describedby=\"", quote, prefixEach), (" aria-controls=\"", quote, prefixEach),
            (" href=\"", quote, link), (" xlink:href=\"", quote, link), (" src=\"", quote, link),
            ("url(#", UInt8(ascii: ")"), { HTML.escapeHref(prefix(Self.decoded($0))) }),
        ]
        let bytes = Array(html.utf8)
        let values = AttributeScan.values(in: bytes, after: attributes.map { ($0.opening, $0.closing) })
        if values.isEmpty { return html }
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count + values.count * 16)
        var copied = 0
        for (opening, value) in values {
            out += bytes[copied..<value.lowerBound]
            out += Array(attributes[opening].transform(String(decoding: bytes[value], as: UTF8.self)).utf8)
            copied = value.upperBound
        }
        out += bytes[copied...]
        return String(decoding: out, as: UTF8.self)
    }

    private static func decoded(_ text: String) -> String {
        text.contains("%") ? (text.removingPercentEncoding ?? text) : text
    }
}
