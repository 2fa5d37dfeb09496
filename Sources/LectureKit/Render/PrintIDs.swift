import CommonMark
import Foundation
import LectureSupport

/// The ids of `print.html` as mdBook 0.5 writes them: each chapter's ids as its own page has
/// them, made unique across the whole print page in reading order (the first `setup` stays
/// `setup`, a later one becomes `setup-1`, then `setup-2`…, skipping any id already taken), so
/// `print.html#custom-id` lands where it does in an mdBook book. A link to a chapter goes to its
/// first `<h1>` when that comes before any other heading, as mdBook's does; a chapter that
/// starts otherwise keeps its section's own anchor (`ch-…`, where mdBook adds a heading).
///
/// Runs over `print.html`'s parts once every chapter's section is made (`PrintPage.chapter`,
/// page by page, writes each id as `PrintAnchors` prefixes it: `ch-a--setup`), so a page's
/// section stays its own to make and to keep between rebuilds; only this pass knows the order.
enum PrintIDs {
    /// `parts` (the front matter, then each chapter's section in reading order; `anchors` names
    /// the chapters' prefixes) with every prefixed id, and every reference to one (`href`,
    /// `xlink:href`, `src`, `for`, `aria-*`, `url(#…)`), given its id in print. `reserved`: the
    /// template's own ids, which no chapter's id takes.
    /// Each part is replaced in place, so the old one is freed as its new one is made.
    static func unique(_ parts: inout [String], anchors: PrintAnchors, titles: [String: String], reserved: Set<String>)
    {
        let prefixes = Set(anchors.chapters.values)
        var taken = UniqueID(firstSuffix: 1, taken: reserved.union(prefixes))
        // Each element's id, in order, by the prefixed id it had. References go to the last, as
        // mdBook's (its map of a chapter's ids keeps the last one made): where a page repeats an
        // id (`## footnote-n` and its note, `## A {#b}` then `## B`), every link to it, the
        // first heading's own too, goes to the last element with it.
        var assigned: [String: [String]] = [:]
        var remap: [String: String] = [:]
        var sections: [String] = []
        var roots: [String: String] = [:]
        for part in parts {
            // Cancelled (`Cancellation.current`): the print page is thrown away.
            if Cancellation.currentIsCancelled { break }
            let bytes = Array(part.utf8)
            var sawHeading = false
            for (opening, range) in AttributeScan.values(in: bytes, after: scanned) {
                let value = String(decoding: bytes[range], as: UTF8.self)
                // A heading's tag is read whole (its id is not scanned apart): the first one of a
                // section is its root when it is an h1.
                let id = opening >= 2 ? Self.id(inTag: value) : unescaped(value)
                if opening >= 2 {
                    if !sawHeading, opening == 2, let id, let (prefix, _) = split(id, prefixes) { roots[prefix] = id }
                    sawHeading = true
                }
                if let id, prefixes.contains(id) { sections.append(id) }
                guard let id, let (_, local) = split(id, prefixes) else { continue }
                let unique = taken.unique(local)
                assigned[id, default: []].append(unique)
                remap[id] = unique
            }
        }
        // A section that starts without an h1 is linked by the id mdBook gives the heading it
        // adds there: its title's, made unique after every other id.
        for prefix in sections where roots[prefix] == nil {
            if let title = titles[prefix] {
                remap[prefix] = taken.unique(HeadingAnchors.slug(title))
            }
        }
        var used: [String: Int] = [:]
        let elementID = { (value: String) -> String in
            let id = unescaped(value)
            guard let ids = assigned[id] else { return HTML.escape(remap[id] ?? id) }
            let index = used[id, default: 0]
            used[id] = index + 1
            return HTML.escape(ids[min(index, ids.count - 1)])
        }
        let newID = { (id: String) in remap[id] ?? split(id, prefixes)?.local ?? id }
        let each = { (value: String) in
            value.split(separator: " ").map { HTML.escape(newID(unescaped(String($0)))) }.joined(separator: " ")
        }
        let link = { (value: String) -> String in
            guard value.hasPrefix("#") else { return value }
            let target = unescaped(String(value.dropFirst()))
            let decoded = target.containsUTF8(UInt8(ascii: "%")) ? target.percentDecodedStrictly ?? target : target
            if prefixes.contains(decoded) { return "#" + HTML.escapeHref(roots[decoded].map(newID) ?? newID(decoded)) }
            return "#" + HTML.escapeHref(newID(decoded))
        }
        let quote = UInt8(ascii: "\"")
        let attributes: [(opening: String, closing: UInt8, transform: (String) -> String)] = [
            (" id=\"", quote, elementID), (" id='", UInt8(ascii: "'"), elementID),
            (" name=\"", quote, { HTML.escape(newID(unescaped($0))) }),
            (" for=\"", quote, each), (" aria-labelledby=\"", quote, each), (" aria-describedby=\"", quote, each),
            (" aria-controls=\"", quote, each), (" href=\"", quote, link), (" xlink:href=\"", quote, link),
            (" src=\"", quote, link),
            ("url(#", UInt8(ascii: ")"), { HTML.escapeHref(newID($0.percentDecodedStrictly ?? $0)) }),
        ]
        for index in parts.indices {
            let part = parts[index]
            parts[index] = ""
            parts[index] = AttributeScan.replacing(in: part, attributes)
        }
    }

