import Foundation
import TestFolders
import Testing

@testable import LectureKit
@testable import LectureSupport

/// `--report junit:PATH` never replaces a file that is not its own report, nor writes into the
/// pages. Contained, with the scratch tree's digest compared.
@Suite struct JUnitReportPathTests {
    @Test func aReportNeverReplacesAFileNotItsOwn() throws {
        let run = try ContainedRun()
        try run.makeBook()
        let before = run.digest()
        for path in ["book/book.toml", run.home + "/.profile", "book/src/report.xml"] {
            let result = try run.lecture(["check", "book", "--report", "junit:" + path], in: "work")
            #expect(result.termination == .exited(2), "\(path): \(result.stderrText)")
            #expect(result.stderrText.contains("--report junit:\(path)"), "\(result.stderrText)")
            #expect(!result.stderrText.contains("NSCocoaErrorDomain"))
        }
        #expect(run.digest() == before)
        let written = try run.lecture(["check", "book", "--report", "junit:report.xml"], in: "work")
        #expect(written.succeeded, "\(written.stderrText)")
        let again = try run.lecture(["check", "book", "--report", "junit:report.xml"], in: "work")
        #expect(again.succeeded, "an earlier report is replaced: \(again.stderrText)")
    }
}
