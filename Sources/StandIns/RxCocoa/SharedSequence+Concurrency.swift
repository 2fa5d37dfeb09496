import RxSwift

/// Holds a subscription for `AsyncStream`'s `@Sendable` termination handler.
/// Safe here because the stand-ins deliver synchronously on the caller's thread
/// and the handler only disposes.
final class SubscriptionHolder: @unchecked Sendable {
    var subscription: Disposable?
}

extension SharedSequence where Element: Sendable {
    /// A minimal stand-in for RxCocoa's `SharedSequence.values` (RxSwift 6.5), not the real library; synchronous, single-threaded.
    ///
    /// The elements as an `AsyncStream`, for `for await value in driver.values`.
    /// Subscribes when the stream is created (a `Driver` yields its latest
    /// element at once), finishes when the sequence completes, and disposes
    /// the subscription when iteration ends (a `break` included). Shared
    /// sequences cannot fail, so there is no error to throw. Unlike RxCocoa,
    /// this stand-in asks for `Sendable` elements (Swift 6's data-race checks).
    @MainActor
    public var values: AsyncStream<Element> {
        AsyncStream { continuation in
            let holder = SubscriptionHolder()
            holder.subscription = asObservable().subscribe(
                onNext: { continuation.yield($0) },
                onCompleted: { continuation.finish() }
            )
            continuation.onTermination = { _ in
                holder.subscription?.dispose()
            }
        }
    }
}
