import LectureSupport

/// A file the site copies rather than generates: where it is, and the folders the one read rule
/// (`BookFileRule`) lets it be read from. It is opened, judged and copied through one descriptor
/// (`BookFile`) when it is hashed and when it is written, never by its name alone: a static file
/// swapped for a link out of the book between the listing and the copy is not followed.
struct CopiedFile: Sendable, Hashable {
    /// The path on disk, as spelled.
    let source: String
    /// The folders it may be read from, canonical.
    let roots: [String]
    /// Whether the file itself may be a symbolic link (the pages' folder copies none).
    var followingLink = true

    /// The file, opened and judged.
    func open() -> Result<BookFile, BookFile.Problem> {
        BookFile.open(source, roots: roots, followingLink: followingLink)
    }

    /// A file of the tool's own (highlight.js from the system): any regular file, links followed.
    static func system(_ path: String) -> CopiedFile { CopiedFile(source: path, roots: ["/"]) }

    /// Whether it is the book's (a file of the pages, the theme, `additional-css`…), whose copy is
    /// scanned for secrets as it is written (`PublishedSecrets.inCopy`), not one of the tool's own.
    var isBooks: Bool { roots != ["/"] }
}
