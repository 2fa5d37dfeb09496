import CLinux

#if canImport(Glibc)
    import Glibc
#endif

/// Writes a file at a path that was checked, so that the place checked is the place written:
/// a folder on the way swapped for a symbolic link between the check and the write (to `/etc`,
/// to a home folder) is refused, never followed.
///
/// The path is canonical (`CanonicalPath`: its links were resolved when it was checked), so
/// every folder on the way is a real folder: each is opened inside the one before it from `/`
/// with `O_NOFOLLOW` (and `O_PATH`, which needs only the right to pass through, as the path
/// did), a missing one made with `mkdirat`. The bytes go into a new file of the last folder
/// (`O_CREAT | O_EXCL | O_NOFOLLOW`), renamed over the name inside that same folder, which
/// replaces whatever is there now, a link included, without following it.
package enum CheckedPlaceWrite {
    /// Why nothing was written.
    package struct Failure: Error, Equatable {
        /// What went wrong, in the system's words or ours.
        package var reason: String
    }

    /// Writes `bytes` at `path` (absolute, canonical) with permissions `mode`, making the
    /// folders that are missing.
    package static func write(_ bytes: [UInt8], to path: String, mode: mode_t = 0o644) throws(Failure) {
        let components = path.split(separator: "/", omittingEmptySubsequences: true).map(String.init)
        guard path.hasPrefix("/"), let name = components.last, name != ".", name != ".." else {
            throw Failure(reason: "'\(path)' is not an absolute path to a file")
        }
        var folder = open("/", LECTURE_O_PATH | O_DIRECTORY | O_CLOEXEC)
        guard folder >= 0 else { throw Failure(reason: String(cString: strerror(errno))) }
        defer { close(folder) }
        for component in components.dropLast() {
            guard component != "..", component != "." else {
                throw Failure(reason: "'\(path)' is not a canonical path")
            }
            var next = openat(folder, component, LECTURE_O_PATH | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
            if next < 0 && errno == ENOENT {
                guard mkdirat(folder, component, 0o755) == 0 || errno == EEXIST else {
                    throw Failure(reason: "cannot create folder '\(component)': \(String(cString: strerror(errno)))")
                }
                next = openat(folder, component, LECTURE_O_PATH | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
            }
            guard next >= 0 else {
                let cause = errno
                var info = stat()
                if fstatat(folder, component, &info, AT_SYMLINK_NOFOLLOW) == 0, info.st_mode & S_IFMT == S_IFLNK {
                    throw Failure(
                        reason:
                            "the folder '\(component)' on the way was replaced by a symbolic link after the path was checked; nothing was written"
                    )
                }
                throw Failure(reason: "cannot open folder '\(component)': \(String(cString: strerror(cause)))")
            }
            // `O_PATH | O_NOFOLLOW` opens a link itself rather than failing: only a folder goes on.
            var info = stat()
            guard fstat(next, &info) == 0, info.st_mode & S_IFMT == S_IFDIR else {
                close(next)
                throw Failure(
                    reason:
                        "the folder '\(component)' on the way was replaced by a symbolic link or a file after the path was checked; nothing was written"
                )
            }
            close(folder)
            folder = next
        }
        let temporary = ".\(name).\(getpid())-\(UInt32.random(in: 0...UInt32.max)).part"
        let fd = openat(folder, temporary, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, mode)
        guard fd >= 0 else { throw Failure(reason: String(cString: strerror(errno))) }
        guard FileDescriptorIO.writeAll(bytes, to: fd) else {
            let reason = String(cString: strerror(errno))
            unlinkat(folder, temporary, 0)
            throw Failure(reason: reason)
        }
        var existing = stat()
        if fstatat(folder, name, &existing, AT_SYMLINK_NOFOLLOW) == 0, existing.st_mode & S_IFMT == S_IFDIR {
            unlinkat(folder, temporary, 0)
            throw Failure(reason: "a folder now stands at '\(path)'; it is not replaced")
        }
        guard renameat(folder, temporary, folder, name) == 0 else {
            let reason = String(cString: strerror(errno))
            unlinkat(folder, temporary, 0)
            throw Failure(reason: reason)
        }
    }
}
