import Foundation
import LectureSupport

#if canImport(Glibc)
    import Glibc
#endif

/// Runs `lecture` where it can harm nothing but a scratch tree: in a private mount namespace
/// (`unshare --mount`, with a user namespace when not root) whose home folder is a scratch
/// folder bound over the real one, so a build that tried to replace or read `$HOME` meets the
/// scratch home instead. The tree's digest before and after tells what a run touched. Every
/// contained test of both suites runs through here (`command`, or `process` for one it signals
/// or reads while it runs), so the containment is written once.
package struct ContainedRun: Sendable {
    /// The scratch tree: `home/` (bound over the home folder), `work/` and whatever a test adds.
    package let scratch: String
    /// The home folder as the process sees it (`$HOME`), which `home/` stands in for.
    package let home: String

    package init() throws {
        scratch = CanonicalPath.of(try TestFolders.make("lecture-contained"))
        home = CanonicalPath.homeFolders().first ?? "/root"
        for folder in ["home/.ssh", "home/projects", "work"] {
            try FileSystem.makeDirectories(scratch + "/" + folder)
        }
        try FileSystem.writeAtomically(Array("ssh-ed25519 AAAA key\n".utf8), to: scratch + "/home/.ssh/authorized_keys")
        try FileSystem.writeAtomically(Array("export PATH\n".utf8), to: scratch + "/home/.profile")
        try FileSystem.writeAtomically(Array("notes\n".utf8), to: scratch + "/home/projects/notes.txt")
    }

    /// Writes a small book at `work/book` (book.toml with `bookTOML`'s lines, `src/` with two
    /// pages) and returns its path.
    @discardableResult
    package func makeBook(_ bookTOML: String = "", at relative: String = "work/book") throws -> String {
        let book = scratch + "/" + relative
        try FileSystem.writeAtomically(
            Array("[book]\ntitle = \"Contained\"\n\(bookTOML)\n".utf8), to: book + "/book.toml")
        try FileSystem.writeAtomically(
            Array("# Summary\n\n- [Intro](intro.md)\n- [Next](next.md)\n".utf8), to: book + "/src/SUMMARY.md")
        try FileSystem.writeAtomically(Array("# Intro\n\nHello.\n".utf8), to: book + "/src/intro.md")
        try FileSystem.writeAtomically(Array("# Next\n\n[Back](intro.md)\n".utf8), to: book + "/src/next.md")
        return book
    }

    /// Runs `executable ARGUMENTS` in `directory` (relative to the scratch tree) inside the
    /// namespace; `tmpfs` names folders (relative) on which an empty tmpfs is mounted there first,
    /// `hiding` files of the machine (absolute) that `/dev/null` is bound over there, so that a
    /// program such as `/usr/bin/prlimit` is not there to run, and folders an empty tmpfs is
    /// mounted on (`/proc`).
    package func command(
        _ executable: String, _ arguments: [String], in directory: String, tmpfs: [String] = [],
        hiding: [String] = [], readOnly: [String] = [], environment: [String: String] = [:]
    ) throws -> Subprocess.Result {
        let line = commandLine(
            executable, arguments, in: directory, tmpfs: tmpfs, hiding: hiding, readOnly: readOnly)
        // Shortly before the limit, what every process of the run is doing is read, and printed
        // if the run is then killed for its time: a hang names where it waits.
        let limit = 300.0
        let start = ContinuousClock.now
        let stuck = Locked<String?>(nil)
        let result = try Subprocess.run(
            line.program, line.arguments,
            environment: environment.merging(["SCRATCH": scratch, "DIR": directory, "HOME": home]) { $1 },
            timeout: limit,
            whileRunning: { pid in
                guard (ContinuousClock.now - start).seconds > limit - 10 else { return }
                stuck.withLock { if $0 == nil { $0 = StuckProcesses.report(under: pid) } }
            }, cancellation: .process)
        if result.termination == .timedOut {
            FileHandle.standardError.write(
                Data(
                    ("ContainedRun: \(executable) \(arguments) in \(scratch)/\(directory) timed out after \(Int(limit)) s;"
                        + " its processes \(Int(limit) - 10) s in:\n\(stuck.withLock { $0 } ?? "(not read)")\n").utf8))
        }
        return result
    }

    /// `executable ARGUMENTS` in `directory` inside the namespace, as `command` runs it, as a
    /// `Process` not yet started (the caller's environment and `extra` given to it), for a test
    /// that signals it or reads its output while it runs: `unshare` and `sh` exec it, so its
    /// pid is the program's.
    package func process(
        _ executable: String, _ arguments: [String], in directory: String, environment extra: [String: String] = [:]
    ) -> Process {
        let line = commandLine(executable, arguments, in: directory, tmpfs: [], hiding: [], readOnly: [])
        let process = Process()
        process.executableURL = URL(fileURLWithPath: line.program)
        process.arguments = line.arguments
        process.environment = ProcessInfo.processInfo.environment.merging(
            extra.merging(["SCRATCH": scratch, "DIR": directory, "HOME": home]) { $1 }
        ) { $1 }
        return process
    }

    /// The one command line of a contained run: `unshare` (a user namespace too when not root),
    /// the scratch home bound over `$HOME`, the tmpfs mounts (`readOnly`: empty, read-only ones),
    /// the hidden files, then `executable` in `directory`.
    private func commandLine(
        _ executable: String, _ arguments: [String], in directory: String, tmpfs: [String], hiding: [String],
        readOnly: [String]
    ) -> (program: String, arguments: [String]) {
        var script = "set -e; mount --bind \"$SCRATCH/home\" \"$HOME\"; "
        for folder in tmpfs { script += "mount -t tmpfs contained \"$SCRATCH/\(folder)\"; " }
        for folder in readOnly { script += "mount -t tmpfs -o ro contained \"$SCRATCH/\(folder)\"; " }
        for path in hiding {
            script +=
                "if [ -d '\(path)' ]; then mount -t tmpfs hidden '\(path)'; "
                + "elif [ -e '\(path)' ]; then mount --bind /dev/null '\(path)'; fi; "
        }
        script += "cd \"$SCRATCH/$DIR\"; exec \"$@\""
        let namespace = getuid() == 0 ? ["--mount"] : ["--user", "--map-root-user", "--mount"]
        return (
            "/usr/bin/unshare",
            namespace + ["--propagation", "private", "/bin/sh", "-c", script, "contained", executable] + arguments
        )
    }

    /// Every entry under the scratch tree but `excluded` (relative paths; the cache always):
    /// path, kind, mode, and the bytes of a file or the target of a link, hashed.
    package func digest(excluding excluded: [String] = []) -> [String: String] {
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
