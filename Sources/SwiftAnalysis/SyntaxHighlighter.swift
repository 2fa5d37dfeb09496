/// A classified stretch of Swift source: a keyword, a type name, a string literal…
package struct HighlightedToken: Hashable, Sendable {
    /// What the stretch is, from swift-syntax's `SyntaxClassification`, folded into the kinds a
    /// page styles differently. The raw value names the CSS class (`hl-keyword`).
    package enum Kind: String, Hashable, Sendable {
        case keyword, type, attribute, macro, string, number, comment, directive, variable, placeholder
    }

    /// Where it starts, in UTF-8 bytes from the start of the source.
    package var offset: Int
    /// Its length in UTF-8 bytes.
    package var length: Int
    /// What it is.
    package var kind: Kind

    /// A token of `length` bytes at `offset`, of `kind`.
    package init(offset: Int, length: Int, kind: Kind) {
        self.offset = offset
        self.length = length
        self.kind = kind
    }
}

/// Exact highlighting for Swift (in `SwiftSyntaxLibrary`): the source parsed by swift-syntax's `Parser` and classified by
/// `SwiftIDEUtils`' `SyntaxClassifier`, the classification SourceKit-LSP's semantic tokens
/// build on, so `some`, `any`, `async`, `await`, `consume`, typed `throws`, macros and attributes
/// are what the compiler says they are.
package enum SyntaxHighlighter {
    typealias Kind = HighlightedToken.Kind

    /// The classified stretches of `source`, in order and not overlapping; identifiers,
    /// operators, punctuation and whitespace are left out (shown plain).
    /// Source nested deeper than `ParsingLimit` allows has no tokens (it is shown plain).
    package static func tokens(in source: String) -> [HighlightedToken] {
        guard ParsingLimit.allowsParsing(source) else { return [] }
        return SwiftSyntaxLibrary.table.highlight(source).compactMap { token in
            Kind(rawValue: token.kind).map { HighlightedToken(offset: token.offset, length: token.length, kind: $0) }
        }
    }
}
