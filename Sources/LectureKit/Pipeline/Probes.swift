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

    /// Starts asking; `diagrams: false` leaves Graphviz alone (`lecture check` draws nothing).
    /// The renderer's drawings stop with `cancellation` (the run's).
    init(cacheDirectory: String, cancellation: Cancellation, diagrams: Bool = true) {
        DispatchQueue.global().async(group: group) { [self] in
            foundToolchain = try? Toolchain.find(cache: Cache(directory: cacheDirectory))
        }
        guard diagrams else { return }
        DispatchQueue.global().async(group: group) { [self] in
            foundDiagrams = DiagramRenderer.find(cache: Cache(directory: cacheDirectory), cancellation: cancellation)
        }
    }

    /// Answers given, no process started (`FuzzTarget`: no compiler, a renderer without Graphviz).
    init(toolchain: Toolchain?, diagrams: DiagramRenderer) {
        foundToolchain = toolchain
        foundDiagrams = diagrams
    }

    /// The compiler, or `nil` when none runs (samples then report the setup error).
    func toolchain() -> Toolchain? {
        group.wait()
        return foundToolchain
    }

    /// Graphviz as found; only for probes started with `diagrams: true`.
    func diagrams() -> DiagramRenderer {
        group.wait()
        return foundDiagrams!
    }
}
