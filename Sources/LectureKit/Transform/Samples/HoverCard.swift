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
