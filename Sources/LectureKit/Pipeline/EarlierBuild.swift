/// What an earlier build of the session tells this one's steps, filled in by `StepMemo` before
/// the step that reads it; empty for a one-off build, whose steps then do all the work.
struct EarlierBuild: Sendable {
    /// `Load`: pages' files as that build read them, with their `stat` signatures then, by path
    /// relative to the content folder (a file whose signature still matches is not read again).
    var files: [String: BuildMemory.ReadFile] = [:]
    /// `Render`: site files byte-identical to the ones the live site holds (its pages that were
    /// taken from memory, by path in the site), so `Write` links them and the machine-path check
    /// skips them (its verdict reads the file alone; the emitted-URL check's does not).
    var unchanged: Set<String> = []
    /// `Write`: files to hard-link from the live site instead of writing them.
    var linkable: Set<String> = []
    /// `Write`: whether the replaced site is removed in the background (a session goes on).
    var removesOldLater = false
}
