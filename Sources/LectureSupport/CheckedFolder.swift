import CLinux

#if canImport(Glibc)
    import Glibc
#endif

/// A descriptor of a folder reached from `/` one real folder at a time, never through a link: the
/// place a checked path names, held so that every later `*at()` call acts in that folder even when
/// a folder on the way is swapped for a symbolic link meanwhile (`CheckedPlaceWrite`, `--bless`).
package enum CheckedFolder {
    /// Opens the folder `components` (of the canonical absolute path `path`, named in messages)
    /// with `O_PATH | O_DIRECTORY`, each component `O_NOFOLLOW` inside the one before it; a
    /// missing one is made with `mkdirat` when `creating`. The caller closes the descriptor.
    package static func open(
        _ components: [String], of path: String, creating: Bool
    ) throws(CheckedPlaceWrite.Failure) -> Int32 {
        var folder = Glibc.open("/", LECTURE_O_PATH | O_DIRECTORY | O_CLOEXEC)
        guard folder >= 0 else { throw .init(reason: String(cString: strerror(errno))) }
        for component in components {
            guard component != "..", component != "." else {
                close(folder)
                throw .init(reason: "\(quoted: path) is not a canonical path")
            }
            var next = openat(folder, component, LECTURE_O_PATH | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
            if next < 0 && errno == ENOENT && creating {
                guard mkdirat(folder, component, 0o755) == 0 || errno == EEXIST else {
                    let reason = String(cString: strerror(errno))
                    close(folder)
                    throw .init(reason: "cannot create folder \(quoted: component): \(reason)")
                }
                next = openat(folder, component, LECTURE_O_PATH | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
            }
            guard next >= 0 else {
                let cause = errno
                var info = stat()
                let isLink =
                    fstatat(folder, component, &info, AT_SYMLINK_NOFOLLOW) == 0 && info.st_mode & S_IFMT == S_IFLNK
                close(folder)
                if isLink {
                    throw .init(
                        reason:
                            "the folder \(quoted: component) on the way was replaced by a symbolic link after the path was checked; nothing was written"
                    )
                }
                throw .init(reason: "cannot open folder \(quoted: component): \(String(cString: strerror(cause)))")
            }
            // `O_PATH | O_NOFOLLOW` opens a link itself rather than failing: only a folder goes on.
            var info = stat()
            guard fstat(next, &info) == 0, info.st_mode & S_IFMT == S_IFDIR else {
                close(next)
                close(folder)
                throw .init(
                    reason:
                        "the folder \(quoted: component) on the way was replaced by a symbolic link or a file after the path was checked; nothing was written"
                )
            }
            close(folder)
            folder = next
        }
        return folder
    }
}
