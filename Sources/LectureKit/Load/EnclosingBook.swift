import LectureSupport

/// A book whose pages' folder is the folder a command was run in (`cd src && lecture build`):
/// that folder holds `SUMMARY.md` and no `book.toml`, so it would be built as a book of its own,
/// with none of the real book's settings (its samples unverified, its site written into the
/// pages' folder, whose files the real book then publishes again). mdBook refuses there, as it
/// finds no `src/SUMMARY.md`; lecture names the book instead (new-user round of 2026-12-07).
struct EnclosingBook {
    /// The folder that holds the enclosing book's `book.toml`.
    var root: String

    /// The book above `pages` (canonical or not) whose `[book] src` (default `src`) is `pages`,
    /// if any, looked for in each folder up to `/`.
    static func holding(pages: String) -> EnclosingBook? {
        let folder = CanonicalPath.of(pages)
        var current = folder
        while current != "/", let slash = current.lastIndex(of: "/") {
            current = slash == current.startIndex ? "/" : String(current[..<slash])
            let toml = FileSystem.join(current, "book.toml")
            guard FileSystem.exists(toml) else { continue }
            let source = BookSettingsLoader.load(path: toml).settings.source ?? "src"
            if CanonicalPath.of(FileSystem.resolve(source, against: current)) == folder {
                return EnclosingBook(root: current)
            }
            // The nearest book.toml is the book this folder belongs to, if any.
            return nil
        }
        return nil
    }

    /// The error for a command run in `folder` (as named on the command line, or ".").
    func diagnostic(folder: String) -> Diagnostic {
        .error(
            .badArgument, folder, nil,
            "this folder is the pages' folder of the book at \(quoted: root), not a book of its own",
            notes: [
                "run the command in \(quoted: root) (or name it: 'lecture build \(root)'), so that its book.toml's settings apply"
            ])
    }
}
