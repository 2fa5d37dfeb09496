import LectureSupport

/// One build of a `lecture serve` session as its steps' hooks (`SessionHooks`) see it, made by
/// `StepReuse` for that build and dropped with it: the session's `SessionMemory` (which outlives
/// the build), the number of its global inputs and the keys of the current step's page results.
/// (What `Render` leaves `Write` travels in the site, `SiteFiles`, not here.)
final class CurrentRebuild: Sendable {
    private struct State: Sendable {
        var global = 0
        var pageKeys: [String: String] = [:]
    }

    /// What the session remembers across builds.
    let memory: SessionMemory
    private let state = Locked(State())

    init(memory: SessionMemory) { self.memory = memory }

    /// The global inputs' number (`SessionMemory.number(of:)` of `BuildContext.globalInputs()`) as a
    /// hook last asked for it.
    var global: Int {
        get { state.withLock { $0.global } }
        set { state.withLock { $0.global = newValue } }
    }

    /// The key of each page's result of the current step in this run, by page path.
    var pageKeys: [String: String] {
        get { state.withLock { $0.pageKeys } }
        set { state.withLock { $0.pageKeys = newValue } }
    }
}
