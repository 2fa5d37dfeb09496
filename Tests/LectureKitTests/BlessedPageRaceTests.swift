import Foundation
import Testing

@testable import LectureKit
@testable import LectureSupport

#if canImport(Glibc)
    import Glibc
#endif

/// `--bless` writes through a descriptor of the page's folder, judged inside the book when the
/// page is read (`BlessedPageFile`): a folder on the way swapped for a link to a folder outside
/// the book, at any moment between the check and the rename, is never written through (attack
/// 15, F5: 1 of 30 runs wrote the blessed page outside). Each swap happens at a fixed point
/// (before the page is read, between the read and the write, in the hook right before the
/// rename), so the tests are deterministic; every path is in the test's own temporary folders.
@Suite struct BlessedPageRaceTests {
    static let checked = BlessedPageTests.checked
    static let blessedText = checked + "```output\n1\n```\n"

    /// A book with `src/sub/page.md` and a folder outside it holding the same bytes.
    static func book() throws -> (root: String, page: String, outside: String) {
        let root = try TestSupport.makeTree(["src/sub/page.md": checked])
        let outside = try TestSupport.makeTree(["docs/page.md": checked])
        return (root, root + "/src/sub/page.md", outside + "/docs")
    }

    /// Puts a link to `outside` where `src/sub` was; the real folder becomes `src/real`.
    static func swap(_ root: String, to outside: String) {
        #expect(rename(root + "/src/sub", root + "/src/real") == 0)
        #expect(symlink(outside, root + "/src/sub") == 0)
    }

    @Test func aFolderSwappedRightBeforeTheRenameIsNotFollowed() throws {
        let (root, page, outside) = try Self.book()
        let blessed = try BlessedPage(page, within: [root], checked: Self.checked)
        try blessed.replace(with: blessed.text + "```output\n1\n```\n") { Self.swap(root, to: outside) }
        #expect(TestSupport.read(outside + "/page.md") == Self.checked)
        // The page judged (now under its new name) got the output.
        #expect(TestSupport.read(root + "/src/real/page.md") == Self.blessedText)
    }

    @Test func aFolderSwappedBetweenTheReadAndTheWriteIsNotFollowed() throws {
        let (root, page, outside) = try Self.book()
        let blessed = try BlessedPage(page, within: [root], checked: Self.checked)
        Self.swap(root, to: outside)
        try blessed.replace(with: blessed.text + "```output\n1\n```\n")
        #expect(TestSupport.read(outside + "/page.md") == Self.checked)
        #expect(TestSupport.read(root + "/src/real/page.md") == Self.blessedText)
    }

    @Test func aFolderSwappedBeforeTheReadIsRefused() throws {
        let (root, page, outside) = try Self.book()
        Self.swap(root, to: outside)
        #expect(throws: BlessedPage.Refusal.self) { _ = try BlessedPage(page, within: [root], checked: Self.checked) }
        #expect(TestSupport.read(outside + "/page.md") == Self.checked)
    }

    @Test func aPageReplacedByAnotherFileWithTheSameBytesIsNotOverwritten() throws {
        let (root, page, _) = try Self.book()
        let blessed = try BlessedPage(page, within: [root], checked: Self.checked)
        // Another file, the same bytes: not the page read, so not the page to replace.
        try TestSupport.write(Array(Self.checked.utf8), to: root + "/src/sub/other.md")
        #expect(rename(root + "/src/sub/other.md", page) == 0)
        #expect {
            try blessed.replace(with: blessed.text + "```output\n1\n```\n")
        } throws: { error in
            (error as? BlessedPage.Refusal)?.summary.hasPrefix("the page changed while it was checked") == true
        }
        #expect(TestSupport.read(page) == Self.checked)
    }

    /// c07: a refused bless withdraws the promise the mismatch made.
    @Test func aRefusedBlessWithdrawsThePromise() {
        let mismatch = Diagnostic.error(
            .sampleOutputMismatch, "a.md", nil, "output does not match",
            notes: ["diff", "sample at a.md:3:1; \(BlessRefusalNotes.promise)"])
        let withdrawn = BlessRefusalNotes.withdrawn([mismatch])
        #expect(!withdrawn[0].notes[1].contains(BlessRefusalNotes.promise))
        #expect(withdrawn[0].notes[1].contains("could not rewrite this page"))
    }
}
