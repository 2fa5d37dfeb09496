import Foundation

/// A value that threads share, read and changed only under a lock: the package's lock for
/// state several threads may reach at once, with the shape of `Synchronization.Mutex`
/// (`withLock`), so either can take the other's place.
///
/// An `NSLock` (a pthread mutex on Linux) rather than `Mutex`: ThreadSanitizer sees a pthread
/// mutex's hand-off, but not that of a contended `Mutex`, whose futex wait lies in the
/// uninstrumented Synchronization runtime on Linux, and so reports a false race on the value a
/// contended `Mutex` guards (Swift 6.3, reproduced by threads appending to a `Mutex<[Int]>`,
/// 2026-12-01). Every access goes through `withLock`, so the class is `Sendable` whenever
/// `Value` is; a non-`Sendable` value (a `DateFormatter`) must not escape the closure.
package final class Locked<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Value

    /// A lock guarding `value`.
    package init(_ value: Value) { self.value = value }

    /// What `body` returns, run while this thread holds the lock, with the value to read or change.
    package func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }
}
