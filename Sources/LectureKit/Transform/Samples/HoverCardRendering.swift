import CommonMark

/// Hover cards in a sample's code: the identifier becomes focusable (`tabindex="0"` on its first
/// occurrence with a given card in the block) and described by its card (`aria-describedby`),
/// which CSS shows on hover and on keyboard focus in a strip kept free under the code, so a card
/// never covers the code and showing it moves nothing.
enum HoverCardRendering {
    /// A card placed in the visible code of one block: UTF-8 offset and length.
    struct Placed {
        var offset: Int
        var length: Int
        var card: HoverCard
    }

    /// `cards` of block `part` that stand on visible lines, at their offsets in the visible code.
    static func cards(_ cards: [HoverCard], part: Int, of sample: Sample) -> [Placed] {
        guard !cards.isEmpty else { return [] }
        var lineStart: [Int: Int] = [:]
        var offset = 0
        for line in sample.parts[part].visibleLines {
            lineStart[line.index] = offset
            offset += line.text.utf8.count + 1
        }
        return cards.compactMap { card in
            guard card.part == part, let start = lineStart[card.line] else { return nil }
            return Placed(offset: start + card.column, length: card.length, card: card)
        }.sorted { $0.offset < $1.offset }
    }

    /// The code and the strip, in the frame the cards are positioned in; the strip holds the
    /// hint (`hover-hint`) for sighted readers (screen readers get the card itself through
    /// `aria-describedby`).
    static func frame(_ code: String, words: InterfaceWords) -> String {
        "<div class=\"hover-frame\">\(code)<p class=\"hover-strip\" aria-hidden=\"true\">\(HTML.escape(words["hover-hint"]))</p></div>"
    }

    /// The card's markup, inside the identifier's span: the declaration as code, then whether
    /// its type was inferred.
    static func card(_ card: HoverCard, id: String, words: InterfaceWords) -> String {
        var html = "<span class=\"hover-card\" role=\"tooltip\" id=\"\(id)\">"
        if card.isClosure { html += "<span class=\"hover-kind\">\(HTML.escape(words["hover-closure"]))</span>" }
        html += "<span class=\"hover-declaration\">\(HTML.escape(card.text))</span>"
        if card.inferred && !card.isClosure {
            html += "<span class=\"hover-kind\">\(HTML.escape(words["hover-inferred"]))</span>"
        }
        return html + "</span>"
    }
}
