import CommonMark
import Foundation
import LectureSupport

/// Ids and links of the pages as they stand together in `print.html`: every chapter gets an
/// anchor (`ch-mvvm`), every id on a page is prefixed with it (`ch-mvvm--three-roles`), so ids
/// stay unique across chapters, and links between chapters become in-page links to those ids;
/// `PrintIDs` then gives every prefixed id the one mdBook 0.5 gives it in its print page.
///
/// Works on each page's content as rendered for the page itself (`MarkedHTML`): the heading
/// ids and link destinations the renderer marked, and the HTML the transform made (samples,
/// diagrams, tables, raw HTML) through the attributes our renderers write: `id`, `href`, `xlink:href`, `for`, `aria-labelledby`, `aria-describedby`,
/// `aria-controls` and `url(#…)` references.
struct PrintAnchors: Hashable, Sendable {
    /// Each chapter's anchor, by its output path (`mvvm.html` → `ch-mvvm`).
    let chapters: [String: String]
    /// Each chapter's folder, by its output path (`part/x.html` → `part`): where its relative
    /// links start from.
    private let folders: [String: String]

    /// Anchors for `order` (the summary's chapters), avoiding `reserved` (the template's ids):
    /// `ch-` and the output path without `.html`, `/` (and `?`, `#`, `%`, which a fragment
    /// would have to escape, and a control character) as `-`; a repeat gets `-2`, `-3`…
    init(_ order: [Chapter], reserved: Set<String>) {
        var taken = UniqueID(firstSuffix: 2, taken: reserved)
        var chapters: [String: String] = [:]
        var folders: [String: String] = [:]
        for chapter in order {
            folders[chapter.outputPath] = Self.folder(of: chapter.outputPath)
            let stem =
                "ch-"
                + String(
                    chapter.outputPath.dropLast(".html".count).map {
                        "/?#%".contains($0) || Self.isShownOtherwise($0) ? "-" : $0
                    })
            chapters[chapter.outputPath] = taken.unique(stem)
        }
        self.chapters = chapters
        self.folders = folders
    }

    /// Whether the page's HTML would show `character` as something else (a control character
    /// but tab, as `HTML.escape` shows it: a page named `esc␛[31m.md`), so that no link could
    /// name an id holding it.
    private static func isShownOtherwise(_ character: Character) -> Bool {
        character != "\t" && character.unicodeScalars.contains { $0.properties.generalCategory == .control }
    }

    /// The folder of the page at `output`, `""` at the root.
    private static func folder(of output: String) -> String {
        output.split(separator: "/").dropLast().joined(separator: "/")
    }

    /// The id `id` of the page at `output` takes in `print.html` (`rewrite(html:in:)` writes the same).
    func id(_ id: String, in output: String) -> String { "\(chapters[output] ?? "ch")--\(id)" }

    /// Where a link of the page at `output` points from `print.html` (at the site root): a page
    /// of the book (`mvp.html#roles`, `mvp.md`, `#roles`) becomes `#` and that page's anchor or
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
        let folder = folders[output] ?? Self.folder(of: output)
        guard !path.isEmpty else { return anchor.isEmpty ? destination : "#" + id(anchor, in: output) }
        var target = SummaryParser.normalize(folder.isEmpty ? Self.decoded(path) : folder + "/" + Self.decoded(path))
        if target.hasSuffix(".md") { target = OutputPath.html(forMarkdown: target) }
        if let chapter = chapters[target] { return "#" + (anchor.isEmpty ? chapter : id(anchor, in: target)) }
        // A folder (`cli/`, `..`) is its index page, as a web server serves it.
        let index = target.isEmpty ? "index.html" : target + "/index.html"
        if let chapter = chapters[index] { return "#" + (anchor.isEmpty ? chapter : id(anchor, in: index)) }
        guard !folder.isEmpty else { return destination }
        let fromRoot = SummaryParser.normalize(folder + "/" + path)
        return (fromRoot.isEmpty ? "./" : fromRoot + (path.hasSuffix("/") ? "/" : "")) + fragment
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
            // The two entities `HTML.escapeHref` writes (`[^'s']` links to `#footnote-&#x27;s&#x27;`).
            let raw = value.replacingOccurrences(of: "&amp;", with: "&").replacingOccurrences(of: "&#x27;", with: "'")
            let mapped = destination(raw, in: output)
            return mapped == raw ? value : HTML.escapeHref(mapped)
        }
        let quote = UInt8(ascii: "\"")
        let attributes: [(opening: String, closing: UInt8, transform: (String) -> String)] = [
            (" id=\"", quote, prefix), (" id='", UInt8(ascii: "'"), prefix), (" name=\"", quote, prefix),
            (" for=\"", quote, prefixEach), (" aria-labelledby=\"", quote, prefixEach),
            (" aria-describedby=\"", quote, prefixEach), (" aria-controls=\"", quote, prefixEach),
            (" href=\"", quote, link), (" xlink:href=\"", quote, link), (" src=\"", quote, link),
            ("url(#", UInt8(ascii: ")"), { HTML.escapeHref(prefix(Self.decoded($0))) }),
        ]
        return AttributeScan.replacing(in: html, attributes)
    }

    /// `text` percent-decoded, as written when it holds no `%` or a malformed escape. (The `%`
    /// is looked for as a byte: a `%` joined with a combining mark into one character is a
    /// malformed escape either way.)
    private static func decoded(_ text: String) -> String {
        text.containsUTF8(UInt8(ascii: "%")) ? (text.percentDecodedStrictly ?? text) : text
    }
}
