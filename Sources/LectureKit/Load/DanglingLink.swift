import Foundation
import LectureSupport

#if canImport(Glibc)
    import Glibc
#endif

/// A symbolic link that leads nowhere on the way to a page: the page itself (`src/new.md ->
/// ../../home/created.md`) or a folder holding it (`src/dir -> ../../home/sub`). Neither is read
/// nor written through: one error at the summary's line names the link and where it leads, not
/// Foundation's "a file with the same name already exists" (`NSCocoaErrorDomain 516`) beside a
/// second error, nor the link's own path as lying outside the book (attack 15, c01).
enum DanglingLink {
    /// The first link that leads nowhere among `relative`'s components below `folder`: its path
    /// relative to `folder`, and its target as written.
    static func onTheWay(_ relative: String, below folder: String) -> (link: String, target: String)? {
        var walked = ""
        for component in relative.split(separator: "/") {
            walked = walked.isEmpty ? String(component) : walked + "/" + component
            let path = FileSystem.join(folder, walked)
            var info = stat()
            guard lstat(path, &info) == 0 else { return nil }
            guard info.st_mode & S_IFMT == S_IFLNK else { continue }
            if stat(path, &info) != 0 {
                return (walked, (try? FileManager.default.destinationOfSymbolicLink(atPath: path)) ?? "?")
            }
        }
        return nil
    }
}
