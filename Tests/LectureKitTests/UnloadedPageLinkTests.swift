import Foundation
import TestFolders
import Testing

@testable import LectureKit
@testable import LectureSupport

/// Hostile-input round of 2026-12-07: a listed page that could not be loaded (not UTF-8, a
/// folder) has its error; with the built-in theme, whose sidebar, contents page, print page and
/// not-found page link every page and the root index, the same fault was said four times more
/// as broken URLs of built pages (the first page is the root index too). One fault, one error.
/// Contained (`ContainedRun`).
@Suite struct UnloadedPageLinkTests {
    @Test(arguments: ["a.md", "b.md"], ["not UTF-8", "a folder"])
    func aPageThatCannotBeLoadedIsOneError(_ page: String, _ kind: String) throws {
        let run = try ContainedRun()
        let book = try run.makeBook()
        try TestSupport.write(
            Array("# Summary\n\n- [A](a.md)\n- [B](b.md)\n".utf8), to: book + "/src/SUMMARY.md")
        try TestSupport.write(Array("# A\n\nok\n".utf8), to: book + "/src/a.md")
        try TestSupport.write(Array("# B\n\nok\n".utf8), to: book + "/src/b.md")
        let path = book + "/src/" + page
        if kind == "a folder" {
            try FileManager.default.removeItem(atPath: path)
            try FileSystem.makeDirectories(path)
        } else {
            try TestSupport.write(Array("# P\n\ncaf".utf8) + [0xE9, 0x0A], to: path)
        }
        let result = try run.lecture(["build"], in: "work/book")
        let text = result.stderrText
        #expect(result.termination == .exited(1), "\(text)")
        #expect(!text.contains("broken URL"), "\(text)")
        #expect(text.contains("failed with 1 error"), "\(text)")
    }
}
