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
/// `ended` line, a try at replacing the channel, a flood past what it keeps, a line left
/// unfinished before the shell's `full` (attack 22, F1) are each the file limit; a forged `full`
/// only fails its own run; a sample that leaves the channel alone passes.
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
        // Attack 22, F1: the folder filled, then a line left unfinished, which swallowed the
        // shell's `full` (`xfull`) while the shell's lines did not begin a line of their own.
        + sample(fill + "\n" + say + "\nsay(\"x\")")
        // Code review 43, #1: a carriage return, which a `String` joins with the newline after it.
        + sample(fill + "\n" + say + "\nsay(\"\\r\")")
        // Nothing said: it passes.
        + sample("let x = 1")

    @Test(.enabled(if: SampleSandboxTests.canContain, "needs unshare and bubblewrap"), .timeLimit(.minutes(5)))
    func theProgramCannotHideOrForgeTheShellsVerdict() throws {
        let (_, output, temporary) = try SampleFileLimitTests.check(Self.page, sandbox: "require")
        let fences = Self.page.split(separator: "\n", omittingEmptySubsequences: false).enumerated()
            .filter { $0.element == "```swift" }.map { $0.offset + 1 }
        #expect(fences.count == 8)
        let limit = "error: sample wrote more than 64 MiB or 10000 files into its folder and was killed"
        for line in fences.prefix(7) {
            #expect(output.contains("src/intro.md:\(line):1: " + limit), "line \(line): \(output)")
        }
        #expect(output.contains("1 passed, 7 failed"), "\(output)")
        // Nothing of the runs is left on the disk, the FIFOs neither.
        let left = (try? FileManager.default.contentsOfDirectory(atPath: temporary)) ?? []
        #expect(left.filter { $0.hasPrefix("lecture-run") }.isEmpty, "\(left)")
    }

    /// The shell's script: it says `started` first, the program's other processes are ended
    /// before the count, and `ended` (or `stopped`) is said on the way out, whatever the way.
    @Test func theShellStartsEndsTheOthersAndSaysItLast() {
        let script = ContainedRunFolder.script(holding: 2)
        let lines = script.split(separator: "\n").map(String.init)
        let started = lines.firstIndex(of: ContainedRunFolder.starting)
        let program = lines.firstIndex(of: "program=$?")
        let kill = lines.firstIndex(of: ContainedRunFolder.endingOthers)
        let count = lines.firstIndex { $0.contains("stat -f") }
        let status = lines.firstIndex(of: "status=$program")
        #expect(program != nil && kill != nil && count != nil && status != nil)
        if let program, let kill, let count, let status {
            #expect(program < kill && kill < count && count < status)
            // `status` is set only right before the exit: any earlier way out is `stopped`.
            #expect(lines[status + 1] == "exit $status")
        }
        let trap = lines.firstIndex(of: ContainedRunFolder.ending)
        let copy = lines.firstIndex(where: { $0.hasPrefix("cp ") })
        #expect(started != nil && trap != nil && copy != nil)
        if let started, let trap, let copy { #expect(started < trap && trap < copy) }
        #expect(!lines.prefix(started ?? 0).contains { $0.contains("exec") || $0.contains("cp ") })
    }

    /// The protocol's lines, parsed once (`VerdictLine`): the shell's words, and anything else
    /// as said, a forged `ended` with more words included.
    @Test func theChannelsLinesAreParsedOnce() {
        let bytes = Array(
            "started\n\nFile size limit exceeded\n full \nended 153\nended 1 2\nended x\nstopped 2\n".utf8)
        #expect(VerdictLine.lines(of: Array("started\n\r\nfull\n\nended 0\n".utf8)).contains(.full))
        #expect(
            VerdictLine.lines(of: bytes) == [
                .started, .shellSaid("File size limit exceeded"), .full, .ended(153), .shellSaid("ended 1 2"),
                .shellSaid("ended x"), .shellSaid("stopped 2"),
            ])
        for line in [VerdictLine.started, .full, .ended(0), .ended(137)] { #expect(VerdictLine(line.text) == line) }
    }

    /// Code review 42, #1 and #7: the reading of the channel is a pure function of bubblewrap's
    /// status, the lines and the outside measure, the same on every machine (it was skipped
    /// without bubblewrap). A channel without `started` is a sandbox that did not start
    /// (bubblewrap's bind failure, the cgroup wrapper's 125), and a shell that started but gave
    /// no verdict is no verdict either: neither is the file limit unless something saw it.
    @Test(arguments: [
        // Judged by the program's status.
        (
            Subprocess.Termination.exited(0), [VerdictLine.started, .ended(0)] as [VerdictLine]?, false,
            Subprocess.Termination.exited(0)
        ),
        (.exited(3), [.started, .ended(3)], false, .exited(3)),
        (.exited(137), [.started, .shellSaid("Killed"), .ended(137)], false, .signaled(SIGKILL)),
        (.exited(153), [.started, .ended(153)], false, .exited(153)),
        (.exited(153), [.started, .shellSaid("File size limit exceeded"), .ended(153)], false, .fileLimitExceeded),
        (.exited(250), [.started, .ended(250)], false, .exited(250)),
        // Full: the shell's word, the measure's, or a channel the program flooded.
        (.exited(0), [.started, .full, .ended(0)], false, .fileLimitExceeded),
        (.exited(0), [.started, .ended(0)], true, .fileLimitExceeded),
        (.exited(137), [.started], true, .fileLimitExceeded),
        (.exited(0), nil, false, .fileLimitExceeded),
        // The sandbox did not start: no line at all.
        (.exited(1), [], false, .sandboxFailed(status: 1, started: false)),
        (.exited(125), [], false, .sandboxFailed(status: 125, started: false)),
        (.exited(0), [], false, .sandboxFailed(status: 0, started: false)),
        // Started, no verdict: the shell killed, dash's error exit, a forged or missing `ended`.
        (.exited(137), [.started], false, .sandboxFailed(status: 137, started: true)),
        (.exited(2), [.started, .shellSaid("stopped 2")], false, .sandboxFailed(status: 2, started: true)),
        (.exited(2), [.started, .ended(0)], false, .sandboxFailed(status: 2, started: true)),
        (.exited(0), [.started, .ended(0), .shellSaid("")], false, .sandboxFailed(status: 0, started: true)),
        (.exited(125), [.started, .shellSaid("stopped 125")], false, .sandboxFailed(status: 125, started: true)),
        // What lecture stopped, or a bubblewrap killed, is as reported.
        (.timedOut, [.started], false, .timedOut),
        // Killed for its time before the shell said `started`: the program never began, its
        // time did not either (a loaded machine still setting up the sandbox); full if measured.
        (.timedOut, [], false, .sandboxNotStarted),
        (.timedOut, [.shellSaid("bwrap: waiting")], false, .sandboxNotStarted),
        (.timedOut, [], true, .timedOut),
        (.timedOut, nil, false, .timedOut),
        (.fileLimitExceeded, [.started], true, .fileLimitExceeded),
        (.outputLimitExceeded, [.started], false, .outputLimitExceeded),
        (.signaled(SIGKILL), [], false, .signaled(SIGKILL)),
    ])
    func theVerdictIsReadFromStatusLinesAndMeasure(
        reported: Subprocess.Termination, lines: [VerdictLine]?, measuredFull: Bool, expected: Subprocess.Termination
    ) {
        #expect(SampleSandbox.termination(reported, verdict: lines, measuredFull: measuredFull) == expected)
    }
}
