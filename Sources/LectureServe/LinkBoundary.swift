#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The folders a symbolic link met by the file watcher may lead into: the folders the build
/// reads (the book's, the pages', the templates'…), canonical. The watcher watches what the build
/// reads, and the build reads nothing through a link out of the book (`BookFileRule`), so such a
/// link is not followed: `src/usr -> /usr` cost 14,661 inotify watches and 20 s before the first
/// page, and an edit in the home folder behind `src/h -> ~` rebuilt the book (attack 15, F6).
struct LinkBoundary: Sendable {
    /// The folders, canonical.
    let folders: [String]

    /// The boundary of `folders` (any spelling; each resolved, the missing ones as spelled).
    init(_ folders: [String]) { self.folders = folders.map { RealPath.of($0) ?? $0 } }

    /// Whether the entry at `path` may be followed: it is no symbolic link, or its target, every
    /// link resolved, lies inside one of the folders.
    func admits(_ path: String) -> Bool {
        var info = stat()
        guard lstat(path, &info) == 0, info.st_mode & S_IFMT == S_IFLNK else { return true }
        guard let real = RealPath.of(path) else { return false }
        return folders.contains { RealPath.isInside(real, $0) }
    }
}
