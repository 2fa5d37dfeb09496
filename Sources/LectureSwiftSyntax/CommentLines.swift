internal import SwiftParser
internal import SwiftSyntax

/// Where a source's `//` comments are (`SnippetMarkers`): a line that reads `// snippet.hide`
/// inside a multiline string literal is part of the string, which only the syntax tree tells.
enum CommentLines {
    /// The 0-based lines on which a line comment (`//`, not `///`) starts.
    static func lines(in code: String) -> Set<Int> {
        let tree = Parser.parse(source: code)
        let converter = SourceLocationConverter(fileName: "", tree: tree)
        var lines: Set<Int> = []
        func note(_ piece: TriviaPiece, at position: AbsolutePosition) {
            guard case .lineComment = piece else { return }
            lines.insert(converter.location(for: position).line - 1)
        }
        for token in tree.tokens(viewMode: .sourceAccurate) {
            var position = token.position
            for piece in token.leadingTrivia {
                note(piece, at: position)
                position += piece.sourceLength
            }
            position = token.endPositionBeforeTrailingTrivia
            for piece in token.trailingTrivia {
                note(piece, at: position)
                position += piece.sourceLength
            }
        }
        return lines
    }
}
