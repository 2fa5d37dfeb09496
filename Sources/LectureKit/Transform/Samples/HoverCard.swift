/// A hover card of a verified sample: what the compiler says about one identifier (its
/// declaration, with the inferred type) or one closure (its type), placed in the Markdown block.
struct HoverCard: Hashable, Sendable, Codable {
    /// Which block of the sample (0 for the first part of a group).
    var part: Int
    /// The line within the part's code, 0-based, hidden lines counted.
    var line: Int
    /// Where on that line the identifier starts, in UTF-8 bytes.
    package var column: Int
    /// The identifier's length in UTF-8 bytes (1 for a closure's `{`).
    var length: Int
    /// `let greeting: Box<String>`, `func bind(to relay: BehaviorRelay<String>) -> any Disposable`,
    /// or a closure's type `(String) -> Void`.
    package var text: String
    /// Whether it is a closure's type rather than a declaration.
    var isClosure: Bool
    /// Whether it declares a variable or constant whose type the compiler inferred.
    var inferred: Bool
}

extension HoverCard {
    /// `cards` as one string for the cache: a record per card (separated by U+001E), fields
    /// `part line column length closure inferred text` separated by U+001F, characters that no
    /// declaration holds. Decoding one string is many times faster than a JSON array of objects
    /// with Foundation's decoder, which a warm build does for every sample.
    static func packed(_ cards: [HoverCard]) -> String {
        cards.map { card in
            [
                "\(card.part)", "\(card.line)", "\(card.column)", "\(card.length)", card.isClosure ? "1" : "0",
                card.inferred ? "1" : "0", card.text,
            ]
            .joined(separator: "\u{1F}")
        }.joined(separator: "\u{1E}")
    }

    /// The cards `packed(_:)` wrote; `nil` when the text is not in that form. Splits the UTF-8
    /// bytes, not the characters: splitting a `String` walks grapheme clusters, which made this the
    /// largest cost of a warm build.
    static func unpacked(_ text: String) -> [HoverCard]? {
        if text.isEmpty { return [] }
        func number(_ field: ArraySlice<UInt8>) -> Int? { Int(String(decoding: field, as: UTF8.self)) }
        var cards: [HoverCard] = []
        for record in Array(text.utf8).split(separator: 0x1E, omittingEmptySubsequences: false) {
            let fields = record.split(separator: 0x1F, maxSplits: 6, omittingEmptySubsequences: false)
            guard fields.count == 7, let part = number(fields[0]), let line = number(fields[1]),
                let column = number(fields[2]), let length = number(fields[3])
            else { return nil }
            cards.append(
                HoverCard(
                    part: part, line: line, column: column, length: length,
                    text: String(decoding: fields[6], as: UTF8.self), isClosure: fields[4].elementsEqual([0x31]),
                    inferred: fields[5].elementsEqual([0x31])))
        }
        return cards
    }
}
