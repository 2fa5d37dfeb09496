import Foundation
import LectureSupport

/// The versions of the compiler and of Graphviz, asked on a background thread as soon as a
/// build starts, so their processes run while pages load and parse.
// @unchecked: the two answers are written on Dispatch's threads inside `group` and read only after
// `group.wait()`, which orders the writes before the reads.
final class Probes: @unchecked Sendable {
    private let group = DispatchGroup()
    private var foundToolchain: Toolchain?
    private var foundDiagrams: DiagramRenderer?
    /// How to find Graphviz when it was not asked for at the start (`diagrams: false`).
    private let findDiagrams: @Sendable () -> DiagramRenderer

    /// Starts asking; `diagrams: false` leaves Graphviz alone (`lecture check` draws nothing).
    /// Their processes take places of `run`'s pool; the renderer's drawings stop with its cancellation.
    init(cacheDirectory: String, run: RunContext, diagrams: Bool = true) {
        findDiagrams = { DiagramRenderer.find(cache: Cache(directory: cacheDirectory), run: run) }
        DispatchQueue.global().async(group: group) { [self] in
            foundToolchain = try? Toolchain.find(cache: Cache(directory: cacheDirectory), run: run)
        }
        guard diagrams else { return }
        DispatchQueue.global().async(group: group) { [self] in
            foundDiagrams = findDiagrams()
        }
    }

    /// Answers given, no process started (`FuzzTarget`: no compiler, a renderer without Graphviz).
    init(toolchain: Toolchain?, diagrams: DiagramRenderer) {
        foundToolchain = toolchain
        foundDiagrams = diagrams
        findDiagrams = { diagrams }
    }

    /// The compiler, or `nil` when none runs (samples then report the setup error).
    func toolchain() -> Toolchain? {
        group.wait()
        return foundToolchain
    }

    /// Graphviz as found: asked now, on the caller's thread, when the probes were started
    /// without it (`diagrams: false`), so a list of steps that draws is never without it.
    func diagrams() -> DiagramRenderer {
        group.wait()
        return lock.withLock {
            if let foundDiagrams { return foundDiagrams }
            let found = findDiagrams()
            foundDiagrams = found
            return found
        }
    }

    /// Orders a late `diagrams()` answer between callers.
    private let lock = NSLock()
}
