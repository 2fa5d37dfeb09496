import Foundation
import LectureSupport

#if canImport(Glibc)
    import Glibc
#endif

/// Whether a repository tracks a path: its git index (`index` in the git folder, the format of
/// git's `Documentation/gitformat-index.txt`, versions 2 to 4), read by the tool itself. Running
/// `git ls-files` in a repository the book was dropped into would run what its config asks
/// (`core.fsmonitor`), so git is not run.
///
/// An entry is 40 bytes of file facts, the object's hash (20 bytes, 32 in a SHA-256 repository:
/// told from the first entry, whose name's length, in its flags, must meet its NUL), 2 bytes of
/// flags (one more 2 when the extended bit is set, version 3 and up), then the path: NUL-ended
/// and padded to 8 bytes (versions 2 and 3), or, in version 4, a count of bytes to drop from the
/// previous path (git's offset varint) and the NUL-ended rest, kept in one buffer (code review
/// 41 #3: a name copied whole for each entry cost a crafted index of 256 MiB minutes).
///
/// The answer has three values (code review 41 #4): an index that cannot say whether it lists a
/// path is `unknown`, never "unlisted", since a book its repository tracks would then be judged
/// another project's, and the error's fix (`git add book.toml`) would not help: an index that
/// cannot be read or is damaged, a split index (`core.splitIndex`: an entry may be in the shared
/// part, `sharedindex.HASH`, not read), a sparse index whose folder entry (`docs/`) covers the
/// path, and `GIT_INDEX_FILE` set (git reads another index then). A missing index lists nothing
/// (a repository where nothing was added).
///
/// An answer is remembered for the index file it was read from (its device, inode, size and
/// modification time: its `FileSignature`), so a build's several questions (each
/// folder the book reads, its `build-dir`, `book.toml`, a settings reload of `lecture serve`)
/// read and parse it once.
enum GitIndex {
    /// What the index says of a path.
    enum Listing: Equatable, Sendable {
        case listed
        case unlisted
        /// It cannot tell: why, as a note says it ("its index is split ('core.splitIndex'), …").
        case unknown(String)
    }

    /// The largest index read: a monorepo of a million files holds about 100 MiB.
    static let maximumBytes = 256 << 20
    /// The longest path an entry may hold: Linux's `PATH_MAX`. A longer one is damage.
    static let maximumName = 4096

    /// What the index of the repository whose git folders are `gitFolders` (the first its own,
    /// the next the shared one of a worktree: `GitFolders.gitFolders(at:)`) says of `path`, or,
    /// with `below`, of a path inside the folder `path` (both relative to the work tree's top).
    static func lists(_ path: String, below: Bool = false, gitFolders: [String]) -> Listing {
        guard let own = gitFolders.first else { return .unknown("its git folder cannot be read") }
        if ProcessEnvironment.value("GIT_INDEX_FILE") != nil {
            return .unknown("GIT_INDEX_FILE is set, so git reads another index than the repository's own")
        }
        let file = FileSystem.join(own, "index")
        var before = stat()
        guard lstat(file, &before) == 0, let signature = FileSignature(path: file) else {
            return errno == ENOENT
                ? .unlisted : .unknown("its index cannot be read (\(String(cString: strerror(errno))))")
        }
        let key = Key(file: file, signature: signature, path: path, below: below)
        if let known = answers.withLock({ $0[key] }) { return known }
        guard let bytes = FolderFile.file(file, limit: maximumBytes).bytes else {
            return .unknown("its index cannot be read (not a regular file, or larger than \(maximumBytes >> 20) MiB)")
        }
        var copied = 0
        let answer = listing(of: Array(path.utf8), below: below, in: bytes, copied: &copied)
        // Remembered only for the file read: one replaced while it was read is read again.
        if FileSignature(path: file) == signature {
            answers.withLock {
                if $0.count >= 256 { $0.removeAll() }
                $0[key] = answer
            }
        }
        return answer
    }

