// A minimal stand-in for Apple's Combine, NOT the real framework, used only to compile and run
// the lecture's code samples on Linux (which has no Combine). Same names and signatures as
// Combine for the few parts the samples use; synchronous and single-threaded.

/// A minimal stand-in for Combine's `Cancellable`, not the real framework; synchronous, single-threaded.
///
/// Something whose work can be stopped with `cancel()`.
public protocol Cancellable {
    /// A minimal stand-in for Combine's `Cancellable.cancel()`, not the real framework.
    /// Stops the work; calling it again does nothing.
    func cancel()
}

/// A minimal stand-in for Combine's `AnyCancellable`, not the real framework; synchronous, single-threaded.
///
/// Cancels its subscription when `cancel()` is called or when it is deinitialized, as
/// Combine's does: a subscription kept by no one ends at once.
public final class AnyCancellable: Cancellable, Hashable {
    private var action: (() -> Void)?

    /// A minimal stand-in for Combine's `AnyCancellable.init(_:)`, not the real framework.
    /// Runs `cancel` once, on the first `cancel()` or at deinitialization.
    public init(_ cancel: @escaping () -> Void) {
        action = cancel
    }

    /// A minimal stand-in for Combine's `AnyCancellable.cancel()`, not the real framework.
    public func cancel() {
        let action = self.action
        self.action = nil
        action?()
    }

    deinit {
        cancel()
    }

    /// A minimal stand-in for Combine's `AnyCancellable.store(in:)`, not the real framework.
    /// Keeps this subscription alive in `set` until the set lets it go.
    public func store(in set: inout Set<AnyCancellable>) {
        set.insert(self)
    }

    public static func == (lhs: AnyCancellable, rhs: AnyCancellable) -> Bool {
        lhs === rhs
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(ObjectIdentifier(self))
    }
}
