import Foundation
import LectureSupport

/// Changed paths gathered until a quiet moment: `debounce` seconds without a new one, or one
/// second after the first if they never stop (a long copy still rebuilds as it goes). Measured
/// on `ContinuousClock`, which a change of the system's time does not move.
struct PendingChanges {
    /// Seconds of quiet before the paths are due.
    let debounce: Double
    private var paths: Set<String> = []
    private var first: ContinuousClock.Instant?
    private var last = ContinuousClock.now

    init(debounce: Double) {
        self.debounce = debounce
    }

    /// Notes changed paths (nothing when `new` is empty).
    mutating func add(_ new: [String]) {
        guard !new.isEmpty else { return }
        paths.formUnion(new)
        last = .now
        if first == nil { first = last }
    }

    /// Seconds until the paths are due, or `nil` when none are waiting.
    var timeout: Double? {
        due.map { max(0, ContinuousClock.now.duration(to: $0).seconds) }
    }

    /// The paths, sorted, once they are due (and then forgets them); else `nil`.
    mutating func takeIfDue() -> [String]? {
        guard let due, ContinuousClock.now >= due else { return nil }
        defer {
            paths = []
            first = nil
        }
        return paths.sorted()
    }

    private var due: ContinuousClock.Instant? {
        first.map { min(last.advanced(by: .seconds(debounce)), $0.advanced(by: .seconds(1))) }
    }
}
