#if canImport(Glibc)
import Glibc
#endif
import Foundation

/// The files of a built site, before they are written.
public struct SiteFiles: Sendable {
    /// Generated files: path relative to the site root → contents.
    public var generated: [String: [UInt8]] = [:]
    /// Copied files: path relative to the site root → source path on disk.
    public var copied: [String: String] = [:]
    public init() {}

    public var count: Int { generated.count + copied.count }
}

/// The write stage: puts a site on disk all at once.
///
/// The site is written into a temporary folder beside the output folder, then swapped in with
/// `renameat2(RENAME_EXCHANGE)` (Linux 3.15+; two renames elsewhere) and the old one removed, so
/// readers and a failed build never see half a site. A marker file `.lecture-site` identifies
/// folders this tool wrote: an existing folder without it is never replaced, so a mistyped
/// `--output` cannot delete someone's files.
public enum SiteWriter {
    public static let marker = ".lecture-site"

    /// Checks that `output` may be written, before any work is done.
    public static func validate(output: String, protecting protected: [String]) -> Diagnostic? {
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: output, isDirectory: &isDirectory) {
            if !isDirectory.boolValue {
                return .error(output, nil, "output path is an existing file, not a folder",
                    notes: ["choose another --output, or remove the file"])
            }
            let entries = (try? FileManager.default.contentsOfDirectory(atPath: output)) ?? []
            if !entries.isEmpty && !entries.contains(marker) {
                return .error(output, nil, "output folder exists and was not written by lecture; it is left untouched",
                    notes: ["choose another --output, or empty the folder first"])
            }
        }
        let resolvedOutput = URL(fileURLWithPath: output).standardizedFileURL.resolvingSymlinksInPath().path
        for path in protected {
            let resolved = URL(fileURLWithPath: path).standardizedFileURL.resolvingSymlinksInPath().path
            if resolved == resolvedOutput || resolved.hasPrefix(resolvedOutput + "/") {
                return .error(output, nil, "output folder would replace '\(path)'", notes: ["choose another --output"])
            }
        }
        return nil
    }

    /// Writes `site` into `output`, replacing what was there only once everything is written.
    /// - Throws: `LectureError` on I/O failure; the previous site is then left as it was.
    public static func write(_ site: SiteFiles, to output: String) throws {
        let url = URL(fileURLWithPath: output).standardizedFileURL
        let parent = url.deletingLastPathComponent().path
        let name = url.lastPathComponent
        try FileManager.default.createDirectory(atPath: parent, withIntermediateDirectories: true)
        let staging = parent + "/.\(name).tmp-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        Interruption.track(staging)
        defer { Interruption.untrack(staging) }
        do {
            try FileManager.default.createDirectory(atPath: staging, withIntermediateDirectories: true)
            for (path, bytes) in site.generated {
                let destination = staging + "/" + path
                try FileManager.default.createDirectory(atPath: (destination as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
                guard FileManager.default.createFile(atPath: destination, contents: Data(bytes)) else {
                    throw LectureError("\(output)/\(path): error: cannot write file")
                }
            }
            for (path, source) in site.copied {
                let destination = staging + "/" + path
                try FileManager.default.createDirectory(atPath: (destination as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
                try FileManager.default.copyItem(atPath: source, toPath: destination)
            }
            _ = FileManager.default.createFile(atPath: staging + "/" + marker, contents: Data("written by lecture build\n".utf8))
        } catch {
            try? FileManager.default.removeItem(atPath: staging)
            throw (error as? LectureError) ?? LectureError("\(output): error: cannot write the site: \(error.localizedDescription)", exitStatus: 1)
        }
        let target = url.path
        if FileManager.default.fileExists(atPath: target) {
            if renameExchange(staging, target) == 0 {
                try? FileManager.default.removeItem(atPath: staging)
                return
            }
            let old = parent + "/.\(name).old-\(getpid())"
            guard rename(target, old) == 0 else {
                try? FileManager.default.removeItem(atPath: staging)
                throw LectureError("\(output): error: cannot replace the output folder: \(String(cString: strerror(errno)))", exitStatus: 1)
            }
            guard rename(staging, target) == 0 else {
                _ = rename(old, target)
                try? FileManager.default.removeItem(atPath: staging)
                throw LectureError("\(output): error: cannot replace the output folder", exitStatus: 1)
            }
            try? FileManager.default.removeItem(atPath: old)
        } else if rename(staging, target) != 0 {
            try? FileManager.default.removeItem(atPath: staging)
            throw LectureError("\(output): error: cannot create the output folder: \(String(cString: strerror(errno)))", exitStatus: 1)
        }
    }

    private static func renameExchange(_ from: String, _ to: String) -> Int32 {
        #if os(Linux)
        return renameat2(AT_FDCWD, from, AT_FDCWD, to, 2 /* RENAME_EXCHANGE */)
        #else
        return -1
        #endif
    }
}

#if os(Linux)
/// glibc's `renameat2` (glibc 2.28+), declared under `_GNU_SOURCE` and so not imported by Swift.
@_silgen_name("renameat2")
private func renameat2(_ olddirfd: Int32, _ oldpath: UnsafePointer<CChar>, _ newdirfd: Int32, _ newpath: UnsafePointer<CChar>, _ flags: UInt32) -> Int32
#endif
