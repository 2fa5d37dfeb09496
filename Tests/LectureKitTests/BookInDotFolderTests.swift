import Foundation
import LectureSupport
import Testing

@testable import LectureKit

/// The dot-component rule (attack 17, F2) looks below the book's folder, never above it: CI's
/// layout test builds a foreign book copied into the repository's `.build/`, and a person may keep a
/// book under `~/.local/…`. book.toml was judged below the repository holding the book, so such a
/// book was refused at its own book.toml ("lies in a dot-folder ('.build')").
@Suite struct BookInDotFolderTests {
    @Test func aBookKeptInADotFolderOfItsRepositoryReadsItsBookTOML() throws {
        let root = try TestSupport.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: root) }
        try FileManager.default.createDirectory(atPath: root + "/.git", withIntermediateDirectories: true)
        let book = root + "/.build/layout-foreign"
        try FileManager.default.createDirectory(atPath: book, withIntermediateDirectories: true)
        try FileSystem.writeAtomically("[book]\ntitle = \"Foreign\"\n", to: book + "/book.toml")
        let (settings, diagnostics) = BookSettingsLoader.load(path: book + "/book.toml")
        #expect(diagnostics.isEmpty, "\(diagnostics)")
        #expect(settings.title == "Foreign")
    }
}
