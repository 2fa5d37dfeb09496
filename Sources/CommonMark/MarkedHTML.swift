/// Blocks rendered as HTML (`HTMLRenderer.renderMarked(_:)`), with the places where the text
/// came from a value a rewrite of the blocks may change: heading ids, link and image
/// destinations, raw HTML. The same blocks with those values rewritten are then made by
/// replacing the places' text (`rewritten(ids:destinations:html:)`), with no second render.
package struct MarkedHTML: Sendable {
    /// The HTML, as `HTMLRenderer.render(_:)` writes it.
    package var html: String
    /// The marked places, in order, not overlapping.
    package var places: [Place]

    /// One marked place: the value its text was written from, and where the text is.
    package struct Place: Sendable {
        /// What was written there.
        package var value: MarkedHTML.Value
        /// Its UTF-8 offsets in `html`.
        package var range: Range<Int>
    }

    /// The value a place was written from.
    package enum Value: Sendable {
        /// A heading's id, as its `id` attribute (escaped with `HTML.escape`).
        case headingID(String)
        /// A heading's id, as its anchor's `href="#…"` (escaped with `HTML.escapeHref`).
        case headingAnchor(String)
        /// A link's `href` or an image's `src` (escaped with `HTML.escapeHref`).
        case destination(String)
        /// Raw HTML, a block or inline, written as it is.
        case html(String)
        /// cmark's line end (`cr`: a newline unless the HTML so far is empty or ends with one)
        /// right after another place, whose new text decides it.
        case lineEnd
    }

    /// The HTML `HTMLRenderer.render(_:)` writes for the same blocks with every heading id
    /// replaced by `ids(id)`, every link and image destination by `destinations(destination)`
    /// and every raw HTML (block or inline) by `html(raw)`, escaped as the renderer escapes them.
    package func rewritten(
        ids: (String) -> String, destinations: (String) -> String, html rewriteHTML: (String) -> String
    ) -> String {
        // Appended as strings, not bytes: slices of a string need no UTF-8 validation again.
        var out = ""
        out.reserveCapacity(html.utf8.count + html.utf8.count / 8)
        let utf8 = html.utf8
        var copied = utf8.startIndex
        for place in places {
            let start = utf8.index(utf8.startIndex, offsetBy: place.range.lowerBound)
            out.append(contentsOf: html[copied..<start])
            copied = utf8.index(start, offsetBy: place.range.count)
            switch place.value {
            case .headingID(let id): out += HTML.escape(ids(id))
            case .headingAnchor(let id): out += HTML.escapeHref(ids(id))
            case .destination(let destination): out += HTML.escapeHref(destinations(destination))
            case .html(let raw): out += rewriteHTML(raw)
            case .lineEnd: if Self.needsLineEnd(out) { out += "\n" }
            }
        }
        out.append(contentsOf: html[copied...])
        return out
    }

    /// cmark's `cr`, tested as `HTMLRenderer` tests it.
    private static func needsLineEnd(_ out: String) -> Bool { !out.isEmpty && !out.hasSuffix("\n") }
}
