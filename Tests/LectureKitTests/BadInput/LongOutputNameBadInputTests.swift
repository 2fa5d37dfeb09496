import Foundation
import TestFolders
import Testing

@testable import LectureSupport

/// Attack 17, F7 (k36): a `-d` name the file system takes (245 bytes) made a staging folder name
/// (`.NAME.tmp-PID-N`) past NAME_MAX, which failed after the whole build with a note to make a
/// writable folder writable. Each name the tool derives from the output's is checked before any
/// work, with NAME_MAX and the longest name that fits; a name that fits is built.
struct LongOutputNameBadInputTests {
    @Test(arguments: [245, 300])
    func anOutputNameWhoseStagingNameIsTooLongIsRefusedUpFront(_ length: Int) throws {
        let run = try ContainedRun()
        try run.makeBook()
        let before = run.digest(excluding: ["home/.cache", "cache"])
        let result = try run.lecture(["build", "-d", String(repeating: "w", count: length)], in: "work/book")
        #expect(result.termination == .exited(2) || result.termination == .exited(1), "\(result.stderrText)")
        #expect(result.stderrText.contains("(NAME_MAX)"), "\(result.stderrText)")
        #expect(result.stderrText.contains("name an output folder"), "\(result.stderrText)")
        #expect(!result.stderrText.contains("writable"), "\(result.stderrText)")
        #expect(!result.stderrText.contains("in the build step"), "refused before any work: \(result.stderrText)")
        #expect(run.digest(excluding: ["home/.cache", "cache"]) == before, "nothing created")
    }

    @Test func anOutputNameThatFitsIsBuilt() throws {
        let run = try ContainedRun()
        let book = try run.makeBook()
        let name = String(repeating: "w", count: 200)
        let result = try run.lecture(["build", "-d", name], in: "work/book")
        #expect(result.termination == .exited(0), "\(result.stderrText)")
        #expect(FileSystem.exists(book + "/" + name + "/intro.html"))
    }
}
