import Foundation
import TestFolders
import Testing

@testable import LectureKit
@testable import LectureSupport

/// A sample's stdin is empty whatever lies at `/dev/null`. A restored machine had a regular file
/// there, into which every `2>/dev/null` of every program wrote (Debian's Chromium wrapper its
/// `ls` complaint), and a sample that read stdin, given `/dev/null` by path, printed the last
/// such line instead of `EOF` (CI: `SampleTests.stdinIsDevNull`, `MergedSampleTests`). The run
/// is contained (`ContainedRun`), with a file bound over `/dev/null` in its mount namespace only.
@Suite struct EmptyStandardInputTests {
    static let page = """
        # Intro

        ```swift
        print(readLine() ?? "EOF")
        ```

        ```output
        EOF
        ```

        """

    @Test func aSampleReadsNothingEvenWhereDevNullIsARegularFileWithBytesInIt() throws {
        let run = try ContainedRun()
        let book = try run.makeBook()
        try TestSupport.write(Array(Self.page.utf8), to: book + "/src/intro.md")
        try TestSupport.write(Array("thrown away\n".utf8), to: run.scratch + "/null")
        // The shell checks that the file is in /dev/null's place (so the check can fail), then
        // becomes `lecture check`; --no-cache: a cached verdict would run nothing.
        let script = """
            mount --bind "$SCRATCH/null" /dev/null && [ "$(cat /dev/null)" = "thrown away" ] || exit 97
            exec "$0" "$@"
            """
        let result = try run.command(
            "/bin/sh",
            ["-c", script, TestSupport.executable, "check", "--no-cache", "--cache-dir", TestSupport.cacheDirectory],
            in: "work/book")
        #expect(result.termination != .exited(97), "the file was not bound over /dev/null: \(result.stderrText)")
        #expect(result.succeeded, "\(result.stdoutText)\(result.stderrText)")
        #expect(!(result.stdoutText + result.stderrText).contains("thrown away"))
        #expect(result.stdoutText.contains("1 passed"), "\(result.stdoutText)")
    }
}
