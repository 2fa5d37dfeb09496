#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `realpath(3)`: the absolute path of an existing file with every symlink, `.` and `..`
/// resolved, or `nil` when it does not exist or cannot be reached.
enum RealPath {
    static func of(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    /// Whether `path` is `root` or lies under it (both already resolved).
    static func isInside(_ path: String, _ root: String) -> Bool {
        root == "/" || path == root || path.hasPrefix(root + "/")
    }
}
