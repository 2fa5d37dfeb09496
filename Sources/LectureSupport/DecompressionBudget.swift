import Synchronization

/// The bytes the secret scan may unpack over a whole pass of a build (`InflatedBytes`, and a
/// stored zip member's wide text, read a second time narrowed), all files together (code review 40 #1): each stream's own limit (`InflatedBytes.limit`) let a
/// book of small gzip or zip bombs cost about 1,000 times its size, 100 files of 250 KB holding
/// a builder for 25 GiB of inflating and scanning. Past the budget a file is published with a
/// warning (`lecture.site.unscanned`), as past a stream's limit. mdBook copies such files
/// unread; Go's `archive/zip` and zlib's `inflate` leave such bounds to their callers.
///
/// One budget is held by a pass (`Load`'s scan of the copied files, `Write`'s of the copies),
/// shared by every file the pass scans; a class, so the build's copies of its context share it.
package final class DecompressionBudget: Sendable {
    /// Unpacked bytes a pass may give the scan, over all its files: 1 GiB.
    package static let buildBytes = 1 << 30

    /// The bytes this budget holds at first.
    package let total: Int
    private let taken = Mutex(0)

    /// A budget of `total` unpacked bytes (`buildBytes` unless a test asks for fewer).
    package init(total: Int = DecompressionBudget.buildBytes) {
        self.total = total
    }

    /// The bytes unpacked so far, all files together.
    package var spent: Int { taken.withLock { $0 } }

    /// Whether nothing is left.
    package var isSpent: Bool { spent >= total }

    /// Takes up to `wanted` bytes; how many may be unpacked (0 when the budget is spent). What
    /// is not used is given back (`giveBack`).
    package func take(_ wanted: Int) -> Int {
        taken.withLock { taken in
            let granted = max(0, min(wanted, total - taken))
            taken += granted
            return granted
        }
    }

    /// Gives back `count` bytes taken and not unpacked.
    package func giveBack(_ count: Int) {
        guard count > 0 else { return }
        taken.withLock { $0 -= count }
    }
}
