internal import SwiftSyntax

extension ProcessWideWalker {
    /// Whether `tree` carries one of the `unmangled` attributes, or declares a conformance it
    /// cannot be shown to keep to itself (`ProcessWideDeclarations`). Fail-safe: a conformance is
    /// the sample's own only when its extended type is, as written, a type the sample declares
    /// (`Local`, `Local.Inner`: each name a struct, class, enum or actor declared at the top level
    /// or in the body of the one before, outside `#if`), or when every protocol it adds is one the
    /// sample declares that way and that refines nothing (a refining protocol brings the
    /// conformances it implies with it). Anything else, a qualified standard type (`Swift.X`), a
    /// name a nested type or a type alias shares, a sugared type, runs alone (attack 22 F2).
    static func found(in tree: SourceFileSyntax, unmangled: Set<String>) -> Bool {
        let walker = ProcessWideWalker(unmangled: unmangled)
        walker.walk(tree)
        return walker.hasUnmangledSymbol
            || walker.extensions.contains { extended, conformances in
                !(extended.map { walker.declared.contains($0) } ?? false)
                    && !conformances.allSatisfy { $0.map { walker.ownProtocols.contains($0) } ?? false }
            }
    }
}

/// One pass collecting the types the sample declares (their paths, `Outer.Inner`), its protocols
/// that refine nothing, each extension's extended type and conformances as paths (`nil` when
/// not a plain path of names), and unmangled-symbol attributes.
final class ProcessWideWalker: SyntaxVisitor {
    /// The paths of the struct, class, enum and actor types declared at the top level or nested
    /// in one another, outside `#if`, joined with `.`.
    var declared: Set<String> = []
    /// The paths of the protocols declared the same way without an inheritance clause.
    var ownProtocols: Set<String> = []
    var extensions: [(extended: String?, conformances: [String?])] = []
    var hasUnmangledSymbol = false
    /// The attributes that give a symbol a name of its own or a place the loader runs.
    let unmangled: Set<String>

    init(unmangled: Set<String>) {
        self.unmangled = unmangled
        super.init(viewMode: .sourceAccurate)
    }

    /// `name` without the backticks of an escaped identifier.
    static func plain(_ name: TokenSyntax) -> String {
        let text = name.text
        return text.hasPrefix("`") && text.hasSuffix("`") && text.count > 1 ? String(text.dropFirst().dropLast()) : text
    }

    /// `type` as a path of names (`Outer.Inner`, generic arguments left out); `nil` for any other
    /// spelling (optional, array, composition, attributed, `some`, …).
    static func path(_ type: TypeSyntax) -> String? {
        if let identifier = type.as(IdentifierTypeSyntax.self) { return plain(identifier.name) }
        if let member = type.as(MemberTypeSyntax.self), let base = path(member.baseType) {
            return base + "." + plain(member.name)
        }
        return nil
    }

    /// The path of a type declaration named `name` whose declaration is `node`: at the top level of
    /// the file, or a member of a struct, class, enum or actor that has a path; `nil` elsewhere
    /// (in a function, a closure, an extension, a protocol, under `#if`).
    static func path(of node: some SyntaxProtocol, named name: TokenSyntax) -> String? {
        guard let parent = node.parent else { return nil }
        if parent.is(CodeBlockItemSyntax.self), parent.parent?.is(CodeBlockItemListSyntax.self) == true,
            parent.parent?.parent?.is(SourceFileSyntax.self) == true
        {
            return plain(name)
        }
        guard parent.is(MemberBlockItemSyntax.self), let owner = parent.parent?.parent?.parent else { return nil }
        let outer: String?
        if let type = owner.as(StructDeclSyntax.self) {
            outer = path(of: type, named: type.name)
        } else if let type = owner.as(ClassDeclSyntax.self) {
            outer = path(of: type, named: type.name)
        } else if let type = owner.as(EnumDeclSyntax.self) {
            outer = path(of: type, named: type.name)
        } else if let type = owner.as(ActorDeclSyntax.self) {
            outer = path(of: type, named: type.name)
        } else {
            outer = nil
        }
        return outer.map { $0 + "." + plain(name) }
    }

    override func visit(_ node: AttributeSyntax) -> SyntaxVisitorContinueKind {
        let name = node.attributeName.trimmedDescription
        if unmangled.contains(name.hasPrefix("`") ? String(name.dropFirst().dropLast()) : name) {
            hasUnmangledSymbol = true
        }
        return .visitChildren
    }

    override func visit(_ node: ExtensionDeclSyntax) -> SyntaxVisitorContinueKind {
        let conformances = node.inheritanceClause?.inheritedTypes.map { Self.path($0.type) } ?? []
        if !conformances.isEmpty { extensions.append((Self.path(node.extendedType), conformances)) }
        return .visitChildren
    }

    override func visit(_ node: ClassDeclSyntax) -> SyntaxVisitorContinueKind { declare(node, node.name) }
    override func visit(_ node: StructDeclSyntax) -> SyntaxVisitorContinueKind { declare(node, node.name) }
    override func visit(_ node: EnumDeclSyntax) -> SyntaxVisitorContinueKind { declare(node, node.name) }
    override func visit(_ node: ActorDeclSyntax) -> SyntaxVisitorContinueKind { declare(node, node.name) }
    override func visit(_ node: ProtocolDeclSyntax) -> SyntaxVisitorContinueKind {
        if node.inheritanceClause == nil, node.genericWhereClause == nil,
            let path = Self.path(of: node, named: node.name)
        {
            ownProtocols.insert(path)
        }
        return .visitChildren
    }

    private func declare(_ node: some SyntaxProtocol, _ name: TokenSyntax) -> SyntaxVisitorContinueKind {
        if let path = Self.path(of: node, named: name) { declared.insert(path) }
        return .visitChildren
    }
}
