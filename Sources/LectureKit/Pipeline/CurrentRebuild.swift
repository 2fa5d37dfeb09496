import LectureSupport

/// One build of a `lecture serve` session as its steps' hooks (`SessionHooks`) see it, made by
/// `StepReuse` for that build and dropped with it: the session's `SessionMemory` (which outlives
/// the build), the keys of the current step's page results, and what one hook of this build leaves
/// for a later one (`Render`'s site keys and copies, for `Write`).
final class CurrentRebuild: Sendable {
    private struct State: Sendable {
        var global = 0
        var pageKeys: [String: String] = [:]
        var siteKeys: [String: String] = [:]
        var copies: [String: FileSignature] = [:]
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

    /// The keys of the results the site's pages were made from (`Render`'s), for `Write`.
    var siteKeys: [String: String] {
        get { state.withLock { $0.siteKeys } }
        set { state.withLock { $0.siteKeys = newValue } }
    }

    /// The copied files' sources' signatures (`Render`'s), remembered once the site is written.
    var copies: [String: FileSignature] {
        get { state.withLock { $0.copies } }
        set { state.withLock { $0.copies = newValue } }
    }
}
