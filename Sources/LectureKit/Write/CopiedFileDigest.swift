import LectureSupport

#if canImport(Glibc)
    import Glibc
#endif

/// The content-name digest of a file the tool copies from the system into every site
/// (highlight.js, 846 KB from Debian's `libjs-highlight.js`, three quarters of the bytes a small
/// book's build hashed), kept in the cache under the file's `stat` signature: path, device,
/// inode, size, and the modification and change times in nanoseconds. The change time is set by
/// the kernel at every write or rename into place (no `touch` sets it back), so a file whose
/// bytes changed has another key, and its digest is made again from the bytes read.
enum CopiedFileDigest {
    /// The SHA-256 of `bytes` (`ContentNames.digest([bytes])`, 64 digits), the file at `path`'s,
    /// from the cache when its signature has an entry, else made and stored.
    static func digest(of path: String, bytes: [UInt8], cache: Cache) -> String {
        guard let key = key(path) else { return hash(bytes) }
        if let entry = cache.read(kind: .contentNames, key: key), entry.count == 64,
            entry.allSatisfy({ (0x30...0x39).contains($0) || (0x61...0x66).contains($0) })
        {
            return String(decoding: entry, as: UTF8.self)
        }
        let digest = hash(bytes)
        cache.write(kind: .contentNames, key: key, Array(digest.utf8))
        return digest
    }

    /// The cache key of the file at `path` as it is now, or `nil` when it cannot be `stat`ed.
    static func key(_ path: String) -> String? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        let signature = [
            "\(info.st_dev)", "\(info.st_ino)", "\(info.st_size)", "\(info.st_mtim.tv_sec)", "\(info.st_mtim.tv_nsec)",
            "\(info.st_ctim.tv_sec)", "\(info.st_ctim.tv_nsec)",
        ].joined(separator: " ")
        return SHA256.hex("copied-file-digest-v1", path, signature)
    }

    private static func hash(_ bytes: [UInt8]) -> String {
        var hash = SHA256()
        hash.update(bytes)
        return hash.hexDigest()
    }
}
