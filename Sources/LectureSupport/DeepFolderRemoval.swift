#if canImport(Glibc)
    import Glibc
#endif

/// Removes a folder tree of any depth through descriptors (`openat`, `unlinkat`), one open
/// folder at a time: a path is never spelled whole, so a tree deeper than `PATH_MAX` (where
/// `FileManager.removeItem` fails and leaves it) is removed too, and a tree thousands of folders
/// deep needs no descriptor per level (`DirectoryHandle.removeTree` holds one each). Attack 19,
/// F6: a sample's 2,100 nested folders left 300 MiB to 2 GiB in `TMPDIR` after every run.
///
/// For a tree nothing else writes while it is removed (a finished run's folder): the walk goes
/// back up through `..`. Symbolic links are removed, never followed; a folder that is another
/// file system's mount point is left (as `DirectoryHandle.removeTree`).
package enum DeepFolderRemoval {
    /// Removes `path` and everything in it; what cannot be removed stays.
    package static func remove(_ path: String) {
        guard let root = DirectoryHandle.kind(at: path), root == .directory else {
            _ = unlink(path)
            return
        }
        var current = open(path, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
        guard current >= 0 else { return }
        var device = Self.device(current)
        // The names taken down from the root; a folder that could not be emptied is skipped.
        var names: [String] = []
        var skipped: Set<[String]> = []
        while true {
            if let child = emptyFiles(current, device: device, skipping: names, skipped),
                case let next = openat(current, child, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC), next >= 0
            {
                close(current)
                current = next
                device = Self.device(current)
                names.append(child)
                continue
            }
            guard let name = names.popLast() else { break }
            let parent = openat(current, "..", O_RDONLY | O_DIRECTORY | O_CLOEXEC)
            close(current)
            guard parent >= 0 else { return }
            current = parent
            if unlinkat(current, name, AT_REMOVEDIR) != 0 { skipped.insert(names + [name]) }
        }
        close(current)
        _ = rmdir(path)
    }

    /// Unlinks every entry of the folder `fd` that is not a folder, and returns the name of a
    /// folder left in it (not one `skipped` holds below `names`), or nil when none is left. A
    /// folder on another device (a mount point) is not entered.
    private static func emptyFiles(_ fd: Int32, device: UInt64, skipping names: [String], _ skipped: Set<[String]>)
        -> String?
    {
        let listing = dup(fd)
        guard listing >= 0, let directory = fdopendir(listing) else { return nil }
        defer { closedir(directory) }
        var folder: String?
        while let entry = readdir(directory) {
            let name = withUnsafeMutablePointer(to: &entry.pointee.d_name) {
                $0.withMemoryRebound(to: CChar.self, capacity: 1) { String(cString: $0) }
            }
            if name == "." || name == ".." { continue }
            var info = stat()
            guard fstatat(fd, name, &info, AT_SYMLINK_NOFOLLOW) == 0 else { continue }
            if info.st_mode & S_IFMT == S_IFDIR {
                if folder == nil, UInt64(info.st_dev) == device, !skipped.contains(names + [name]) { folder = name }
            } else {
                _ = unlinkat(fd, name, 0)
            }
        }
        return folder
    }

    /// The device the folder `fd` lies on.
    private static func device(_ fd: Int32) -> UInt64 {
        var info = stat()
        return fstat(fd, &info) == 0 ? UInt64(info.st_dev) : 0
    }
}
