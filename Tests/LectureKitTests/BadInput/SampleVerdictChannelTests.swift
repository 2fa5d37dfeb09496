import Foundation
import TestFolders
import Testing

@testable import LectureKit
@testable import LectureSupport

/// Attack 21, F1: the shell's word that a run filled its folder went through a file the program
/// could write, of which 4 KiB were read: a sample that filled its folder and then appended
/// 8 KiB of newlines to `/run/lecture-verdict` passed, and was cached. Now the channel is a
/// FIFO lecture reads whole (`RunVerdictChannel`), the shell ends the program's other processes
/// before it speaks and ends with `ended STATUS` (`ContainedRunFolder`): padding, a forged
/// `ended` line, a try at replacing the channel, a flood past what it keeps are each the file
/// limit; a forged `full` only fails its own run; a sample that leaves the channel alone passes.
@Suite(.serialized) struct SampleVerdictChannelTests {
    /// Fills the run folder with 1 MiB files until the tmpfs refuses one.
    static let fill = """
        let chunk = [UInt8](repeating: 65, count: 1 << 20)
        for i in 0..<200 {
            let fd = open("f\\(i)", O_WRONLY | O_CREAT, 0o644)
            if fd < 0 { break }
            let n = write(fd, chunk, chunk.count)
            close(fd)
            if n < chunk.count { break }
        }
        """

    /// A sample: `body` after `import Glibc`, then `print("done")`, expecting `done`.
    static func sample(_ body: String) -> String {
        "```swift\nimport Glibc\n\(body)\nprint(\"done\")\n```\n\n```output\ndone\n```\n\n"
    }

    static let say = """
        func say(_ text: String, times: Int = 1) {
            let v = open("/run/lecture-verdict", O_WRONLY | O_APPEND | O_NONBLOCK)
            let bytes = Array(text.utf8)
            for _ in 0..<times { _ = write(v, bytes, bytes.count) }
            close(v)
        }
        """

    static let page =
        "# Intro\n\n"
        // The attacker's: the folder filled, then 8 KiB of newlines.
        + sample(fill + "\n" + say + "\nsay(\"\\n\", times: 8192)")
        // A forged last line.
        + sample(fill + "\n" + say + "\nsay(\"ended 0\\n\")")
        // The channel unlinked, renamed, replaced by a link and a FIFO: each refused (a mount point).
        + sample(
            fill + "\n"
                + """
                unlink("/run/lecture-verdict")
                rename("/run/lecture-verdict", "/run/elsewhere")
                symlink("/dev/null", "/run/lecture-verdict")
                mkfifo("/run/lecture-verdict", 0o600)
                """)
        // More than the channel keeps, the folder untouched.
        + sample(say + "\nsay(String(repeating: \"\\n\", count: 4096), times: 16)")
        // A forged `full`: only its own run fails.
        + sample(say + "\nsay(\"full\\n\")")
        // Nothing said: it passes.
        + sample("let x = 1")

    @Test(.enabled(if: SampleSandboxTests.canContain, "needs unshare and bubblewrap"), .timeLimit(.minutes(5)))
    func theProgramCannotHideOrForgeTheShellsVerdict() throws {
        let (_, output, temporary) = try SampleFileLimitTests.check(Self.page, sandbox: "require")
        let fences = Self.page.split(separator: "\n", omittingEmptySubsequences: false).enumerated()
            .filter { $0.element == "```swift" }.map { $0.offset + 1 }
        #expect(fences.count == 6)
        let limit = "error: sample wrote more than 64 MiB or 10000 files into its folder and was killed"
        for line in fences.prefix(5) {
            #expect(output.contains("src/intro.md:\(line):1: " + limit), "line \(line): \(output)")
        }
        #expect(output.contains("1 passed, 5 failed"), "\(output)")
        // Nothing of the runs is left on the disk, the FIFOs neither.
        let left = (try? FileManager.default.contentsOfDirectory(atPath: temporary)) ?? []
        #expect(left.filter { $0.hasPrefix("lecture-run") }.isEmpty, "\(left)")
    }

    /// The shell's script: the program's other processes ended before the count, `ended` said
    /// on the way out, whatever the way.
    @Test func theShellEndsTheOthersAndSaysItLast() {
        let script = ContainedRunFolder.script(holding: 2)
        let lines = script.split(separator: "\n").map(String.init)
        let status = lines.firstIndex(of: "status=$?")
        let kill = lines.firstIndex(of: ContainedRunFolder.endingOthers)
        let count = lines.firstIndex { $0.contains("stat -f") }
        #expect(status != nil && kill != nil && count != nil)
        if let status, let kill, let count { #expect(status < kill && kill < count) }
        let trap = lines.firstIndex(of: ContainedRunFolder.ending)
        let copy = lines.firstIndex(where: { $0.hasPrefix("cp ") })
        #expect(trap != nil && copy != nil)
        if let trap, let copy { #expect(trap < copy) }
        let sandbox = SampleSandbox(setting: .auto, readable: [])
        if sandbox.isContained {
            #expect(sandbox.termination(.exited(0), verdict: ["ended 0"]) == .exited(0))
            #expect(sandbox.termination(.exited(0), verdict: ["ended 0", "", ""]) == .fileLimitExceeded)
            #expect(sandbox.termination(.exited(2), verdict: ["ended 0"]) == .fileLimitExceeded)
            #expect(sandbox.termination(.exited(0), verdict: []) == .fileLimitExceeded)
            #expect(sandbox.termination(.exited(0), verdict: ["full", "ended 0"]) == .fileLimitExceeded)
            #expect(sandbox.termination(.exited(0), verdict: nil) == .exited(0))
        }
    }
}
