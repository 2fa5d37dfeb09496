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

    /// Only the layouts and the assets are written into the cache (7 files where all 67 were): the
    /// partials and the interface words are read from memory, and a build from the folder gets
    /// the built-in ones.
    @Test func onlyTheLayoutsAndAssetsAreWritten() throws {
        let cache = try TestSupport.temporaryDirectory()
        let folder = try DefaultTheme.directory(cacheDirectory: cache)
        let written = Set(FileSystem.files(under: folder))
        #expect(written.contains("page.html") && written.contains("404.html") && written.contains("assets/style.css"))
        #expect(!written.contains { $0.hasPrefix("partials/") || $0.hasPrefix("words/") }, "\(written.sorted())")
        #expect(written.count == DefaultThemeFiles.files.filter { DefaultTheme.isWritten($0.path) }.count)
        let templates = try Templates.load(directory: folder)
        #expect(templates.partials == Partials.builtIn)
        #expect(!Partials.builtIn.templates.isEmpty)
    }
}
