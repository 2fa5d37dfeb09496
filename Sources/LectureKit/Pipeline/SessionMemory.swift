import CommonMark
import Foundation
import LectureSupport

#if canImport(Glibc)
    import Glibc
#endif

/// What a `lecture serve` session remembers from one build to the next, for as long as the
/// session lasts, so that a rebuild redoes only what changed: each step's result for each page
/// under the key of its inputs, the pages' files as read, and what the live site was written from.
///
/// Pass the same instance to every `BuildPipeline` of a session; `StepReuse` wraps every step
/// with it, so the steps themselves never consult it. A page's result of a step is used again
/// when the page's file is unchanged (by `stat`: device, inode, size, modification time) and so
/// is everything the step takes besides the page (its typed inputs, `BuildStep.PagePart`, equal
/// to the earlier ones), all along the steps before it. Files the last build wrote and this one
/// would write unchanged are hard-linked from the live site into the new one, which is still
/// swapped in whole.
package final class SessionMemory: Sendable {
    /// A step's result for one page: the key of its inputs, the page it left (`nil` for a step
    /// that does not change the page) and the problems it found.
    struct Entry: Sendable {
        /// The page's chain of inputs up to this step, its own per-page input included.
        var key: String
        var page: Page?
        var problems: [Diagnostic]
    }

    /// A page's file as read, with its `stat` signature then.
    struct ReadFile: Sendable {
        var signature: FileSignature
        var file: SourceFile
    }

    private struct State: Sendable {
        /// By step name, then page path relative to the content folder.
        var entries: [String: [String: Entry]] = [:]
        var files: [String: ReadFile] = [:]
        /// The copied files' secret scans the last build made or kept, by path in the content folder.
        var assetScans: [String: PublishedSecrets.AssetScan] = [:]
        /// The live site's folder identity right after the last successful write, with the global inputs then.
        var written: (folder: FileSignature, global: Int)?
        /// The sources of the copied files, as they were when the live site was written.
        var copies: [String: FileSignature] = [:]
        /// The key of each page's `Render` result the live site was written from, by page path.
        var writtenKeys: [String: String] = [:]
        var probes: Probes?
        var reuse: [String: Int] = [:]
        /// The inputs steps took lately, each with its number, by step name.
        var inputs: [String: [StepInput: Int]] = [:]
        /// The last number given to an input.
        var lastInput = 0
    }

    private let state = Locked(State())

    /// Where the session's builds have the sites they replaced removed, in the background; the
    /// session waits for it (`SiteRemovals.finish()`) before it ends.
    package let removals = SiteRemovals()

    /// An empty memory: the first build given it does all the work.
    package init() {}

    /// The compiler and Graphviz probes of the session's first build (their versions are asked once).
    var probes: Probes? {
        get { state.withLock { $0.probes } }
        set { state.withLock { $0.probes = newValue } }
    }

    /// How many pages (files, for `Load` and `Write`) each step of the last build took from memory,
    /// by step name.
    var lastReuse: [String: Int] {
        get { state.withLock { $0.reuse } }
        set { state.withLock { $0.reuse = newValue } }
    }

    /// The number of `input` among the inputs `step` took in this session: the same for equal
    /// inputs (by `Hashable`), a new one for an input not seen lately. Numbers are never given
    /// twice, so a result made from a forgotten input is never taken for a new one's.
    func number(of input: StepInput, step: String) -> Int {
        state.withLock { state in
            if let known = state.inputs[step]?[input] { return known }
            state.lastInput += 1
            // A few inputs per step are enough to go back and forth (an edit undone); older
            // ones are forgotten, and their pages' results are made again.
            if (state.inputs[step]?.count ?? 0) >= 8 { state.inputs[step] = [:] }
            state.inputs[step, default: [:]][input] = state.lastInput
            return state.lastInput
        }
    }

    func entry(step: String, page path: String) -> Entry? { state.withLock { $0.entries[step]?[path] } }

    func remember(_ entry: Entry, step: String, page path: String) {
        state.withLock { $0.entries[step, default: [:]][path] = entry }
    }

    /// The pages' files the last build read, by path relative to the content folder.
    var files: [String: ReadFile] {
        get { state.withLock { $0.files } }
        set { state.withLock { $0.files = newValue } }
    }

    /// The copied files' secret scans of the last build, by path relative to the content folder.
    var assetScans: [String: PublishedSecrets.AssetScan] {
        get { state.withLock { $0.assetScans } }
        set { state.withLock { $0.assetScans = newValue } }
    }

    /// Whether the folder at `output` is the one the last build wrote with these global inputs.
    func liveSiteIsOurs(_ output: String, global: Int) -> Bool {
        state.withLock {
            guard let written = $0.written, let now = FileSignature(path: output) else { return false }
            return written.folder == now && written.global == global
        }
    }

    /// Records the live site just written at `output`: its global inputs, its copied files'
    /// sources and the `Render` keys of its pages.
    func rememberWrite(_ output: String, global: Int, copies: [String: FileSignature], keys: [String: String]) {
        state.withLock {
            $0.written = FileSignature(path: output).map { ($0, global) }
            $0.copies = copies
            $0.writtenKeys = keys
        }
    }

    /// The key of each page's `Render` result the live site was written from, by page path.
    var writtenKeys: [String: String] { state.withLock { $0.writtenKeys } }

    func copiedUnchanged(_ path: String, _ signature: FileSignature) -> Bool {
        state.withLock { $0.copies[path] == signature }
    }

    func forgetWrite() {
        state.withLock {
            $0.written = nil
            $0.copies = [:]
            $0.writtenKeys = [:]
        }
    }
}
