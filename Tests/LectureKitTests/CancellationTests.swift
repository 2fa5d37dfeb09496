import Foundation
import TestFolders
import Testing

@testable import LectureKit
@testable import LectureSupport

/// Ctrl-C and SIGTERM as a user sends them: the built `lecture` runs a build whose sample sleeps,
/// gets the signal while the sample runs, and must end by itself with 128 + N, leaving no
/// process and no site behind.
@Suite(.serialized) struct CancellationTests {
    /// The `lecture` of the build that holds this test bundle (the sanitized one under `make sanitize`).
    static let executable = TestSupport.executable

    /// A page whose sample says it started (`SampleMarker`) and then runs for two minutes.
    static func page(marker: String) -> String {
        """
        # 긴 예제

        ```swift
        import Foundation
        \(SampleMarker.writing(marker))
        sleep(120)
        print("끝")
        ```

        ```output
        끝
        ```

        """
    }

    @Test(arguments: [(SIGINT, Int32(130)), (SIGTERM, Int32(143))])
    func aSignalDuringASampleEndsTheBuildWithItsStatus(signal: Int32, status: Int32) throws {
        let root = try TestSupport.makeTree([:])
        defer { FileSystem.removeTemporaryDirectory(root) }
        let marker = "started-" + UUID().uuidString
        try FileSystem.writeAtomically("# 책\n\n- [긴 예제](long.md)\n", to: root + "/content/SUMMARY.md")
        try FileSystem.writeAtomically(Self.page(marker: marker), to: root + "/content/long.md")

        let process = Process()
        process.executableURL = URL(fileURLWithPath: Self.executable)
        process.arguments = [
            "build", "--content", root + "/content", "--output", root + "/site", "--cache-dir",
            TestSupport.cacheDirectory, "--no-cache", "--timeout", "300",
        ]
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        let pid = process.processIdentifier

        // Wait (at most 5 minutes: the sample compiles first) for the sample to run.
        var waited = 0
        while !SampleMarker.exists(marker) && process.isRunning && waited < 3000 {
            usleep(100_000)
            waited += 1
        }
        #expect(SampleMarker.exists(marker), "the sample started")
        #expect(!LectureChildren.live(of: pid).isEmpty, "the sample runs as a child of lecture")
        kill(pid, signal)
        #expect(ProcessEnd.wait(for: process), "'lecture build' did not stop on the signal")
        let stderr = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        let problems = InterruptedRun.problems(
            of: process, status: status, signalName: Subprocess.signalName(signal), stderr: stderr)
        #expect(problems.isEmpty, "\(problems) in: \(stderr)")
        #expect(!FileSystem.exists(root + "/site"), "no site")
        let staging = ((try? FileManager.default.contentsOfDirectory(atPath: root)) ?? []).filter {
            $0.hasPrefix(".site")
        }
        #expect(staging.isEmpty, "no staging folder: \(staging)")
    }
}
