// A minimal stand-in for RxRelay 6, NOT the real library, used only to
// compile and run the lecture's code samples on Linux. Same names and
// signatures as RxRelay; synchronous and single-threaded.

import RxSwift

/// A minimal stand-in for RxRelay's `BehaviorRelay`, not the real library; synchronous, single-threaded.
///
/// Holds a current `value` and never errors or completes. New subscribers
/// (including `bind(to:)`) receive the current value immediately, during
/// `subscribe`, then every value passed to `accept(_:)`, synchronously and in
/// subscription order. Typical use: state in a view model.
public final class BehaviorRelay<Element>: ObservableType {
    private let subject: BehaviorSubject<Element>

    /// A minimal stand-in for RxRelay's `BehaviorRelay.init(value:)`, not the real library; synchronous, single-threaded.
    /// Creates a relay whose current value is `value`.
    public init(value: Element) {
        subject = BehaviorSubject(value: value)
    }

    /// A minimal stand-in for RxRelay's `BehaviorRelay.value`, not the real library; synchronous, single-threaded.
    /// The current value (the initial value or the last accepted one).
    public var value: Element {
        // A relay's subject never errors or is disposed, so this cannot throw.
        try! subject.value()
    }

    /// A minimal stand-in for RxRelay's `BehaviorRelay.accept(_:)`, not the real library; synchronous, single-threaded.
    /// Stores `event` as the current value and delivers it to every subscriber
    /// before returning.
    public func accept(_ event: Element) {
        subject.onNext(event)
    }

    /// A minimal stand-in for RxRelay's `BehaviorRelay.subscribe(_:)`, not the real library; synchronous, single-threaded.
    /// Sends the current value to `observer` immediately, then later values.
    public func subscribe<Observer: ObserverType>(_ observer: Observer) -> Disposable
    where Observer.Element == Element {
        subject.subscribe(observer)
    }

    /// A minimal stand-in for RxRelay's `BehaviorRelay.asObservable()`, not the real library; synchronous, single-threaded.
    /// The relay as a read-only `Observable` (starts with the current value).
    public func asObservable() -> Observable<Element> {
        subject.asObservable()
    }
}

/// A minimal stand-in for RxRelay's `PublishRelay`, not the real library; synchronous, single-threaded.
///
/// Like a `PublishSubject` that never errors or completes: values passed to
/// `accept(_:)` go synchronously to the current subscribers only. Typical
/// use: one-off events such as "show an error".
public final class PublishRelay<Element>: ObservableType {
    private let subject = PublishSubject<Element>()

    /// A minimal stand-in for RxRelay's `PublishRelay.init()`, not the real library; synchronous, single-threaded.
    /// Creates a relay with no subscribers.
    public init() {}

    /// A minimal stand-in for RxRelay's `PublishRelay.accept(_:)`, not the real library; synchronous, single-threaded.
    /// Delivers `event` to every current subscriber before returning.
    public func accept(_ event: Element) {
        subject.onNext(event)
    }

    /// A minimal stand-in for RxRelay's `PublishRelay.subscribe(_:)`, not the real library; synchronous, single-threaded.
    /// Adds `observer` to the subscribers until the returned disposable is disposed.
    public func subscribe<Observer: ObserverType>(_ observer: Observer) -> Disposable
    where Observer.Element == Element {
        subject.subscribe(observer)
    }

    /// A minimal stand-in for RxRelay's `PublishRelay.asObservable()`, not the real library; synchronous, single-threaded.
    /// The relay as a read-only `Observable`.
    public func asObservable() -> Observable<Element> {
        subject.asObservable()
    }
}

extension ObservableType {
    /// A minimal stand-in for RxRelay's `bind(to:)` (behavior relays), not the real library; synchronous, single-threaded.
    /// Passes every element to `accept(_:)` of each relay, synchronously.
    /// A binding error stops the program, as in RxRelay debug builds.
    public func bind(to relays: BehaviorRelay<Element>...) -> Disposable {
        bind(onNext: { element in
            for relay in relays {
                relay.accept(element)
            }
        })
    }

    /// A minimal stand-in for RxRelay's `bind(to:)` (optional behavior relays), not the real library; synchronous, single-threaded.
    /// Like `bind(to:)`, wrapping each element in `Optional`.
    public func bind(to relays: BehaviorRelay<Element?>...) -> Disposable {
        bind(onNext: { element in
            for relay in relays {
                relay.accept(element)
            }
        })
    }

    /// A minimal stand-in for RxRelay's `bind(to:)` (publish relays), not the real library; synchronous, single-threaded.
    /// Passes every element to `accept(_:)` of each relay, synchronously.
    public func bind(to relays: PublishRelay<Element>...) -> Disposable {
        bind(onNext: { element in
            for relay in relays {
                relay.accept(element)
            }
        })
    }

    /// A minimal stand-in for RxRelay's `bind(to:)` (optional publish relays), not the real library; synchronous, single-threaded.
    /// Like `bind(to:)`, wrapping each element in `Optional`.
    public func bind(to relays: PublishRelay<Element?>...) -> Disposable {
        bind(onNext: { element in
            for relay in relays {
                relay.accept(element)
            }
        })
    }
}