    /// What the index `bytes` says of `wanted` (with `below`, of a path inside the folder
    /// `wanted`). `copied` counts the bytes of names copied while parsing, which is at most the
    /// index's size: one buffer holds the current name.
    static func listing(of wanted: [UInt8], below: Bool, in bytes: [UInt8], copied: inout Int) -> Listing {
        let damaged = Listing.unknown("its index is damaged, or of a version lecture does not read")
        func word(_ at: Int) -> Int? {
            guard at >= 0, at + 4 <= bytes.count else { return nil }
            return bytes[at..<at + 4].reduce(0) { $0 << 8 | Int($1) }
        }
        guard bytes.count >= 12, bytes[0..<4].elementsEqual("DIRC".utf8), let version = word(4),
            (2...4).contains(version), let count = word(8)
        else { return damaged }
        guard let hashBytes = hashWidth(of: bytes, version: version, count: count) else { return damaged }
        var offset = 12
        var name: [UInt8] = []
        var coveredBySparseFolder = false
        for _ in 0..<count {
            let start = offset
            guard let mode = word(start + 24),
                let (_, nameAt) = entryHead(in: bytes, at: start, hashBytes: hashBytes, version: version)
            else { return damaged }
            if version == 4 {
                var at = nameAt
                guard at < bytes.count else { return damaged }
                var byte = Int(bytes[at])
                var drop = byte & 127
                while byte & 128 != 0 {
                    at += 1
                    guard at < bytes.count, drop < 1 << 40 else { return damaged }
                    byte = Int(bytes[at])
                    drop = ((drop + 1) << 7) | (byte & 127)
                }
                at += 1
                guard drop <= name.count, let end = nul(in: bytes, from: at, within: maximumName - name.count + drop)
                else { return damaged }
                name.removeLast(drop)
                name.append(contentsOf: bytes[at..<end])
                copied += end - at
                offset = end + 1
            } else {
                guard let end = nul(in: bytes, from: nameAt, within: maximumName) else { return damaged }
                name.removeAll(keepingCapacity: true)
                name.append(contentsOf: bytes[nameAt..<end])
                copied += end - nameAt
                // The entry is padded with 1 to 8 NULs to a multiple of 8 bytes from its start.
                offset = start + ((end - start + 8) & ~7)
            }
            if below
                ? name.count > wanted.count && name[wanted.count] == UInt8(ascii: "/") && name.starts(with: wanted)
                : name.elementsEqual(wanted)
            {
                return .listed
            }
            // A sparse index's folder entry (mode 040000, `docs/`) stands for the files below it.
            if mode & 0o170000 == 0o040000, name.last == UInt8(ascii: "/"),
                (wanted + [UInt8(ascii: "/")]).starts(with: name)
            {
                coveredBySparseFolder = true
            }
        }
        if coveredBySparseFolder {
            return .unknown("its index is sparse ('git sparse-checkout'), and a folder entry of it stands for the path")
        }
        if hasExtension("link", in: bytes, from: offset, hashBytes: hashBytes) {
            return .unknown("its index is split ('core.splitIndex'), and lecture does not read the shared part")
        }
        return .unlisted
    }

    /// The flags of the entry at `start` and where its name (in version 4, its drop count)
    /// starts; nil past the index's end, or for an extended entry before version 3.
    private static func entryHead(in bytes: [UInt8], at start: Int, hashBytes: Int, version: Int) -> (
        flags: Int, nameAt: Int
    )? {
        let flagsAt = start + 40 + hashBytes
        guard flagsAt + 2 <= bytes.count else { return nil }
        let flags = Int(bytes[flagsAt]) << 8 | Int(bytes[flagsAt + 1])
        let extended = flags & 0x4000 != 0
        guard !extended || version >= 3 else { return nil }
        return (flags, flagsAt + 2 + (extended ? 2 : 0))
    }

    /// The index of the first NUL in `bytes` from `start`, within `limit` bytes of it.
    private static func nul(in bytes: [UInt8], from start: Int, within limit: Int) -> Int? {
        guard start <= bytes.count, limit >= 0 else { return nil }
        return bytes[start..<min(bytes.count, start + limit + 1)].firstIndex(of: 0)
    }

    /// The hash width of the index (20 bytes for SHA-1, 32 for SHA-256): the one at which the
    /// first entry's name, as long as its flags say (when under 0xFFF), ends in its NUL (and, in
    /// versions 2 and 3, its padding is NULs); nil when neither or both fit.
    static func hashWidth(of bytes: [UInt8], version: Int, count: Int) -> Int? {
        guard count > 0 else { return 20 }
        let fitting = [20, 32].filter { width in
            guard let head = entryHead(in: bytes, at: 12, hashBytes: width, version: version) else { return false }
            let flags = head.flags
            var nameAt = head.nameAt
            if version == 4 {
                // The first entry drops nothing from the empty name before it.
                guard nameAt < bytes.count, bytes[nameAt] == 0 else { return false }
                nameAt += 1
            }
            let length = flags & 0xFFF
            // A split index's first entries may be empty (replacing entries of its shared part).
            guard let end = nul(in: bytes, from: nameAt, within: max(length, maximumName)) else { return false }
            guard length == 0xFFF ? end - nameAt >= length : end - nameAt == length else { return false }
            guard version < 4 else { return true }
            let next = 12 + ((end - 12 + 8) & ~7)
            return next <= bytes.count && bytes[end..<next].allSatisfy { $0 == 0 }
        }
        return fitting.count == 1 ? fitting[0] : nil
    }

    /// Whether the extensions after the entries (a 4-byte signature and a 4-byte size each,
    /// before the index's own hash) hold `signature`.
    private static func hasExtension(_ signature: String, in bytes: [UInt8], from start: Int, hashBytes: Int) -> Bool {
        var offset = start
        let end = bytes.count - hashBytes
        while offset + 8 <= end {
            if bytes[offset..<offset + 4].elementsEqual(signature.utf8) { return true }
            let size = bytes[offset + 4..<offset + 8].reduce(0) { $0 << 8 | Int($1) }
            offset += 8 + size
        }
        return false
    }

    /// A question asked of an index file.
    struct Key: Hashable, Sendable {
        var file: String
        var signature: FileSignature
        var path: String
        var below: Bool
    }

    /// The answers given, by index file and question (at most 256, then forgotten at once).
    private static let answers = Locked<[Key: Listing]>([:])
}
