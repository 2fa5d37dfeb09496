import Foundation
import LectureSupport

/// Changed paths gathered until a quiet moment: `debounce` seconds without a new one, or one
/// second after the first if they never stop (a long copy still rebuilds as it goes). Measured
/// on `ContinuousClock`, which a change of the system's time does not move.
///
/// A path that first appeared among them (created or moved in) and is gone when they are taken
/// was a temporary file, no source of the book: `sed -i`'s `sedXXXXXX`, `perl -i`'s, any editor's
/// write-and-rename under a name of its own. It is left out, whatever its name.
struct PendingChanges {
    /// Seconds of quiet before the paths are due.
    let debounce: Double
    private var paths: Set<String> = []
    /// The paths whose first change in this gathering made them (`add(_:created:)`).
    private var appeared: Set<String> = []
    private var first: ContinuousClock.Instant?
    private var last = ContinuousClock.now

    init(debounce: Double) {
        self.debounce = debounce
    }

    /// Notes changed paths (nothing when `new` is empty); `created` when the change made them
    /// (a file created or moved into a folder).
    mutating func add(_ new: [String], created: Bool = false) {
        guard !new.isEmpty else { return }
        if created { appeared.formUnion(new.filter { !paths.contains($0) }) }
        paths.formUnion(new)
        last = .now
        if first == nil { first = last }
    }

    /// Seconds until the paths are due, or `nil` when none are waiting.
    var timeout: Double? {
        due.map { max(0, ContinuousClock.now.duration(to: $0).seconds) }
    }

    /// The paths, sorted, once they are due (and then forgets them); else `nil`, also when every
    /// path was a temporary file (`exists` tells whether a path is there now).
    mutating func takeIfDue(exists: (String) -> Bool = FileSystem.exists) -> [String]? {
        guard let due, ContinuousClock.now >= due else { return nil }
        defer {
            paths = []
            appeared = []
            first = nil
        }
        let taken = paths.filter { !appeared.contains($0) || exists($0) }.sorted()
        return taken.isEmpty ? nil : taken
    }

    private var due: ContinuousClock.Instant? {
        first.map { min(last.advanced(by: .seconds(debounce)), $0.advanced(by: .seconds(1))) }
    }
}
