import Foundation
import LectureSupport

/// What every step and every process of one run shares, whichever command runs it: how many
/// processes run at once (`-j`: the pages' parallel parts, and the one job pool every child
/// process of the run takes a place of) and whose stop ends them (the process's signals, or
/// `lecture serve`'s own token, `LiveServer`). A run's, not the sample engine's:
/// `BuildConfiguration.run`, read by the pipeline, `Load`, `Render`, Graphviz, the probes and
/// the verifier alike.
///
/// `process(_:_:…)` is how a build starts a child: in a place of `pool`, under `cancellation`;
/// no caller picks a token or a pool of its own (`RunContextTests`).
package struct RunContext: Sendable, Hashable {
    /// Parallel jobs (`-j`; default: the number of cores); setting it makes the pool anew.
    package var jobs = ProcessInfo.processInfo.activeProcessorCount {
        didSet { pool = JobPool(slots: jobs) }
    }
    /// Checked before each step, page and sample and by each child process of the run: once
    /// cancelled, nothing more starts and the running children's process groups are killed.
    package var cancellation = Cancellation.process
    /// The places every child process of the run takes while it runs (`jobs` of them): sample
    /// compiles, links and runs, the sample libraries' compiles, Graphviz, and the probes
    /// (`swiftc --version`, `swiftc -print-target-info`, `dot -V`, `fc-list`). Shared by every
    /// copy of this value, so the whole run's processes count against one bound.
    package private(set) var pool = JobPool(slots: ProcessInfo.processInfo.activeProcessorCount)

    /// The time the run spent looking up hover cards (`BuildReport.summary` says it when it
    /// was most of a build's). Shared by every copy of this value.
    package let hoverCardTime = HoverCardTime()

    /// The parallel jobs a person may ask for (`-j`): each is a thread and a compiler.
    package static let jobCounts = 1...1024

    /// The process's token and one job per core.
    package init() {}

    /// Runs `executable` as `Subprocess.run` does (the same parameters), in a place of `pool`
    /// and under `cancellation`: the run's one way to start a child process. Work that holds a
    /// place must not call this again before giving it back (`JobPool`).
    package func process(
        _ executable: String, _ arguments: [String], directory: String? = nil,
        environment: [String: String] = [:], inheritingEnvironment: Bool = true, timeout: Double? = nil,
        outputLimit: Int = 1 << 20, input: [UInt8]? = nil, newSession: Bool = false,
        whileRunning: ((pid_t) -> Void)? = nil, stopWhen: (() -> Subprocess.Termination?)? = nil
    ) throws -> Subprocess.Result {
        try cancellation.check()
        return try pool.run {
            try Subprocess.run(
                executable, arguments, directory: directory, environment: environment,
                inheritingEnvironment: inheritingEnvironment, timeout: timeout, outputLimit: outputLimit, input: input,
                newSession: newSession, whileRunning: whileRunning, stopWhen: stopWhen, cancellation: cancellation)
        }
    }

    /// Equal runs have the same jobs and token; the pool follows from the jobs.
    package static func == (a: RunContext, b: RunContext) -> Bool {
        a.jobs == b.jobs && a.cancellation == b.cancellation
    }

    package func hash(into hasher: inout Hasher) {
        hasher.combine(jobs)
        hasher.combine(cancellation)
    }
}
