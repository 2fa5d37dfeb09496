internal import SwiftSyntax

extension ProcessWideWalker {
    /// Whether `tree` declares a conformance of a type it does not declare to a protocol it does
    /// not declare, or carries one of the `unmangled` attributes (`ProcessWideDeclarations`).
    static func found(in tree: SourceFileSyntax, unmangled: Set<String>) -> Bool {
        let walker = ProcessWideWalker(unmangled: unmangled)
        walker.walk(tree)
        return walker.hasUnmangledSymbol
            || walker.extensions.contains { extended, conformances in
                !walker.declared.contains(extended) && conformances.contains { !walker.declared.contains($0) }
            }
    }
}

/// One pass collecting the type names declared at any depth, each extension's extended type and
/// conformances (last name component: `Swift.String` is `String`), and unmangled-symbol attributes.
final class ProcessWideWalker: SyntaxVisitor {
    var declared: Set<String> = []
    var extensions: [(extended: String, conformances: [String])] = []
    var hasUnmangledSymbol = false
    /// The attributes that give a symbol a name of its own or a place the loader runs.
    let unmangled: Set<String>

    init(unmangled: Set<String>) {
        self.unmangled = unmangled
        super.init(viewMode: .sourceAccurate)
    }

    static func lastName(_ type: TypeSyntax) -> String {
        let text = type.trimmedDescription
        let base = text.split(separator: "<").first.map(String.init) ?? text
        return base.split(separator: ".").last.map(String.init) ?? base
    }

    override func visit(_ node: AttributeSyntax) -> SyntaxVisitorContinueKind {
        let name = node.attributeName.trimmedDescription
        if unmangled.contains(name.hasPrefix("`") ? String(name.dropFirst().dropLast()) : name) {
            hasUnmangledSymbol = true
        }
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
