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

    /// Code review 40 #8: a link in the place of a kind's folder or of a fan-out folder is
    /// refused when the cache is checked, as a folder others may write is: the cache makes none.
    @Test func aLinkInPlaceOfAKindOrFanOutFolderIsRefused() throws {
        let (_, root) = try cache()
        defer { FileSystem.removeTemporaryDirectory(root) }
        try FileManager.default.createDirectory(atPath: root + "/elsewhere", withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(
            atPath: root + "/cache/actual-output", withDestinationPath: root + "/elsewhere")
        #expect(
            Cache.sharingProblem(root + "/cache")
                == "holds 'actual-output' as a symbolic link, which the cache never makes: it would lead what a build reads and writes elsewhere"
        )
        try FileManager.default.removeItem(atPath: root + "/cache/actual-output")
        try FileManager.default.createDirectory(
            atPath: root + "/cache/actual-output", withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(
            atPath: root + "/cache/actual-output/ab", withDestinationPath: root + "/elsewhere")
        #expect(Cache.sharingProblem(root + "/cache")?.hasPrefix("holds 'actual-output/ab' as a symbolic link") == true)
    }

    /// Code review 40 #8: the whole output a cut diff names (`SampleJudge.keptWhenCut`) was
    /// written with Foundation through a link at `actual-output/KK`, into any folder the user
    /// can write, and the diff named that place. Through `Cache.keptFile` a link on the way is
    /// not followed (no file is named), a link or another file at the name is replaced, and a
    /// file holding the bytes already is named as it is.
    @Test func theFileACutDiffNamesIsNeverWrittenThroughALink() throws {
        let (cache, root) = try cache()
        defer { FileSystem.removeTemporaryDirectory(root) }
        let bytes = Array("the whole output\n".utf8)
        let key = "ab" + String(repeating: "0", count: 62)
        try FileManager.default.createDirectory(atPath: root + "/elsewhere", withIntermediateDirectories: true)
        try FileManager.default.createDirectory(
            atPath: root + "/cache/actual-output", withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(
            atPath: root + "/cache/actual-output/ab", withDestinationPath: root + "/elsewhere")
        #expect(cache.keptFile(kind: .actualOutput, key: key, extension: "txt", holding: bytes) == nil)
        #expect(try FileManager.default.contentsOfDirectory(atPath: root + "/elsewhere").isEmpty)
        // The link gone, a link at the file's own name: replaced, the file it named untouched.
        try FileManager.default.removeItem(atPath: root + "/cache/actual-output/ab")
        try FileManager.default.createDirectory(
            atPath: root + "/cache/actual-output/ab", withIntermediateDirectories: true)
        try FileSystem.writeAtomically("mine\n", to: root + "/elsewhere/mine.txt")
        let path = cache.directory + "/actual-output/ab/\(key).txt"
        try FileManager.default.createSymbolicLink(atPath: path, withDestinationPath: root + "/elsewhere/mine.txt")
        #expect(cache.keptFile(kind: .actualOutput, key: key, extension: "txt", holding: bytes) == path)
        #expect(try FileSystem.read(root + "/elsewhere/mine.txt") == Array("mine\n".utf8))
        #expect(FolderFile.read("actual-output/ab/\(key).txt", in: root + "/cache", limit: 100) == .bytes(bytes))
        #expect(cache.keptFile(kind: .actualOutput, key: key, extension: "txt", holding: bytes) == path)
    }

    /// Code review 40 #15: an entry past the read bound was written on every build and read on
    /// none; the write now refuses it, so both sides state one rule.
    @Test func anEntryPastTheReadBoundIsNotWritten() throws {
        let (cache, root) = try cache()
        defer { FileSystem.removeTemporaryDirectory(root) }
        let big = "cd" + String(repeating: "1", count: 62)
        cache.write(kind: .diagrams, key: big, [UInt8](repeating: 0x61, count: Cache.maximumEntryBytes + 1))
        #expect(!FileSystem.exists(cache.path(kind: .diagrams, key: big)))
        #expect(
            cache.keptFile(
                kind: .actualOutput, key: big, extension: "txt",
                holding: [UInt8](repeating: 0x61, count: Cache.maximumEntryBytes + 1)) == nil)
        cache.write(kind: .diagrams, key: big, [UInt8](repeating: 0x61, count: Cache.maximumEntryBytes))
        #expect(cache.read(kind: .diagrams, key: big)?.count == Cache.maximumEntryBytes)
    }
}
