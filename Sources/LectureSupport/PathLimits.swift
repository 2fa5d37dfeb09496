#if canImport(Glibc)
    import Glibc
#endif

/// The lengths the system allows a path to be created with, checked before anything is made: a
/// name longer than `NAME_MAX` bytes, or a path longer than `PATH_MAX`, fails only once some of its
/// folders exist (a 2,100-level summary link left 2,031 nested folders in `src/`, attack 16, k17).
/// `FileSystem.writeAtomically` and `makeDirectories` ask first, so such a path creates nothing
/// and is told in lecture's words.
package enum PathLimits {
    /// `PATH_MAX`: the most bytes of a path the kernel takes, its terminating NUL included.
    package static let pathLimit = Int(PATH_MAX)
    /// `NAME_MAX` of Linux's file systems (ext4, XFS, Btrfs, tmpfs), when `pathconf` cannot say.
    package static let defaultNameLimit = Int(NAME_MAX)

    /// Why the system would refuse to create `path` (absolute, or relative to the working
    /// directory) for its length alone, or `nil`.
    package static func problem(creating path: String) -> String? {
        let absolute = path.hasPrefix("/") ? path : currentDirectory() + "/" + path
        if absolute.utf8.count >= pathLimit {
            return
                "the path is \(absolute.utf8.count) bytes long, more than the \(pathLimit - 1) the system allows for a path (PATH_MAX)"
        }
        let limit = nameLimit(near: absolute)
        if let long = absolute.split(separator: "/").first(where: { $0.utf8.count > limit }) {
            return
                "the name \(quoted: shortened(String(long))) is \(long.utf8.count) bytes long, more than the \(limit) the file system allows for one name (NAME_MAX)"
        }
        return nil
    }

    /// `text` cut to its first 24 and last 12 characters around an ellipsis when it is longer
    /// than 48, so that a diagnostic quoting a 300-byte name or a 4,000-byte path stays one line.
    package static func shortened(_ text: String) -> String {
        text.count <= 48 ? text : "\(text.prefix(24))…\(text.suffix(12))"
    }

    /// `NAME_MAX` of the file system holding the nearest existing folder on the way to `path`.
    package static func nameLimit(near path: String) -> Int {
        var folder = Substring(path)
        while let slash = folder.lastIndex(of: "/") {
            folder = folder[..<slash]
            let existing = folder.isEmpty ? "/" : String(folder)
            var info = stat()
            if stat(existing, &info) == 0 {
                let limit = pathconf(existing, Int32(_PC_NAME_MAX))
                return limit > 0 ? limit : defaultNameLimit
            }
        }
        return defaultNameLimit
    }

    static func currentDirectory() -> String {
        guard let path = getcwd(nil, 0) else { return "" }
        defer { free(path) }
        return String(cString: path)
    }
}
