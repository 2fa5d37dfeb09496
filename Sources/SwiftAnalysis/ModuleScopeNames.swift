internal import SwiftSyntax

/// What one Swift file shares with the other files of its module, and what it could find in
/// them: the facts `MergedSamples` needs to compile several `test` samples as the files of one
/// module (one frontend job) only when none of them could see another's declarations.
///
/// Found in the syntax tree (swift-syntax's `Parser`), for a file compiled as a library
/// (`-parse-as-library`, no top-level code):
/// - `declared`: the names another file of the module could reach by name lookup: every
///   declaration at the top level (types, functions and operator functions, variables,
///   type aliases, operators, precedence groups, macros; inside `#if` too) and every member of
///   an extension of a type the file does not declare itself (`extension String { func shout() }`).
///   Members of the file's own types are reachable only through those types' names, which are
///   in `declared`.
/// - `mentioned`: every identifier and operator the file spells, so every name its own lookups
///   could resolve to a declaration of another file.
/// - `implicit`: whether it declares something the compiler looks up without the name being
///   spelled (`IntegerLiteralType`, an `init` or `subscript` or `callAsFunction` or
///   `appendInterpolation` in an extension of another type, `~=`, result-builder and iteration
///   methods): such a file is never compiled with another.
/// - `imports`: its `import` declarations as written, so that only files with the same imports
///   share a module (an import reaches the extension members of the whole module in Swift 6 without
///   `MemberImportVisibility`, SE-0444).
package struct ModuleScopeNames: Hashable, Sendable {
    /// Names another file of the module could find by lookup.
    package var declared: Set<String> = []
    /// Every identifier and operator the file spells.
    package var mentioned: Set<String> = []
    /// Declares a name the compiler looks up unspelled (see above).
    package var implicit = false
    /// The `import` declarations, trimmed, each once, sorted.
    package var imports: [String] = []

    /// Names the compiler looks up without their being spelled at the use: literal types,
    /// the initializers, subscripts and calls that sugar reaches, pattern matching, string
    /// interpolation, result builders, `for`-`in` iteration, synthesized conformances.
    static let implicitNames: Set<String> = [
        "IntegerLiteralType", "FloatLiteralType", "BooleanLiteralType", "StringLiteralType",
        "UnicodeScalarType", "ExtendedGraphemeClusterType", "main", "init", "subscript", "callAsFunction",
        "dynamicallyCall", "appendInterpolation", "appendLiteral", "~=", "makeIterator", "next", "hash", "==",
        "buildBlock", "buildExpression", "buildOptional", "buildEither", "buildArray",
        "buildLimitedAvailability", "buildFinalResult", "buildPartialBlock",
    ]

    /// Whether two files may be the files of one module: the same imports, neither declaring an
    /// implicitly looked-up name, and no name one declares spelled by the other.
    package func isIndependent(of other: ModuleScopeNames) -> Bool {
        !implicit && !other.implicit && imports == other.imports
            && declared.isDisjoint(with: other.mentioned) && other.declared.isDisjoint(with: mentioned)
    }

    /// The names of `source`, a whole file; `nil` when it is nested too deep to parse
    /// (`ParsingLimit`) or holds what this reading cannot see through (a freestanding macro or
    /// a statement at the top level, `@main`), which counts as sharing everything.
    package static func of(_ source: String) -> ModuleScopeNames? {
        of(ParsedSource(source))
    }

    /// `of(_:)` read from a tree already parsed.
    package static func of(_ parsed: ParsedSource) -> ModuleScopeNames? {
        guard let tree = parsed.tree else { return nil }
        var names = ModuleScopeNames()
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
        names.implicit = !names.declared.isDisjoint(with: implicitNames)
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
