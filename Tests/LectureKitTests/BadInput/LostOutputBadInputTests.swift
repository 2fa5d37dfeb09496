import Foundation
import Testing

@testable import LectureKit
@testable import LectureSupport

/// Attack 12, note 53: a passing run whose stdout could not be written (`> /dev/full`) exited 0,
/// its report lost without a word. A write error on stdout or stderr now fails the run with an
/// error on stderr; a reader that closes early (`| head`, EPIPE) stays quiet, as it asked for no more.
/// The built executable runs, with its streams set by `sh`.
@Suite struct LostOutputBadInputTests {
    func shell(_ command: String) throws -> Subprocess.Result {
        try Subprocess.run(
            "/bin/sh", ["-c", command], environment: ["LECTURE": TestSupport.executable], timeout: 120,
            cancellation: .process)
    }

    static let lost = "error: standard output could not be written: No space left on device"

    @Test(arguments: ["--version", "help build"])
    func stdoutToAFullDeviceFails(_ arguments: String) throws {
        let result = try shell("\"$LECTURE\" \(arguments) > /dev/full")
        #expect(result.termination == .exited(1), "\(result.stderrText)")
        #expect(result.stderrText.contains(Self.lost), "\(result.stderrText)")
    }

    /// A passing build whose report ("Wrote 1 page") or warning (a link leaving the book) cannot be written.
    @Test(arguments: ["> /dev/full", "2> /dev/full"])
    func aPassingBuildWithLostOutputFails(_ redirection: String) throws {
        let root = try TestSupport.makeTree([
            "book.toml": "[book]\ntitle = \"T\"\n", "src/SUMMARY.md": "# T\n\n- [A](a.md)\n",
            "src/a.md": "# A\n\n[out](../out.md)\n",
        ])
        let result = try shell(
            "\"$LECTURE\" build '\(root)' --cache-dir '\(TestSupport.cacheDirectory)' \(redirection)")
        #expect(result.termination == .exited(1), "\(result.stderrText)")
        if redirection.hasPrefix(">") { #expect(result.stderrText.contains(Self.lost), "\(result.stderrText)") }
    }

    /// stdout a pipe whose reader is gone before the first write: EPIPE, no error, exit 0.
    @Test func aReaderThatLeftIsNoFailure() throws {
        let result = try Subprocess.run(
            "/usr/bin/python3",
            [
                "-c",
                "import os, subprocess, sys\nr, w = os.pipe()\nos.close(r)\np = subprocess.run([sys.argv[1], 'help', 'build'], stdout=w, stderr=subprocess.PIPE)\nsys.stdout.write(str(p.returncode) + '|' + p.stderr.decode())",
                TestSupport.executable,
            ], timeout: 120, cancellation: .process)
        #expect(result.stdoutText == "0|", "\(result.stdoutText) \(result.stderrText)")
    }
}
