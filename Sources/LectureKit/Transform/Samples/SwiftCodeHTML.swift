import CommonMark
import LectureSupport
internal import SwiftAnalysis

/// Swift code as HTML with its highlighting done at build time: each classified stretch
/// (`SyntaxHighlighter`) in a `<span class="hl-KIND">`, the rest escaped text. Readable with
/// JavaScript off and in print; the classes are styled in both colour schemes by `style.css`.
enum SwiftCodeHTML {
    /// The `<code>` element's class: no `language-` prefix, so highlight.js leaves it alone.
    static let codeClass = "swift-code"

    /// `code` highlighted, as the content of a `<code>` element (`code`), with `cards` around their
    /// identifiers (ids `idPrefix` + a counter, the theme's `hover-target` and `hover-reference`
    /// partials), their words from `chrome`; each of the `hidden` ranges (UTF-8 offsets of whole
    /// lines, in order, cards outside them) in mdBook's `<span class="boring">`. No token crosses
    /// such an edge: a token spans lines only in a multi-line string or comment, and a snippet
    /// marker there is text, not a marker (`SnippetMarkers`). The cards themselves (`cards`, the
    /// `hover-card` partial) stand outside the code, so its text is the block's code and nothing
    /// else: for a reader without CSS, a copy as plain text, a scraper.
    static func highlighted(
        _ code: String, cards: [HoverCardRendering.Placed] = [], hidden: [Range<Int>] = [],
        idPrefix: String = "lecture-card-", cache: Cache? = nil, chrome: Chrome = .english
    ) -> (code: String, cards: String) {
        let bytes = Array(code.utf8)
        var html = ""
        var position = 0
        func text(_ end: Int) {
            if end > position { html += HTML.escape(String(decoding: bytes[position..<end], as: UTF8.self)) }
            position = max(position, end)
        }
        let edges = hidden.flatMap { [$0.lowerBound, $0.upperBound] }
        let tokens = Self.tokens(in: code, cache: cache)
        var tokenIndex = 0
        var cardIndex = 0
        var edgeIndex = 0
        // The id of each card text's first occurrence in the block.
        var firstID: [String: String] = [:]
        var cardsHTML = ""
        func emitTokens(upTo end: Int) {
            while edgeIndex < edges.count, edges[edgeIndex] <= end {
                emitWholeTokens(upTo: edges[edgeIndex])
                html += edgeIndex % 2 == 0 ? "<span class=\"boring\">" : "</span>"
                edgeIndex += 1
            }
            emitWholeTokens(upTo: end)
        }
        func emitWholeTokens(upTo end: Int) {
            while tokenIndex < tokens.count, tokens[tokenIndex].offset + tokens[tokenIndex].length <= end {
                let token = tokens[tokenIndex]
                tokenIndex += 1
                guard token.offset >= position else { continue }
                text(token.offset)
                html += "<span class=\"hl-\(token.kind.rawValue)\">"
                text(token.offset + token.length)
                html += "</span>"
            }
            text(end)
        }
        for placed in cards where placed.offset >= position && placed.offset + placed.length <= bytes.count {
            emitTokens(upTo: placed.offset)
            // The first occurrence of a card text holds the card and is a tab stop; the later
            // ones point at it (with JavaScript the strip shows it for them too), which keeps a
            // page with many uses of `viewModel` from repeating its card at each.
            // The identifier's code, highlighted on its own, then wrapped.
            let before = html
            html = ""
            emitTokens(upTo: placed.offset + placed.length)
            let identifier = html
            html = before
            if let id = firstID[placed.card.text] {
                html += chrome.render(.hoverReference, ["id": .text(id), "code": .html(identifier)])
                continue
            }
            let id = idPrefix + String(cardIndex)
            cardIndex += 1
            firstID[placed.card.text] = id
            html += chrome.render(
                .hoverTarget,
                [
                    "id": .text(id), "code": .html(identifier),
                    "card": .text(HoverCardRendering.text(placed.card, chrome: chrome)),
                ])
            cardsHTML += HoverCardRendering.card(placed.card, id: id, chrome: chrome)
        }
        emitTokens(upTo: bytes.count)
        return (html, cardsHTML)
    }

    /// The tokens' format and the digest of the sources that classify them (`SourceDigests.samples`):
    /// a change of the classification retires the cached tokens.
    static let cacheVersion = "highlight-v1 " + SourceDigests.samples

    /// `code`'s tokens, from `cache` when it holds them (keyed by the code and swift-syntax's
    /// part of the toolchain, through `cacheVersion`), else classified and kept there: a warm
    /// build parses no Swift. Stored as text, one `offset,length,kind` line per token.
    static func tokens(in code: String, cache: Cache?) -> [HighlightedToken] {
        let key = SHA256.hex(cacheVersion, code)
        if let cache, let bytes = cache.read(kind: .highlight, key: key) {
            var tokens: [HighlightedToken] = []
            for line in String(decoding: bytes, as: UTF8.self).split(separator: "\n") {
                let fields = line.split(separator: ",")
                guard fields.count == 3, let offset = Int(fields[0]), let length = Int(fields[1]),
                    let kind = HighlightedToken.Kind(rawValue: String(fields[2]))
                else { return SyntaxHighlighter.tokens(in: code) }
                tokens.append(HighlightedToken(offset: offset, length: length, kind: kind))
            }
            return tokens
        }
        let tokens = SyntaxHighlighter.tokens(in: code)
        cache?.write(
            kind: .highlight, key: key,
            Array(tokens.map { "\($0.offset),\($0.length),\($0.kind.rawValue)\n" }.joined().utf8))
        return tokens
    }
}
