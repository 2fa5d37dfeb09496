#if canImport(Glibc)
    import Glibc
#endif

/// `CanonicalPath.of` for many paths in a few folders, as a book's pages are: each folder is
/// resolved once (realpath(3) reads every component of a path, one `readlink` each: 150 of the
/// 765 calls of a 19-page book's build, 2026-12-05), and each path's last component is checked
/// with one lstat(2). A name that exists and is no symbolic link adds nothing to resolve, so
/// the answer is the one `CanonicalPath.of` gives; any other path (a link, a missing file, `.`
/// or `..` last) is resolved whole by `CanonicalPath.of`.
/// One per load: a folder moved or made a link afterwards is resolved anew by the next load.
package final class CanonicalFolders: Sendable {
    /// Each folder asked for, as spelled (absolute), and its canonical path (nil: unresolved).
    private let resolved = Locked<[String: String?]>([:])
    /// The working directory relative paths are read against, read once.
    private let workingDirectory = CanonicalPath.workingDirectory()

    package init() {}

    /// What `CanonicalPath.of(spelled)` gives.
    package func of(_ spelled: String) -> String {
        let absolute = spelled.hasPrefix("/") ? spelled : workingDirectory + "/" + spelled
        guard let slash = absolute.lastIndex(of: "/") else { return CanonicalPath.of(spelled) }
        let name = absolute[absolute.index(after: slash)...]
        var status = stat()
        guard !name.isEmpty, name != ".", name != "..", lstat(absolute, &status) == 0,
            status.st_mode & S_IFMT != S_IFLNK
        else { return CanonicalPath.of(spelled) }
        let folder = slash == absolute.startIndex ? "/" : String(absolute[..<slash])
        let real =
            resolved.withLock { $0[folder] }
            ?? {
                let real = CanonicalPath.realPath(folder)
                resolved.withLock { $0[folder] = real }
                return real
            }()
        guard let real else { return CanonicalPath.of(spelled) }
        return real == "/" ? "/" + name : real + "/" + name
    }
}
