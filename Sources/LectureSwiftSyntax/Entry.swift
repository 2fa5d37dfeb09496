internal import SwiftParser
internal import SwiftSyntax
import SwiftSyntaxTable

/// The library's one entry point, found with dlsym by `SwiftSyntaxLibrary`: the table of
/// swift-syntax readings, made once; the caller moves the table out and frees its memory (the
/// process keeps the library, whose code the closures are, loaded).
@_cdecl("lecture_swift_syntax_table")
public func lectureSwiftSyntaxTable() -> UnsafeMutableRawPointer {
    let table = UnsafeMutablePointer<SwiftSyntaxTable>.allocate(capacity: 1)
    table.initialize(
        to: (
            parse: { Tree(Parser.parse(source: $0)) },
            highlight: Highlighting.tokens(in:),
            lineComments: CommentLines.lines(in:),
            processWide: { ProcessWideWalker.found(in: Tree.of($0), unmangled: $1) },
            tests: { TestWalker.read(Tree.of($0)) },
            moduleScope: { ModuleScopeReading.names(of: Tree.of($0)) },
            cardTargets: { TargetFinder.targets(in: Parser.parse(source: $0)) }
        ))
    return UnsafeMutableRawPointer(table)
}

/// A parsed source, handed out as an opaque object (`SwiftSyntaxTable.parse`).
final class Tree {
    let syntax: SourceFileSyntax

    init(_ syntax: SourceFileSyntax) { self.syntax = syntax }

    /// The tree of an object `parse` made.
    static func of(_ object: AnyObject) -> SourceFileSyntax {
        guard let tree = object as? Tree else { preconditionFailure("not a tree of LectureSwiftSyntax's parse") }
        return tree.syntax
    }
}
