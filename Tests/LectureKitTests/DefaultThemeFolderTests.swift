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
}
