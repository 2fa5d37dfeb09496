import Foundation
import TestFolders
import Testing

@testable import LectureKit
@testable import LectureSupport

/// Hostile-input round of 2026-12-07: a pages' folder that `[book] src` names wrongly was said at
/// the folder (`src = ""`: "content folder does not exist" with no place at all; `src = "."`: a
/// `SUMMARY.md` no one meant to write); the line to edit is book.toml's `src`. Contained
/// (`ContainedRun`).
@Suite struct SourceSettingTests {
    @Test(arguments: [
        ("src = \"pages\"", "does not exist", "work/book/pages"),
        ("src = \".\"", "has no SUMMARY.md", "work/book"),
        ("src = \"src/intro.md\"", "is a file, not a folder", "work/book/src/intro.md"),
    ])
    func aPagesFolderThatSrcNamesWronglyIsAtItsLine(_ toml: String, _ what: String, _ folder: String) throws {
        let run = try ContainedRun()
        let book = try run.makeBook(toml)
        let result = try run.lecture(["build"], in: "work/book")
        let text = result.stderrText
        #expect(result.termination != .exited(0), "\(text)")
        #expect(text.contains("book.toml:3:1: error: 'book.src' names a pages' folder that \(what)"), "\(text)")
        #expect(text.contains("the pages' folder it names is '"), "\(text)")
        #expect(!FileSystem.exists(book + "/book"))
    }
}
