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
        guard let tree = parsed.tree, let read = SwiftSyntaxLibrary.table.moduleScope(tree) else { return nil }
        var names = ModuleScopeNames(declared: read.declared, mentioned: read.mentioned, imports: read.imports)
        names.implicit = !names.declared.isDisjoint(with: implicitNames)
        return names
    }
}
