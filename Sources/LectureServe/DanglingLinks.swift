import Foundation
import LectureKit
import LectureSupport

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Symbolic links in the content folder that lead nowhere. A listed page behind one is already
/// an error of the build (its file cannot be read); any other is neither watched nor copied,
/// which an author may not expect, so each is a warning.
enum DanglingLinks {
    /// A warning for each link under `contentDirectory` whose target does not exist, except
    /// the pages in `listed` (paths relative to the content folder). Ignored names
    /// (`FileWatcher.isIgnored`) are skipped, as the watcher skips them.
    static func diagnostics(contentDirectory: String, listed: Set<String>) -> [Diagnostic] {
        guard let enumerator = FileManager.default.enumerator(atPath: contentDirectory) else { return [] }
        var diagnostics: [Diagnostic] = []
        while let relative = enumerator.nextObject() as? String {
            if relative.split(separator: "/").contains(where: { FileWatcher.isIgnored(name: String($0)) }) { continue }
            let path = FileSystem.join(contentDirectory, relative)
            var info = stat()
            guard lstat(path, &info) == 0, info.st_mode & S_IFMT == S_IFLNK, stat(path, &info) != 0,
                !listed.contains(relative)
            else { continue }
            let target = (try? FileManager.default.destinationOfSymbolicLink(atPath: path)) ?? "?"
            diagnostics.append(
                .warning(
                    .danglingSymlink,
                    path, nil, "symbolic link to \(quoted: target) leads nowhere; it is neither watched nor copied",
                    notes: ["point the link at an existing file or folder, or remove it"]))
        }
        return diagnostics
    }
}
