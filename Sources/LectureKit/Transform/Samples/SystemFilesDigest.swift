import LectureSupport

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
/// but its loopback. The files are read once per build: the verifier takes the digest when it is
/// made (`SampleVerifier.systemFiles`), not for each sample's key.
enum SystemFilesDigest {
    /// The files of `/etc` the sandbox shows a sample (`SampleSandbox.systemPaths`).
    static let paths: [String] = SampleSandbox.systemPaths.map(\.path).filter { $0.hasPrefix("/etc/") }

    /// The digest of `paths`' bytes as they are now (`digest(of:)`).
    static func current() -> String { digest(of: paths) }

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
