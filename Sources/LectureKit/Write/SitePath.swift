/// A path of a file of the site, relative to the output folder.
enum SitePath {
    /// Whether `path` names a place inside the output folder: not absolute, not empty, no NUL,
    /// and no `.` or `..` segment (the site's paths are already normalized; one that is not was
    /// made from what a book wrote, such as a redirect's key).
    static func staysInside(_ path: String) -> Bool {
        guard !path.isEmpty, !path.hasPrefix("/"), !path.utf8.contains(0) else { return false }
        return !path.split(separator: "/", omittingEmptySubsequences: false).contains { $0 == ".." || $0 == "." }
    }
}
