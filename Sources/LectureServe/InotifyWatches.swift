import Foundation
import LectureKit
import LectureSupport

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

#if os(Linux)
    /// One inotify(7) instance and its watches, kept by path rather than by inode.
    ///
    /// inotify watches an inode: a folder moved elsewhere keeps its watch (and its edits would go on
    /// triggering rebuilds), and a folder made in its place has none. So every watch is recorded
    /// under the path it was reached by, and the watcher updates the record from the events: a
    /// folder moved out or deleted loses the watches of its whole subtree (`unwatch`), one moved
    /// or made in is watched with its subtree and its files are reported (`watch` returns them, a
    /// rescan). Symbolic links are followed as the build follows them: a link to a folder is
    /// watched at its real path (loop protection by `LinkLoop`), a link to a file by a watch on
    /// the folder that holds its target, whose events are reported only for that name and under
    /// the link's path.
    ///
    /// When the kernel refuses a watch for lack of them (`ENOSPC`: `fs.inotify.max_user_watches`),
    /// or `limit` is reached (tests simulate the kernel's limit so), the folder or linked file is
    /// put in `unwatched` instead, for the watcher to poll: no edit is missed.
    ///
    /// Not thread-safe: `FileWatcher.start()` fills it, then the watcher's thread alone uses it.
    // @unchecked: filled by `FileWatcher.start()`, then handed to the watcher's thread, its only
    // user.
    final class InotifyWatches: @unchecked Sendable {
        /// The events watched: writes, creations, deletions and moves in a folder, and the folder's
        /// own deletion or move.
        static let mask = UInt32(
            IN_CLOSE_WRITE | IN_MODIFY | IN_CREATE | IN_DELETE | IN_MOVED_FROM | IN_MOVED_TO
                | IN_DELETE_SELF | IN_MOVE_SELF | IN_ONLYDIR | IN_EXCL_UNLINK)

        /// The inotify instance (non-blocking, close-on-exec); -1 once `close()`d.
        private(set) var descriptor: Int32
        /// Paths that could not be watched for lack of watches: folders (with their subtrees) and linked files.
        private(set) var unwatched: Set<String> = []
        private let limit: Int?
        private let isExcluded: (String) -> Bool
        /// Where a link met below a root may lead to be followed.
        private let links: LinkBoundary
        /// The paths each watch stands for; the first is the one reported.
        private var paths: [Int32: [String]] = [:]
        /// The watch of each path (two paths share one when a link leads to a folder watched already).
        private var watches: [String: Int32] = [:]
        /// For a folder holding a linked file's target: target name → the links' paths.
        private var linkedFiles: [Int32: [String: Set<String>]] = [:]

        /// A new inotify instance, or `nil` with `errno` set (`EMFILE`: `fs.inotify.max_user_instances`).
        /// - Parameters:
        ///   - limit: at most this many watches, or `nil` for the kernel's limit alone.
        ///   - isExcluded: paths never watched, with everything under them.
        ///   - links: where a symbolic link below a root may lead to be followed; one leading
        ///     elsewhere is neither watched nor walked.
        init?(limit: Int?, links: LinkBoundary, isExcluded: @escaping (String) -> Bool) {
            let fd = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
            guard fd >= 0 else { return nil }
            descriptor = fd
            self.limit = limit
            self.links = links
            self.isExcluded = isExcluded
        }

        deinit { close() }

        /// Gives the inotify instance back, with its watches: instances are few
        /// (`fs.inotify.max_user_instances`, shared by every process of the user).
        func close() {
            guard descriptor >= 0 else { return }
            _ = Glibc.close(descriptor)
            descriptor = -1
        }

        /// Whether `path` is watched (a folder, as reached from a root).
        func isWatched(_ path: String) -> Bool { watches[path] != nil }

        /// Watches the entry at `path` as the build would read it: a folder (or a link to one) with
        /// its subtree, a link to a file by its target's folder. Returns the regular files found,
        /// for a rescan; a plain file is returned as it is.
        @discardableResult
        func watch(_ path: String, ancestors: [String] = []) -> [String] {
            var info = stat()
            guard !isExcluded(path), lstat(path, &info) == 0 else { return [] }
            let isLink = info.st_mode & S_IFMT == S_IFLNK
            if isLink && stat(path, &info) != 0 { return [] }  // dangling: the server warns about it
            switch info.st_mode & S_IFMT {
            case S_IFDIR:
                return watchFolder(path, ancestors: ancestors)
            case S_IFREG:
                if isLink { watchLinkedFile(path) }
                return [path]
            default:
                return []
            }
        }

        /// Forgets `path` and everything under it: watches no other path needs are removed, and the
        /// subtree is no longer polled.
        func unwatch(_ path: String) {
            let prefix = path + "/"
            let inside = { (candidate: String) in candidate == path || candidate.hasPrefix(prefix) }
            for (candidate, wd) in watches where inside(candidate) {
                watches.removeValue(forKey: candidate)
                paths[wd]?.removeAll { $0 == candidate }
                release(wd)
            }
            for (wd, targets) in linkedFiles {
                for (name, links) in targets {
                    let kept = links.filter { !inside($0) }
                    linkedFiles[wd]?[name] = kept.isEmpty ? nil : kept
                }
                release(wd)
            }
            unwatched = unwatched.filter { !inside($0) }
        }

        /// Forgets a watch the kernel removed (`IN_IGNORED`: its folder was deleted).
        func forget(_ wd: Int32) {
            for path in paths[wd] ?? [] { watches.removeValue(forKey: path) }
            paths.removeValue(forKey: wd)
            linkedFiles.removeValue(forKey: wd)
        }

        /// The folder a watch stands for, as reported.
        func folder(of wd: Int32) -> String? { paths[wd]?.first }

        /// The paths an event on `wd` about `name` concerns: the name in the watched folder (unless
        /// the folder is watched only for a linked file), and the links whose target it is.
        func paths(of wd: Int32, name: String) -> (inFolder: String?, links: Set<String>) {
            let inFolder = folder(of: wd).map { name.isEmpty ? $0 : $0 + "/" + name }
            return (inFolder, name.isEmpty ? [] : linkedFiles[wd]?[name] ?? [])
        }

        // MARK: adding and removing

        private func watchFolder(_ path: String, ancestors: [String]) -> [String] {
            let real = RealPath.of(path) ?? path
            guard !LinkLoop.closes(real, ancestors: ancestors) else { return [] }
            if watches[path] == nil {
                switch add(path) {
                case .watch(let wd):
                    watches[path] = wd
                    paths[wd, default: []].append(path)
                case .full:
                    unwatched.insert(path)
                    return FolderSnapshot(roots: [path], links: links, isExcluded: isExcluded).stamps.keys.sorted()
                case .failed:
                    return []
                }
            }
            var files: [String] = []
            for name in (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []
            where !FileWatcher.isIgnored(name: name) && links.admits(path + "/" + name) {
                files += watch(path + "/" + name, ancestors: ancestors + [real])
            }
            return files
        }

        private func watchLinkedFile(_ link: String) {
            guard let target = RealPath.of(link) else { return }
            let folder = FileSystem.parent(target)
            switch add(folder) {
            case .watch(let wd):
                linkedFiles[wd, default: [:]][(target as NSString).lastPathComponent, default: []].insert(link)
            case .full:
                unwatched.insert(link)
            case .failed:
                return
            }
        }

        private enum Added {
            case watch(Int32)
            /// No more watches: `ENOSPC` (the kernel's limit) or `limit`.
            case full
            /// Any other refusal (the folder is gone, or may not be read).
            case failed
        }

        /// A watch on `folder` (the same one again for a folder watched already).
        private func add(_ folder: String) -> Added {
            // A simulated limit counts conservatively: adding a folder watched already costs nothing.
            if let limit, Set(paths.keys).union(linkedFiles.keys).count >= limit { return .full }
            let wd = inotify_add_watch(descriptor, folder, Self.mask)
            if wd >= 0 { return .watch(wd) }
            return errno == ENOSPC ? .full : .failed
        }

        /// Removes a watch no path or linked file needs any more.
        private func release(_ wd: Int32) {
            if paths[wd]?.isEmpty == true { paths.removeValue(forKey: wd) }
            if linkedFiles[wd]?.isEmpty == true { linkedFiles.removeValue(forKey: wd) }
            if paths[wd] == nil && linkedFiles[wd] == nil { inotify_rm_watch(descriptor, wd) }
        }
    }
#endif
