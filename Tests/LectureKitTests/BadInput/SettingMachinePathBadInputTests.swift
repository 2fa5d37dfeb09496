import Foundation
import TestFolders
import Testing

@testable import LectureKit
@testable import LectureSupport

/// Attack 18, F10 (c), the same kind elsewhere: a path of the machine in book.toml's
/// `description`, `title` or an author (`"Notes from /home/alice/book"`) was an error at every
/// page, each saying "the page's own text does not hold it: a sample's output or a diagram put
/// it in the page", none at book.toml. It is now one warning at the key, as a path a page's own
/// text names is (the author wrote it), and no page's error.
@Suite struct SettingMachinePathBadInputTests {
    @Test(arguments: ["description", "authors"]) func aMachinePathInAShownSettingIsOneWarningAtItsKey(_ key: String)
        throws
    {
        let run = try ContainedRun()
        let book = run.scratch + "/work/book"
        let value = "\"Notes from \(book)/src\""
        try run.makeBook(key == "authors" ? "authors = [\(value)]\n" : "\(key) = \(value)\n")
        try FileSystem.writeAtomically(
            Array("# Summary\n\n- [Intro](intro.md)\n- [Next](next.md)\n- [Deep](sub/deep.md)\n".utf8),
            to: book + "/src/SUMMARY.md")
        try FileSystem.writeAtomically(Array("# Deep\n".utf8), to: book + "/src/sub/deep.md")
        let result = try run.lecture(["build"], in: "work/book")
        #expect(result.succeeded, "\(result.stderrText)")
        let warnings = TestSupport.headlines(result.stderrText, .warning).filter { $0.contains("book's folder") }
        #expect(warnings.count == 1, "\(result.stderrText)")
        #expect(
            warnings.first?.contains("book.toml:3:1: warning: 'book.\(key)' puts '\(book)', the book's folder") == true,
            "\(result.stderrText)")
        #expect(!result.stderrText.contains("a sample's output or a diagram put it"), "\(result.stderrText)")
    }
}
