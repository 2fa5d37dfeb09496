import CLinux
import Foundation

/// File operations the stages share, with errors that name the path.
package enum FileSystem {
    /// Whether `path` is a directory, following symbolic links.
    package static func isDirectory(_ path: String) -> Bool {
        var isDirectory: ObjCBool = false
        return FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) && isDirectory.boolValue
    }

    /// Whether anything is at `path` (Foundation's `fileExists(atPath:)`; on Linux a broken
    /// symbolic link counts).
    package static func exists(_ path: String) -> Bool { FileManager.default.fileExists(atPath: path) }

    /// Reads a whole regular file.
    ///
    /// Only a regular file (symbolic links followed): a folder fails, and a named pipe or a device
    /// (`/dev/zero`, a FIFO left in the content or cache folder) fails at once instead of
    /// blocking or reading forever; the pipe is opened with `O_NONBLOCK` so that opening it does
    /// not wait for a writer either.
    /// - Throws: `LectureError` `path: error: cannot read file: REASON` (`strerror`'s text, or
    ///   "not a regular file").
    package static func read(_ path: String) throws -> [UInt8] { try read(path, atMost: .max).bytes }

    /// Reads at most `limit` + 1 bytes of a regular file (as `read(_:)`, which reads it whole),
    /// with its size: a caller that gets more than `limit` bytes refuses the file without having
    /// read it whole, whatever its size (a 2 GiB sparse file costs 16 MiB, not 4 GB).
    package static func read(_ path: String, atMost limit: Int) throws -> (bytes: [UInt8], size: Int) {
        func failure(_ reason: String) -> LectureError {
            LectureError(.error(.fileSystem, path, nil, "cannot read file: \(reason)"))
        }
        let fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard fd >= 0 else { throw failure(String(cString: strerror(errno))) }
        defer { close(fd) }
        return try read(descriptor: fd, atMost: limit, naming: path)
    }

    /// As `read(_:atMost:)`, from the file open at `fd` (from offset 0, with `pread`: the
    /// descriptor's offset is left as it was), `path` naming it in errors. Closes nothing.
    package static func read(descriptor fd: Int32, atMost limit: Int, naming path: String) throws -> (
        bytes: [UInt8], size: Int
    ) {
        func failure(_ reason: String) -> LectureError {
            LectureError(.error(.fileSystem, path, nil, "cannot read file: \(reason)"))
        }
        var info = stat()
        guard fstat(fd, &info) == 0 else { throw failure(String(cString: strerror(errno))) }
        guard (info.st_mode & S_IFMT) == S_IFREG else {
            throw failure((info.st_mode & S_IFMT) == S_IFDIR ? "is a folder" : "not a regular file")
        }
        let size = max(Int(info.st_size), 0)
        let most = limit == .max ? .max : limit + 1
        var bytes = [UInt8](repeating: 0, count: min(size, most - 1) + 1)
        var count = 0
        while count < most {
            if count == bytes.count { bytes += [UInt8](repeating: 0, count: min(bytes.count, most - count)) }
            let n = bytes.withUnsafeMutableBytes { pread(fd, $0.baseAddress! + count, $0.count - count, off_t(count)) }
            if n < 0 {
                if errno == EINTR { continue }
                throw failure(String(cString: strerror(errno)))
            }
            if n == 0 { break }
            count += n
        }
        bytes.removeSubrange(count...)
        return (bytes, size)
    }

    /// Why `read(path)` fails, or `nil` when it does not (a page or summary that exists but cannot
    /// be read is reported as such, not as missing).
    package static func unreadableReason(_ path: String) -> String? {
        do {
            _ = try read(path)
            return nil
        } catch {
            let message = SystemErrorText.reason(of: error)
            return message.components(separatedBy: "cannot read file: ").last
        }
    }

    /// Writes a file atomically: to a temporary name beside it, then renamed over it. A path the
    /// system would refuse for its length (`PathLimits`) makes no folder on the way.
    package static func writeAtomically(_ bytes: [UInt8], to path: String) throws {
        if let problem = PathLimits.problem(creating: path) {
            throw LectureError(.error(.fileSystem, PathLimits.shortened(path), nil, "cannot write file: \(problem)"))
        }
        let url = URL(fileURLWithPath: path)
        do {
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(bytes).write(to: url, options: .atomic)
        } catch {
            throw LectureError(.error(.fileSystem, path, nil, "cannot write file: \(cause(of: error, at: path))"))
        }
    }

    /// Why a write to `path` failed, in the system's words: Foundation's `NSCocoaErrorDomain
    /// error 512` said nothing of a folder standing where the file goes, nor of a missing
    /// permission; its POSIX cause (`Is a directory`, `Permission denied`) does (`SystemErrorText`).
    static func cause(of error: Error, at path: String) -> String {
        if isDirectory(path) { return "it is a folder; name a file in it" }
        return SystemErrorText.reason(of: error)
    }

    /// Writes `text` as UTF-8, atomically as above. - Throws: `LectureError` naming the path.
    package static func writeAtomically(_ text: String, to path: String) throws {
        try writeAtomically(Array(text.utf8), to: path)
    }

    /// Creates the folder at `path` (absolute) and every missing folder on the way, with
    /// mkdir(2): no `~` is expanded. - Throws: `LectureError` naming the folder that could not
    /// be made.
    package static func makeDirectories(_ path: String) throws {
        if let problem = PathLimits.problem(creating: path) {
            throw LectureError(.error(.fileSystem, PathLimits.shortened(path), nil, "cannot create folder: \(problem)"))
        }
        var made = ""
        for component in path.split(separator: "/") {
            made += "/" + component
            if mkdir(made, 0o755) != 0 && errno != EEXIST {
                throw LectureError(
                    .error(.fileSystem, made, nil, "cannot create folder: \(SystemErrorText.meaning(ofErrno: errno))"))
            }
        }
    }

    /// Makes a fresh directory under the system's temporary folder and returns its path. It is
    /// removed if the run is interrupted (`Interruption`); call `removeTemporaryDirectory` when done.
    /// `folder`'s trailing `/` (`NSTemporaryDirectory()` ends in one) is not doubled: a path
    /// `$TMPDIR//lecture-…` would escape `MachinePaths`' needle `$TMPDIR/lecture-`.
    package static func makeTemporaryDirectory(prefix: String, in folder: String = NSTemporaryDirectory()) throws
        -> String
    {
        var base = Substring(folder)
        while base.count > 1 && base.hasSuffix("/") { base = base.dropLast() }
        var template = Array(((base == "/" ? "" : base) + "/\(prefix).XXXXXX").utf8CString)
        return try Interruption.makeTracked {
            guard let result = mkdtemp(&template) else {
                throw LectureError(.fileSystem, "cannot create a temporary directory")
            }
            return String(cString: result)
        }
    }

    /// Removes a folder made by `makeTemporaryDirectory`: through descriptors (a sample's run
    /// folder may hold folders deeper than PATH_MAX), trying again for a moment when a process
    /// the run left is still finishing a write into it (`DeepFolderRemoval.removeWaiting`).
    package static func removeTemporaryDirectory(_ path: String) {
        DeepFolderRemoval.removeWaiting([path])
        Interruption.untrack(path)
    }

    /// Every regular file under `root`, as paths relative to it with `/`, sorted.
    ///
    /// Only regular files: symbolic links (which could publish a file from outside the folder),
    /// named pipes (whose reading would block) and devices are left out. Folders reached through
    /// a symbolic link are not entered (`FolderWalk`).
    package static func files(under root: String) -> [String] { filesAndTooLong(under: root).files }

    /// As `files(under:)`, with the entries (folders or files) whose paths are too long for the
    /// system to open (`FolderWalk.pathLimit`), by path relative to `root`, sorted.
    package static func filesAndTooLong(under root: String) -> (files: [String], tooLong: [String]) {
        let listing = listing(under: root)
        return (listing.files, listing.tooLong)
    }

    /// As `filesAndTooLong(under:)`, with the symbolic links met (to files or folders, never
    /// followed) and the named pipes, sockets and devices, by path relative to `root`, sorted:
    /// what `files(under:)` leaves out on purpose.
    package static func listing(under root: String) -> (
        files: [String], tooLong: [String], links: [String], special: [String]
    ) {
        var result: [String] = []
        var tooLong: [String] = []
        var links: [String] = []
        var special: [String] = []
        FolderWalk.walk(
            root, tooLong: { tooLong.append($0) },
            { entry in
                if entry.kind == .regular {
                    result.append(entry.relativePath)
                } else if entry.kind == .other, let info = entry.status() {
                    if info.st_mode & S_IFMT == S_IFLNK {
                        links.append(entry.relativePath)
                    } else {
                        special.append(entry.relativePath)
                    }
                }
                return .continue
            })
        return (result.sorted(), tooLong.sorted(), links.sorted(), special.sorted())
    }

    /// Swaps the files or folders at `a` and `b` in one step (Linux's renameat2(2) with
    /// `RENAME_EXCHANGE`), so a reader sees one or the other, never neither.
    /// - Returns: `false` when the swap failed (`errno` says why; some file systems lack it).
    package static func exchange(_ a: String, _ b: String) -> Bool { lecture_rename_exchange(a, b) == 0 }

    /// The folder part of `path`, as NSString's `deletingLastPathComponent` gives it (`a/b/c` →
    /// `a/b`, `/a` → `/`, `a` → ``, trailing slashes ignored), written by hand: Foundation's stops
    /// the process (an illegal instruction) on any path of one character (`b`, `b/`, `~`, `~/`), a
    /// folder name a person may give, so no path the tool reads goes through it (`ParentFolderTests`).
    package static func parent(_ path: String) -> String {
        var rest = Substring(path)
        while rest.count > 1 && rest.hasSuffix("/") { rest.removeLast() }
        guard let slash = rest.lastIndex(of: "/") else { return "" }
        var folder = rest[..<slash]
        while folder.hasSuffix("/") { folder.removeLast() }
        return folder.isEmpty ? "/" : String(folder)
    }

    /// `a/b` joined with `c` as `a/b/c`, without doubling separators.
    package static func join(_ base: String, _ component: String) -> String {
        if base.isEmpty || base == "." { return component }
        // `[book] src = "."` or a folder holding SUMMARY.md itself: `book/.` would show in every path.
        if component == "." { return base }
        return base.hasSuffix("/") ? base + component : base + "/" + component
    }

    /// A path a person wrote in a setting (`[book] src = "/srv/pages"`), from `base`: an
    /// absolute path as written, a relative one joined to `base`, as Rust's `Path::join` (and so
    /// mdBook) reads it. `join` would make `/srv/pages` into `base//srv/pages`.
    package static func resolve(_ path: String, against base: String) -> String {
        path.hasPrefix("/") ? path : join(base, path)
    }
}
