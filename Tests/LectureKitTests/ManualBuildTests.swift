import Foundation
import Testing

@testable import LectureKit
@testable import LectureSupport

/// The manual (`Sources/lecture/Manual`) builds with this tool, samples verified, without a
/// warning: CI's `make manual` builds it, `make test` did not, and a quoted `{{#include}}` that was
/// not escaped broke CI only. A copy is built, so nothing is written into the repository.
@Suite struct ManualBuildTests {
    @Test func theManualBuildsWithoutAWarning() throws {
        let root = try TestSupport.temporaryDirectory()
        let book = root + "/Manual"
        try FileManager.default.copyItem(atPath: TestSupport.repositoryRoot + "/Sources/lecture/Manual", toPath: book)
        // A site left in the copy by a `make manual` run before is not the manual's.
        try? FileManager.default.removeItem(atPath: book + "/book")
        let recorder = TestSupport.Recorder()
        let status = LectureCommand.main(
            ["build", book, "--output", root + "/site", "--cache-dir", TestSupport.cacheDirectory],
            console: recorder.console)
        #expect(status == 0, "\(recorder.lines)")
        let problems = recorder.lines.filter { $0.contains(": warning:") || $0.contains(": error:") }
        #expect(problems.isEmpty, "\(problems)")
        #expect(FileSystem.exists(root + "/site/index.html"))
    }
}
