import Foundation
import TestFolders
import Testing

@testable import LectureKit
@testable import LectureSupport

/// New-user round of 2026-12-07: `cd src && lecture build` built the pages' folder as a book of
/// its own (it holds `SUMMARY.md`), with none of book.toml's settings, and wrote that site into
/// `src/book/`, which the real book then published again. Each command run in a book's pages'
/// folder, by default or as `[book] src` names it, now says which book it belongs to and
/// writes nothing. Contained (`ContainedRun`).
@Suite struct EnclosingBookTests {
    @Test(arguments: [
        ("", "work/book/src", ["build"]),
        ("", "work/book/src", ["check"]),
        ("[book]\nsrc = \"docs/pages\"", "work/book/docs/pages", ["build"]),
    ])
    func aCommandInThePagesFolderNamesItsBook(_ toml: String, _ pages: String, _ command: [String]) throws {
        let run = try ContainedRun()
        let book = try run.makeBook()
        if !toml.isEmpty {
            try TestSupport.write(Array("\(toml)\n".utf8), to: book + "/book.toml")
            try FileSystem.makeDirectories(run.scratch + "/" + pages)
            for page in ["SUMMARY.md", "intro.md", "next.md"] {
                try FileSystem.writeAtomically(
                    Array(try Data(contentsOf: URL(fileURLWithPath: book + "/src/" + page))),
                    to: run.scratch + "/" + pages + "/" + page)
            }
        }
        let before = run.digest(excluding: ["cache"])
        let result = try run.lecture(command, in: pages)
        let text = result.stderrText
        #expect(result.termination != .exited(0), "\(text)")
        #expect(text.contains("error: this folder is the pages' folder of the book at '\(book)'"), "\(text)")
        #expect(text.contains("run the command in '\(book)'"), "\(text)")
        #expect(run.digest(excluding: ["cache"]) == before, "\(text)")
    }

    /// A folder with `SUMMARY.md` and no book.toml above it is still a book of its own.
    @Test func aBareSummaryFolderStaysABook() throws {
        let run = try ContainedRun()
        try TestSupport.write(
            Array("# Summary\n\n- [Intro](intro.md)\n".utf8), to: run.scratch + "/work/notes/SUMMARY.md")
        try TestSupport.write(Array("# Intro\n\nHello.\n".utf8), to: run.scratch + "/work/notes/intro.md")
        let result = try run.lecture(["build"], in: "work/notes")
        #expect(result.termination == .exited(0), "\(result.stderrText)")
    }
}
