/// A position in a source file, as cmark reports it with `CMARK_OPT_SOURCEPOS` (and toml++, and
/// diagnostics carry). Its own small module below `CommonMark` and `LectureSupport`, so the
/// foundation module does not depend on the Markdown one.
///
/// Both numbers are 1-based; `column` counts bytes of UTF-8 from the start of the line, as cmark
/// and swiftc do. A location of `0:0` means the position is unknown.
package struct SourceLocation: Hashable, Sendable, Comparable, CustomStringConvertible, Codable {
    /// The 1-based line number.
    package var line: Int
    /// The 1-based column, in UTF-8 bytes.
    package var column: Int

    /// Creates a location; both 1-based (`column` in UTF-8 bytes), `0:0` for unknown.
    package init(line: Int, column: Int) {
        self.line = line
        self.column = column
    }

    /// Orders by line, then column.
    package static func < (lhs: SourceLocation, rhs: SourceLocation) -> Bool {
        (lhs.line, lhs.column) < (rhs.line, rhs.column)
    }

    /// `line:column`, as in diagnostics.
    package var description: String { "\(line):\(column)" }
}

/// The span of a node in its source file: first and last character, both inclusive, as cmark reports.
package struct SourceRange: Hashable, Sendable {
    /// The node's first character.
    package var start: SourceLocation
    /// The node's last character (inclusive).
    package var end: SourceLocation

    /// Creates a range from its first and last characters.
    package init(start: SourceLocation, end: SourceLocation) {
        self.start = start
        self.end = end
    }

    /// A range with unknown positions, for nodes built by a transform rather than parsed.
    package static let unknown = SourceRange(
        start: SourceLocation(line: 0, column: 0), end: SourceLocation(line: 0, column: 0))
}
