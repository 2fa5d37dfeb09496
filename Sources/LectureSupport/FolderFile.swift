#if canImport(Glibc)
    import Glibc
#endif

/// A file read below a folder that something else may write: a sample's run folder (the
/// program chose what lies there, `RunFolderFile`) or the cache (restored from CI, or shared).
/// Read with the builder's rights, a symbolic link left there would give lecture any file of
/// the machine to publish (attack 19, F1; attack 20, F3), a sparse file of a tebibyte would be
/// allocated whole (attack 19, F2), a FIFO would never end.
///
/// So the file is reached from a descriptor of the folder, one folder at a time, none of them
/// followed through a link (`openat` with `O_NOFOLLOW`), opened without blocking, and read only
/// when it is a regular file of at most `limit` bytes, never more than `limit + 1` bytes
/// whatever its size says. With `owner`, each folder below the top must be that user's and not
/// writable by every user, as the cache's own folders must (`Cache.sharingProblem`).
/// The one bounded reader of a file that may not be what it says: git's own small files too
/// (`GitFolders`' pointers, `GitIndex`'s index and config), read by `file(_:)`.
package enum FolderFile {
    /// What reading gave.
    package enum Reading: Equatable, Sendable {
        /// The file's bytes.
        case bytes([UInt8])
        /// No such file.
        case missing
        /// Something in its place that lecture does not read: a symbolic link (on the way or at
        /// the end), a FIFO, a device, a folder, a folder another user may write; the words say
        /// which.
        case refused(String)
        /// A regular file past the limit, in bytes as `stat` reports it.
        case tooLarge(Int)

        /// The bytes read, nil for anything else.
        package var bytes: [UInt8]? {
            if case .bytes(let bytes) = self { return bytes }
            return nil
        }
    }

    /// Reads the file at `path` (its folder opened as the path names it), as `read` does: a
    /// link at its end followed only when `followingLink` (a submodule's `.git` file may be one).
    package static func file(_ path: String, limit: Int, followingLink: Bool = false) -> Reading {
        let slash = path.lastIndex(of: "/")
        let folder = slash.map { $0 == path.startIndex ? "/" : String(path[..<$0]) } ?? "."
        let name = slash.map { String(path[path.index(after: $0)...]) } ?? path
        return read(name, in: folder, limit: limit, followingLink: followingLink)
    }

    /// Reads `relative` (slash-separated, no `..`) inside `folder`; a link at its end is
    /// followed only when `followingLink`, one on the way never.
    package static func read(
        _ relative: String, in folder: String, limit: Int, owner: uid_t? = nil, followingLink: Bool = false
    ) -> Reading {
        guard var current = try? DirectoryHandle(opening: folder) else { return .missing }
        let components = relative.split(separator: "/").map(String.init)
        guard let name = components.last else { return .missing }
        for component in components.dropLast() {
            guard let next = DirectoryHandle(in: current, component) else {
                return errno == ENOENT ? .missing : .refused("'\(component)' is no longer a folder")
            }
            if let owner {
                var info = stat()
                guard fstat(next.descriptor, &info) == 0, info.st_uid == owner, info.st_mode & 0o002 == 0 else {
                    return .refused("'\(component)' is another user's folder, or every user's to write")
                }
            }
            current = next
        }
        let fd = openat(
            current.descriptor, name, O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY | (followingLink ? 0 : O_NOFOLLOW))
        guard fd >= 0 else {
            switch errno {
            case ENOENT: return .missing
            case ELOOP: return .refused("it is a symbolic link")
            default: return .refused("it cannot be opened (errno \(errno))")
            }
        }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0, info.st_mode & S_IFMT == S_IFREG else {
            return .refused("it is not a regular file")
        }
        guard Int(info.st_size) <= limit else { return .tooLarge(Int(info.st_size)) }
        // The bounded read every other file of a book gets: never more than the limit and one
        // byte, whatever the file has grown to since `fstat`.
        do {
            let bytes = try FileSystem.read(descriptor: fd, atMost: limit, naming: name).bytes
            return bytes.count > limit ? .tooLarge(bytes.count) : .bytes(bytes)
        } catch {
            return .refused("it cannot be read (\(SystemErrorText.reason(of: error)))")
        }
    }
}
