import Foundation

/// Where a writer that goes on (a `lecture serve` session, `SessionMemory.removals`) has the
/// sites it replaced removed: one serial background queue and the removals pending on it, owned
/// by the caller, so one session's (or one test's) removals never wait behind another's.
///
/// `SiteWriter.write(_:to:removingOldLater:)` hands each replaced site to `later`; the owner calls
/// `finish()` before it exits, so no replaced site is left half removed.
package final class SiteRemovals: Sendable {
    private let queue = DispatchQueue(label: "lecture: old site removal")
    private let pending = DispatchGroup()

    /// A queue with nothing pending.
    package init() {}

    /// Runs `removal` on the background queue, after every removal handed over before it.
    func later(_ removal: @escaping @Sendable () -> Void) {
        queue.async(group: pending, execute: removal)
    }

    /// Waits until every removal handed over so far has ended.
    package func finish() { pending.wait() }
}
