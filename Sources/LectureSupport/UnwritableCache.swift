import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// A cache folder that cannot be written (a read-only mount, a folder without write permission
/// for the user) costs recomputing, never the build: the run uses a temporary cache folder in
/// its place, removed when the process ends, and says so once.
package enum UnwritableCache {
    /// Whether the cache folder at `path` can be written: made when missing, then asked
    /// (`access`), which answers no on a read-only file system as for a folder's permissions.
    package static func isWritable(_ path: String) -> Bool {
        try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return access(path, W_OK) == 0
    }

    /// A temporary folder for this run's cache, removed when the process ends.
    package static func temporaryFolder() throws -> String {
        let folder = try FileSystem.makeTemporaryDirectory(prefix: "lecture-cache")
        folders.withLock { folders in
            if folders.isEmpty { atexit { UnwritableCache.removeAll() } }
            folders.append(folder)
        }
        return folder
    }

    private static let folders = Locked<[String]>([])

    private static func removeAll() {
        for folder in folders.withLock({ $0 }) { FileSystem.removeTemporaryDirectory(folder) }
    }
}
