#if canImport(Glibc)
    import Glibc
#endif

/// A path as a diagnostic shows it: `.` segments dropped, and `folder/..` taken
/// out (`book/src/../Pkg/C.swift` → `book/Pkg/C.swift`, as an editor, a terminal's link matcher
/// and GitHub's annotations match files), relative or absolute as given. A `folder` that is a
/// symbolic link keeps its `..`, which leads out of the link's target, not back to the folder
/// the path names; leading `..` stay (`../book/a.md`).
package enum ShownPath {
    /// `path` normalised; an empty path stays empty (a diagnostic of no file).
    package static func normalized(_ path: String) -> String {
        guard path.contains("./") || path.hasSuffix("/.") || path.hasSuffix("/..") else { return path }
        let absolute = path.hasPrefix("/")
        // Empty segments (`tmp//a`) are kept as written: only `.` and `..` are taken out.
        var kept: [Substring] = []
        for (index, part) in path.split(separator: "/", omittingEmptySubsequences: false).enumerated() {
            if part == "." { continue }
            if part == "..", let last = kept.last, last != "..", !last.isEmpty,
                !isSymbolicLink(kept.joined(separator: "/"))
            {
                kept.removeLast()
            } else if part == "..", absolute, kept.count == 1, kept[0].isEmpty {
                continue
            } else if !(part.isEmpty && index == 0 && !absolute) {
                kept.append(part)
            }
        }
        let joined = kept.joined(separator: "/")
        return joined.isEmpty ? "." : joined
    }

    private static func isSymbolicLink(_ path: String) -> Bool {
        var status = stat()
        return lstat(path, &status) == 0 && (status.st_mode & S_IFMT) == S_IFLNK
    }
}
