import Foundation

/// How a `lecture` process that a signal interrupted must end, as the signal tests of
/// `lecture build` and `lecture serve` check it.
public enum InterruptedRun {
    /// What `process` (ended) did wrong, empty when nothing: it must have returned by itself (not
    /// been killed by the signal) with `status`, printed `error: interrupted by SIGNAL` on
    /// `stderr` (`signalName`, such as `SIGINT`), reported no killed sample as a failure, and
    /// left no child (`LectureChildren`).
    public static func problems(of process: Process, status: Int32, signalName: String, stderr: String) -> [String] {
        var problems: [String] = []
        if process.terminationReason != .exit { problems.append("killed by the signal, not returned by itself") }
        if process.terminationStatus != status { problems.append("exit status \(process.terminationStatus)") }
        if !stderr.contains("error: interrupted by \(signalName)") { problems.append("no interruption error") }
        if stderr.contains("does not match") || stderr.contains("crashed") {
            problems.append("a killed sample reported")
        }
        let children = LectureChildren.live(of: process.processIdentifier)
        if !children.isEmpty { problems.append("children left: \(children)") }
        return problems
    }
}
