import LectureSupport

/// The one rule for every file the book reads, whatever reads it and whether a setting named it
/// or the tool took it by default: `{{#include}}`, the pages and `SUMMARY.md`, the not-found page,
/// the theme's `page.html`, `404.html`, partials and words, and `additional-css`/`-js`. The path
/// is judged as the kernel would open it, every symbolic link resolved (`CanonicalPath.of`),
/// never as spelled: a committed link `theme/page.html -> ~/.env` is the file `~/.env`.
///
/// A file may be read only when, resolved, it
/// - lies inside one of `roots` (the book's folders, or the theme's),
/// - has no dot-named component below that root: no `.git` folder on its way, no other
///   dot-folder (`.secrets/k.txt`, `src/.hidden/creds.txt`, `.config/x/token`) and no dot-file
///   (`.env`, `.npmrc`): the book's own `.git/config` holds a CI token on a runner
///   (actions/checkout's `extraheader`), `.aws/`, `.docker/`, `.kube/` hold keys in a checkout,
///   and dot-files and dot-folders are kept out of the pages already (`EditorLeftovers`); a
///   plain-named link into one is judged where it leads (attack 17, F2),
/// - is a regular file, and not one of the kernel's (`/proc/self/environ` looks regular).
enum BookFileRule {
    /// Why a file may not be read.
    enum Refusal: Equatable, Sendable {
        /// Nothing is there.
        case missing
        /// Outside every root: the canonical path.
        case outside(String)
        /// Inside a `.git` folder or another dot-folder (`folder`), or a dot-file: the name of
        /// that component.
        case privateFile(String, folder: Bool)
        case folder
        /// A named pipe, a socket or a device.
        case special
        /// A file of `/proc`, `/sys`…
        case kernel

        /// The words after "'PATH' ", for a diagnostic: "lies outside the book ('/root/.env')".
        var phrase: String {
            switch self {
            case .missing: "does not exist"
            case .outside(let real): "lies outside the book (\(quoted: real))"
            case .privateFile(let name, let folder):
                name == ".git"
                    ? "lies in the book's '.git' folder, which a book may not read"
                    : folder
                        ? "lies in a dot-folder (\(quoted: name)), which a book may not read"
                        : "is a dot-file (\(quoted: name)), which a book may not read"
            case .folder: "is a folder"
            case .special: "is not a regular file (a named pipe, a socket or a device)"
            case .kernel: "is a file of the kernel's (/proc, /sys), not of the book"
            }
        }

        /// The fix, for a diagnostic's note.
        var note: String {
            switch self {
            case .missing: "fix the path"
            case .outside:
                "a book reads files inside its own folder only, links resolved: copy the file into the book (a symbolic link out of the book is followed by no reader)"
            case .privateFile:
                "keys and tokens live there (on CI, .git/config holds the job's token): copy what the page shows into a file of the book without a leading dot"
            case .folder: "name a file in it"
            case .special, .kernel: "name a regular file of the book"
            }
        }
    }

    /// Why the file at `path` (as spelled, relative to the working directory) may not be read
    /// from `roots` (canonical), or nil when it may; `real` is the file the kernel would open.
    static func refusal(of path: String, roots: [String]) -> (real: String, refusal: Refusal?) {
        let real = CanonicalPath.of(path)
        return (real, refusal(real: real, roots: roots))
    }

    /// As above, for a path already canonical.
    static func refusal(real: String, roots: [String]) -> Refusal? {
        refusal(real: real, kind: DirectoryHandle.kind(at: real), roots: roots)
            ?? (CanonicalPath.isKernelFile(real) ? .kernel : nil)
    }

    /// As above, for a file of `kind` (nil: nothing is there) at `real`, canonical: a file opened
    /// already (`BookFile`) is judged by its descriptor's `fstat`, not by its name. The kernel's
    /// files are left to the caller.
    static func refusal(real: String, kind: DirectoryHandle.Kind?, roots: [String]) -> Refusal? {
        guard let root = roots.filter({ CanonicalPath.isWithin(real, $0) }).max(by: { $0.count < $1.count })
        else { return kind == nil ? .missing : .outside(real) }
        // A file missing in a dot-folder (`~/.ssh/x` spelled with an unexpanded `~`) does not exist.
        if let hidden = privateComponent(of: real, below: root), kind != nil || hidden.name == ".git" || !hidden.folder
        {
            return .privateFile(hidden.name, folder: hidden.folder)
        }
        switch kind {
        case nil: return .missing
        case .directory?: return .folder
        case .other?, .symbolicLink?: return .special
        case .regularFile?: return nil
        }
    }

    /// The first dot-named component on the way from `root` to `real` (a `.git` folder, another
    /// dot-folder, or `real`'s own name when it is a dot-file), and whether it is a folder on the
    /// way; nil when there is none.
    static func privateComponent(of real: String, below root: String) -> (name: String, folder: Bool)? {
        let rest = real == root ? [] : real.dropFirst(root == "/" ? 1 : root.count + 1).split(separator: "/")
        guard let index = rest.firstIndex(where: { $0.hasPrefix(".") && $0 != "." && $0 != ".." }) else { return nil }
        return (String(rest[index]), index != rest.index(before: rest.endIndex))
    }

    /// The bytes of a theme's file at `path` (`page.html`, a partial, `words/ko.toml`) read by
    /// the rule, its root the theme's folder `theme`: nil when there is none; an error at the
    /// file when it is there and refused (a link out of the theme: `partials/search.html ->
    /// ~/.env` put the file into every page, under a warning saying it was not copied).
    /// `book` are the book's folders (`IncludeScope.roots`): a theme's link into the book is read.
    static func themeFile(_ path: String, theme: String, book: [String]) throws(Diagnostic) -> [UInt8]? {
        let file: BookFile
        switch BookFile.open(path, roots: [CanonicalPath.of(theme)] + book) {
        case .success(let opened): file = opened
        case .failure(.refused(_, .missing)): return nil
        case .failure(.refused(let real, .outside)):
            throw .error(
                .fileOutsideBook, path, nil,
                "the theme's file is a symbolic link to \(quoted: real), outside the theme's folder and the book; it is not read",
                notes: [
                    "a theme's files are read from its own folder and the book only, links resolved: copy the file into the theme's folder"
                ])
        case .failure(.refused(_, let refusal)):
            throw .error(
                .fileOutsideBook, path, nil, "the theme's file \(refusal.phrase); it is not read", notes: [refusal.note]
            )
        case .failure(.unreadable(let reason)):
            throw .error(
                .fileSystem, path, nil, "the theme's file cannot be read: \(reason)",
                notes: ["make it a regular file its reader may read"])
        }
        do throws(BookFile.Problem) {
            return try file.bytes().bytes
        } catch {
            throw .error(
                .fileSystem, path, nil, "the theme's file cannot be read: \(error.reason)",
                notes: ["make it a regular file its reader may read"])
        }
    }
}
