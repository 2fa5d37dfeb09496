import Foundation
import Testing

@testable import LectureKit
@testable import LectureSupport

/// A build or check leaves nothing in `TMPDIR`: swift-driver leaves a `TemporaryDirectory.*`
/// behind whenever it runs a single job itself (it `exec`s the frontend, so its clean-up never
/// runs), and a macro (`@Observable`, `#expect`) makes that happen; every compiler the tool
/// starts gets a `TMPDIR` inside a folder of the run, which is removed. Runs the built `lecture`
/// with a fresh, empty `TMPDIR` and looks into it afterwards.
@Suite(.serialized) struct TemporaryFolderTests {
    /// The `lecture` of the build that holds this test bundle (the sanitized one under `make sanitize`).
    static let executable = TestSupport.executable

    /// A sample with a macro, a test sample (Swift Testing's macros) and a failing sample.
    static let page = """
        # 매크로

        ```swift
        import Observation
        @Observable final class Counter { var count = 0 }
        let counter = Counter()
        counter.count += 1
        print(counter.count)
        ```

        ```output
        1
        ```

        ```swift test
        import Testing
        @Test func adds() { #expect(1 + 1 == 2) }
        ```

        ```swift
        print("다름")
        ```

        ```output
        같음
        ```

        """

    func run(_ arguments: [String], temporary: String) throws -> Subprocess.Result {
        try Subprocess.run(
            Self.executable, arguments, environment: ["TMPDIR": temporary], timeout: 600, cancellation: .process)
    }

    @Test(arguments: ["build", "check"])
    func aRunLeavesNothingInTMPDIR(command: String) throws {
        try #require(FileManager.default.isExecutableFile(atPath: Self.executable))
        let root = try TestSupport.makeTree(["content/SUMMARY.md": "# T\n\n- [매크로](a.md)\n", "content/a.md": Self.page])
        defer { try? FileManager.default.removeItem(atPath: root) }
        let temporary = try TestSupport.temporaryDirectory()
        let arguments =
            [command, "--content", root + "/content", "--no-cache", "--cache-dir", TestSupport.cacheDirectory]
            + (command == "build" ? ["--output", root + "/_site"] : [])
        let result = try run(arguments, temporary: temporary)
        let output = result.stdoutText + result.stderrText
        // The failing sample's error: the run went through compiling and running every sample.
        #expect(result.termination == .exited(1), "\(output)")
        #expect(output.contains("/content/a.md:25:1: error: output does not match"), "\(output)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: temporary) == [])
    }
}
