internal import SwiftSyntax
import SwiftSyntaxTable

extension TargetFinder {
    /// The identifiers worth a hover card (`DeclarationCards`): references and declarations, not
    /// import paths, attribute or macro names, nor `#sourceLocation`'s labels; the closures; the
    /// declarations that write `@MainActor`.
    static func targets(in tree: SourceFileSyntax) -> SyntaxCardTargets {
        let finder = TargetFinder(viewMode: .sourceAccurate)
        finder.walk(tree)
        return (finder.identifiers, finder.closures, finder.writtenMainActor)
    }
}

/// One pass collecting the targets.
final class TargetFinder: SyntaxVisitor {
    var identifiers: [(offset: Int, length: Int)] = []
    var closures: [(offset: Int, length: Int)] = []
    /// The declarations (with their bodies) that write `@MainActor`.
    var writtenMainActor: [Range<Int>] = []

    override func visit(_ node: ImportDeclSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
    override func visit(_ node: AttributeSyntax) -> SyntaxVisitorContinueKind {
        if node.attributeName.trimmedDescription == "MainActor", let declaration = node.parent?.parent {
            writtenMainActor.append(
                declaration.positionAfterSkippingLeadingTrivia
                    .utf8Offset..<declaration.endPositionBeforeTrailingTrivia.utf8Offset)
        }
        return .skipChildren
    }
    override func visit(_ node: PoundSourceLocationSyntax) -> SyntaxVisitorContinueKind { .skipChildren }

    override func visit(_ node: MacroExpansionExprSyntax) -> SyntaxVisitorContinueKind {
        walkAll(node.arguments)
        if let trailing = node.trailingClosure { walk(trailing) }
        return .skipChildren
    }

    private func walkAll(_ arguments: LabeledExprListSyntax) {
        for argument in arguments { walk(argument.expression) }
    }

    override func visit(_ node: ClosureExprSyntax) -> SyntaxVisitorContinueKind {
        let start = node.positionAfterSkippingLeadingTrivia.utf8Offset
        closures.append((start, node.endPositionBeforeTrailingTrivia.utf8Offset - start))
        return .visitChildren
    }

    override func visit(_ token: TokenSyntax) -> SyntaxVisitorContinueKind {
        switch token.tokenKind {
        case .identifier, .dollarIdentifier:
            // An argument label (`value:` in a call) is no declaration of its own.
            if token.parent?.is(LabeledExprSyntax.self) == true { break }
            let start = token.positionAfterSkippingLeadingTrivia.utf8Offset
            identifiers.append((start, token.endPositionBeforeTrailingTrivia.utf8Offset - start))
        default:
            break
        }
        return .skipChildren
    }
}
