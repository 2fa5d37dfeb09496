import Foundation
import Testing

@testable import LectureSupport

#if canImport(Glibc)
    import Glibc
#endif

/// Runs `lecture` where it can harm nothing but a scratch tree: in a private mount namespace
/// (`unshare --mount`, with a user namespace when not root) whose home folder is a scratch
/// folder bound over the real one, so a build that tried to replace or read `$HOME` meets the
/// scratch home instead. The tree's digest before and after tells what a run touched.
struct ContainedRun {
    /// The scratch tree: `home/` (bound over the home folder), `work/` and whatever a test adds.
    let scratch: String
    /// The home folder as the process sees it (`$HOME`), which `home/` stands in for.
    let home: String

    init() throws {
        scratch = CanonicalPath.of(try TestSupport.temporaryDirectory())
        home = CanonicalPath.homeFolders().first ?? "/root"
        for folder in ["home/.ssh", "home/projects", "work"] {
            try FileSystem.makeDirectories(scratch + "/" + folder)
        }
        try TestSupport.write(Array("ssh-ed25519 AAAA key\n".utf8), to: scratch + "/home/.ssh/authorized_keys")
        try TestSupport.write(Array("export PATH\n".utf8), to: scratch + "/home/.profile")
        try TestSupport.write(Array("notes\n".utf8), to: scratch + "/home/projects/notes.txt")
    }

    /// Writes a small book at `work/book` (book.toml with `bookTOML`'s lines, `src/` with two
    /// pages) and returns its path.
    @discardableResult
    func makeBook(_ bookTOML: String = "", at relative: String = "work/book") throws -> String {
        let book = scratch + "/" + relative
        try TestSupport.write(Array("[book]\ntitle = \"Contained\"\n\(bookTOML)\n".utf8), to: book + "/book.toml")
        try TestSupport.write(
            Array("# Summary\n\n- [Intro](intro.md)\n- [Next](next.md)\n".utf8), to: book + "/src/SUMMARY.md")
        try TestSupport.write(Array("# Intro\n\nHello.\n".utf8), to: book + "/src/intro.md")
        try TestSupport.write(Array("# Next\n\n[Back](intro.md)\n".utf8), to: book + "/src/next.md")
        return book
    }

    /// Runs `lecture ARGUMENTS` in `directory` (relative to the scratch tree) inside the
    /// namespace, with the cache in `scratch/cache`; `tmpfs` names folders (relative) on which
    /// an empty tmpfs is mounted there first.
    func lecture(
        _ arguments: [String], in directory: String, tmpfs: [String] = [], environment: [String: String] = [:]
    ) throws -> Subprocess.Result {
        try command(
            TestSupport.executable, arguments + ["--cache-dir", scratch + "/cache"], in: directory, tmpfs: tmpfs,
            environment: environment)
    }

    /// Runs `executable ARGUMENTS` in `directory` inside the namespace, as `lecture` above.
    func command(
        _ executable: String, _ arguments: [String], in directory: String, tmpfs: [String] = [],
        environment: [String: String] = [:]
    ) throws -> Subprocess.Result {
        var script = "set -e; mount --bind \"$SCRATCH/home\" \"$HOME\"; "
        for folder in tmpfs { script += "mount -t tmpfs contained \"$SCRATCH/\(folder)\"; " }
        script += "cd \"$SCRATCH/$DIR\"; exec \"$@\""
        let namespace = getuid() == 0 ? ["--mount"] : ["--user", "--map-root-user", "--mount"]
        return try Subprocess.run(
            "/usr/bin/unshare",
            namespace + ["--propagation", "private", "/bin/sh", "-c", script, "contained", executable] + arguments,
            environment: environment.merging(["SCRATCH": scratch, "DIR": directory, "HOME": home]) { $1 },
            timeout: 300, cancellation: .process)
    }

    /// Every entry under the scratch tree but `excluded` (relative paths; the cache always):
    /// path, kind, mode, and the bytes of a file or the target of a link, hashed.
    func digest(excluding excluded: [String] = []) -> [String: String] {
        var entries: [String: String] = [:]
        func walk(_ relative: String) {
            let path = relative.isEmpty ? scratch : scratch + "/" + relative
            var info = stat()
            guard lstat(path, &info) == 0 else { return }
            let mode = String(info.st_mode, radix: 8)
            switch info.st_mode & S_IFMT {
            case S_IFDIR:
                entries[relative] = "dir \(mode)"
                let names = (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []
                for name in names.sorted() {
                    let child = relative.isEmpty ? name : relative + "/" + name
                    if child == "cache" || excluded.contains(child) { continue }
                    walk(child)
                }
            case S_IFLNK:
                entries[relative] =
                    "link -> " + ((try? FileManager.default.destinationOfSymbolicLink(atPath: path)) ?? "?")
            default:
                var hash = SHA256()
                hash.update((try? FileSystem.read(path)) ?? [])
                entries[relative] = "file \(mode) \(hash.hexDigest())"
            }
        }
        walk("")
        return entries
    }
}
