internal import SwiftSyntax
import SwiftSyntaxTable

extension TestWalker {
    /// What `TestDiscovery` reads from `tree`: imports, `@Test` functions, classes and methods.
    static func read(_ tree: SourceFileSyntax) -> SyntaxTests {
        let walker = TestWalker(viewMode: .sourceAccurate)
        walker.walk(tree)
        return (walker.imports, walker.testFunctions, walker.superclasses, walker.classOrder, walker.methods)
    }
}

/// One pass over the tree collecting imports, `@Test` functions, classes and their `test…` methods.
final class TestWalker: SyntaxVisitor {
    var imports: Set<String> = []
    var testFunctions: [String] = []
    var superclasses: [(name: String, superclass: String)] = []
    var classOrder: [String] = []
    var methods: [String: [(name: String, isAsync: Bool, isMainActor: Bool)]] = [:]
    /// The class or extension being walked, innermost last.
    private var typeStack: [String?] = []
    /// Classes declared `@MainActor`.
    private var mainActorClasses: Set<String> = []

    override func visit(_ node: ImportDeclSyntax) -> SyntaxVisitorContinueKind {
        imports.insert(node.path.map(\.name.text).joined(separator: "."))
        return .skipChildren
    }

    override func visit(_ node: ClassDeclSyntax) -> SyntaxVisitorContinueKind {
        let name = node.name.text
        if typeStack.isEmpty {
            classOrder.append(name)
            if Self.names(node.attributes).contains("MainActor") { mainActorClasses.insert(name) }
            if let first = node.inheritanceClause?.inheritedTypes.first {
                superclasses.append((name, first.type.trimmedDescription))
            }
        }
        typeStack.append(typeStack.isEmpty ? name : nil)
        return .visitChildren
    }

    override func visitPost(_ node: ClassDeclSyntax) { typeStack.removeLast() }

    override func visit(_ node: ExtensionDeclSyntax) -> SyntaxVisitorContinueKind {
        typeStack.append(typeStack.isEmpty ? node.extendedType.trimmedDescription : nil)
        return .visitChildren
    }

    override func visitPost(_ node: ExtensionDeclSyntax) { typeStack.removeLast() }

    override func visit(_ node: StructDeclSyntax) -> SyntaxVisitorContinueKind {
        typeStack.append(nil)
        return .visitChildren
    }

    override func visitPost(_ node: StructDeclSyntax) { typeStack.removeLast() }

    override func visit(_ node: FunctionDeclSyntax) -> SyntaxVisitorContinueKind {
        let name = node.name.text
        let attributes = Self.names(node.attributes)
        if attributes.contains("Test") || attributes.contains("Testing.Test") {
            testFunctions.append(name)
        }
        let isStatic = node.modifiers.contains { $0.name.text == "static" || $0.name.text == "class" }
        if let owner = typeStack.last ?? nil, name.hasPrefix("test"), !isStatic,
            node.signature.parameterClause.parameters.isEmpty, node.genericParameterClause == nil
        {
            let isAsync = node.signature.effectSpecifiers?.asyncSpecifier != nil
            let isMainActor = attributes.contains("MainActor") || mainActorClasses.contains(owner)
            methods[owner, default: []].append((name, isAsync, isMainActor))
        }
        return .skipChildren
    }

    /// The attributes' names, as written (`Test`, `MainActor`).
    static func names(_ attributes: AttributeListSyntax) -> [String] {
        attributes.compactMap { $0.as(AttributeSyntax.self)?.attributeName.trimmedDescription }
    }
}
