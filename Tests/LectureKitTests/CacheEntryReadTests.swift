import Foundation
import Testing

@testable import LectureKit
@testable import LectureSupport

/// A cache entry is read as a run folder's file is (`FolderFile`): a symbolic link in its place,
/// a sparse file past `Cache.maximumEntryBytes` and a fan-out folder every user may write are
/// misses, and that folder is refused when the cache is checked (attack 20, F3).
@Suite struct CacheEntryReadTests {
    let key = String(repeating: "9", count: 64)

    func cache() throws -> (Cache, String) {
        let root = try TestSupport.temporaryDirectory()
        let cache = Cache(directory: root + "/cache")
        cache.write(kind: .swiftHTML, key: key, Array("<b>entry</b>".utf8))
        #expect(cache.read(kind: .swiftHTML, key: key) == Array("<b>entry</b>".utf8))
        return (cache, root)
    }

    @Test func aLinkInPlaceOfAnEntryIsAMiss() throws {
        let (cache, root) = try cache()
        defer { FileSystem.removeTemporaryDirectory(root) }
        try FileSystem.writeAtomically("SECRET password=hunter2\n", to: root + "/secret.txt")
        let entry = cache.path(kind: .swiftHTML, key: key)
        try FileManager.default.removeItem(atPath: entry)
        try FileManager.default.createSymbolicLink(atPath: entry, withDestinationPath: root + "/secret.txt")
        #expect(cache.read(kind: .swiftHTML, key: key) == nil)
    }

    @Test func aLinkInPlaceOfAFanOutFolderIsAMiss() throws {
        let (cache, root) = try cache()
        defer { FileSystem.removeTemporaryDirectory(root) }
        let folder = root + "/cache/swift-html/99"
        try FileManager.default.moveItem(atPath: folder, toPath: root + "/elsewhere")
        try FileManager.default.createSymbolicLink(atPath: folder, withDestinationPath: root + "/elsewhere")
        #expect(cache.read(kind: .swiftHTML, key: key) == nil)
    }

    /// Before: `Fatal error: failed to allocate 1099511627809 bytes`, the build aborted.
    @Test func aSparseEntryOfATebibyteIsAMiss() throws {
        let (cache, root) = try cache()
        defer { FileSystem.removeTemporaryDirectory(root) }
        #expect(truncate(cache.path(kind: .swiftHTML, key: key), 1 << 40) == 0)
        #expect(cache.read(kind: .swiftHTML, key: key) == nil)
        #expect(truncate(cache.path(kind: .swiftHTML, key: key), off_t(Cache.maximumEntryBytes + 1)) == 0)
        #expect(cache.read(kind: .swiftHTML, key: key) == nil)
        #expect(truncate(cache.path(kind: .swiftHTML, key: key), off_t(Cache.maximumEntryBytes)) == 0)
        #expect(cache.read(kind: .swiftHTML, key: key)?.count == Cache.maximumEntryBytes)
    }

    @Test func aFanOutFolderEveryUserMayWriteIsRefused() throws {
        let (cache, root) = try cache()
        defer { FileSystem.removeTemporaryDirectory(root) }
        #expect(Cache.sharingProblem(root + "/cache") == nil)
        #expect(chmod(root + "/cache/swift-html/99", 0o1777) == 0)
        #expect(cache.read(kind: .swiftHTML, key: key) == nil)
        #expect(
            Cache.sharingProblem(root + "/cache")
                == "holds 'swift-html/99', a folder that can be written by every user (mode 1777), who could write what a build publishes"
        )
    }

    @Test(.enabled(if: geteuid() == 0, "needs root to give a folder away"))
    func aFanOutFolderOfAnotherUserIsRefused() throws {
        let (cache, root) = try cache()
        defer { FileSystem.removeTemporaryDirectory(root) }
        #expect(chown(root + "/cache/swift-html/99", 65534, 65534) == 0)
        #expect(cache.read(kind: .swiftHTML, key: key) == nil)
        #expect(
            Cache.sharingProblem(root + "/cache")?.hasPrefix(
                "holds 'swift-html/99', a folder that is owned by another user") == true)
    }
}
