import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Every file under some folders, with its size, modification time and inode: what the file
/// watcher compares to see changes where inotify does not watch (polling mode, or folders
/// beyond inotify's watch limit).
///
/// The walk follows what the build follows: symbolic links to folders and to files inside the
/// book (`LinkBoundary`) are followed and stamped by their target, each real folder entered once and never one that
/// holds the folder the link is in (`LinkLoop`); ignored names (`FileWatcher.isIgnored`) and excluded paths are skipped.
struct FolderSnapshot: Equatable {
    /// A file's size in bytes, modification time in nanoseconds since 1970, and inode.
    struct Stamp: Equatable {
        var size: Int64
        var modified: Int64
        var inode: UInt64
    }

    /// Stamps by path, as reached from the roots.
    var stamps: [String: Stamp] = [:]

    /// Walks each of `roots` (a folder, walked recursively, or a single file); a symbolic link
    /// below a root is followed only when it leads inside `links` (`LinkBoundary`).
    init(roots: [String], links: LinkBoundary, isExcluded: (String) -> Bool) {
        var entered: Set<String> = []
        for root in roots { visit(root, ancestors: [], links: links, isExcluded: isExcluded, entered: &entered) }
    }

    /// The paths added, removed or changed since `older`, sorted.
    func changes(since older: FolderSnapshot) -> [String] {
        var paths = Set<String>()
        for (path, stamp) in stamps where older.stamps[path] != stamp { paths.insert(path) }
        for path in older.stamps.keys where stamps[path] == nil { paths.insert(path) }
        return paths.sorted()
    }

    private mutating func visit(
        _ path: String, ancestors: [String], links: LinkBoundary, isExcluded: (String) -> Bool,
        entered: inout Set<String>
    ) {
        var info = stat()
        guard !isExcluded(path), stat(path, &info) == 0 else { return }
        switch info.st_mode & S_IFMT {
        case S_IFDIR:
            let real = RealPath.of(path) ?? path
            guard !LinkLoop.closes(real, ancestors: ancestors), entered.insert(real).inserted else { return }
            for name in (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []
            where !FileWatcher.isIgnored(name: name) && links.admits(path + "/" + name) {
                visit(
                    path + "/" + name, ancestors: ancestors + [real], links: links, isExcluded: isExcluded,
                    entered: &entered)
            }
        case S_IFREG:
            stamps[path] = Stamp(
                size: Int64(info.st_size),
                modified: Int64(info.st_mtim.tv_sec) * 1_000_000_000 + Int64(info.st_mtim.tv_nsec),
                inode: UInt64(info.st_ino))
        default:
            return
        }
    }
}
