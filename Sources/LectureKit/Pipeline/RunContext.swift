import Foundation
import LectureSupport

/// What every step and every process of one run shares, whichever command runs it: how many
/// processes run at once (`-j`: the pages' parallel parts, the samples' job pool) and whose stop
/// ends them (the process's signals, or `lecture serve`'s own token, `LiveServer`). A run's, not
/// the sample engine's: `BuildConfiguration.run`, read by the pipeline, `Load`, `Render` and the
/// verifier alike.
package struct RunContext: Sendable, Hashable {
    /// Parallel jobs (`-j`; default: the number of cores).
    package var jobs = ProcessInfo.processInfo.activeProcessorCount
    /// Checked before each step, page and sample and by each child process of the run: once
    /// cancelled, nothing more starts and the running children's process groups are killed.
    package var cancellation = Cancellation.process

    /// The parallel jobs a person may ask for (`-j`): each is a thread and a compiler.
    package static let jobCounts = 1...1024

    /// The process's token and one job per core.
    package init() {}
}
