/// A hover card of a verified sample: what the compiler says about one identifier (its
/// declaration, with the inferred type) or one closure (its type), placed in the Markdown block.
public struct HoverCard: Hashable, Sendable, Codable {
    /// Which block of the sample (0 for the first part of a group).
    public var part: Int
    /// The line within the part's code, 0-based, hidden lines counted.
    public var line: Int
    /// Where on that line the identifier starts, in UTF-8 bytes.
    public var column: Int
    /// The identifier's length in UTF-8 bytes (1 for a closure's `{`).
    public var length: Int
    /// `let greeting: Box<String>`, `func bind(to relay: BehaviorRelay<String>) -> any Disposable`,
    /// or a closure's type `(String) -> Void`.
    public var text: String
    /// Whether it is a closure's type rather than a declaration.
    public var isClosure: Bool
    /// Whether it declares a variable or constant whose type the compiler inferred.
    public var inferred: Bool
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

    /// The cards `packed(_:)` wrote; `nil` when the text is not in that form.
    static func unpacked(_ text: String) -> [HoverCard]? {
        if text.isEmpty { return [] }
        var cards: [HoverCard] = []
        for record in text.split(separator: "\u{1E}", omittingEmptySubsequences: false) {
            let fields = record.split(separator: "\u{1F}", maxSplits: 6, omittingEmptySubsequences: false)
            guard fields.count == 7, let part = Int(fields[0]), let line = Int(fields[1]), let column = Int(fields[2]),
                let length = Int(fields[3])
            else { return nil }
            cards.append(
                HoverCard(
                    part: part, line: line, column: column, length: length, text: String(fields[6]),
                    isClosure: fields[4] == "1", inferred: fields[5] == "1"))
        }
        return cards
    }
}
