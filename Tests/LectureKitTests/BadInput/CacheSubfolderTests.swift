import Foundation
import Testing

@testable import LectureKit
@testable import LectureSupport

/// Attack 21, F3: the cache's folders below `theme/` and `libraries/` were held to none of the
/// cache's rules. The built-in theme's `page.html` replaced by one of the same size (a `<script>`
/// for a `<meta>`) was in every page; an object planted in `libraries/<digest>/` ran in every
/// sample; both folders were used owned by another user and mode 1777. Now each is checked as
/// the kinds' folders are (`Cache.sharingProblem`), the layouts by their bytes
/// (`DefaultTheme.isWhole`), the libraries' files by their SHA-256 (`SampleLibraryManifest`).
@Suite struct CacheSubfolderTests {
    @Test(arguments: ["theme", "libraries"])
    func aSubfolderEveryUserMayWriteIsRefused(_ name: String) throws {
        let root = try TestSupport.temporaryDirectory()
        defer { FileSystem.removeTemporaryDirectory(root) }
        let folder = root + "/cache/\(name)/0123abcd"
        try FileSystem.makeDirectories(folder)
        #expect(Cache.sharingProblem(root + "/cache") == nil)
        #expect(chmod(folder, 0o1777) == 0)
        #expect(
            Cache.sharingProblem(root + "/cache")
                == "holds '\(name)/0123abcd', a folder that can be written by every user (mode 1777), who could write what a build publishes"
        )
        #expect(chmod(folder, 0o755) == 0)
        try FileManager.default.removeItem(atPath: folder)
        try FileManager.default.createSymbolicLink(atPath: folder, withDestinationPath: root)
        #expect(Cache.sharingProblem(root + "/cache")?.hasPrefix("holds '\(name)/0123abcd' as a symbolic link") == true)
    }

    @Test(.enabled(if: geteuid() == 0, "needs root to give a folder away"), arguments: ["theme", "libraries"])
    func aSubfolderOfAnotherUserIsRefused(_ name: String) throws {
        let root = try TestSupport.temporaryDirectory()
        defer { FileSystem.removeTemporaryDirectory(root) }
        let folder = root + "/cache/\(name)/0123abcd"
        try FileSystem.makeDirectories(folder)
        #expect(chown(folder, 65534, 65534) == 0)
        #expect(
            Cache.sharingProblem(root + "/cache")?.hasPrefix(
                "holds '\(name)/0123abcd', a folder that is owned by another user") == true)
    }

    /// The attacker's layout: a `<meta>` replaced by a `<script>` of the same length. Then a
    /// layout every user may write, and a link in its place: each written again.
    @Test func aThemeLayoutOfTheSameSizeIsWrittenAgain() throws {
        let root = try TestSupport.temporaryDirectory()
        defer { FileSystem.removeTemporaryDirectory(root) }
        let folder = try DefaultTheme.directory(cacheDirectory: root + "/cache")
        let page = folder + "/page.html"
        let original = try FileSystem.read(page)
        let meta = #"<meta name="color-scheme" content="light dark">"#
        let text = String(decoding: original, as: UTF8.self)
        #expect(text.contains(meta))
        let script = #"<script>alert("cache")</script>"#
        let planted = text.replacingOccurrences(
            of: meta, with: script + String(repeating: " ", count: meta.utf8.count - script.utf8.count))
        #expect(planted.utf8.count == original.count)
        try FileSystem.writeAtomically(planted, to: page)
        #expect(!DefaultTheme.isWhole(folder, DefaultTheme.layouts))
        #expect(try DefaultTheme.directory(cacheDirectory: root + "/cache") == folder)
        #expect(try FileSystem.read(page) == original)
        #expect(chmod(page, 0o666) == 0)
        #expect(!DefaultTheme.isWhole(folder, DefaultTheme.layouts))
        _ = try DefaultTheme.directory(cacheDirectory: root + "/cache")
        #expect(DefaultTheme.isWhole(folder, DefaultTheme.layouts))
        try FileSystem.writeAtomically(original, to: root + "/elsewhere.html")
        try FileManager.default.removeItem(atPath: page)
        try FileManager.default.createSymbolicLink(atPath: page, withDestinationPath: root + "/elsewhere.html")
        #expect(!DefaultTheme.isWhole(folder, DefaultTheme.layouts))
        _ = try DefaultTheme.directory(cacheDirectory: root + "/cache")
        #expect(DefaultTheme.isWhole(folder, DefaultTheme.layouts))
    }

    /// The attacker's object: `LectureLineBuffered.o` replaced (here by bytes of the same size);
    /// then a file every user may write, a link, a file added: none is the folder that was built.
    @Test func aLibraryFolderWhoseFilesChangedIsNotUsed() throws {
        let root = try TestSupport.temporaryDirectory()
        defer { FileSystem.removeTemporaryDirectory(root) }
        let folder = root + "/libraries/abc"
        try FileSystem.makeDirectories(folder + "/sources/Kit")
        let object = folder + "/" + LineBufferedOutput.object
        let bytes = [UInt8](repeating: 0x7F, count: 4096)
        try FileSystem.writeAtomically(bytes, to: object)
        try FileSystem.writeAtomically("public let x = 1\n", to: folder + "/sources/Kit/Kit.swift")
        let manifest = try #require(SampleLibraryManifest.of(folder))
        #expect(manifest.split(separator: "\n").count == 2)
        try FileSystem.writeAtomically(manifest, to: folder + "/" + SampleLibraryManifest.name)
        #expect(SampleLibraryManifest.holds(folder))
        try FileSystem.writeAtomically([UInt8](repeating: 0x7E, count: 4096), to: object)
        #expect(!SampleLibraryManifest.holds(folder))
        try FileSystem.writeAtomically(bytes, to: object)
        #expect(SampleLibraryManifest.holds(folder))
        #expect(chmod(object, 0o666) == 0)
        #expect(!SampleLibraryManifest.holds(folder))
        #expect(chmod(object, 0o644) == 0)
        #expect(chmod(folder, 0o1777) == 0)
        #expect(!SampleLibraryManifest.holds(folder))
        #expect(chmod(folder, 0o755) == 0)
        #expect(SampleLibraryManifest.holds(folder))
        try FileManager.default.createSymbolicLink(atPath: folder + "/libEvil.so", withDestinationPath: object)
        #expect(!SampleLibraryManifest.holds(folder))
        try FileManager.default.removeItem(atPath: folder + "/libEvil.so")
        try FileSystem.writeAtomically(bytes, to: folder + "/libEvil.so")
        #expect(!SampleLibraryManifest.holds(folder))
    }
}