    /// What the first pass looks for: ids (0, 1) and the opening tags of headings (2 is `<h1`).
    private static let scanned: [(opening: String, closing: UInt8)] =
        [(" id=\"", UInt8(ascii: "\"")), (" id='", UInt8(ascii: "'"))]
        + (1...6).map { ("<h\($0)", UInt8(ascii: ">")) }

    /// The id in a tag's attributes (`<h1` … `>`), unescaped, or `nil`: the value after the
    /// first ` id="` that `range(of:)` finds, up to the first `"` that is a character of its own.
    /// Found by bytes where the scalars around both are plain (`PlainScalars`), else as written.
    private static func id(inTag attributes: String) -> String? {
        let utf8 = attributes.utf8
        let opening = Array(" id=\"".utf8)
        let quote = UInt8(ascii: "\"")
        var start = utf8.startIndex
        while start != utf8.endIndex, !utf8[start...].starts(with: opening) { start = utf8.index(after: start) }
        guard start != utf8.endIndex else { return nil }
        let valueStart = utf8.index(start, offsetBy: opening.count)
        guard PlainScalars.startsPlain(utf8, at: valueStart) else { return idByCharacters(inTag: attributes) }
        guard let end = utf8[valueStart...].firstIndex(of: quote) else { return nil }
        guard PlainScalars.endsPlain(utf8, before: end), PlainScalars.startsPlain(utf8, at: utf8.index(after: end))
        else { return idByCharacters(inTag: attributes) }
        return unescaped(String(attributes[valueStart..<end]))
    }

    /// `id(inTag:)` by Foundation's `range(of:)` and `Character`s, for the text around which a
    /// byte is not surely a character of its own.
    private static func idByCharacters(inTag attributes: String) -> String? {
        guard let start = attributes.range(of: " id=\"") else { return nil }
        let rest = attributes[start.upperBound...]
        guard let end = rest.firstIndex(of: "\"") else { return nil }
        return unescaped(String(rest[..<end]))
    }

    /// A prefixed id (`ch-a--setup`) as its chapter's prefix and the page's own id: the first
    /// `--` that Foundation's `range(of:)` finds whose text before it is a prefix. Found by its
    /// bytes (`range(of:)` cost about 11,700 instructions an id, issue 36): a `--` followed by a
    /// plain scalar or nothing (`PlainScalars`) is a match to `range(of:)` too; one followed by
    /// any other (a combining mark after it refuses the match) is asked of `range(of:)` itself.
    private static func split(_ id: String, _ prefixes: Set<String>) -> (prefix: String, local: String)? {
        let utf8 = id.utf8
        let hyphen = UInt8(ascii: "-")
        var index = utf8.startIndex
        while index != utf8.endIndex {
            guard utf8[index] == hyphen else {
                index = utf8.index(after: index)
                continue
            }
            let second = utf8.index(after: index)
            guard second != utf8.endIndex, utf8[second] == hyphen else {
                index = second
                continue
            }
            let after = utf8.index(after: second)
            if PlainScalars.startsPlain(utf8, at: after)
                || id.range(of: "--", range: index..<id.endIndex)?.lowerBound == index
            {
                let prefix = String(id[..<index])
                if prefixes.contains(prefix) { return (prefix, String(id[after...])) }
            }
            index = second
        }
        return nil
    }

    /// An attribute's text with HTML's escapes undone.
    private static func unescaped(_ text: String) -> String {
        guard text.containsUTF8(UInt8(ascii: "&")) else { return text }
        return text.replacingOccurrences(of: "&quot;", with: "\"").replacingOccurrences(of: "&#x27;", with: "'")
            .replacingOccurrences(of: "&#39;", with: "'").replacingOccurrences(of: "&lt;", with: "<")
            .replacingOccurrences(of: "&gt;", with: ">").replacingOccurrences(of: "&amp;", with: "&")
    }
}
