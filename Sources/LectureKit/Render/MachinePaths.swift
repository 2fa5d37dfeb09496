import Foundation
import LectureSupport

/// The last check before a site is written: no emitted page may hold a path of the machine
/// that built it — the book's folder, the home folder, the cache, the tool's temporary
/// folders — which a sample's output, a compiler's message, an include or a diagram could
/// otherwise carry into a published page or the search index.
///
/// A path counts where it starts a path (`/`, after a character that cannot end a file name)
/// and ends one (followed by `/` or a character that cannot continue a name), so
/// `example.com/root/` is no mention of `/root`. Files copied into the site as they are (the
/// author's images, scripts) are not searched.
enum MachinePaths {
    /// A path not to publish, and what it is.
    struct Needle {
        var path: String
        var role: String
    }

    /// The paths of this build's machine: the book's folder, the cache, the home folders (but
    /// `/`), and the temporary folders this tool makes (`$TMPDIR/lecture-…`).
    static func needles(bookDirectory: String, cacheDirectory: String) -> [Needle] {
        var needles = [
            Needle(path: CanonicalPath.of(bookDirectory), role: "the book's folder"),
            Needle(path: CanonicalPath.of(cacheDirectory), role: "the cache"),
            Needle(
                path: CanonicalPath.of(NSTemporaryDirectory()) + "/lecture-", role: "a temporary folder of lecture's"),
        ]
        needles += CanonicalPath.homeFolders().map { Needle(path: $0, role: "the home folder") }
        return needles.filter { $0.path.count > 1 }
    }

    /// An error for each generated file (not `unchanged`) that holds one of `needles`, at the
    /// page it was made from when known (`sources`: output path → page).
    static func leaks(
        in site: SiteFiles, needles: [Needle], sources: [String: String], outputDirectory: String, jobs: Int
    ) -> [Diagnostic] {
        let files = site.generated.keys.filter { !site.unchanged.contains($0) }.sorted()
        return files.parallelMap(jobs: jobs) { file -> [Diagnostic] in
            guard let bytes = site.generated[file] else { return [] }
            return needles.compactMap { needle -> Diagnostic? in
                guard contains(bytes, path: Array(needle.path.utf8)) else { return nil }
                return .error(
                    .machinePathPublished, sources[file] ?? FileSystem.join(outputDirectory, file), nil,
                    "'\(file)' would publish '\(needle.path)', \(needle.role) on this machine",
                    notes: [
                        "a sample's output, an include or a diagram put it in the page; print a relative path, or leave the path out"
                    ])
            }
        }.flatMap { $0 }
    }

    /// Whether `path` occurs in `bytes` as a whole path (see the type's comment).
    static func contains(_ bytes: [UInt8], path: [UInt8]) -> Bool {
        guard !path.isEmpty, bytes.count >= path.count else { return false }
        func continuesName(_ byte: UInt8) -> Bool {
            (byte >= 0x30 && byte <= 0x39) || (byte | 0x20 >= 0x61 && byte | 0x20 <= 0x7a) || byte >= 0x80
                || byte == UInt8(ascii: ".") || byte == UInt8(ascii: "_") || byte == UInt8(ascii: "-")
                || byte == UInt8(ascii: "~")
        }
        let endsInDash = path.last == UInt8(ascii: "-")
        let first = path[0]
        return bytes.withUnsafeBufferPointer { buffer in
            var from = 0
            // Candidates by memchr on the first byte, then the rest compared.
            while let start = UTF8Search.offset(of: first, in: buffer, from: from) {
                let end = start + path.count
                guard end <= buffer.count else { return false }
                if buffer[start..<end].elementsEqual(path) {
                    let startsPath = start == 0 || !continuesName(buffer[start - 1])
                    let endsPath = endsInDash || end == buffer.count || !continuesName(buffer[end])
                    if startsPath && endsPath { return true }
                }
                from = start + 1
            }
            return false
        }
    }
}
