import Foundation
import LectureSupport

/// Whether a repository tracks a path: its git index (`index` in the git folder, the format of
/// git's `Documentation/gitformat-index.txt`, versions 2 to 4), read by the tool itself. Running
/// `git ls-files` in a repository the book was dropped into would run what its config asks
/// (`core.fsmonitor`), so git is not run.
///
/// An entry is 40 bytes of file facts, the object's hash (20 bytes, 32 under `objectformat =
/// sha256`), 2 bytes of flags (one more 2 when the extended bit is set, version 3 and up), then
/// the path: NUL-ended and padded to 8 bytes (versions 2 and 3), or, in version 4, a count of
/// bytes to drop from the previous path (git's offset varint) and the NUL-ended rest. A split
/// index's shared part (`sharedindex.HASH`) is not read: a path only it holds counts as untracked.
enum GitIndex {
    /// The largest index read: a monorepo of a million files holds about 100 MiB.
    static let maximumBytes = 256 << 20

    /// Whether the index of the repository whose git folders are `gitFolders` (the first its own,
    /// the next the shared one of a worktree: `GitFolders.gitFolders(at:)`) lists `path`, or,
    /// with `below`, a path inside the folder `path` (both relative to the work tree's top).
    /// False when there is no index or it cannot be read.
    static func lists(_ path: String, below: Bool = false, gitFolders: [String]) -> Bool {
        guard let own = gitFolders.first else { return false }
        let config = FileSystem.join(gitFolders.last ?? own, "config")
        let hashBytes = objectFormatIsSHA256(config: config) ? 32 : 20
        guard let bytes = read(FileSystem.join(own, "index")) else { return false }
        let wanted = Array(path.utf8)
        return firstEntry(in: bytes, hashBytes: hashBytes) { name in
            below
                ? name.count > wanted.count && name[wanted.count] == UInt8(ascii: "/")
                    && name.starts(with: wanted)
                : name.elementsEqual(wanted)
        }
    }

    /// Whether an entry of the index `bytes` satisfies `matches`; false for a damaged index.
    static func firstEntry(in bytes: [UInt8], hashBytes: Int, where matches: (ArraySlice<UInt8>) -> Bool) -> Bool {
        func word(_ at: Int) -> Int? {
            guard at >= 0, at + 4 <= bytes.count else { return nil }
            return bytes[at..<at + 4].reduce(0) { $0 << 8 | Int($1) }
        }
        guard bytes.count >= 12, bytes[0..<4].elementsEqual("DIRC".utf8), let version = word(4),
            (2...4).contains(version), let count = word(8)
        else { return false }
        var offset = 12
        var previous: [UInt8] = []
        for _ in 0..<count {
            let start = offset
            let flagsAt = start + 40 + hashBytes
            guard flagsAt + 2 <= bytes.count else { return false }
            let flags = Int(bytes[flagsAt]) << 8 | Int(bytes[flagsAt + 1])
            var nameAt = flagsAt + 2
            if flags & 0x4000 != 0 {
                guard version >= 3 else { return false }
                nameAt += 2
            }
            var name: [UInt8]
            if version == 4 {
                var at = nameAt
                guard at < bytes.count else { return false }
                var byte = Int(bytes[at])
                var drop = byte & 127
                while byte & 128 != 0 {
                    at += 1
                    guard at < bytes.count, drop < 1 << 40 else { return false }
                    byte = Int(bytes[at])
                    drop = ((drop + 1) << 7) | (byte & 127)
                }
                at += 1
                guard drop <= previous.count, let end = bytes[at...].firstIndex(of: 0) else { return false }
                name = Array(previous.dropLast(drop)) + bytes[at..<end]
                offset = end + 1
            } else {
                guard let end = bytes[min(nameAt, bytes.count)...].firstIndex(of: 0) else { return false }
                name = Array(bytes[nameAt..<end])
                // The entry is padded with 1 to 8 NULs to a multiple of 8 bytes from its start.
                offset = start + ((end - start + 8) & ~7)
            }
            // A path longer than any file system's (PATH_MAX is 4096) is damage; it also keeps a
            // crafted version 4 index from growing each name by the last (quadratic copying).
            guard name.count <= 1 << 16 else { return false }
            if matches(name[...]) { return true }
            previous = name
        }
        return false
    }

    /// The index's bytes: a regular file no larger than `maximumBytes`, read without following a link.
    private static func read(_ path: String) -> [UInt8]? {
        FolderFile.file(path, limit: maximumBytes).bytes
    }

    /// Whether the repository's `config` sets `extensions.objectformat = sha256`.
    private static func objectFormatIsSHA256(config: String) -> Bool {
        guard let bytes = FolderFile.file(config, limit: 1 << 20).bytes else { return false }
        return String(decoding: bytes, as: UTF8.self).split(separator: "\n").contains {
            let words = $0.lowercased().split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "=" })
            return words == ["objectformat", "sha256"]
        }
    }
}
