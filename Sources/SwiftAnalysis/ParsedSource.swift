/// A Swift source and its syntax tree, parsed once (swift-syntax's `Parser`, in `SwiftSyntaxLibrary`) for every reader
/// that needs the tree (`ProcessWideDeclarations`, `TestDiscovery`, `ModuleScopeNames`).
///
/// The toolchain's parser reads about 0.7 MB of Swift a second on this project's 2-core machine
/// (the lecture's 130 KB of samples in 0.2 s, 2026-12-02), so a reader that parses again costs a
/// cold check time before its first compile.
package struct ParsedSource {
    /// The source as given.
    package let text: String
    /// Its tree, opaque outside `SwiftSyntaxLibrary`; `nil` when the source is nested too deep
    /// to parse (`ParsingLimit`).
    let tree: AnyObject?

    /// Parses `text`, unless it is nested too deep (`ParsingLimit`).
    package init(_ text: String) {
        self.text = text
        tree = ParsingLimit.allowsParsing(text) ? SwiftSyntaxLibrary.table.parse(text) : nil
    }
}
