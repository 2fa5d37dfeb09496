import Foundation
import Testing

@testable import LectureKit
@testable import LectureSupport

/// highlight.js's content name from the cache (`CopiedFileDigest`): the digest of the bytes, kept
/// under the file's `stat` signature, and made again for a file whose bytes were rewritten, even
/// with its size and modification time put back.
@Suite struct CopiedFileDigestTests {
    static func sha(_ bytes: [UInt8]) -> String {
        var hash = SHA256()
        hash.update(bytes)
        return hash.hexDigest()
    }

    @Test func theDigestIsTheBytesAndIsKeptUnderTheSignature() throws {
        let folder = try TestSupport.temporaryDirectory()
        let cache = Cache(directory: FileSystem.join(folder, "cache"))
        let file = FileSystem.join(folder, "highlight.min.js")
        let first = Array("var hljs = 1;".utf8)
        try Data(first).write(to: URL(fileURLWithPath: file))
        #expect(CopiedFileDigest.digest(of: file, bytes: first, cache: cache) == Self.sha(first))
        let key = try #require(CopiedFileDigest.key(file))
        #expect(cache.read(kind: .contentNames, key: key) == Array(Self.sha(first).utf8))
        // Found there: not made again from the bytes given.
        #expect(CopiedFileDigest.digest(of: file, bytes: [], cache: cache) == Self.sha(first))
    }

    @Test func aFileRewrittenWithItsSizeAndTimeKeptHasANewKey() throws {
        let folder = try TestSupport.temporaryDirectory()
        let cache = Cache(directory: FileSystem.join(folder, "cache"))
        let file = FileSystem.join(folder, "highlight.min.js")
        try Data("var hljs = 1;".utf8).write(to: URL(fileURLWithPath: file))
        _ = CopiedFileDigest.digest(of: file, bytes: Array("var hljs = 1;".utf8), cache: cache)
        let before = try #require(CopiedFileDigest.key(file))
        var info = stat()
        #expect(stat(file, &info) == 0)
        // The same size, written in place, its modification time set back.
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: file))
        try handle.write(contentsOf: Data("var hljs = 2;".utf8))
        try handle.close()
        var times = [info.st_atim, info.st_mtim]
        #expect(utimensat(AT_FDCWD, file, &times, 0) == 0)
        let second = Array("var hljs = 2;".utf8)
        #expect(CopiedFileDigest.key(file) != before)
        #expect(CopiedFileDigest.digest(of: file, bytes: second, cache: cache) == Self.sha(second))
    }

    @Test func aBrokenEntryIsMadeAgain() throws {
        let folder = try TestSupport.temporaryDirectory()
        let cache = Cache(directory: FileSystem.join(folder, "cache"))
        let file = FileSystem.join(folder, "h.js")
        let bytes = Array("x".utf8)
        try Data(bytes).write(to: URL(fileURLWithPath: file))
        cache.write(kind: .contentNames, key: try #require(CopiedFileDigest.key(file)), Array("not a digest".utf8))
        #expect(CopiedFileDigest.digest(of: file, bytes: bytes, cache: cache) == Self.sha(bytes))
    }
}
