import Foundation
import LectureSupport

/// Blocking work (a build, an expansion) run on a thread of its own and awaited without holding
/// a thread: Swift Testing runs tests on a small cooperative pool and counts the time a test
/// waits for one of its threads, so a test blocked in a semaphore or a sleep makes the others'
/// time limits pass under load. `value(within:)` is resumed by the work's end, or by its limit.
public final class ThreadWork<Value: Sendable>: Sendable {
    private struct State {
        var value: Value?
        var waiters: [UUID: CheckedContinuation<Value?, Never>] = [:]
    }

    private let state = Locked(State())

    /// Starts `body` on a new thread.
    public init(_ body: @escaping @Sendable () -> Value) {
        Thread.detachNewThread { [self] in
            let value = body()
            let waiters = state.withLock { state in
                state.value = value
                defer { state.waiters = [:] }
                return Array(state.waiters.values)
            }
            for waiter in waiters { waiter.resume(returning: value) }
        }
    }

    /// Whether the work has ended.
    public var ended: Bool { state.withLock { $0.value != nil } }

    /// The work's value once it ends; `nil` when it has not ended within `limit`.
    public func value(within limit: Duration) async -> Value? {
        let id = UUID()
        let timer = Locked<Task<Void, Never>?>(nil)
        let value = await withCheckedContinuation { (waiter: CheckedContinuation<Value?, Never>) in
            let ended = state.withLock { state -> Value? in
                if let value = state.value { return value }
                state.waiters[id] = waiter
                return nil
            }
            if let ended { return waiter.resume(returning: ended) }
            timer.withLock { timer in
                timer = Task { [self] in
                    try? await Task.sleep(for: limit)
                    state.withLock { $0.waiters.removeValue(forKey: id) }?.resume(returning: nil)
                }
            }
        }
        timer.withLock { $0?.cancel() }
        return value
    }
}

/// Whether `condition` holds within `limit`, asked every `interval` while the test's task sleeps
/// (`Task.sleep`: no thread is held), for states that send no event (a file a child writes, a
/// counter another thread raises).
public func eventually(
    within limit: Duration, every interval: Duration = .milliseconds(20), _ condition: () -> Bool
) async -> Bool {
    let deadline = ContinuousClock.now + limit
    while !condition() {
        if ContinuousClock.now >= deadline { return false }
        try? await Task.sleep(for: interval)
    }
    return true
}
