import CommonMark

/// Hover cards in a sample's code: the identifier becomes focusable (`tabindex="0"` on its first
/// occurrence with a given card in the block) and described by its card (`aria-describedby`), which
/// stands beside the code, never in it (`hidden`, in the frame's `hover-cards`): the text of the
/// `<code>` is the block's code for every reader (no CSS, plain-text copy, scraper). JavaScript shows
/// the card on hover and on keyboard focus in a strip kept free under the code, so a card never
/// covers the code and showing it moves nothing; without JavaScript, CSS shows the same text there
/// from the identifier's `data-card` (generated content, not part of the code's text).
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
    /// `cards`: the cards' markup (`card`), placed after the code.
    static func frame(_ code: String, cards: String, chrome: Chrome) -> String {
        chrome.render(.hoverFrame, ["code": .html(code), "cards": .html(cards)])
    }

    /// The card as plain text, in the words of `card`'s markup: the identifier's `data-card`,
    /// which CSS shows without JavaScript.
    static func text(_ card: HoverCard, chrome: Chrome) -> String {
        (card.isClosure ? chrome.words["hover-closure"] : "") + card.text
            + (card.inferred && !card.isClosure ? chrome.words["hover-inferred"] : "")
    }

    /// The card's markup (`hover-card`), beside the code: the declaration as code, then whether
    /// its type was inferred (`hover-closure`, `hover-inferred`).
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
