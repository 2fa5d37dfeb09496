import Foundation
import SourceText
import Testing

@testable import LectureKit
@testable import LectureSupport

/// `input-404` naming a page outside the pages' folder (attack 10, kind 13) was refused, but the
/// fix said to create it at the very path refused (`src/../../39-secret.md`, `src//etc/hostname`),
/// which changes nothing. For a name that leaves the folder the fix now says to move the page in
/// and name it from there; a missing page inside the folder is still to be created where named.
/// Only the rule is asked: no build reads or writes outside the scratch tree.
struct NotFoundOutsideBadInputTests {
    @Test(arguments: [
        ("../../39-secret.md", "39-secret.md"), ("/etc/hostname", "hostname"), ("sub/../../x.md", "x.md"),
        ("./../x.md", "x.md"), ("..", ".."),
    ])
    func aNameOutsideThePagesFolderIsToBeMovedIn(_ name: String, _ fileName: String) throws {
        let root = try TestSupport.makeTree(["src/SUMMARY.md": "# S\n\n- [A](a.md)\n", "src/a.md": "# A\n"])
        defer { FileSystem.removeTemporaryDirectory(root) }
        let note = try #require(Self.note(root: root, name: name))
        #expect(
            note.hasPrefix(
                "the not-found page is read from the pages' folder only: move it into '\(root)/src' and name it from there ('\(fileName)')"
            ), "\(note)")
        #expect(!note.contains("create"), "\(note)")
    }

    @Test func aMissingPageInsideIsToBeCreated() throws {
        let root = try TestSupport.makeTree(["src/SUMMARY.md": "# S\n\n- [A](a.md)\n", "src/a.md": "# A\n"])
        defer { FileSystem.removeTemporaryDirectory(root) }
        let note = try #require(Self.note(root: root, name: "sub/missing.md"))
        #expect(note.hasPrefix("create '\(root)/src/sub/missing.md' with the not-found page's text"), "\(note)")
    }

    /// The fix `NotFoundSource.missingInput` gives for `input-404 = name` in a book at `root`.
    static func note(root: String, name: String) -> String? {
        var configuration = BuildConfiguration()
        configuration.contentDirectory = root + "/src"
        configuration.bookDirectory = root
        configuration.book.notFoundInput = name
        configuration.book.locations["output.html.input-404"] = SourceText.SourceLocation(line: 7, column: 1)
        let content = ContentLoader.load(contentDirectory: root + "/src")
        return NotFoundSource.missingInput(content, configuration: configuration)?.notes.first
    }
}
