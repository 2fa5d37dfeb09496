import CLinux

#if canImport(Glibc)
    import Glibc
#endif

/// An open folder whose files are named relative to it (the `*at(2)` calls), so the folder that
/// was checked is the folder acted on: a path spelled again can name another place once a link
/// or a folder on the way changed, a descriptor cannot.
///
/// Nothing here follows a symbolic link below the folder itself (`O_NOFOLLOW`,
/// `AT_SYMLINK_NOFOLLOW`), and nothing expands `~`: a folder named `~` is a folder named `~`.
/// Nothing waits on a named pipe either: a file is opened `O_NONBLOCK` (opening a FIFO to read
/// waits for a writer), and read only once it is a regular file (code review 41, #7: a FIFO
/// named `.nojekyll` in a book's `book/` held the build forever).
package final class DirectoryHandle: @unchecked Sendable {
    /// The descriptor, open for as long as the handle lives.
    package let descriptor: Int32
    /// The path it was opened by, for messages only.
    package let path: String

    /// What an entry of the folder is, from `fstatat` without following a link.
    package enum Kind: Equatable, Sendable {
        case directory, regularFile, symbolicLink, other

        /// The kind a `stat` mode names.
        package init(mode: mode_t) {
            switch mode & S_IFMT {
            case S_IFDIR: self = .directory
            case S_IFREG: self = .regularFile
            case S_IFLNK: self = .symbolicLink
            default: self = .other
            }
        }
    }

    /// A file's identity on this machine: the device and inode numbers `stat` gives.
    package struct Identity: Equatable, Hashable, Sendable {
        package var device: UInt64
        package var inode: UInt64
    }

    /// Opens the folder at `path` (an absolute path whose folders were resolved by the caller).
    /// - Throws: the `errno` of `open(2)`: `ENOTDIR` when it is no folder, `ENOENT`…
    package init(opening path: String) throws(Errno) {
        let fd = open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard fd >= 0 else { throw Errno(errno) }
        descriptor = fd
        self.path = path
    }

    /// Opens the folder `name` inside `parent`, not following a symbolic link; nil when it is
    /// no folder (or a link to one), with `errno` set.
    package init?(in parent: DirectoryHandle, _ name: String) {
        let fd = openat(parent.descriptor, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        descriptor = fd
        path = parent.path == "/" ? "/" + name : parent.path + "/" + name
    }

    deinit { close(descriptor) }

    /// What `path` is, following symbolic links as opening it would; nil when it does not exist.
    package static func kind(at path: String) -> Kind? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        return Kind(mode: info.st_mode)
    }

    /// The folder's own identity.
    package var identity: Identity? {
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { return nil }
        return Identity(device: UInt64(info.st_dev), inode: UInt64(info.st_ino))
    }

    /// What `name` is and its identity, without following a link; nil when it does not exist
    /// (`errno` says why).
    package func entry(_ name: String) -> (kind: Kind, identity: Identity)? {
        var info = stat()
        guard fstatat(descriptor, name, &info, AT_SYMLINK_NOFOLLOW) == 0 else { return nil }
        return (Kind(mode: info.st_mode), Identity(device: UInt64(info.st_dev), inode: UInt64(info.st_ino)))
    }

    /// Whether `name` (empty: this folder) is where a file system is mounted; nil when it
    /// cannot be told.
    package func isMountRoot(_ name: String) -> Bool? {
        switch lecture_is_mount_root(descriptor, name) {
        case 1: return true
        case 0: return false
        default: return nil
        }
    }

    /// The names in the folder, `.` and `..` left out; nil when it cannot be read.
    package func names() -> [String]? {
        let copy = dup(descriptor)
        guard copy >= 0 else { return nil }
        guard let stream = fdopendir(copy) else {
            close(copy)
            return nil
        }
        defer { closedir(stream) }
        rewinddir(stream)
        var names: [String] = []
        while let entry = readdir(stream) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix(while: { $0 != 0 }), as: UTF8.self)
            }
            if name != "." && name != ".." { names.append(name) }
        }
        return names
    }

    /// Creates the folder `relative` (its parent must exist); `false` with `errno` set, unless
    /// it exists already as a folder.
    package func makeDirectory(_ relative: String, mode: mode_t = 0o755) -> Bool {
        mkdirat(descriptor, relative, mode) == 0 || (errno == EEXIST && entry(relative)?.kind == .directory)
    }

    /// Creates the file `relative`, which must not exist yet, and writes `bytes`; `false` with
    /// `errno` set on failure, of the writes or of the close.
    package func createFile(_ relative: String, _ bytes: [UInt8], mode: mode_t = 0o644) -> Bool {
        guard
            let file = OwnedDescriptor(
                openat(descriptor, relative, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, mode))
        else { return false }
        return FileDescriptorIO.writeAll(bytes, closing: file)
    }

    /// Creates `relative` (which must not exist) as a copy of the file open at `input` (opened
    /// and judged by its reader, never reopened here by a name), in bounded memory (`FileCopy`);
    /// `false` with `errno` set.
    package func copyFile(_ relative: String, from input: Int32, mode: mode_t = 0o644) -> Bool {
        let output = openat(descriptor, relative, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, mode)
        guard output >= 0 else { return false }
        guard FileCopy.copy(from: input, to: output) else {
            let saved = errno
            close(output)
            errno = saved
            return false
        }
        return close(output) == 0
    }

    /// Whether `relative` is a regular file (not a link) holding the same bytes as the file open
    /// at `input`, compared in bounded memory; `false` when either cannot be read.
    package func holdsCopy(of input: Int32, at relative: String) -> Bool {
        let fd = openat(descriptor, relative, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_NOCTTY | O_CLOEXEC)
        guard fd >= 0 else { return false }
        defer { close(fd) }
        return FileCopy.sameContent(input, fd)
    }

    /// Hard-links `relative` of `source` to the same path here; `false` with `errno` set.
    package func link(_ relative: String, from source: DirectoryHandle) -> Bool {
        linkat(source.descriptor, relative, descriptor, relative, 0) == 0
    }

    /// The bytes of the regular file `relative` (not a link), when it holds at most `limit`;
    /// nil when it cannot be read or is larger.
    package func contents(_ relative: String, atMost limit: Int) -> [UInt8]? {
        let fd = openat(descriptor, relative, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_NOCTTY | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0, info.st_mode & S_IFMT == S_IFREG, Int(info.st_size) <= limit else { return nil }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while bytes.count <= limit {
            let count = read(fd, &chunk, chunk.count)
            if count < 0 && errno == EINTR { continue }
            guard count >= 0 else { return nil }
            if count == 0 { return bytes }
            bytes += chunk[..<count]
        }
        return nil
    }

    /// Whether `relative` is a regular file (not a link) holding exactly `bytes`; `false` when
    /// it cannot be read.
    package func holds(_ bytes: [UInt8], at relative: String) -> Bool {
        let fd = openat(descriptor, relative, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_NOCTTY | O_CLOEXEC)
        guard fd >= 0 else { return false }
        defer { close(fd) }
        return FileDescriptorIO.holds(bytes, fd: fd)
    }

    /// How `rename` treats an existing `newName`.
    package enum RenameMode: Sendable {
        /// Replaces it (rename(2)).
        case replacing
        /// Swaps the two atomically (renameat2's `RENAME_EXCHANGE`; not every file system has it).
        case exchanging
        /// Fails with `EEXIST` when it exists (`RENAME_NOREPLACE`).
        case failingIfExists
    }

    /// Renames `name` to `newName`, both in this folder; `false` with `errno` set.
    package func rename(_ name: String, to newName: String, _ mode: RenameMode = .replacing) -> Bool {
        let flags: UInt32
        switch mode {
        case .replacing: flags = 0
        case .exchanging: flags = LECTURE_RENAME_EXCHANGE
        case .failingIfExists: flags = LECTURE_RENAME_NOREPLACE
        }
        return lecture_renameat2(descriptor, name, descriptor, newName, flags) == 0
    }

    /// Removes `name` and, when it is a folder, everything in it (`DeepFolderRemoval`: through
    /// descriptors, whatever its depth), never following a symbolic link and never entering
    /// another file system mounted inside (what is mounted there stays, and so does the folder
    /// it is mounted on).
    package func removeTree(_ name: String) {
        DeepFolderRemoval.remove(name, in: descriptor)
    }
}

