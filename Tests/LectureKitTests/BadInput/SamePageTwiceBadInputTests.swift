import Foundation
import TestFolders
import Testing

@testable import LectureKit
@testable import LectureSupport

#if canImport(Glibc)
    import Glibc
#endif

/// Attack 13, kind 31: one page named twice on `check`'s command line through a symbolic link
/// (`alias.md -> one.md`) was checked twice (4 samples counted for 2), and `--bless` blessed it
/// through the link, then refused the other name with "the page changed while it was checked"
/// (its own write) and failed. Names of one file (same device and inode: a symbolic link to it
/// or to a folder above it, a hard link) are now one page; names differing only in case are two
/// files on a case-sensitive file system and stay two. Each runs contained.
@Suite(.serialized) struct SamePageTwiceBadInputTests {
    static let stale =
        "# One\n\n```swift\nprint(\"new1\")\n```\n\n```output\nold1\n```\n\n```swift\nprint(\"new2\")\n```\n\n```output\nold2\n```\n"
    static let other = "# Other\n\n```swift\nprint(\"up\")\n```\n\n```output\nup\n```\n"

    /// The second name of `src/one.md`, relative to the book: a symbolic link to it, a hard
    /// link, the page through a symbolic link to its folder, and a spelling.
    static let names = ["src/alias.md", "src/hard.md", "pages/one.md", "./src/../src/one.md"]

    /// Makes `names[index]` in `book`.
    static func make(_ index: Int, in book: String) {
        switch index {
        case 0: #expect(symlink("one.md", book + "/src/alias.md") == 0)
        case 1: #expect(link(book + "/src/one.md", book + "/src/hard.md") == 0)
        case 2: #expect(symlink("src", book + "/pages") == 0)
        default: break
        }
    }

    @Test(arguments: names.indices) func aPageNamedTwiceIsCheckedAndBlessedOnce(index: Int) throws {
        let run = try ContainedRun()
        let book = try run.makeBook("[lecture.samples]\nverify = true\n")
        try TestSupport.write(Array(Self.stale.utf8), to: book + "/src/one.md")
        Self.make(index, in: book)
        let name = Self.names[index]
        let check = try run.lecture(["check", ".", "src/one.md", name], in: "work/book")
        #expect(check.stdoutText == "0 passed, 2 failed\n", "\(check.stdoutText)")
        let bless = try run.lecture(["check", ".", "src/one.md", name, "--bless"], in: "work/book")
        #expect(bless.succeeded, "\(bless.stdoutText)\(bless.stderrText)")
        #expect(!bless.stderrText.contains("changed while it was checked"), "\(bless.stderrText)")
        #expect(bless.stdoutText.contains("2 passed, 0 failed"), "\(bless.stdoutText)")
        #expect(TestSupport.read(book + "/src/one.md") == Self.stale.replacingOccurrences(of: "old", with: "new"))
        // A hard link's other name keeps the old text: bless replaces the page by a new file
        // (`BlessedPage`), as an editor's atomic save does.
        let again = try run.lecture(["check", ".", index == 1 ? "src/one.md" : name], in: "work/book")
        #expect(again.succeeded, "\(again.stderrText)")
    }

    /// `One.md` and `one.md` are two files where case matters (ext4, tmpfs): both checked.
    @Test func namesDifferingInCaseAreTwoFiles() throws {
        let run = try ContainedRun()
        let book = try run.makeBook("[lecture.samples]\nverify = true\n")
        try TestSupport.write(
            Array(Self.stale.replacingOccurrences(of: "old", with: "new").utf8), to: book + "/src/one.md")
        try TestSupport.write(Array(Self.other.utf8), to: book + "/src/One.md")
        let check = try run.lecture(["check", ".", "src/one.md", "src/One.md"], in: "work/book")
        #expect(check.succeeded, "\(check.stderrText)")
        #expect(check.stdoutText.hasSuffix("\n3 passed, 0 failed\n"), "\(check.stdoutText)")
    }
}
