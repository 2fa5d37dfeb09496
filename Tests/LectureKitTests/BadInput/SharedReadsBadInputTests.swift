import CommonMark
import Foundation
import TestFolders
import Testing

@testable import LectureKit
@testable import LectureSupport

/// New user 5, F11: `reads=../data/words.txt` on `src/chapters/deep.md` was refused ("a path with
/// an empty, '.' or '..' segment"), so a data file shared by pages in subfolders had to be copied
/// under each folder. Now a page reads any file of the book's pages, `..` included; the program
/// opens it as written (its working folder is the run's `chapters/`, the file the run's
/// `data/words.txt`); what leaves the pages' folder (`../../book.toml`), as written or through a
/// link, is still an error at the fence.
struct SharedReadsBadInputTests {
    static func page(reading file: String) -> String {
        "# Deep\n\n```swift reads=\(file)\nimport Foundation\nprint(try String(contentsOfFile: \"\(file)\", encoding: .utf8), terminator: \"\")\n```\n\n```output\nshared\n```\n"
    }

    @Test func aPageInASubfolderReadsAFileOfAnotherFolderAndNothingOutside() throws {
        let run = try ContainedRun()
        let book = try run.makeBook()
        try FileSystem.writeAtomically("shared\n", to: book + "/src/data/words.txt")
        let summary = try #require(TestSupport.read(book + "/src/SUMMARY.md"))
        try FileSystem.writeAtomically(
            summary + "- [Deep](chapters/deep.md)\n  - [Deeper](chapters/more/deeper.md)\n- [Out](chapters/out.md)\n",
            to: book + "/src/SUMMARY.md")
        try FileSystem.writeAtomically(Self.page(reading: "../data/words.txt"), to: book + "/src/chapters/deep.md")
        try FileSystem.writeAtomically(
            Self.page(reading: "../../data/words.txt"), to: book + "/src/chapters/more/deeper.md")
        try FileSystem.writeAtomically(Self.page(reading: "../../book.toml"), to: book + "/src/chapters/out.md")
        let before = run.digest(excluding: ["work"])
        let result = try run.lecture(["check"], in: "work/book")
        let text = result.stdoutText + result.stderrText
        #expect(result.termination == .exited(1), "\(text)")
        #expect(text.contains("2 passed"), "\(text)")
        let errors = text.split(separator: "\n").filter { $0.contains(": error: ") }
        #expect(errors.count == 1, "\(errors)")
        #expect(
            errors.first?.contains(
                "src/chapters/out.md:3:1: error: 'reads=../../book.toml' names no readable file of the book's pages")
                == true, "\(errors)")
        #expect(!text.contains("'..' segment"), "\(text)")
        #expect(run.digest(excluding: ["work"]) == before, "nothing outside the book was written")
        #expect(
            SampleReads.workingFolder(of: Self.sample("../data/x", page: book + "/src/chapters/p.md", book))
                == "chapters")
        #expect(
            SampleReads.workingFolder(of: Self.sample("../../d/x", page: book + "/src/a/b/p.md", book)) == "a/b")
        #expect(SampleReads.workingFolder(of: Self.sample("d/x", page: book + "/src/a/p.md", book)) == "")
    }

    static func sample(_ file: String, page: String, _ book: String) -> Sample {
        let found = SampleExtractor.extract(
            from: MarkdownParser.parse("```swift reads=\(file)\nprint(1)\n```\n"), path: page)
        var sample = found.samples[0]
        sample.contentFolder = book + "/src"
        return sample
    }
}
