import Foundation

/// Changed paths gathered until a quiet moment: `debounce` seconds without a new one, or one
/// second after the first if they never stop (a long copy still rebuilds as it goes).
struct PendingChanges {
    /// Seconds of quiet before the paths are due.
    let debounce: Double
    private var paths: Set<String> = []
    private var first: Date?
    private var last = Date()

    init(debounce: Double) {
        self.debounce = debounce
    }

    /// Notes changed paths (nothing when `new` is empty).
    mutating func add(_ new: [String]) {
        guard !new.isEmpty else { return }
        paths.formUnion(new)
        last = Date()
        if first == nil { first = last }
    }

    /// Seconds until the paths are due, or `nil` when none are waiting.
    var timeout: Double? {
        due.map { max(0, $0.timeIntervalSinceNow) }
    }

    /// The paths, sorted, once they are due (and then forgets them); else `nil`.
    mutating func takeIfDue() -> [String]? {
        guard let due, Date() >= due else { return nil }
        defer {
            paths = []
            first = nil
        }
        return paths.sorted()
    }

    private var due: Date? {
        first.map { min(last.addingTimeInterval(debounce), $0.addingTimeInterval(1)) }
    }
}
