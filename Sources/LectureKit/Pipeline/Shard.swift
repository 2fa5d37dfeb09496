import LectureSupport

/// Shard `index` of `count` (1-based) of a check's samples, for CI job matrices
/// (`lecture check --shard k/n`, `BuildStep.check(files:shard:)`): the samples at offsets
/// index - 1, index - 1 + count, … in book order.
struct Shard: Hashable, Sendable {
    /// 1 to `count`.
    var index: Int
    /// 1 or more.
    var count: Int

    /// Whether the sample at `offset` (0-based, in book order) is this shard's.
    func contains(offset: Int) -> Bool { offset % count == index - 1 }

    /// Whether this shard reports the problems of the pages themselves: shard 1 does, so that
    /// N shards count each once.
    var reportsPages: Bool { index == 1 }

    /// Of the pages' problems `found`, the ones this shard reports: all in shard 1; in the
    /// others, the warnings but those of dropped samples (which the check counts as skipped).
    /// Decided before anything is reported, so nothing is reported and then taken back.
    func reported(_ found: [Diagnostic]) -> [Diagnostic] {
        reportsPages ? found : found.filter { $0.severity != .error && $0.identifier != DroppedSamples.identifier }
    }
}
