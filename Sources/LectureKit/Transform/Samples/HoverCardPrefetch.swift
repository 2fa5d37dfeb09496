import Foundation
import Synchronization

/// Hover cards asked for ahead of the verdict, on a thread of their own, so that SourceKit's
/// one-program-at-a-time lookups (`DeclarationCards`) overlap a merged program's link and runs
/// (`MergedSamples`) instead of following them. Cards of a sample that then fails are dropped
/// (`SampleVerifier.finish` asks only for passes).
final class HoverCardPrefetch: Sendable {
    private let found = Mutex<[Int: SampleVerifier.HoverCardAnswer]>([:])
    private let done = DispatchSemaphore(value: 0)

    /// Starts looking up the cards of `samples[index]` for each of `indices`, in order.
    init(samples indices: [Int], of samples: [Sample], verifier: SampleVerifier) {
        Thread.detachNewThread { [self] in
            for index in indices where !verifier.options.cancellation.isCancelled {
                let answer = verifier.hoverCards(for: samples[index])
                found.withLock { $0[index] = answer }
            }
            done.signal()
        }
    }

    /// The answers by sample index, once every lookup has ended.
    func answers() -> [Int: SampleVerifier.HoverCardAnswer] {
        done.wait()
        done.signal()
        return found.withLock { $0 }
    }
}
