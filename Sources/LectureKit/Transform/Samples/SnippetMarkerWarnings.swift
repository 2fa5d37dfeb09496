import CommonMark
import LectureSupport

/// A warning at a `// snippet.hide` that no `// snippet.show` follows in its code block: every
/// line after it is hidden on the page (until the reader presses the code's hidden-lines
/// button), while the program runs them and its output block shows
/// what they print (swift-docc#943). A block that means to hide its end says so with a
/// `// snippet.show` as its last line.
enum SnippetMarkerWarnings {
    /// The warning for one code block of a sample on the page at `path`, if any.
    static func of(_ part: Sample.Part, path: String) -> [Diagnostic] {
        guard let last = part.snippetMarkers.keys.max(), part.snippetMarkers[last] == true else { return [] }
        let lines = part.code.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
        let hidden = lines.count - last - 1
        guard hidden > 0 else { return [] }
        let indentation = lines[last].prefix(while: { $0 == " " || $0 == "\t" }).utf8.count
        return [
            .warning(
                .sampleSnippetMarker, path,
                SourceLocation(line: part.firstLine + last, column: part.column + indentation),
                "'// snippet.hide' with no '// snippet.show' after it: the sample is hidden to the end of its block (\(hidden) line\(hidden == 1 ? "" : "s"))",
                notes: [
                    "the program runs the hidden lines and its output shows what they print, but the page hides them until the reader presses the code's hidden-lines button",
                    "add '// snippet.show' where the shown code resumes, or as the block's last line if hiding its end is meant",
                ])
        ]
    }
}
