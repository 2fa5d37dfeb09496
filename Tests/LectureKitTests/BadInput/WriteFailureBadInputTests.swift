import Foundation
import Testing

@testable import LectureKit
@testable import LectureSupport

/// A write that fails says why in the system's words: `--report junit:book`, where
/// `book` is a folder, printed `cannot write file: The operation could not be completed.
/// (NSCocoaErrorDomain error 512.)`.
@Suite struct WriteFailureBadInputTests {
    @Test func aFolderWhereTheFileGoesIsNamedAsAFolder() throws {
        let root = try FileSystem.makeTemporaryDirectory(prefix: "lecture-write")
        defer { FileSystem.removeTemporaryDirectory(root) }
        try FileSystem.makeDirectories(root + "/report")
        do {
            try FileSystem.writeAtomically("x", to: root + "/report")
            Issue.record("a folder was written over")
        } catch let error as LectureError {
            let text = error.diagnostics.map(\.headline).joined(separator: "\n")
            #expect(text == "\(root)/report: error: cannot write file: it is a folder; name a file in it")
            #expect(!text.contains("NSCocoaErrorDomain"), "\(text)")
        }
    }

    @Test func aCheckWhoseJUnitReportNamesAFolderSaysSo() throws {
        let root = try TestSupport.makeTree([
            "book/src/SUMMARY.md": "# 책\n\n- [쪽](p.md)\n", "book/src/p.md": "# 쪽\n",
            "book/book.toml": "[book]\ntitle = \"T\"\n", "reports/old.xml": "kept\n",
        ])
        defer { FileSystem.removeTemporaryDirectory(root) }
        let recorder = TestSupport.Recorder()
        let status = LectureCommand.main(
            [
                "check", "--cache-dir", TestSupport.cacheDirectory, "--report", "junit:" + root + "/reports",
                root + "/book",
            ],
            console: recorder.console)
        #expect(status != 0)
        let text = recorder.lines.joined(separator: "\n")
        // Refused before the check runs, by the rule of every path the tool writes (`WrittenPath`).
        #expect(text.contains("error: --report junit:\(root)/reports: the JUnit report is a folder"), "\(text)")
        #expect(text.contains("name a file in it"), "\(text)")
        #expect(!text.contains("NSCocoaErrorDomain"), "\(text)")
    }
}
