import Foundation
import Testing

@testable import LectureKit
@testable import LectureServe
@testable import LectureSupport

/// A title too long for a file name failed `lecture pdf` only at the end, with
/// Chromium's raw "File name too long"; it is an error at book.toml's title line before any work.
@Suite struct PDFNameTests {
    @Test func aTitleTooLongForAFileNameIsAnErrorAtItsLineBeforeTheBuild() throws {
        let title = String(repeating: "가", count: 100)
        let root = try TestSupport.makeTree([
            "book.toml": "[book]\ntitle = \"\(title)\"\n", "src/SUMMARY.md": "# S\n\n- [A](a.md)\n",
            "src/a.md": "# A\n",
        ])
        defer { FileSystem.removeTemporaryDirectory(root) }
        let result = BlessAndIncludeReportTests().run(["pdf", root])
        #expect(result.status != 0)
        #expect(
            result.lines.contains {
                $0.contains(
                    "book.toml:2:1: error: the book's title makes the PDF's file name 304 bytes long, more than the 255 a file name may hold"
                )
            }, "\(result.lines)")
        #expect(!FileSystem.exists(root + "/book"), "nothing built")
        #expect(PDFCommand.nameProblem(site: "/b/book", title: String(repeating: "가", count: 80)) == nil)
    }
}
