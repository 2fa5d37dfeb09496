import CommonMark
import LectureSupport

/// The one rule for a folder that `book.toml` names for the book to read: its pages (`[book]
/// src`), its templates (`[preprocessor.lecture] templates`), its sample libraries (`[preprocessor.lecture.samples]
/// libraries`) and the folders includes may read (`[preprocessor.lecture] include-from`). A book can come
/// from a pull request, so one line of its `book.toml` must not open the machine to it.
///
/// - An error at the key's line when the folder is `/` or a home folder, or holds one (`..`,
///   `../..`): the machine folders `--output` may not replace either (`OutputFolder.machineFolders`).
/// - An error at the key's line when, outside the book's repository, it lies inside a dot-folder
///   (`~/.ssh`, `~/.config`, `~/.aws`: where keys and tokens live) or a system folder (`/etc`,
///   `/root`, `/proc`…): a warning would not stop a pull request's build.
/// - A warning when it lies outside the repository that holds the book (the nearest folder up
///   from the book with a `.git`), or outside the book's folder when there is none: a book that
///   reads beyond its own tree is worth a look before it is built.
enum ReadableFolder {
    /// The problem with `folder` (as written, relative to `bookDirectory` unless absolute), named
    /// by `key` at `location` of `bookTOML`; nil when the book may read it.
    static func problem(
        _ folder: String, key: String, bookDirectory: String, bookTOML: String, location: SourceLocation?
    ) -> Diagnostic? {
        let resolved = CanonicalPath.of(FileSystem.resolve(folder, against: bookDirectory))
        if let machine = OutputFolder.machineFolder(heldBy: resolved) {
            let what = CanonicalPath.of(machine.path) == resolved ? "is" : "holds"
            return .error(
                .bookTOMLValue, bookTOML, location,
                "'\(key)' folder '\(folder)' \(what) \(machine.role) ('\(CanonicalPath.of(machine.path))'), which a book may not read",
                notes: [
                    "name a folder of the book's own, such as \"../examples\"; a book from a pull request could otherwise publish any file of the machine"
                ])
        }
        let book = CanonicalPath.of(bookDirectory)
        let boundary = repository(holding: book) ?? book
        guard !CanonicalPath.isWithin(resolved, boundary) else { return nil }
        if let hidden = privateFolder(holding: resolved, besides: boundary) {
            return .error(
                .bookTOMLValue, bookTOML, location,
                "'\(key)' folder '\(folder)' is inside \(hidden.role) ('\(hidden.path)'), which a book may not read",
                notes: [
                    "name a folder of the book's own, such as \"../examples\"; a book from a pull request could otherwise publish keys and tokens kept there"
                ])
        }
        let what = boundary == book ? "the book's folder" : "the repository"
        return .warning(
            .bookTOMLValue, bookTOML, location,
            "'\(key)' folder '\(folder)' is outside \(what) ('\(boundary)'): the book reads files from '\(resolved)'",
            notes: ["keep what the book reads inside \(what), or make sure this folder holds nothing private"])
    }

    /// The problem with `[build] build-dir` (`folder`, at `location` of `bookTOML`) when, outside
    /// the book's repository, it lies inside a dot-folder or a system folder: a site written into
    /// `~/.config/autostart` put a file of the book's where the desktop runs it at the next login
    /// `--output`, typed by the person building, is theirs to choose.
    static func outputProblem(
        _ folder: String, bookDirectory: String, bookTOML: String, location: SourceLocation?
    ) -> Diagnostic? {
        let resolved = CanonicalPath.of(FileSystem.resolve(folder, against: bookDirectory))
        let book = CanonicalPath.of(bookDirectory)
        let boundary = repository(holding: book) ?? book
        guard !CanonicalPath.isWithin(resolved, boundary),
            let hidden = privateFolder(holding: resolved, besides: boundary)
        else { return nil }
        return .error(
            .bookTOMLValue, bookTOML, location,
            "'build.build-dir' folder '\(folder)' is inside \(hidden.role) ('\(hidden.path)'), where a book may not write",
            notes: [
                "name a folder of the book's own, such as \"book\", or pass --output DIR to put the site elsewhere; a book from a pull request could otherwise put its files where programs read their settings"
            ])
    }

    /// Folders of the system that hold the machine's own secrets and state (`SystemFolders`' table).
    static let systemFolders = SystemFolders.privateFolders

    /// The dot-folder or system folder that `folder` (canonical) lies in, if any; a dot-folder
    /// that also holds `book` (a book kept in `~/.local/…` reading a sibling) is none.
    static func privateFolder(holding folder: String, besides book: String = "/") -> (path: String, role: String)? {
        var prefix = ""
        for component in folder.split(separator: "/") {
            prefix += "/" + component
            if component.hasPrefix("."), !CanonicalPath.isWithin(book, prefix) { return (prefix, "a dot-folder") }
        }
        // Root's home is `/root`: a folder of a home is judged by its dot-folders alone.
        guard !CanonicalPath.homeFolders().contains(where: { CanonicalPath.isWithin(folder, $0) }) else { return nil }
        return systemFolders.first { CanonicalPath.isWithin(folder, $0) }.map { ($0, "a system folder") }
    }

    /// The nearest folder from `folder` up that holds a `.git` (a repository or a worktree).
    static func repository(holding folder: String) -> String? {
        var current = folder
        while true {
            if FileSystem.exists(FileSystem.join(current, ".git")) { return current }
            guard current != "/", let slash = current.lastIndex(of: "/") else { return nil }
            current = slash == current.startIndex ? "/" : String(current[..<slash])
        }
    }
}
