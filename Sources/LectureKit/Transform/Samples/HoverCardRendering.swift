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

    /// The start of the ids of the cards of the block whose fence stands on `fenceLine`
    /// (`lecture-card-12-0`, `-1`, …): in the theme's namespace, so a heading's id never steps
    /// around a card's and stays mdBook's (`## Card 12 0` is `card-12-0` in both).
    static func idPrefix(fenceLine: Int) -> String { "lecture-card-\(fenceLine)-" }

    /// `cards` of block `part` that stand on visible lines, at their offsets in the displayed
    /// code (`Sample.Part.displayedLines`: hidden lines included, which get no cards).
    static func cards(_ cards: [HoverCard], part: Int, of sample: Sample) -> [Placed] {
        guard !cards.isEmpty else { return [] }
        var lineStart: [Int: Int] = [:]
        var offset = 0
        for line in sample.parts[part].displayedLines {
            if !line.hidden { lineStart[line.index] = offset }
            offset += line.text.utf8.count + 1
        }
        return cards.compactMap { card in
            guard card.part == part, let start = lineStart[card.line] else { return nil }
            return Placed(offset: start + card.column, length: card.length, card: card)
        }.sorted { $0.offset < $1.offset }
    }

    /// The code and the strip, in the frame the cards are positioned in (the theme's
    /// `hover-frame`); the strip holds the hint (`hover-hint`) for sighted readers (screen
    /// readers get the card itself through `aria-describedby`).
    static func frame(_ code: String, chrome: Chrome) -> String {
        chrome.render(.hoverFrame, ["code": .html(code)])
    }

    /// The card's markup, inside the identifier's span (`hover-card`): the declaration as code,
    /// then whether its type was inferred (`hover-closure`, `hover-inferred`).
    static func card(_ card: HoverCard, id: String, chrome: Chrome) -> String {
        chrome.render(
            .hoverCard,
            [
                "id": .text(id), "declaration": .text(card.text),
                "closure": .html(card.isClosure ? chrome.render(.hoverClosure) : ""),
                "inferred": .html(card.inferred && !card.isClosure ? chrome.render(.hoverInferred) : ""),
            ])
    }
}
