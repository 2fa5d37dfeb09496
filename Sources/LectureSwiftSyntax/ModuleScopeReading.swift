internal import SwiftSyntax

/// A file's module-scope names as `ModuleScopeNames` defines them, read from its syntax tree:
/// what it declares for the module's other files, every name it spells, its imports.
enum ModuleScopeReading {
    /// The names of `tree`, a whole file; `nil` when it holds what this reading cannot see
    /// through (a freestanding macro or a statement at the top level, `@main`).
    static func names(of tree: SourceFileSyntax) -> (declared: Set<String>, mentioned: Set<String>, imports: [String])?
    {
        var names: (declared: Set<String>, mentioned: Set<String>, imports: [String]) = ([], [], [])
        for token in tree.tokens(viewMode: .sourceAccurate) {
            switch token.tokenKind {
            case .identifier(let text), .binaryOperator(let text), .prefixOperator(let text),
                .postfixOperator(let text), .dollarIdentifier(let text):
                names.mentioned.insert(text.hasPrefix("`") ? String(text.dropFirst().dropLast()) : text)
            default: break
            }
        }
        var items = Array(tree.statements)
        var types: Set<String> = []
        var extensions: [ExtensionDeclSyntax] = []
        while let item = items.popLast() {
            guard case .decl(let decl) = item.item else { return nil }
            if decl.is(MacroExpansionDeclSyntax.self) { return nil }
            // `#sourceLocation(file:line:)`, which every sample's program holds: no declaration.
            if decl.is(PoundSourceLocationSyntax.self) { continue }
            if let condition = decl.as(IfConfigDeclSyntax.self) {
                for clause in condition.clauses {
                    guard case .statements(let inner)? = clause.elements else { return nil }
                    items += inner
                }
                continue
            }
            if let importDecl = decl.as(ImportDeclSyntax.self) {
                names.imports.append(importDecl.trimmedDescription)
                continue
            }
            if let extensionDecl = decl.as(ExtensionDeclSyntax.self) {
                extensions.append(extensionDecl)
                continue
            }
            if hasMainAttribute(decl) { return nil }
            let declared = Self.names(of: decl)
            if decl.is(ClassDeclSyntax.self) || decl.is(StructDeclSyntax.self) || decl.is(EnumDeclSyntax.self)
                || decl.is(ActorDeclSyntax.self) || decl.is(ProtocolDeclSyntax.self)
                || decl.is(TypeAliasDeclSyntax.self)
            {
                types.formUnion(declared)
            }
            names.declared.formUnion(declared)
        }
        names.imports = Set(names.imports).sorted()
        for extensionDecl in extensions {
            let extended = extensionDecl.extendedType.trimmedDescription
            let base = extended.split(whereSeparator: { $0 == "." || $0 == "<" }).first.map(String.init) ?? extended
            if types.contains(base) { continue }
            for member in extensionDecl.memberBlock.members {
                if member.decl.is(MacroExpansionDeclSyntax.self) || member.decl.is(IfConfigDeclSyntax.self) {
                    return nil
                }
                names.declared.formUnion(Self.names(of: member.decl))
            }
        }
        return names
    }

    /// The names a declaration introduces in its scope (`init` and `subscript` by their keyword).
    private static func names(of decl: DeclSyntax) -> Set<String> {
        func text(_ token: TokenSyntax) -> String {
            let name = token.text
            return name.hasPrefix("`") ? String(name.dropFirst().dropLast()) : name
        }
        if let node = decl.as(ClassDeclSyntax.self) { return [text(node.name)] }
        if let node = decl.as(StructDeclSyntax.self) { return [text(node.name)] }
        if let node = decl.as(EnumDeclSyntax.self) { return [text(node.name)] }
        if let node = decl.as(ActorDeclSyntax.self) { return [text(node.name)] }
        if let node = decl.as(ProtocolDeclSyntax.self) { return [text(node.name)] }
        if let node = decl.as(TypeAliasDeclSyntax.self) { return [text(node.name)] }
        if let node = decl.as(FunctionDeclSyntax.self) { return [text(node.name)] }
        if let node = decl.as(MacroDeclSyntax.self) { return [text(node.name)] }
        if let node = decl.as(OperatorDeclSyntax.self) { return [text(node.name)] }
        if let node = decl.as(PrecedenceGroupDeclSyntax.self) { return [text(node.name)] }
        if decl.is(InitializerDeclSyntax.self) { return ["init"] }
        if decl.is(SubscriptDeclSyntax.self) { return ["subscript"] }
        if let node = decl.as(VariableDeclSyntax.self) {
            return Set(
                node.bindings.flatMap { binding in
                    binding.pattern.tokens(viewMode: .sourceAccurate).compactMap { token -> String? in
                        if case .identifier = token.tokenKind { return text(token) }
                        return nil
                    }
                })
        }
        // Anything else (an enum case cannot stand here; an associated type neither): a name
        // this reading does not know is shared with everything.
        return ["main"]
    }

    /// Whether a declaration carries `@main`.
    private static func hasMainAttribute(_ decl: DeclSyntax) -> Bool {
        decl.tokens(viewMode: .sourceAccurate).contains { token in
            token.text == "main" && token.previousToken(viewMode: .sourceAccurate)?.tokenKind == .atSign
        }
    }
}
