import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// A walk over a folder tree with `opendir`/`readdir`, each entry's kind taken from its
/// `d_type` (`lstat` only where the file system does not tell it), symbolic links not followed
/// and folders reached through one not entered. Paths stay bytes until a visitor asks for text,
/// so a name that is not UTF-8 is met too. Foundation's enumerator cost a preview rebuild of
/// 1,000 pages about 4% of its time. Used by `FileSystem.files(under:)`, a sample's run-folder
/// limit (`RunFolderLimit`) and the benchmark.
package enum FolderWalk {
    /// What an entry is, as the walk sees it (a link is `other`, whatever it points at).
    package enum Kind: Sendable {
        case directory, regular, other
    }

    /// What the walk does after a visit.
    package enum Decision: Sendable {
        /// Goes on (into the entry too, when it is a folder).
        case `continue`
        /// Ends the walk.
        case stop
    }

    /// One entry met on the walk.
    package struct Entry {
        /// The entry's path, the root's then `/` and the path below it, NUL-terminated.
        let path: [CChar]
        /// How many bytes of `path` come before the path below the root.
        let prefixLength: Int
        /// What the entry is.
        package let kind: Kind

        /// The path below the root, with `/` (a byte that is not UTF-8 read as U+FFFD).
        package var relativePath: String {
            String(decoding: path[prefixLength..<(path.count - 1)].map { UInt8(bitPattern: $0) }, as: UTF8.self)
        }

        /// The entry's `lstat(2)`, or `nil` when it is gone.
        package func status() -> stat? {
            var info = stat()
            return lstat(path, &info) == 0 ? info : nil
        }
    }

    /// The longest path the system opens, NUL included (`PATH_MAX`).
    package static let pathLimit = Int(PATH_MAX)

    /// Visits every entry under `root` (not `root` itself), a folder before what it holds,
    /// until `visit` says `.stop`. A folder that cannot be opened is passed over; an entry whose
    /// path is too long for the system to open (`PATH_MAX`, 4096 bytes with its NUL), or a folder
    /// it refuses for that (`ENAMETOOLONG`), is given to `tooLong` instead, by path below the
    /// root, so a caller can say what it could not reach rather than drop it unsaid.
    package static func walk(
        _ root: String, tooLong: (String) -> Void = { _ in }, _ visit: (Entry) -> Decision
    ) {
        let rootBytes = Array(root.utf8CString.dropLast())
        var pending: [[CChar]] = [rootBytes]
        while let current = pending.popLast() {
            guard let directory = opendir(current + [0]) else {
                if errno == ENAMETOOLONG, current.count > rootBytes.count {
                    tooLong(
                        Entry(path: current + [0], prefixLength: rootBytes.count + 1, kind: .directory).relativePath)
                }
                continue
            }
            defer { closedir(directory) }
            while let entry = readdir(directory) {
                // Read in place up to its NUL: a record is only as long as its name (`d_reclen`), so
                // copying the whole 256-byte `d_name` read past the record, and past the end of
                // the directory buffer when the record was its last (a SIGSEGV seen in
                // `SampleFileLimitTests`, about one run in three on a loaded machine).
                let name = withUnsafeMutablePointer(to: &entry.pointee.d_name) { field in
                    field.withMemoryRebound(to: CChar.self, capacity: 1) { start in
                        Array(UnsafeBufferPointer(start: start, count: strlen(start)))
                    }
                }
                if name == [46] || name == [46, 46] { continue }  // "." and ".."
                let path = current + [47] + name + [0]  // current + "/" + name, NUL-terminated
                if path.count > pathLimit {
                    tooLong(Entry(path: path, prefixLength: rootBytes.count + 1, kind: .other).relativePath)
                    continue
                }
                let found = Entry(path: path, prefixLength: rootBytes.count + 1, kind: kind(entry.pointee.d_type, path))
                if visit(found) == .stop { return }
                if found.kind == .directory { pending.append(Array(path.dropLast())) }
            }
        }
    }

    /// The kind `d_type` names, asking `lstat` when it is `DT_UNKNOWN`.
    private static func kind(_ type: UInt8, _ path: [CChar]) -> Kind {
        switch Int32(type) {
        case Int32(DT_DIR): return .directory
        case Int32(DT_REG): return .regular
        case Int32(DT_UNKNOWN):
            var info = stat()
            guard lstat(path, &info) == 0 else { return .other }
            switch info.st_mode & S_IFMT {
            case S_IFDIR: return .directory
            case S_IFREG: return .regular
            default: return .other
            }
        default: return .other
        }
    }
}
