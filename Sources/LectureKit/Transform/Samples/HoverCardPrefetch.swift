import Foundation
import LectureSupport

/// Hover cards asked for ahead of the verdict, on a thread of their own, so that SourceKit's
/// one-program-at-a-time lookups (`DeclarationCards`) overlap a merged program's compiles, link
/// and runs (`MergedSamples`) instead of following them. A sample is added as soon as it
/// compiles; the cards of one that then fails are dropped (`SampleVerifier.finish` asks only for
/// passes).
final class HoverCardPrefetch: Sendable {
    private struct State {
        var pending: [Int] = []
        var closed = false
        var found: [Int: SampleVerifier.HoverCardAnswer] = [:]
    }
    private let state = Locked(State())
    /// Signalled once per added sample and once at `close()`.
    private let ready = DispatchSemaphore(value: 0)
    private let done = DispatchSemaphore(value: 0)

    /// Starts the lookup thread for `samples` (by index); with `enabled` false it looks up
    /// nothing.
    init(_ samples: [Sample], verifier: SampleVerifier, enabled: Bool) {
        Thread.detachNewThread { [self] in
            while true {
                ready.wait()
                let next: Int?? = state.withLock { state in
                    if !state.pending.isEmpty { return .some(state.pending.removeFirst()) }
                    return state.closed ? .none : .some(nil)
                }
                guard let next else { break }
                guard let index = next, enabled, !verifier.run.cancellation.isCancelled else { continue }
                let answer = verifier.hoverCards(for: samples[index])
                state.withLock { $0.found[index] = answer }
            }
            done.signal()
        }
    }

    /// Queues the lookup of sample `index`'s cards.
    func add(_ index: Int) {
        state.withLock { $0.pending.append(index) }
        ready.signal()
    }

    /// No sample is added after this; the thread ends once the queue is empty.
    func close() {
        state.withLock { $0.closed = true }
        ready.signal()
    }

    /// The answers by sample index, once every lookup has ended (`close()` first).
    func answers() -> [Int: SampleVerifier.HoverCardAnswer] {
        done.wait()
        done.signal()
        return state.withLock { $0.found }
    }
}
