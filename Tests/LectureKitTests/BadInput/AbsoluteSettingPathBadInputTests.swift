import Foundation
import Testing

@testable import LectureKit
@testable import LectureSupport

/// `[book] src = "/etc"` was reported as `b//etc: error: content folder does not
/// exist`: an absolute path joined to the book's folder. Now every folder book.toml names (`src`,
/// `build-dir`, the templates, the sample libraries, `include-from`) is read as mdBook reads it
/// (Rust's `Path::join`): an absolute path as written, a relative one from the book's folder;
/// and it is the same path `ReadableFolder` checks.
struct AbsoluteSettingPathBadInputTests {
    @Test func anAbsoluteContentFolderIsUsedAsWritten() throws {
        let root = try TestSupport.makeTree([
            "pages/SUMMARY.md": "# T\n\n- [A](a.md)\n", "pages/a.md": "# A\n",
        ])
        defer { FileSystem.removeTemporaryDirectory(root) }
        let book = root + "/book"
        let site = root + "/site"
        try FileSystem.makeDirectories(book)
        try FileSystem.writeAtomically(
            "[book]\ntitle = \"T\"\nsrc = \"\(root)/pages\"\n[build]\nbuild-dir = \"\(site)\"\n",
            to: book + "/book.toml")
        let recorder = TestSupport.Recorder()
        let status = LectureCommand.main(
            ["build", book, "--cache-dir", TestSupport.cacheDirectory], console: recorder.console)
        #expect(status == 0, "\(recorder.lines)")
        #expect(
            !recorder.lines.contains { $0.contains(book + "/" + root) || $0.contains("book//") }, "\(recorder.lines)")
        #expect(FileSystem.exists(site + "/a.html"))
    }

    @Test func aMissingAbsoluteContentFolderIsNamedAsWritten() throws {
        let root = try TestSupport.makeTree([
            "book/book.toml": "[book]\ntitle = \"T\"\nsrc = \"/nonexistent-lecture-src\"\n"
        ])
        defer { FileSystem.removeTemporaryDirectory(root) }
        let recorder = TestSupport.Recorder()
        let status = LectureCommand.main(
            ["build", root + "/book", "--cache-dir", TestSupport.cacheDirectory], console: recorder.console)
        #expect(status != 0)
        #expect(
            recorder.lines.contains {
                $0.hasPrefix(root + "/book/book.toml:3:1: error: 'book.src' names a pages' folder that does not exist")
                    && $0.contains("the pages' folder it names is '/nonexistent-lecture-src'")
            },
            "\(recorder.lines)")
        #expect(FileSystem.resolve("/etc", against: "b") == "/etc")
        #expect(FileSystem.resolve("src", against: "b") == "b/src")
    }
}
