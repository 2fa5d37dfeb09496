internal import SwiftIDEUtils
internal import SwiftParser
internal import SwiftSyntax

/// Exact highlighting for Swift (`SyntaxHighlighter`): the source parsed by swift-syntax's
/// `Parser` and classified by `SwiftIDEUtils`' `SyntaxClassifier`, the classification
/// SourceKit-LSP's semantic tokens build on, so `some`, `any`, `async`, `await`, `consume`, typed
/// `throws`, macros and attributes are what the compiler says they are.
enum Highlighting {
    /// The classified stretches of `source`, in order and not overlapping, each with its kind's
    /// name (the raw value of `HighlightedToken.Kind`); identifiers, operators, punctuation and
    /// whitespace are left out (shown plain).
    static func tokens(in source: String) -> [(offset: Int, length: Int, kind: String)] {
        let tree = Parser.parse(source: source)
        var tokens: [(offset: Int, length: Int, kind: String)] = []
        for classified in tree.classifications {
            let offset = classified.range.lowerBound.utf8Offset
            let length = classified.range.upperBound.utf8Offset - offset
            guard let kind = kind(of: classified.kind), length > 0 else { continue }
            if let last = tokens.last, last.kind == kind, last.offset + last.length == offset {
                tokens[tokens.count - 1].length += length
            } else {
                tokens.append((offset, length, kind))
            }
        }
        // A freestanding macro's `#name` (`#expect`, `#Preview`): the classifier sees a `#` and
        // an identifier.
        let macros = MacroFinder(viewMode: .sourceAccurate)
        macros.walk(tree)
        return (tokens + macros.tokens).sorted { $0.offset < $1.offset }
    }

    private static func kind(of classification: SyntaxClassification) -> String? {
        switch classification {
        case .keyword: return "keyword"
        case .type: return "type"
        case .attribute: return "attribute"
        case .stringLiteral, .regexLiteral: return "string"
        case .integerLiteral, .floatLiteral: return "number"
        case .lineComment, .blockComment, .docLineComment, .docBlockComment: return "comment"
        case .ifConfigDirective: return "directive"
        case .dollarIdentifier: return "variable"
        case .editorPlaceholder: return "placeholder"
        case .identifier, .operator, .argumentLabel, .none: return nil
        @unknown default: return nil
        }
    }
}

/// The `#name` of each freestanding macro expansion.
private final class MacroFinder: SyntaxVisitor {
    var tokens: [(offset: Int, length: Int, kind: String)] = []

    private func add(_ pound: TokenSyntax, _ name: TokenSyntax) {
        let start = pound.positionAfterSkippingLeadingTrivia.utf8Offset
        tokens.append((start, name.endPositionBeforeTrailingTrivia.utf8Offset - start, "macro"))
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
