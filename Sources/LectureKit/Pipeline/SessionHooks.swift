import LectureSupport

/// What a step takes from an earlier build of the session and leaves for the next, besides its
/// page results (which `StepReuse` keeps by the step's inputs): the files `Load` read, the pages
/// and files `Render` knows unchanged, the live site `Write` may hard-link from. Declared by the
/// step beside its work (`BuildStep.session`), so the memory knows no step by name; a one-off
/// build runs none of it, and its steps do all the work.
struct SessionHooks: Sendable {
    /// Before the step: what it reads of the earlier build, into `context.earlier`.
    var before: @Sendable (CurrentRebuild, inout BuildContext) -> Void = { _, _ in }
    /// Between the step's page part and its book part.
    var pagesDone: @Sendable (CurrentRebuild, inout BuildContext) -> Void = { _, _ in }
    /// After the step succeeded: what the next build may take from this one; how many files it
    /// took from the earlier build, when it counts files rather than pages (`lastReuse`).
    var after: @Sendable (CurrentRebuild, inout BuildContext) -> Int? = { _, _ in nil }
    /// After the step threw.
    var failed: @Sendable (CurrentRebuild) -> Void = { _ in }
}
