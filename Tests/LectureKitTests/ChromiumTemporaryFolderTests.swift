import Foundation
import Testing

@testable import LectureKit
@testable import LectureServe
@testable import LectureSupport

/// Chromium makes a Unix socket in its TMPDIR, whose path may not pass 107 bytes; under a long
/// TMPDIR (a CI workspace's, or a test's own) `lecture pdf` printed nothing ("Socket path too
/// long", signal 6). Its folder for Chromium falls back to /tmp when TMPDIR is too long for it.
@Suite struct ChromiumTemporaryFolderTests {
    static let socketSuffix = "/org.chromium.Chromium.XXXXXX/SingletonSocket"

    @Test func aLongTemporaryFolderFallsBackToOneTheSocketFits() throws {
        let root = try TestSupport.temporaryDirectory()
        defer { FileSystem.removeTemporaryDirectory(root) }
        let long = root + "/" + String(repeating: "t", count: 80)
        try FileManager.default.createDirectory(atPath: long, withIntermediateDirectories: true)
        // Not vacuous: a folder made under it would hold no socket.
        #expect((long + "/lc.XXXXXX" + Self.socketSuffix).utf8.count > 107)
        let folder = try PDFCommand.chromiumTemporaryDirectory(under: long)
        defer { FileSystem.removeTemporaryDirectory(folder) }
        #expect((folder + Self.socketSuffix).utf8.count <= 107, "\(folder)")
        #expect(!folder.hasPrefix(long))
        #expect(try FileManager.default.contentsOfDirectory(atPath: long).isEmpty, "nothing left under the long one")
    }

    @Test func aShortTemporaryFolderIsKept() throws {
        let folder = try PDFCommand.chromiumTemporaryDirectory(under: "/tmp")
        defer { FileSystem.removeTemporaryDirectory(folder) }
        #expect(folder.hasPrefix("/tmp/lc."))
    }
}
