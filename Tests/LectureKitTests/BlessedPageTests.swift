import Foundation
import Testing

@testable import LectureKit
@testable import LectureSupport

#if canImport(Glibc)
    import Glibc
#endif

/// `--bless` writes only what it read (`BlessedPage`): a page edited after the check read it
/// is left as the author left it, a page is replaced by a new file (never written in place) that
/// keeps its permissions, and a page outside the book's folder is never written.
@Suite struct BlessedPageTests {
    static let checked = "# Page\n\n```swift\nprint(1)\n```\n"

    static func book() throws -> (root: String, page: String) {
        let root = try TestSupport.makeTree(["src/page.md": checked])
        return (root, root + "/src/page.md")
    }

    @Test func aPageEditedBeforeBlessingIsLeftAsEdited() throws {
        let (root, page) = try Self.book()
        let edited = "# Page\n\nA paragraph the author added meanwhile.\n\n```swift\nprint(1)\n```\n"
        try TestSupport.write(Array(edited.utf8), to: page)
        #expect {
            _ = try BlessedPage(page, within: [root], checked: Self.checked)
        } throws: { error in
            (error as? BlessedPage.Refusal)?.summary.hasPrefix("the page changed while it was checked") == true
        }
        #expect(TestSupport.read(page) == edited)
    }

    @Test func aPageEditedWhileBlessingIsLeftAsEdited() throws {
        let (root, page) = try Self.book()
        let blessed = try BlessedPage(page, within: [root], checked: Self.checked)
        let edited = Self.checked + "\nMore text.\n"
        try TestSupport.write(Array(edited.utf8), to: page)
        #expect(throws: BlessedPage.Refusal.self) { try blessed.replace(with: blessed.text + "```output\n1\n```\n") }
        #expect(TestSupport.read(page) == edited)
        let left = try FileManager.default.contentsOfDirectory(atPath: root + "/src")
        #expect(left == ["page.md"])
    }

    @Test func aBlessedPageIsANewFileWithTheSamePermissions() throws {
        let (root, page) = try Self.book()
        #expect(chmod(page, 0o640) == 0)
        var before = stat()
        #expect(stat(page, &before) == 0)
        let blessed = try BlessedPage(page, within: [root], checked: Self.checked)
        try blessed.replace(with: blessed.text + "```output\n1\n```\n")
        var after = stat()
        #expect(stat(page, &after) == 0)
        #expect(after.st_ino != before.st_ino)
        #expect(after.st_mode & 0o7777 == 0o640)
        #expect(TestSupport.read(page) == Self.checked + "```output\n1\n```\n")
    }

    @Test func aPageLinkedFromOutsideTheBookIsNotWritten() throws {
        let (root, _) = try Self.book()
        let outside = try TestSupport.makeTree(["elsewhere.md": Self.checked])
        #expect(symlink(outside + "/elsewhere.md", root + "/src/linked.md") == 0)
        #expect {
            _ = try BlessedPage(root + "/src/linked.md", within: [root], checked: Self.checked)
        } throws: { error in
            (error as? BlessedPage.Refusal)?.summary.contains("outside the book's folder") == true
        }
        #expect(TestSupport.read(outside + "/elsewhere.md") == Self.checked)
    }
}
