import CLinux

#if canImport(Glibc)
    import Glibc
#endif

/// The one way lecture removes a folder tree, for a path (`remove(_:)`: temporary folders,
/// a sample's run folder) and for a name in an open folder (`DirectoryHandle.removeTree`: the
/// site's staging and old folders): through descriptors (`openat`, `unlinkat`), one open folder
/// at a time, never recursing. A path is never spelled whole, so a tree deeper than `PATH_MAX`
/// (where `FileManager.removeItem` fails and leaves it) is removed too (attack 19, F6: a
/// sample's 2,100 nested folders left 300 MiB to 2 GiB in `TMPDIR` after every run), and a
/// tree thousands of folders deep needs neither a descriptor nor a stack frame per level.
/// Names are kept as the bytes `readdir` gave, so a name that is not UTF-8 is removed too.
///
/// For a tree nothing else writes while it is removed (a finished run's folder, the site's old
/// folder): the walk goes back up through `..`, and stops when `..` is not the folder it came
/// down from (the tree was moved meanwhile), so it never removes what lies outside the tree. Symbolic links are removed, never followed; a
/// folder where a file system is mounted (a bind mount too, `lecture_is_mount_root`) is left,
/// with what is mounted there, and so is every folder above it (where that cannot be told, the
/// folder is taken as not mounted, as before).
package enum DeepFolderRemoval {
    /// Removes `path` and everything in it; what cannot be removed stays.
    package static func remove(_ path: String) {
        remove(Array(path.utf8CString), in: AT_FDCWD)
    }

    /// Removes each of `paths` as `remove(_:)` does, and tries again, for up to `patience`, those
    /// still there: a process killed a moment ago may still be finishing a write into one
    /// (SIGKILL takes effect on its way out of the kernel), and one a sample left behind is
    /// ended a moment after its run, which makes a removal fail on a folder not yet empty.
    /// - Parameter failed: called with the paths still there after each try that left some,
    ///   before the next (a test releases what holds them there, rather than after a sleep
    ///   that may end before the first try).
    package static func removeWaiting(
        _ paths: [String], patience: Duration = .milliseconds(500), failed: ([String]) -> Void = { _ in }
    ) {
        let deadline = ContinuousClock.now + patience
        var remaining = paths
        while !remaining.isEmpty {
            for path in remaining { remove(path) }
            remaining = remaining.filter { path in
                var info = stat()
                return lstat(path, &info) == 0
            }
            if remaining.isEmpty || ContinuousClock.now > deadline { break }
            failed(remaining)
            usleep(20_000)
        }
    }

    /// Removes `name` in the folder `parent` (a descriptor) and, when it is a folder,
    /// everything in it; what cannot be removed stays.
    package static func remove(_ name: String, in parent: Int32) {
        remove(Array(name.utf8CString), in: parent)
    }

    /// `name`: NUL-terminated bytes.
    private static func remove(_ name: [CChar], in parent: Int32) {
        var info = stat()
        guard fstatat(parent, name, &info, AT_SYMLINK_NOFOLLOW) == 0 else { return }
        guard info.st_mode & S_IFMT == S_IFDIR else {
            _ = unlinkat(parent, name, 0)
            return
        }
        guard lecture_is_mount_root(parent, name) != 1 else { return }
        var current = openat(parent, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
        guard current >= 0 else { return }
        // The names taken down from the root, and the identity (device, inode) of each folder
        // left on the way down; a folder that could not be emptied is skipped.
        var names: [[CChar]] = []
        var above: [FolderIdentity] = []
        var skipped: Set<[[CChar]]> = []
        while true {
            if let child = emptyFiles(current, skipping: names, skipped),
                let here = FolderIdentity(current),
                case let next = openat(current, child, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC), next >= 0
            {
                close(current)
                current = next
                names.append(child)
                above.append(here)
                continue
            }
            guard let last = names.popLast(), let expected = above.popLast() else { break }
            let up = openat(current, "..", O_RDONLY | O_DIRECTORY | O_CLOEXEC)
            close(current)
            guard up >= 0 else { return }
            current = up
            // `..` is the folder left on the way down only while nothing moved the tree: a
            // folder renamed elsewhere meanwhile would lead the walk out of it. Then stop and
            // leave the rest, never unlinking outside the tree.
            guard FolderIdentity(current) == expected else {
                close(current)
                return
            }
            if unlinkat(current, last, AT_REMOVEDIR) != 0 { skipped.insert(names + [last]) }
        }
        close(current)
        _ = unlinkat(parent, name, AT_REMOVEDIR)
    }

    /// Unlinks every entry of the folder `fd` that is not a folder, and returns the name of a
    /// folder left in it (not a mount point, not one `skipped` holds below `names`), or nil when
    /// none is left.
    private static func emptyFiles(_ fd: Int32, skipping names: [[CChar]], _ skipped: Set<[[CChar]]>) -> [CChar]? {
        let listing = dup(fd)
        guard listing >= 0 else { return nil }
        guard let directory = fdopendir(listing) else {
            close(listing)
            return nil
        }
        defer { closedir(directory) }
        var folder: [CChar]?
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                raw.prefix(while: { $0 != 0 }).map { CChar(bitPattern: $0) } + [0]
            }
            if name == [46, 0] || name == [46, 46, 0] { continue }
            var info = stat()
            guard fstatat(fd, name, &info, AT_SYMLINK_NOFOLLOW) == 0 else { continue }
            if info.st_mode & S_IFMT == S_IFDIR {
                if folder == nil, !skipped.contains(names + [name]), lecture_is_mount_root(fd, name) != 1 {
                    folder = name
                }
            } else {
                _ = unlinkat(fd, name, 0)
            }
        }
        return folder
    }
}

/// A folder's device and inode: what tells that `..` is still the folder the walk came from.
private struct FolderIdentity: Equatable {
    let device: UInt64
    let inode: UInt64

    init?(_ fd: Int32) {
        var info = stat()
        guard fstat(fd, &info) == 0 else { return nil }
        device = UInt64(info.st_dev)
        inode = UInt64(info.st_ino)
    }
}
