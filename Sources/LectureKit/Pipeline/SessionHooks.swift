import LectureSupport

/// What a step takes from an earlier build of the session and leaves for the next, besides its
/// page results (which `StepMemo` keeps by the step's inputs): the files `Load` read, the pages
/// and files `Render` knows unchanged, the live site `Write` may hard-link from. Declared by the
/// step beside its work (`BuildStep.session`), so the memory knows no step by name; a one-off
/// build runs none of it, and its steps do all the work.
struct SessionHooks: Sendable {
    /// Before the step: what it reads of the earlier build, into `context.earlier`.
    var before: @Sendable (SessionMemory, inout BuildContext) -> Void = { _, _ in }
    /// Between the step's page part and its book part.
    var pagesDone: @Sendable (SessionMemory, inout BuildContext) -> Void = { _, _ in }
    /// After the step succeeded: what the next build may take from this one; how many files it
    /// took from the earlier build, when it counts files rather than pages (`lastReuse`).
    var after: @Sendable (SessionMemory, inout BuildContext) -> Int? = { _, _ in nil }
    /// After the step threw.
    var failed: @Sendable (SessionMemory) -> Void = { _ in }
}

/// The session's memory as one run's hooks see it: the `BuildMemory`, the keys of the current
/// step's page results, and what one hook of the run leaves for a later one.
final class SessionMemory: Sendable {
    private struct State: Sendable {
        var global = 0
        var pageKeys: [String: String] = [:]
        var siteKeys: [String: String] = [:]
        var copies: [String: FileSignature] = [:]
    }

    /// What the session remembers across builds.
    let memory: BuildMemory
    private let state = Locked(State())

    init(memory: BuildMemory) { self.memory = memory }

    /// The global inputs' number (`BuildMemory.number(of:)` of `BuildContext.globalInputs()`) as a
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
