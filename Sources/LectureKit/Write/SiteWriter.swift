import Foundation
import LectureSupport

#if canImport(Glibc)
    import Glibc
#endif

/// The files of a built site, before they are written.
struct SiteFiles: Sendable {
    /// Generated files: path relative to the site root → contents.
    var generated: [String: [UInt8]] = [:]
    /// Copied files: path relative to the site root → source path on disk.
    var copied: [String: String] = [:]
    /// Files known to be byte-identical to the last build's (incremental rebuilds).
    var unchanged: Set<String> = []
    /// The `stat` signatures of the copied files' sources, for the next incremental rebuild.
    var copySignatures: [String: FileSignature] = [:]
    /// An empty site.
    init() {}
}

/// The write stage: puts a site on disk all at once.
///
/// The site is written into a temporary folder beside the output folder, then swapped in with
/// `renameat2(RENAME_EXCHANGE)` (Linux 3.15+; two renames elsewhere) and the old one removed, so
/// readers and a failed build never see half a site. A file the live site already holds byte for
/// byte is hard-linked from it rather than written again: a rebuild then creates (and its
/// removal of the old site frees) only the inodes of files that changed. (ext4 passes over
/// inodes freed in the last minute when it allocates new ones, which made a build right after
/// another's removal spend a tenth of its time in `recently_deleted`, `perf`.) A marker file `.lecture-site` identifies
/// folders this tool wrote: an existing folder without it is never replaced, so a mistyped
/// `--output` cannot delete someone's files.
package enum SiteWriter {
    /// The marker file, written into every site folder this tool makes.
    static let marker = ".lecture-site"

    /// Checks that `output` may be written, before any work is done.
    package static func validate(output: String, protecting protected: [String]) -> Diagnostic? {
        guard !output.isEmpty else {
            return .error(.outputRefused, "", nil, "output path is empty", notes: ["pass --output DIR"])
        }
        // Every existing folder on the way must be a folder.
        var ancestor = URL(fileURLWithPath: output).standardizedFileURL.deletingLastPathComponent()
        while ancestor.path != "/" {
            var isFolder: ObjCBool = false
            if FileManager.default.fileExists(atPath: ancestor.path, isDirectory: &isFolder) {
                if !isFolder.boolValue {
                    return .error(
                        .outputRefused, output, nil, "output path goes through '\(ancestor.path)', which is a file")
                }
                break
            }
            ancestor.deleteLastPathComponent()
        }
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: output, isDirectory: &isDirectory) {
            if !isDirectory.boolValue {
                return .error(
                    .outputRefused,
                    output, nil, "output path is an existing file, not a folder",
                    notes: ["choose another --output, or remove the file"])
            }
            let entries = (try? FileManager.default.contentsOfDirectory(atPath: output)) ?? []
            if !entries.isEmpty && !entries.contains(marker) {
                return .error(
                    .outputRefused,
                    output, nil, "output folder exists and was not written by lecture; it is left untouched",
                    notes: ["choose another --output, or empty the folder first"])
            }
        }
        let resolvedOutput = URL(fileURLWithPath: output).standardizedFileURL.resolvingSymlinksInPath().path
        for path in protected {
            let resolved = URL(fileURLWithPath: path).standardizedFileURL.resolvingSymlinksInPath().path
            if resolved == resolvedOutput || resolved.hasPrefix(resolvedOutput + "/") {
                return .error(
                    .outputRefused, output, nil, "output folder would replace '\(path)'",
                    notes: ["choose another --output"])
            }
            if resolvedOutput.hasPrefix(resolved + "/") {
                return .error(
                    .outputRefused,
                    output, nil,
                    "output folder is inside '\(path)', whose files would be published again on each build",
                    notes: ["choose an --output outside it"])
            }
        }
        return nil
    }

    /// Writes `site` into `output`, replacing what was there only once everything is written.
    ///
    /// Files are written with plain POSIX calls on a few threads (Foundation's per-file overhead
    /// dominated large books). A symbolic link at `output` is followed: the folder it points to
    /// is the one replaced.
    /// - Throws: `LectureError` on I/O failure; the previous site is then left as it was.
    /// - Parameter linking: generated files to hard-link from the live site instead of writing,
    ///   because they are unchanged (a file missing there is written after all).
    /// - Parameter removingOldLater: remove the replaced site on a background queue (a preview
    ///   server, which tells pages to reload as soon as the new site is in place); call
    ///   `finishRemovals()` before exiting.
    static func write(
        _ site: SiteFiles, to output: String, linking: Set<String> = [], jobs: Int = 4,
        removingOldLater: Bool = false
    ) throws {
        var url = URL(fileURLWithPath: output).standardizedFileURL
        if (try? FileManager.default.destinationOfSymbolicLink(atPath: url.path)) != nil {
            url = url.resolvingSymlinksInPath()
        }
        let parent = url.deletingLastPathComponent().path
        let name = url.lastPathComponent
        try FileManager.default.createDirectory(atPath: parent, withIntermediateDirectories: true)
        removeAbandoned(in: parent, site: name)
        let staging = parent + "/.\(name).tmp-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        Interruption.track(staging)
        defer { Interruption.untrack(staging) }
        do {
            guard mkdir(staging, 0o755) == 0 else {
                throw LectureError(
                    .error(.fileSystem, output, nil, "cannot create \(staging): \(errnoText())"), exitStatus: 1)
            }
            // Folders first, each once, parents before children.
            var folders = Set<String>()
            for path in Array(site.generated.keys) + Array(site.copied.keys) {
                var components = path.split(separator: "/").dropLast()
                while !components.isEmpty {
                    folders.insert(components.joined(separator: "/"))
                    components = components.dropLast()
                }
            }
            for folder in folders.sorted(by: { $0.count < $1.count }) {
                if mkdir(staging + "/" + folder, 0o755) != 0 && errno != EEXIST {
                    throw LectureError(
                        .error(.fileSystem, "\(output)/\(folder)", nil, "cannot create folder: \(errnoText())"),
                        exitStatus: 1)
                }
            }
            let generated = Array(site.generated)
            let live = url.path
            // Only a folder this tool wrote can be live (`validate` refuses any other).
            let liveExists = FileManager.default.fileExists(atPath: live + "/" + marker)
            /// Links the live site's `path` into the staging folder when it is known unchanged or
            /// holds `bytes`; `false` when it is to be written.
            @Sendable func linked(_ path: String, holding bytes: [UInt8]?) -> Bool {
                guard liveExists, linking.contains(path) || bytes.map({ holds($0, at: live + "/" + path) }) == true
                else { return false }
                return link(live + "/" + path, staging + "/" + path) == 0
            }
            let failures = generated.parallelMap(jobs: jobs) { entry -> Diagnostic? in
                if linked(entry.key, holding: entry.value) { return nil }
                return writeFile(entry.value, to: staging + "/" + entry.key)
                    ? nil : .error(.fileSystem, "\(output)/\(entry.key)", nil, "cannot write file: \(errnoText())")
            }.compactMap { $0 }
            if !failures.isEmpty { throw LectureError(unreported: failures, exitStatus: 1) }
            for (path, source) in site.copied {
                if linked(path, holding: nil) { continue }
                guard let bytes = FileManager.default.contents(atPath: source) else {
                    throw LectureError(
                        .error(.fileSystem, source, nil, "cannot read file to copy into the site"), exitStatus: 1)
                }
                if linked(path, holding: Array(bytes)) { continue }
                guard writeFile(Array(bytes), to: staging + "/" + path) else {
                    throw LectureError(
                        .error(.fileSystem, "\(output)/\(path)", nil, "cannot write file: \(errnoText())"),
                        exitStatus: 1)
                }
            }
            // Without its marker the next build would refuse the folder as not its own: a site
            // whose marker could not be written (the disk full) is not swapped in.
            guard writeFile(Array("written by lecture build\n".utf8), to: staging + "/" + marker) else {
                throw LectureError(
                    .error(.fileSystem, "\(output)/\(marker)", nil, "cannot write file: \(errnoText())"), exitStatus: 1)
            }
            // Cancelled while writing: the staging folder goes (below), the old site stays.
            try Cancellation.process.check()
        } catch {
            removeTree(staging)
            throw (error as? LectureError)
                ?? LectureError(
                    .error(.fileSystem, output, nil, "cannot write the site: \(error.localizedDescription)"),
                    exitStatus: 1)
        }
        let target = url.path
        if FileManager.default.fileExists(atPath: target) {
            if FileSystem.exchange(staging, target) {
                if removingOldLater {
                    Interruption.track(staging)
                    removals.async(group: pendingRemovals) {
                        removeTree(staging)
                        Interruption.untrack(staging)
                    }
                } else {
                    removeTree(staging)
                }
                return
            }
            let old = parent + "/.\(name).old-\(getpid())"
            guard rename(target, old) == 0 else {
                removeTree(staging)
                throw LectureError(
                    .error(.fileSystem, output, nil, "cannot replace the output folder: \(errnoText())"), exitStatus: 1)
            }
            guard rename(staging, target) == 0 else {
                _ = rename(old, target)
                removeTree(staging)
                throw LectureError(.error(.fileSystem, output, nil, "cannot replace the output folder"), exitStatus: 1)
            }
            removeTree(old)
        } else if rename(staging, target) != 0 {
            removeTree(staging)
            throw LectureError(
                .error(.fileSystem, output, nil, "cannot create the output folder: \(errnoText())"), exitStatus: 1)
        }
    }

    /// Removes the staging and old folders (`.NAME.tmp-PID-N`, `.NAME.old-PID`) that builds killed
    /// before they could clean up (`kill -9`, a power cut) left beside the site: those whose
    /// process no longer exists. A live process's, another build running now, are left alone.
    static func removeAbandoned(in parent: String, site name: String) {
        guard let entries = try? FileManager.default.contentsOfDirectory(atPath: parent) else { return }
        for entry in entries {
            let rest: Substring
            if entry.hasPrefix(".\(name).tmp-") {
                rest = entry.dropFirst(name.count + 6)
            } else if entry.hasPrefix(".\(name).old-") {
                rest = entry.dropFirst(name.count + 6)
            } else {
                continue
            }
            guard let pid = pid_t(rest.prefix { $0.isNumber }), pid > 0, pid != getpid() else { continue }
            if kill(pid, 0) != 0 && errno == ESRCH { removeTree(parent + "/" + entry) }
        }
    }

    private static let removals = DispatchQueue(label: "lecture: old site removal")
    private static let pendingRemovals = DispatchGroup()

    /// Waits until every old site handed to the background queue is removed.
    package static func finishRemovals() { pendingRemovals.wait() }

    /// Whether `path` is a regular file holding exactly `bytes` (read in chunks, up to the first
    /// difference); `false` when it cannot be read.
    static func holds(_ bytes: [UInt8], at path: String) -> Bool {
        let fd = open(path, O_RDONLY | O_NOFOLLOW | O_CLOEXEC)
        guard fd >= 0 else { return false }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0, info.st_mode & S_IFMT == S_IFREG, Int(info.st_size) == bytes.count else {
            return false
        }
        var chunk = [UInt8](repeating: 0, count: min(bytes.count, 1 << 16))
        return bytes.withUnsafeBytes { expected in
            var offset = 0
            while offset < bytes.count {
                let count = read(fd, &chunk, min(chunk.count, bytes.count - offset))
                if count < 0 && errno == EINTR { continue }
                guard count > 0, memcmp(chunk, expected.baseAddress! + offset, count) == 0 else { return false }
                offset += count
            }
            return true
        }
    }

    /// Creates (or truncates) `path` and writes `bytes`; `false` with `errno` set on failure,
    /// of the writes or of the close.
    static func writeFile(_ bytes: [UInt8], to path: String) -> Bool {
        let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard fd >= 0 else { return false }
        let written = bytes.withUnsafeBytes { buffer in
            var offset = 0
            while offset < buffer.count {
                let n = Glibc.write(fd, buffer.baseAddress! + offset, buffer.count - offset)
                if n < 0 {
                    if errno == EINTR { continue }
                    return false
                }
                offset += n
            }
            return true
        }
        // A file system may report a failed write only when the file is closed (NFS, quotas).
        guard written else {
            let saved = errno
            close(fd)
            errno = saved
            return false
        }
        return close(fd) == 0
    }

    /// Removes a folder and everything in it, without following symbolic links: readdir(3) and
    /// unlink(2)/rmdir(2), children first.
    static func removeTree(_ path: String) {
        guard let directory = opendir(path) else {
            _ = unlink(path)
            return
        }
        var folders: [String] = []
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix(while: { $0 != 0 }), as: UTF8.self)
            }
            if name == "." || name == ".." { continue }
            let child = path + "/" + name
            if Int32(entry.pointee.d_type) == Int32(DT_DIR) {
                folders.append(child)
            } else {
                _ = unlink(child)
            }
        }
        closedir(directory)
        for folder in folders { removeTree(folder) }
        _ = rmdir(path)
    }

    private static func errnoText() -> String { String(cString: strerror(errno)) }
}
