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
            throw Failure(reason: "\(quoted: path) is not an absolute path to a file")
        }
        let folder = try CheckedFolder.open(Array(components.dropLast()), of: path, creating: true)
        defer { close(folder) }
        let temporary = ".\(name).\(getpid())-\(UInt32.random(in: 0...UInt32.max)).part"
        guard
            let file = OwnedDescriptor(
                openat(folder, temporary, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, mode))
        else { throw Failure(reason: String(cString: strerror(errno))) }
        guard FileDescriptorIO.writeAll(bytes, closing: file) else {
            let reason = String(cString: strerror(errno))
            unlinkat(folder, temporary, 0)
            throw Failure(reason: reason)
        }
        var existing = stat()
        if fstatat(folder, name, &existing, AT_SYMLINK_NOFOLLOW) == 0, existing.st_mode & S_IFMT == S_IFDIR {
            unlinkat(folder, temporary, 0)
            throw Failure(reason: "a folder now stands at \(quoted: path); it is not replaced")
        }
        guard renameat(folder, temporary, folder, name) == 0 else {
            let reason = String(cString: strerror(errno))
            unlinkat(folder, temporary, 0)
            throw Failure(reason: reason)
        }
    }
}
