import Foundation
import Testing

@testable import LectureKit
@testable import LectureSupport

/// The built-in theme written into the cache (`DefaultTheme.directory`): its files are written
/// without an `fsync` each, so a copy cut short by a crash must be found and written again.
@Suite struct DefaultThemeFolderTests {
    @Test func aThemeFileCutShortIsWrittenAgain() throws {
        let cache = try TestSupport.temporaryDirectory()
        let folder = try DefaultTheme.directory(cacheDirectory: cache)
        let page = FileSystem.join(folder, "page.html")
        let whole = try FileSystem.read(page)
        #expect(!whole.isEmpty)
        // What a crash after the rename may leave: the file there, its data not.
        #expect(truncate(page, 0) == 0)
        #expect(try DefaultTheme.directory(cacheDirectory: cache) == folder)
        #expect(try FileSystem.read(page) == whole)
        // Nothing left beside it.
        let theme = FileSystem.join(cache, "theme")
        #expect(try FileManager.default.contentsOfDirectory(atPath: theme) == [(folder as NSString).lastPathComponent])
    }

    /// Only the layouts are written into the cache (2 files where all 67 were, then 7): the
    /// partials and the interface words are read from memory, and a build from the folder gets
    /// the built-in ones; the assets go into the site from memory.
    @Test func onlyTheLayoutsAreWritten() throws {
        let cache = try TestSupport.temporaryDirectory()
        let folder = try DefaultTheme.directory(cacheDirectory: cache)
        #expect(folder == DefaultTheme.folder(cacheDirectory: cache))
        let written = Set(FileSystem.files(under: folder))
        #expect(written == ["page.html", "404.html"], "\(written.sorted())")
        let templates = try Templates.load(directory: folder)
        #expect(templates.partials == Partials.builtIn)
        #expect(!Partials.builtIn.templates.isEmpty)
        #expect(templates.assets.isEmpty && templates.embedded.isEmpty)
    }

    /// A build with the built-in theme writes its assets into the site from memory: the site
    /// holds each asset of `site-templates/` byte for byte, and the cache none of them.
    @Test func theAssetsGoFromMemoryIntoTheSite() throws {
        let root = try TestSupport.makeTree(["src/SUMMARY.md": "# T\n\n- [A](a.md)\n", "src/a.md": "# A\n"])
        defer { try? FileManager.default.removeItem(atPath: root) }
        let cache = try TestSupport.temporaryDirectory()
        let recorder = TestSupport.Recorder()
        let status = LectureCommand.main(["build", root, "--cache-dir", cache], console: recorder.console)
        #expect(status == 0, "\(recorder.lines)")
        let embedded = DefaultThemeFiles.files.filter { $0.path.hasPrefix("assets/") }
        #expect(!embedded.isEmpty && embedded.count == DefaultTheme.assets.count)
        for file in embedded {
            #expect(
                try FileSystem.read(HashedSitePath.of(file.path, in: root + "/book"))
                    == [UInt8](Data(base64Encoded: file.base64) ?? Data()), "\(file.path)")
        }
        #expect(!FileSystem.files(under: cache).contains { $0.contains("/assets/") })
    }
}
