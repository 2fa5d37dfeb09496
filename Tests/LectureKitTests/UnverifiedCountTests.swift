import Foundation
import Testing

@testable import LectureKit
@testable import LectureSupport

/// The count an unverified build ends with (`N Swift samples were not verified`) takes in every
/// fence that `lecture check` would verify or report: a sample, a fence whose info string
/// verifying refuses (each kind of refusal), and a fence that looks like a sample and is not
/// (each kind); not an `ignore` sample, nor a misspelt `output` block. And the check's counts add
/// up to the same fences: passed + failed + skipped = the build's count + the `ignore` samples.
@Suite struct UnverifiedCountTests {
    static let page = """
        # Page

        ```swift
        print(1)
        ```

        ```output
        1
        ```

        ```swift no-run
        print(2)
        ```

        ```swift title="Point.swift"
        struct Point {}
        ```

        ```swift run no_run
        print(4)
        ```

        ```swift group=
        print(5)
        ```

        ```Swift
        print(6)
        ```

        ```swfit
        print(7)
        ```

        <div>
        ```swift
        print(8)
        ```
        </div>

        ```swift ignore
        print(9)
        ```

        Text.

        ```outpt
        10
        ```

        """

    func lecture(_ arguments: [String], _ root: String) throws -> (status: Int32?, lines: [String]) {
        let ran = try Subprocess.run(
            TestSupport.executable, arguments + [root, "--cache-dir", TestSupport.cacheDirectory], timeout: 300,
            cancellation: .process)
        let lines = (ran.stdoutText + ran.stderrText).split(separator: "\n").map(String.init)
        if case .exited(let status) = ran.termination { return (status, lines) }
        return (nil, lines)
    }

    @Test func everyFenceCheckWouldReportIsCountedAndTheCountsAddUp() throws {
        let root = try TestSupport.makeTree([
            "book.toml": "[book]\ntitle = \"T\"\n[preprocessor.lecture]\nrenderers = []\n",
            "src/SUMMARY.md": "# T\n\n- [Page](page.md)\n", "src/page.md": Self.page,
        ])
        defer { FileSystem.removeTemporaryDirectory(root) }
        let built = try lecture(["build"], root)
        #expect(built.status == 0, "\(built.lines)")
        // 1 sample, 4 refused (an unknown attribute twice, contradicting modes, a group without a
        // name), 3 look-alikes (a capital, a misspelling, a fence inside HTML).
        #expect(
            built.lines.contains { $0.hasPrefix("8 Swift samples were not verified:") }, "\(built.lines)")
        let checked = try lecture(["check"], root)
        #expect(checked.status == 1)
        // The one `ignore` sample is skipped too: 8 + 1. A fence with an unknown word is verified
        // without it (a warning, as in `build`); contradicting modes and a nameless group fail.
        #expect(
            checked.lines.contains("3 passed, 2 failed, 4 skipped (passed: 1 run and compared, 2 run only)"),
            "\(checked.lines)")
    }
}
