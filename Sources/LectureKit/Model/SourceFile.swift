import LectureSupport

/// A Markdown file as loaded: its name and its text, normalised for parsing.
///
/// Normalisation removes a UTF-8 byte order mark and turns CRLF and lone CR into LF, so a page
/// renders the same whatever editor saved it; line numbers are unchanged by it.
package struct SourceFile: Hashable, Sendable {
    /// The path shown in diagnostics, as the user would type it (`content/mvc.md`).
    var displayPath: String
    /// The path relative to the content folder, with `/` separators (`mvc.md`, `part/intro.md`).
    var relativePath: String
    /// The normalised text.
    package var text: String
    /// For a page whose `{{#include}}` directives were expanded into `text`: where each of its
    /// lines came from (`IncludeExpander`); `nil` when `text` is the file as it is on disk.
    var lineOrigins: [IncludeExpander.LineOrigin]?
    /// Every file its directives read (`IncludeExpander.Expansion.included`), also one included
    /// in the middle of a line, whose line keeps the page's origin.
    var includedPaths: [String] = []
    /// Whether `text` is more than the file less the backslashes of its escaped directives
    /// (`\{{#…}}`): a directive was expanded, or failed. `lecture check --bless` rewrites only a
    /// page where it is not.
    var expandsDirectives = false
    /// Lines of `text` (1-based) where an `{{#include}}` failed (reported by `IncludeExpander`):
    /// a sample around one is not verified, since what it would check is missing.
    var failedIncludeLines: Set<Int> = []
    /// Diagnostics of its directives placed on a line of the file itself that the expanded text
    /// has no line of (a directive alone on its line is replaced by the included lines): already
    /// where the author edits, so `IncludedLocations.remap` leaves their place as it is.
    var placedOnOwnLines: Set<Diagnostic> = []
    /// Diagnostics of its directives moved to a line of `text` whose column is still the file's
    /// own (a directive's, which the expanded line no longer holds): `IncludedLocations.remap`
    /// moves their line alone, not their column through the line's `runs`.
    var ownColumns: Set<Diagnostic> = []
    /// The page's `<title>` as its `{{#title …}}` gives it (mdBook), in place of its heading's
    /// and the book's title.
    var title: String?

    /// Creates a file from text already normalised (`SourceFileReader.decode` does that).
    init(displayPath: String, relativePath: String, text: String) {
        self.displayPath = displayPath
        self.relativePath = relativePath
        self.text = text
    }
}
