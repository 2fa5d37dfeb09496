import Foundation
import Testing

@testable import LectureKit
@testable import LectureSupport

/// Contained runs at once, as parallel test suites or a big book's `-j` start them: under that
/// load a trivial sample was once judged "full" (code review 42, section 0), and a sample that
/// wrote 20,000 files and slept ran into its time limit unmeasured. Each of 16 runs at once
/// (half trivial, half writing 12,000 files and sleeping, which only the outside measure can
/// catch) is judged by its own sandbox: every trivial one passes, every other is the file
/// limit, none times out.
@Suite(.serialized) struct SandboxStressTests {
    static let trivial = "echo 하나"
    static let overLimit = "i=0\nwhile [ $i -lt 12000 ]; do : >f$i; i=$((i+1)); done\nsleep 3600"

    @Test(.enabled(if: SampleSandboxTests.canContain, "needs unshare and bubblewrap"), .timeLimit(.minutes(5)))
    func sixteenContainedRunsAtOnceAreEachJudgedByTheirOwn() throws {
        let count = 16
        let endings = Locked([Int: Result<Subprocess.Result, any Error>]())
        let group = DispatchGroup()
        let start = ContinuousClock.now
        for index in 0..<count {
            group.enter()
            // A thread each: the runs block in poll(2), and a pool of the cores' size would take turns.
            Thread.detachNewThread {
                defer { group.leave() }
                let ending = Result { try SandboxFailureTests.run(index % 2 == 0 ? Self.trivial : Self.overLimit).run }
                endings.withLock { $0[index] = ending }
            }
        }
        group.wait()
        let seconds = start.duration(to: .now).seconds
        let runs = try endings.withLock { endings in try (0..<count).map { try #require(endings[$0]).get() } }
        for (index, run) in runs.enumerated() {
            if index % 2 == 0 {
                #expect(
                    run.termination == .exited(0) && run.stdoutText == "하나\n",
                    "\(index): \(run.termination) \(run.stderrText)")
            } else {
                #expect(run.termination == .fileLimitExceeded, "\(index): \(run.termination) \(run.stderrText)")
            }
        }
        #expect(!runs.contains { $0.termination == .timedOut })
        print("SandboxStressTests: \(count) runs at once in \(seconds) s")
    }
}
