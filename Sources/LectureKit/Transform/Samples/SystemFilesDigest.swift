import LectureSupport
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// The files of `/etc` a sample is shown (`SampleSandbox.systemMounts`: the loader's cache, the
/// time zone, `hosts`, `nsswitch.conf`…) as one SHA-256 in its cache key (attack 20, F8): a
/// sample printing its `/etc/hosts` passed from the cache after the file changed, and failed
/// from it once the file was back. Go's `go test` keys its cached results on the files a test
/// opened in the same way; what else of the system a sample reads (the clock, `/usr`) is not in
/// the key, and `--no-cache` runs it again.
///
/// The files' bytes are keyed, never their places or times, so a cache restored on another
/// machine of the same system still answers. Of `/etc/hosts` only the lines naming `localhost`
/// are: Docker writes each container's own id and address into the rest, which would make
/// every CI run in a new container miss the cache, and the sandbox's network holds nothing
/// but its loopback. Each file is read again only when its `stat` signature changes, so a
/// build of many samples reads them once.
enum SystemFilesDigest {
    /// The files of `/etc` the sandbox binds, as the sandbox lists them.
    static let paths: [String] = {
        let mounts = SampleSandbox.systemMounts
        return stride(from: 0, to: mounts.count - 2, by: 3).map { mounts[$0 + 2] }.filter { $0.hasPrefix("/etc/") }
    }()

    private static let memo = Mutex<(signature: String, digest: String)?>(nil)

    /// The digest of `paths`' bytes (`digest(of:)`), read again when a file's signature changed.
    static func current() -> String {
        let signature = paths.map { path in
            var info = stat()
            guard stat(path, &info) == 0 else { return "\(path) missing" }
            return
                "\(path) \(info.st_dev):\(info.st_ino):\(info.st_size):\(info.st_mtim.tv_sec).\(info.st_mtim.tv_nsec)"
        }.joined(separator: "\n")
        if let known = memo.withLock({ $0 }), known.signature == signature { return known.digest }
        let digest = digest(of: paths)
        memo.withLock { $0 = (signature, digest) }
        return digest
    }

    /// The SHA-256 of each of `files` by its path and bytes (a folder or a missing file by its
    /// path alone, a file past 4 MiB by its first 4 MiB; of a file named `hosts`, the lines
    /// naming `localhost` alone).
    static func digest(of files: [String]) -> String {
        var hash = SHA256()
        for path in files {
            hash.update(Array("\(path)\n".utf8))
            var info = stat()
            guard stat(path, &info) == 0, info.st_mode & S_IFMT == S_IFREG,
                var bytes = try? FileSystem.read(path, atMost: 4 << 20).bytes
            else { continue }
            if path.hasSuffix("/hosts") { bytes = localhostLines(bytes) }
            hash.update(Array("\(bytes.count)\n".utf8))
            hash.update(bytes)
        }
        return hash.hexDigest()
    }

    /// The lines of a hosts file that name `localhost` (`127.0.0.1 localhost`, `::1 ip6-localhost`).
    static func localhostLines(_ bytes: [UInt8]) -> [UInt8] {
        let lines = String(decoding: bytes, as: UTF8.self).split(separator: "\n").filter { line in
            line.split(whereSeparator: { $0 == " " || $0 == "\t" }).dropFirst().contains { $0.contains("localhost") }
        }
        return Array(lines.joined(separator: "\n").utf8)
    }
}