/// `errno` as a value, for typed throws.
package struct Errno: Error, Equatable, Sendable {
    package var code: Int32
    package init(_ code: Int32) { self.code = code }
    /// strerror(3)'s text.
    package var text: String { String(cString: strerror(code)) }
}

/// Whole reads and writes on a descriptor.
package enum FileDescriptorIO {
    /// Up to `count` bytes of the file open at `fd` from `offset` (`pread`, again after a
    /// signal): fewer at its end or on an error, none for a negative offset.
    package static func bytes(_ fd: Int32, at offset: Int, count: Int) -> [UInt8] {
        guard offset >= 0, count > 0 else { return [] }
        var bytes = [UInt8](repeating: 0, count: count)
        var filled = 0
        while filled < count {
            let got = bytes.withUnsafeMutableBytes {
                pread(fd, $0.baseAddress! + filled, count - filled, off_t(offset + filled))
            }
            if got < 0 && errno == EINTR { continue }
            guard got > 0 else { break }
            filled += got
        }
        return Array(bytes[0..<filled])
    }

    /// Writes every byte of `bytes` to `file` and closes it (it takes the descriptor: nobody else
    /// can close it again); `false` with `errno` set on failure, of the writes or of the close (a
    /// file system may report a failed write only then: NFS, quotas).
    package static func writeAll(_ bytes: [UInt8], closing file: consuming OwnedDescriptor) -> Bool {
        let fd = file.raw
        let written = bytes.withUnsafeBytes { buffer in
            var offset = 0
            while offset < buffer.count {
                let n = write(fd, buffer.baseAddress! + offset, buffer.count - offset)
                if n < 0 {
                    if errno == EINTR { continue }
                    return false
                }
                offset += n
            }
            return true
        }
        guard written else {
            let saved = errno
            _ = file.close()
            errno = saved
            return false
        }
        return file.close()
    }

    /// Whether the regular file open at `fd` holds exactly `bytes` (read in chunks, up to the
    /// first difference).
    package static func holds(_ bytes: [UInt8], fd: Int32) -> Bool {
        var info = stat()
        guard fstat(fd, &info) == 0, info.st_mode & S_IFMT == S_IFREG, Int(info.st_size) == bytes.count else {
            return false
        }
        var chunk = [UInt8](repeating: 0, count: min(bytes.count, 1 << 16))
        return bytes.withUnsafeBytes { expected in
            var offset = 0
            while offset < bytes.count {
                let count = read(fd, &chunk, min(chunk.count, bytes.count - offset))
                if count < 0 && errno == EINTR { continue }
                guard count > 0, memcmp(chunk, expected.baseAddress! + offset, count) == 0 else { return false }
                offset += count
            }
            return true
        }
    }
}
