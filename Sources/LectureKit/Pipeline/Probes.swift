import Foundation
import LectureSupport

/// The versions of the compiler and of Graphviz, each asked only when its answer is needed: a
/// book whose samples are verified starts asking for the compiler (and Graphviz) on background
/// threads as the build starts, so their processes run while pages load and parse; any other
/// book asks, on the caller's thread, only when a step needs the answer (a sample to verify, a
/// `dot` block to draw), so an mdBook book starts neither `swiftc` nor `dot`. Each is asked
/// at most once per probes (one per session), and the compiler's answer is cached on disk
/// (`Toolchain.find`).
// @unchecked: the answers are written under `lock`, or on Dispatch's threads inside `group` and
// read only after `group.wait()`, which orders the writes before the reads.
final class Probes: @unchecked Sendable {
    private let group = DispatchGroup()
    /// One lock per question, so asking for one never waits on the other's process.
    private let toolchainLock = NSLock()
    private let diagramsLock = NSLock()
    private var foundToolchain: Toolchain??
    private var foundDiagrams: DiagramRenderer?
    private let findToolchain: @Sendable () -> Toolchain?
    private let findDiagrams: @Sendable () -> DiagramRenderer
    /// The renderer of a build that draws nothing, Graphviz not asked: one per probes, so the
    /// builds of a session give `Figures` equal inputs.
    private let unasked: DiagramRenderer
    /// The installed font families (`fc-list : family`), asked once per probes on first use: the
    /// check of book.toml's `diagram-font` (`DiagramFontSetting`), which `check` runs too, and the
    /// renderer's fonts (`DiagramRenderer.find`), the same probe.
    let fonts: FontProbe

    /// Asks at once, on background threads, for what `early` names; the rest when first needed.
    /// Their processes take places of `run`'s pool; the renderer's drawings stop with its cancellation.
    init(cacheDirectory: String, run: RunContext, early: Set<Tool> = []) {
        findToolchain = { try? Toolchain.find(cache: Cache(directory: cacheDirectory), run: run) }
        // One `fc-list` for both questions (code review 41 #10): the renderer's fonts are these.
        let fonts = FontProbe(environment: [:], run: run)
        findDiagrams = { DiagramRenderer.find(cache: Cache(directory: cacheDirectory), run: run, fonts: fonts) }
        unasked = DiagramRenderer(cache: Cache(directory: cacheDirectory), graphvizVersion: nil, run: run)
        self.fonts = fonts
        if early.contains(.compiler) {
            DispatchQueue.global().async(group: group) { [self] in
                let found = findToolchain()
                toolchainLock.withLock { foundToolchain = .some(found) }
            }
        }
        if early.contains(.graphviz) {
            DispatchQueue.global().async(group: group) { [self] in
                let found = findDiagrams()
                diagramsLock.withLock { foundDiagrams = found }
            }
        }
    }

    /// Answers given, no process started (`FuzzTarget`: no compiler, a renderer without Graphviz).
    init(toolchain: Toolchain?, diagrams: DiagramRenderer) {
        foundToolchain = .some(toolchain)
        foundDiagrams = diagrams
        findToolchain = { toolchain }
        findDiagrams = { diagrams }
        unasked = diagrams
        fonts = diagrams.fonts.probe
    }

    /// What a probe asks.
    enum Tool: Sendable {
        case compiler, graphviz
    }

    /// What `early` a build of `configuration` asks for: the compiler and Graphviz when the book
    /// verifies its samples (a book written for lecture), nothing otherwise.
    static func early(for configuration: BuildConfiguration) -> Set<Tool> {
        configuration.sampleRules.verify ? [.compiler, .graphviz] : []
    }

    /// The compiler, or `nil` when none runs (samples then report the setup error): asked now,
    /// on the caller's thread, unless asked before.
    func toolchain() -> Toolchain? {
        group.wait()
        return toolchainLock.withLock {
            if let foundToolchain { return foundToolchain }
            let found = findToolchain()
            foundToolchain = .some(found)
            return found
        }
    }

    /// Graphviz as found: asked now, on the caller's thread, unless asked before.
    func diagrams() -> DiagramRenderer {
        group.wait()
        return diagramsLock.withLock {
            if let foundDiagrams { return foundDiagrams }
            let found = findDiagrams()
            foundDiagrams = found
            return found
        }
    }

    /// Graphviz when `needed` (asked now unless asked before); else the renderer found earlier in
    /// the session, if any, or one that knows no Graphviz and is never asked to draw.
    func diagrams(needed: Bool) -> DiagramRenderer {
        if needed { return diagrams() }
        group.wait()
        return diagramsLock.withLock { foundDiagrams ?? unasked }
    }

    /// The compiler's answer if some step asked for it (`nil` inside when none runs), without
    /// asking: what the global inputs record.
    var askedToolchain: Toolchain?? {
        group.wait()
        return toolchainLock.withLock { foundToolchain }
    }

    /// Graphviz's version if some step asked for it, without asking.
    var askedGraphviz: String?? {
        group.wait()
        return diagramsLock.withLock { foundDiagrams.map(\.graphvizVersion) }
    }

    /// Waits for the questions started early: their threads run child processes, which must
    /// finish before the caller exits.
    func finish() { group.wait() }
}
