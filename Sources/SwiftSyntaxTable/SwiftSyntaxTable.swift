/// What SwiftAnalysis asks of swift-syntax, as one table of functions that take and give the
/// standard library's types only: `LectureSwiftSyntax`, a shared library of its own, fills it in,
/// and SwiftAnalysis loads that library with dlopen the first time a book needs a Swift reading
/// (`SwiftSyntaxLibrary`), so a book without Swift samples never loads swift-syntax (about 3 ms
/// of every run's start-up, its libraries' relocations). Both sides are compiled from this one
/// declaration; a type alias has no run-time identity of its own, so the two images agree on it.
package typealias SwiftSyntaxTable = (
    /// A source's syntax tree, opaque outside the library (`ParsedSource`).
    parse: @Sendable (String) -> AnyObject,
    /// The classified stretches of a source (`SyntaxHighlighter`): UTF-8 offset and length, and
    /// the kind's name (`HighlightedToken.Kind`'s raw value), in order.
    highlight: @Sendable (String) -> [(offset: Int, length: Int, kind: String)],
    /// The 0-based lines where a `//` comment starts (`SnippetMarkers`).
    lineComments: @Sendable (String) -> Set<Int>,
    /// Whether a tree declares a process-wide conformance or a symbol with one of the given
    /// attributes (`ProcessWideDeclarations`).
    processWide: @Sendable (AnyObject, Set<String>) -> Bool,
    /// What a tree's test discovery reads (`TestDiscovery`).
    tests: @Sendable (AnyObject) -> SyntaxTests,
    /// A file's module-scope names, `nil` when it holds what the reading cannot see through
    /// (`ModuleScopeNames`).
    moduleScope: @Sendable (AnyObject) -> (declared: Set<String>, mentioned: Set<String>, imports: [String])?,
    /// The identifiers, closures and `@MainActor` declarations a program's hover cards are
    /// asked for (`DeclarationCards`).
    cardTargets: @Sendable (String) -> SyntaxCardTargets
)

/// A tree's imports, `@Test` functions, classes with their first inherited type (in order),
/// and the `test…` methods of each class or extension (name, `async`, main-actor isolated).
package typealias SyntaxTests = (
    imports: Set<String>, testFunctions: [String], superclasses: [(name: String, superclass: String)],
    classOrder: [String], methods: [String: [(name: String, isAsync: Bool, isMainActor: Bool)]]
)

/// The stretches (UTF-8 offset and length) of a program's identifiers and closures, and the
/// ranges of its declarations that write `@MainActor`.
package typealias SyntaxCardTargets = (
    identifiers: [(offset: Int, length: Int)], closures: [(offset: Int, length: Int)],
    writtenMainActor: [Range<Int>]
)
