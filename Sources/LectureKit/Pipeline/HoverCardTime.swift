import Foundation
import LectureSupport

/// The time a run spent asking SourceKit for hover cards, and for how many samples: shared by
/// every copy of the run's `RunContext`, so that the build's closing line can say when the
/// look-ups were most of its time (newuser-6, #16: the build after `check` took 40× mdBook's
/// time, for cards `check` does not look up, and nothing said so at that moment).
package final class HoverCardTime: Sendable {
    private let total = Locked((seconds: 0.0, samples: 0))

    package init() {}

    /// Adds one sample's look-up.
    func add(seconds: Double) {
        total.withLock {
            $0.seconds += seconds
            $0.samples += 1
        }
    }

    /// The time and samples so far.
    var sum: (seconds: Double, samples: Int) { total.withLock { $0 } }
}
