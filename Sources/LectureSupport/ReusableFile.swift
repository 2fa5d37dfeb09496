import CLinux

#if canImport(Glibc)
    import Glibc
#endif

/// Whether a file of the live site may be hard-linked into the next one (attack 11, kind 32): a
/// link shares the inode, so whatever a user did to the file since it was written (its mode, its
/// owner, another name for it) would be carried into every later site unsaid: a page `chmod 000`'d
/// by hand stayed 000 through every rebuild, a 403 once deployed. A file is reused only when it
/// is what the build itself would write; else it is written again.
extension DirectoryHandle {
    /// Whether `relative` is a regular file (not a link) of this process's user, with exactly
    /// `mode`'s permission bits, one name (no other name shares it, so no edit made through
    /// one reaches the site) and no access control list.
    package func isReusable(_ relative: String, mode: mode_t) -> Bool {
        let fd = openat(descriptor, relative, O_RDONLY | O_NOFOLLOW | O_CLOEXEC | O_NONBLOCK)
        guard fd >= 0 else { return false }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0 else { return false }
        return info.st_mode & S_IFMT == S_IFREG && info.st_mode & 0o7777 == mode && info.st_uid == geteuid()
            && info.st_nlink == 1 && lecture_has_access_acl(fd) == 0
    }
}

/// The permission bits of the files the tool creates.
package enum FileMode {
    /// The process's file creation mask, read from `/proc/self/status` (`umask(2)` cannot be
    /// read without setting it, which would race with other threads creating files); `022`
    /// when it cannot be read.
    package static let creationMask: mode_t = {
        guard let bytes = try? FileSystem.read("/proc/self/status"),
            let line = String(decoding: bytes, as: UTF8.self).split(separator: "\n").first(where: {
                $0.hasPrefix("Umask:")
            }),
            let mask = mode_t(String(line.dropFirst("Umask:".count).filter { $0 != " " && $0 != "\t" }), radix: 8)
        else { return 0o022 }
        return mask
    }()

    /// The mode a file created with `requested` has.
    package static func created(_ requested: mode_t) -> mode_t { requested & ~creationMask & 0o7777 }
}
