/// Where a person edits each line of a sample whose page's text is not the file's own lines (an
/// `{{#include}}` was expanded above it or inside it).
///
/// A sample's program counts the page's lines as the parser saw them, the expanded text
/// (`#sourceLocation` names them), and so does everything read back from it: a compile error, a
/// trap's message, a failed test's line. Every one of those is read through this before it is
/// shown, on the terminal (`IncludedLocations.remap`, for diagnostics), in the JUnit report and on
/// the page (`Sample.editedPlace(ofLine:)`, `Sample.shownPlace(ofLine:)`): a line of the expanded
/// text past the included lines is past the end of the file it would name (issue 32: a test's
/// failure on a page of 1,000 lines reported at line 1691).
struct EditedLines: Hashable, Sendable {
    /// The expanded text's line of `origins[0]`.
    var firstLine: Int
    /// One per line of the expanded text from `firstLine` on, to the sample's last line.
    var origins: [IncludeExpander.LineOrigin]
    /// The path from the book's folder of each included file inside that folder, by its path as
    /// diagnostics show it (`LineOrigin.path`): how a page names the file (`Sample.programPath`'s form).
    var bookPaths: [String: String] = [:]

    /// The lines of `file` from `lines.lowerBound` to `lines.upperBound` (1-based, clamped to the
    /// text), with the book path of each included file that lies in `bookFolder` (standardized).
    init(_ file: SourceFile, lines: ClosedRange<Int>, bookFolder: String?) {
        let all = file.lineOrigins ?? []
        let first = max(1, min(lines.lowerBound, all.count))
        let last = min(max(lines.upperBound, first), all.count)
        firstLine = first
        origins = all.isEmpty ? [] : Array(all[(first - 1)..<last])
        guard let bookFolder else { return }
        for origin in origins where !origin.includedFrom.isEmpty && bookPaths[origin.path] == nil {
            if let path = BookPath.inFolder(origin.path, folder: bookFolder) { bookPaths[origin.path] = path }
        }
    }

    /// Where line `line` of the expanded text is edited; `nil` outside the sample's lines.
    func origin(ofLine line: Int) -> IncludeExpander.LineOrigin? {
        let index = line - firstLine
        return origins.indices.contains(index) ? origins[index] : nil
    }
}
