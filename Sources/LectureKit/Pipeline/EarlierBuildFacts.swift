/// What the session's earlier builds tell this build's steps (`context.earlier`), for this build
/// only: filled in from the `SessionMemory` by the reading step's hook (`SessionHooks.before`)
/// before it runs; empty for a one-off build, whose steps then do all the work.
struct EarlierBuildFacts: Sendable {
    /// `Load`: pages' files as that build read them, with their `stat` signatures then, by path
    /// relative to the content folder (a file whose signature still matches is not read again).
    var files: [String: SessionMemory.ReadFile] = [:]
    /// `Load`: each copied file's secret scan, with its `stat` signature then, by path relative
    /// to the content folder (a file whose signature still matches is not read again).
    var assetScans: [String: PublishedSecrets.AssetScan] = [:]
    /// `Render`: site files byte-identical to the ones the live site holds (its pages that were
    /// taken from memory, by path in the site), so `Write` links them and the machine-path check
    /// skips them (its verdict reads the file alone; the emitted-URL check's does not).
    var unchanged: Set<String> = []
    /// `Write`: files to hard-link from the live site instead of writing them.
    var linkable: Set<String> = []
    /// `Write`: the session's queue the replaced site is removed on, in the background (a
    /// session goes on); nil: removed before `Write` ends.
    var removals: SiteRemovals?
}
