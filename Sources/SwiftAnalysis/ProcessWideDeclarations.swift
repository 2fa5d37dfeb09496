internal import SwiftSyntax

/// Whether a Swift program declares something that reaches beyond its own module into the whole
/// process, so that another module linked into the same program would see it (`MergedSamples`
/// then verifies the program alone).
///
/// Two kinds, found in the syntax tree (swift-syntax's `Parser`):
/// - a conformance of a type the source does not declare to a protocol it does not declare
///   (`extension String: Error {}`, `extension UIView: CustomStringConvertible`): the Swift
///   runtime finds conformances for dynamic casts (`as?`, `print`'s `CustomStringConvertible`)
///   among every conformance record of the process, so another module's `"x" as? Error` would
///   succeed too;
/// - a symbol given a name of its own (`@_cdecl`, `@_silgen_name`, `@_extern`, `@_section`,
///   `@_used`): such names are not mangled with the module, so they can satisfy or interpose
///   another module's references.
package enum ProcessWideDeclarations {
    /// `true` when `source` (a whole program) declares something of either kind, or is nested too
    /// deep to parse (`ParsingLimit`), which counts as unknown. Parsed only when it could
    /// (`mayDeclare(in:)`).
    package static func found(in source: String) -> Bool {
        mayDeclare(in: source) && found(in: ParsedSource(source))
    }

    /// `found(in:)` read from a tree already parsed.
    package static func found(in parsed: ParsedSource) -> Bool {
        guard mayDeclare(in: parsed.text) else { return false }
        guard let tree = parsed.tree else { return true }
        let walker = ProcessWideWalker(viewMode: .sourceAccurate)
        walker.walk(tree)
        return walker.hasUnmangledSymbol
            || walker.extensions.contains { extended, conformances in
                !walker.declared.contains(extended) && conformances.contains { !walker.declared.contains($0) }
            }
    }

    /// Whether `source` spells what either kind needs: the keyword `extension` or the name of an
    /// unmangled-symbol attribute (in a comment or a string too, so it errs towards parsing).
    /// Most programs spell neither and are never parsed for this question.
    package static func mayDeclare(in source: String) -> Bool {
        source.contains("extension") || ProcessWideWalker.unmangled.contains { source.contains($0) }
    }
}

/// One pass collecting the type names declared at any depth, each extension's extended type and
/// conformances (last name component: `Swift.String` is `String`), and unmangled-symbol attributes.
private final class ProcessWideWalker: SyntaxVisitor {
    var declared: Set<String> = []
    var extensions: [(extended: String, conformances: [String])] = []
    var hasUnmangledSymbol = false
    static let unmangled: Set<String> = ["_cdecl", "_silgen_name", "_extern", "_section", "_used"]

    static func lastName(_ type: TypeSyntax) -> String {
        let text = type.trimmedDescription
        let base = text.split(separator: "<").first.map(String.init) ?? text
        return base.split(separator: ".").last.map(String.init) ?? base
    }

    override func visit(_ node: AttributeSyntax) -> SyntaxVisitorContinueKind {
        if Self.unmangled.contains(node.attributeName.trimmedDescription) { hasUnmangledSymbol = true }
        return .visitChildren
    }

    override func visit(_ node: ExtensionDeclSyntax) -> SyntaxVisitorContinueKind {
        let conformances = node.inheritanceClause?.inheritedTypes.map { Self.lastName($0.type) } ?? []
        if !conformances.isEmpty { extensions.append((Self.lastName(node.extendedType), conformances)) }
        return .visitChildren
    }

    override func visit(_ node: ClassDeclSyntax) -> SyntaxVisitorContinueKind { declare(node.name) }
    override func visit(_ node: StructDeclSyntax) -> SyntaxVisitorContinueKind { declare(node.name) }
    override func visit(_ node: EnumDeclSyntax) -> SyntaxVisitorContinueKind { declare(node.name) }
    override func visit(_ node: ActorDeclSyntax) -> SyntaxVisitorContinueKind { declare(node.name) }
    override func visit(_ node: ProtocolDeclSyntax) -> SyntaxVisitorContinueKind { declare(node.name) }

    private func declare(_ name: TokenSyntax) -> SyntaxVisitorContinueKind {
        declared.insert(name.text)
        return .visitChildren
    }
}
