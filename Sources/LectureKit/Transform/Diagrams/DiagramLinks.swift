import CommonMark
import LectureSupport

/// The links of a drawn diagram (Graphviz writes a node's or edge's `href`, `URL`, `tailURL`,
/// `headURL`, `labelURL`, an HTML label's `HREF`, with `\N`-style escapes expanded, as
/// `<a xlink:href="…">` in the SVG), held to the one scheme rule of every URL the tool writes
/// (`ScriptURL`): a `javascript:`, `vbscript:` or `data:` link is taken out of the drawing (the
/// node stays, not a link) and warned at the diagram's line. Read from the SVG, not the graph's
/// text, so every attribute and escape that makes a link is seen the way the page gets it.
enum DiagramLinks {
    /// `svg` without the link attributes the rule refuses, and those URLs (decoded), in order.
    static func withoutScriptLinks(_ svg: String) -> (svg: String, removed: [String]) {
        guard svg.contains("href=\"") else { return (svg, []) }
        var out = ""
        var removed: [String] = []
        var rest = Substring(svg)
        while let range = rest.firstRange(of: "href=\"") {
            // The attribute starts at the space before `href` or `xlink:href`.
            var start = range.lowerBound
            if rest[..<start].hasSuffix("xlink:") { start = rest.index(start, offsetBy: -6) }
            let valueStart = range.upperBound
            guard let end = rest[valueStart...].firstIndex(of: "\"") else { break }
            let value = String(rest[valueStart..<end])
            let url = value.contains("&") ? CharacterReferences.decoded(value) : value
            if ScriptURL.scheme(of: url) != nil, start > rest.startIndex, rest[rest.index(before: start)] == " " {
                out += rest[..<rest.index(before: start)]
                removed.append(url)
            } else {
                out += rest[...end]
            }
            rest = rest[rest.index(after: end)...]
        }
        out += rest
        return (out, removed)
    }

    /// Every link of `svg` (decoded), in order, once each: checked as the page's links are
    /// (`LinkChecker`, at the diagram's line; attack 11, kind 62).
    static func destinations(_ svg: String) -> [String] {
        var found: [String] = []
        var rest = Substring(svg)
        while let range = rest.firstRange(of: "href=\""), let end = rest[range.upperBound...].firstIndex(of: "\"") {
            let value = String(rest[range.upperBound..<end])
            let url = value.contains("&") ? CharacterReferences.decoded(value) : value
            if !found.contains(url) { found.append(url) }
            rest = rest[rest.index(after: end)...]
        }
        return found
    }

    /// `svg` with each link to a page's Markdown file rewritten as a Markdown link is
    /// (`b.md#x` → `b.html#x`, `LinkRewriter`), so a node's `URL="b.md"` reaches the page.
    static func withPageLinks(_ svg: String) -> String {
        guard svg.contains(".md") else { return svg }
        var out = ""
        var rest = Substring(svg)
        while let range = rest.firstRange(of: "href=\""), let end = rest[range.upperBound...].firstIndex(of: "\"") {
            let value = String(rest[range.upperBound..<end])
            let url = value.contains("&") ? CharacterReferences.decoded(value) : value
            let rewritten = LinkRewriter.rewrite(url)
            out += rest[..<range.upperBound]
            out += rewritten == url ? value : HTML.escapeHref(rewritten)
            rest = rest[end...]
        }
        return out + rest
    }

    /// The warning for the links `removed` from the diagram whose fence is at `location` of `path`.
    static func warning(_ removed: [String], path: String, location: SourceLocation) -> Diagnostic? {
        guard let first = removed.first, let scheme = ScriptURL.scheme(of: first) else { return nil }
        let others = Set(removed.dropFirst()).sorted().map { "also \(quoted: ScriptURL.shown($0))" }
        return .warning(
            .scriptURL, path, location,
            "diagram: link to \(IndefiniteArticle.quoted(scheme + ":")) URL is drawn without its link: \(quoted: ScriptURL.shown(first))",
            notes: [ScriptURL.note, "remove the node's href/URL, or link it to a page"] + others)
    }
}
