import Foundation
import LectureSupport

#if canImport(Glibc)
    import Glibc
#endif

/// What a built sample-libraries folder (`libraries/<digest>/`, `SampleLibraries`) holds: every
/// file with its SHA-256, written as its `.complete` when it is built and compared before each
/// use. The folder's name is the digest of the sources, not of what was built from them, so an
/// object planted there (a constructor in `LectureLineBuffered.o`, which every sample links) ran
/// in every sample, and a folder another user owned and every user could write was used as it
/// was (attack 21, F3). Now the folder and each file must be the user's and not writable by
/// others, no link nor other file may lie there, and the files must be the bytes written:
/// otherwise the folder is damaged, moved aside and built again.
enum SampleLibraryManifest {
    /// The name of the file holding it, whose presence says the folder is complete.
    static let name = ".complete"

    /// The most one file of the folder may hold (a library's `.so` is a few MiB).
    static let maximumFileBytes = 1 << 28

    /// The manifest of `folder`: a line `SHA-256 path` per file but itself, sorted; nil when a
    /// file cannot be read by the cache's rules (`FolderFile`), is another user's or every user's to
    /// write it, or a link, FIFO or device lies there.
    static func of(_ folder: String) -> String? {
        guard isTheUsers(folder, folder: true) else { return nil }
        let listing = FileSystem.listing(under: folder)
        guard listing.links.isEmpty, listing.special.isEmpty, listing.tooLong.isEmpty else { return nil }
        var lines: [String] = []
        for file in listing.files.sorted() where file != name {
            guard isTheUsers(folder + "/" + file, folder: false),
                case .bytes(let bytes) = FolderFile.read(file, in: folder, limit: maximumFileBytes, owner: geteuid())
            else { return nil }
            var hash = SHA256()
            hash.update(bytes)
            lines.append(hash.hexDigest() + " " + file)
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// Whether the complete folder at `folder` still holds what its manifest says.
    static func holds(_ folder: String) -> Bool {
        guard case .bytes(let kept) = FolderFile.read(name, in: folder, limit: 1 << 20, owner: geteuid()),
            let now = of(folder)
        else { return false }
        return kept == Array(now.utf8)
    }

    /// Whether `path` (not followed) is the user's and not writable by every user, and
    /// of the kind expected.
    private static func isTheUsers(_ path: String, folder: Bool) -> Bool {
        var info = stat()
        guard lstat(path, &info) == 0, info.st_uid == geteuid(), info.st_mode & 0o002 == 0 else { return false }
        return info.st_mode & S_IFMT == (folder ? S_IFDIR : S_IFREG)
    }
}
