import Foundation
import TestFolders
import Testing

@testable import LectureKit
@testable import LectureSupport

/// attack-4 F6: a process a sample starts in the background and leaves behind (an orphan) does
/// not decide the verdict. Foundation's `Process.waitUntilExit()` returns only when every process
/// the child started has closed the socket it inherited, so `sh -c "sleep 40 &"` made the sample
/// itself wait 40 s and time out; a background child that only holds stdout kept the pipe open.
/// Each runs contained (the default) merged, and uncontained (`sandbox = "off"`) alone, in a
/// private mount namespace with a scratch home: each passes well within its 20 s time limit,
/// and no `sleep` it started is left running.
@Suite(.serialized) struct SampleOrphanTests {
    static func page(_ waited: String, _ holdingStdout: String) -> String {
        """
        # Intro

        ```swift
        import Foundation
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/bin/sh")
        p.arguments = ["-c", "sleep \(waited) &"]
        try p.run()
        p.waitUntilExit()
        print("done")
        ```

        ```output
        done
        ```

        ```swift
        import Glibc
        // The background sleep inherits stdout and holds the pipe after the program ends.
        let words = ["sh", "-c", "sleep \(holdingStdout) &"]
        let argv: [UnsafeMutablePointer<CChar>?] = words.map { strdup($0) } + [nil]
        var shell: pid_t = 0
        guard posix_spawn(&shell, "/bin/sh", nil, nil, argv, environ) == 0 else { fatalError("no sh") }
        var status: Int32 = 0
        waitpid(shell, &status, 0)
        print("left")
        ```

        ```output
        left
        ```

        """
    }

    @Test(
        .enabled(if: SampleSandboxTests.canContain, "needs unshare and bubblewrap"),
        arguments: [("auto", true), ("off", false)])
    func aBackgroundChildLeftBehindDoesNotDecideTheVerdict(_ sandbox: String, _ merged: Bool) throws {
        let run = try ContainedRun()
        let book = try run.makeBook("[lecture.samples]\nverify = true\ntimeout = 20\nsandbox = \"\(sandbox)\"\n")
        let waited = "400.\(UInt32.random(in: 1...999_999))"
        let holdingStdout = "400.\(UInt32.random(in: 1...999_999))"
        try TestSupport.write(Array(Self.page(waited, holdingStdout).utf8), to: book + "/src/intro.md")
        let start = ContinuousClock.now
        let result = try run.lecture(
            ["check", "--no-cache"], in: "work/book",
            // The book's `off` needs the person's word (`LECTURE_SANDBOX=off`).
            environment: (merged ? [:] : ["LECTURE_MERGE_SAMPLES": "off"]).merging(
                sandbox == "off" ? ["LECTURE_SANDBOX": "off"] : [:]
            ) { $1 })
        let seconds = (ContinuousClock.now - start).seconds
        let output = result.stdoutText + result.stderrText
        #expect(result.termination == .exited(0), "\(output)")
        #expect(output.contains("2 passed, 0 failed"), "\(output)")
        #expect(!output.contains("timed out"), "\(output)")
        // Two compiles and runs on a loaded machine, far from the 2 × 20 s a wait would take.
        #expect(seconds < 120, "\(seconds) s")
        try SampleSandboxTests.waitUntilGone(waited)
        try SampleSandboxTests.waitUntilGone(holdingStdout)
    }
}
