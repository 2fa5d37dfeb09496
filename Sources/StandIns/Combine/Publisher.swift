/// A minimal stand-in for Combine's `Publisher`, not the real framework; synchronous, single-threaded.
///
/// Combine's publishers deliver to a `Subscriber` with back-pressure (`receive(subscriber:)`);
/// this stand-in has neither: a subscriber is a closure that gets every value, synchronously,
/// from the publisher's `send`. Only the operators the lecture's samples use exist.
public protocol Publisher<Output, Failure> {
    /// A minimal stand-in for Combine's `Publisher.Output`, not the real framework.
    associatedtype Output
    /// A minimal stand-in for Combine's `Publisher.Failure`, not the real framework.
    associatedtype Failure: Error

    /// This stand-in's own way to subscribe (not Combine's `receive(subscriber:)`): `receive`
    /// gets every value until the returned subscription is cancelled or deinitialized.
    func subscribeValues(_ receive: @escaping (Output) -> Void) -> AnyCancellable
}

extension Publisher where Failure == Never {
    /// A minimal stand-in for Combine's `Publisher.sink(receiveValue:)`, not the real framework.
    /// Calls `receiveValue` with each value, synchronously, until the returned subscription
    /// is cancelled or deinitialized.
    public func sink(receiveValue: @escaping (Output) -> Void) -> AnyCancellable {
        subscribeValues(receiveValue)
    }
}

extension Publisher {
    /// A minimal stand-in for Combine's `Publisher.dropFirst(_:)`, not the real framework.
    /// Skips the first `count` values (by default the one a `@Published` publisher sends on subscription).
    public func dropFirst(_ count: Int = 1) -> Publishers.Drop<Self> {
        Publishers.Drop(upstream: self, count: count)
    }

    /// A minimal stand-in for Combine's `Publisher.map(_:)`, not the real framework.
    public func map<Result>(_ transform: @escaping (Output) -> Result) -> Publishers.Map<Self, Result> {
        Publishers.Map(upstream: self, transform: transform)
    }
}

/// A minimal stand-in for Combine's `Publishers` namespace, not the real framework.
public enum Publishers {
    /// A minimal stand-in for Combine's `Publishers.Drop`, not the real framework.
    public struct Drop<Upstream: Publisher>: Publisher {
        public typealias Output = Upstream.Output
        public typealias Failure = Upstream.Failure

        public let upstream: Upstream
        public let count: Int

        public func subscribeValues(_ receive: @escaping (Output) -> Void) -> AnyCancellable {
            var left = count
            return upstream.subscribeValues { value in
                if left > 0 {
                    left -= 1
                } else {
                    receive(value)
                }
            }
        }
    }

    /// A minimal stand-in for Combine's `Publishers.Map`, not the real framework.
    public struct Map<Upstream: Publisher, Output>: Publisher {
        public typealias Failure = Upstream.Failure

        public let upstream: Upstream
        public let transform: (Upstream.Output) -> Output

        public func subscribeValues(_ receive: @escaping (Output) -> Void) -> AnyCancellable {
            upstream.subscribeValues { receive(transform($0)) }
        }
    }
}
