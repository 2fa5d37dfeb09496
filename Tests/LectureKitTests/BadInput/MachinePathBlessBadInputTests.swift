import Foundation
import LectureSupport
import TestFolders
import Testing

/// Attack 11, kind 73: `--bless` wrote machine paths a sample printed (from
/// `/proc/self/mountinfo`: the cache, the home folder, the temporary folder) into the page, and
/// `lecture check` then passed while `lecture build` refused to publish the page. Bless, check
/// and build now apply one rule (`MachinePaths`): output printing such a path is an error at the
/// sample and is not blessed; an output block holding one is an error at its line. Each run is
/// contained (`ContainedRun`): bless writes pages.
@Suite(.serialized) struct MachinePathBlessBadInputTests {
    /// What each machine path is, as the contained run's lecture sees it: the cache (`--cache-dir`),
    /// the home folder, the book's folder, and the temporary folder when it is not `/tmp`.
    static func paths(_ run: ContainedRun) -> [(path: String, role: String)] {
        var paths = [
            (run.scratch + "/cache/libraries", "the cache"), (run.home + "/projects", "the home folder"),
            (run.scratch + "/work/book/src", "the book's folder"),
        ]
        let temporary = CanonicalPath.of(NSTemporaryDirectory())
        if !["/tmp", "/var/tmp"].contains(temporary) {
            paths.append((temporary + "/x", "the temporary folder (TMPDIR)"))
        }
        return paths
    }

    func page(printing path: String, output: String) -> String {
        "# Intro\n\n```swift\nprint(\"at \(path)\")\n```\n\n```output\n\(output)\n```\n"
    }

    @Test func blessRefusesAMachinePathAtTheSample() throws {
        let run = try ContainedRun()
        let book = try run.makeBook()
        for (path, role) in Self.paths(run) {
            let page = page(printing: path, output: "x")
            try TestSupport.write(Array(page.utf8), to: book + "/src/intro.md")
            let result = try run.lecture(["check", "--bless"], in: "work/book")
            #expect(result.termination == .exited(1), "\(path): \(result.stderrText)")
            #expect(
                (result.stdoutText + result.stderrText).contains("src/intro.md:3:1: error: sample printed "),
                "\(path): \(result.stdoutText) \(result.stderrText)")
            // The tests' scratch folder lies in a temporary folder of lecture's (`lecture-tests.…`),
            // which the run-path rule names first.
            if !path.contains("/lecture-") {
                #expect((result.stdoutText + result.stderrText).contains(role), "\(path)")
            }
            #expect(try FileSystem.read(book + "/src/intro.md") == Array(page.utf8), "\(path): page left as it was")
        }
    }

    /// An output block that holds the path (written by hand, or blessed before) fails the check
    /// at its line, as the build refuses the page.
    @Test func checkFailsAnOutputBlockHoldingAMachinePath() throws {
        let run = try ContainedRun()
        let book = try run.makeBook()
        for (path, _) in Self.paths(run) {
            try TestSupport.write(
                Array(
                    "# Intro\n\n```swift\nprint(\"a\")\nprint(\"at \(path)\")\n```\n\n```output\na\nat \(path)\n```\n"
                        .utf8),
                to: book + "/src/intro.md")
            let result = try run.lecture(["check"], in: "work/book")
            let text = result.stdoutText + result.stderrText
            #expect(result.termination == .exited(1), "\(path): \(text)")
            #expect(text.contains("which 'lecture build' would refuse to publish"), "\(path): \(text)")
            #expect(!text.contains("0 failed"), "\(path): \(text)")
        }
    }
}
