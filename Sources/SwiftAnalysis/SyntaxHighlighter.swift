internal import SwiftIDEUtils
internal import SwiftParser
internal import SwiftSyntax

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

/// Exact highlighting for Swift: the source parsed by swift-syntax's `Parser` and classified by
/// `SwiftIDEUtils`' `SyntaxClassifier`, the classification SourceKit-LSP's semantic tokens
/// build on, so `some`, `any`, `async`, `await`, `consume`, typed `throws`, macros and attributes
/// are what the compiler says they are.
package enum SyntaxHighlighter {
    /// The classified stretches of `source`, in order and not overlapping; identifiers,
    /// operators, punctuation and whitespace are left out (shown plain).
    /// Source nested deeper than `ParsingLimit` allows has no tokens (it is shown plain).
    package static func tokens(in source: String) -> [HighlightedToken] {
        guard ParsingLimit.allowsParsing(source) else { return [] }
        let tree = Parser.parse(source: source)
        var tokens: [HighlightedToken] = []
        for classified in tree.classifications {
            let offset = classified.range.lowerBound.utf8Offset
            let length = classified.range.upperBound.utf8Offset - offset
            guard let kind = kind(of: classified.kind), length > 0 else { continue }
            if let last = tokens.last, last.kind == kind, last.offset + last.length == offset {
                tokens[tokens.count - 1].length += length
            } else {
                tokens.append(HighlightedToken(offset: offset, length: length, kind: kind))
            }
        }
        // A freestanding macro's `#name` (`#expect`, `#Preview`): the classifier sees a `#` and
        // an identifier.
        let macros = MacroFinder(viewMode: .sourceAccurate)
        macros.walk(tree)
        return (tokens + macros.tokens).sorted { $0.offset < $1.offset }
    }

    private static func kind(of classification: SyntaxClassification) -> HighlightedToken.Kind? {
        switch classification {
        case .keyword: return .keyword
        case .type: return .type
        case .attribute: return .attribute
        case .stringLiteral, .regexLiteral: return .string
        case .integerLiteral, .floatLiteral: return .number
        case .lineComment, .blockComment, .docLineComment, .docBlockComment: return .comment
        case .ifConfigDirective: return .directive
        case .dollarIdentifier: return .variable
        case .editorPlaceholder: return .placeholder
        case .identifier, .operator, .argumentLabel, .none: return nil
        @unknown default: return nil
        }
    }
}

/// The `#name` of each freestanding macro expansion.
private final class MacroFinder: SyntaxVisitor {
    var tokens: [HighlightedToken] = []

    private func add(_ pound: TokenSyntax, _ name: TokenSyntax) {
        let start = pound.positionAfterSkippingLeadingTrivia.utf8Offset
        tokens.append(
            HighlightedToken(
                offset: start, length: name.endPositionBeforeTrailingTrivia.utf8Offset - start, kind: .macro))
    }

    override func visit(_ node: MacroExpansionExprSyntax) -> SyntaxVisitorContinueKind {
        add(node.pound, node.macroName)
        return .visitChildren
    }

    override func visit(_ node: MacroExpansionDeclSyntax) -> SyntaxVisitorContinueKind {
        add(node.pound, node.macroName)
        return .visitChildren
    }
}
