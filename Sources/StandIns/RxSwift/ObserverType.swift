/// A minimal stand-in for RxSwift's `ObserverType`, not the real library; synchronous, single-threaded.
///
/// Anything that can receive a sequence's events.
public protocol ObserverType {
    /// A minimal stand-in for RxSwift's `ObserverType.Element`, not the real library; synchronous, single-threaded.
    /// The type of element the observer receives.
    associatedtype Element

    /// A minimal stand-in for RxSwift's `ObserverType.on(_:)`, not the real library; synchronous, single-threaded.
    /// Receives one event, synchronously on the caller's thread.
    func on(_ event: Event<Element>)
}

extension ObserverType {
    /// A minimal stand-in for RxSwift's `ObserverType.onNext(_:)`, not the real library; synchronous, single-threaded.
    /// Same as `on(.next(element))`.
    public func onNext(_ element: Element) {
        on(.next(element))
    }

    /// A minimal stand-in for RxSwift's `ObserverType.onCompleted()`, not the real library; synchronous, single-threaded.
    /// Same as `on(.completed)`.
    public func onCompleted() {
        on(.completed)
    }

    /// A minimal stand-in for RxSwift's `ObserverType.onError(_:)`, not the real library; synchronous, single-threaded.
    /// Same as `on(.error(error))`.
    public func onError(_ error: Swift.Error) {
        on(.error(error))
    }

    /// A minimal stand-in for RxSwift's `ObserverType.asObserver()`, not the real library; synchronous, single-threaded.
    /// Wraps this observer in an `AnyObserver`.
    public func asObserver() -> AnyObserver<Element> {
        AnyObserver(self)
    }

    /// A minimal stand-in for RxSwift's `ObserverType.mapObserver(_:)`, not the real library; synchronous, single-threaded.
    /// Returns an observer that transforms each value with `transform` and
    /// forwards it to this observer (a thrown error is forwarded as `.error`).
    public func mapObserver<Result>(_ transform: @escaping (Result) throws -> Element) -> AnyObserver<Result> {
        AnyObserver<Result> { event in
            self.on(event.map(transform))
        }
    }
}

/// A minimal stand-in for RxSwift's `AnyObserver`, not the real library; synchronous, single-threaded.
///
/// A type-erased observer that forwards every event to a closure.
public struct AnyObserver<Element>: ObserverType {

    /// A minimal stand-in for RxSwift's `AnyObserver.EventHandler`, not the real library; synchronous, single-threaded.
    /// The closure type that receives the events.
    public typealias EventHandler = (Event<Element>) -> Void

    private let observer: EventHandler

    /// A minimal stand-in for RxSwift's `AnyObserver.init(eventHandler:)`, not the real library; synchronous, single-threaded.
    /// Forwards every event to `eventHandler`.
    public init(eventHandler: @escaping EventHandler) {
        self.observer = eventHandler
    }

    /// A minimal stand-in for RxSwift's `AnyObserver.init(_:)`, not the real library; synchronous, single-threaded.
    /// Forwards every event to `observer`.
    public init<Observer: ObserverType>(_ observer: Observer) where Observer.Element == Element {
        self.observer = observer.on
    }

    /// A minimal stand-in for RxSwift's `AnyObserver.on(_:)`, not the real library; synchronous, single-threaded.
    /// Calls the wrapped handler with `event`.
    public func on(_ event: Event<Element>) {
        observer(event)
    }

    /// A minimal stand-in for RxSwift's `AnyObserver.asObserver()`, not the real library; synchronous, single-threaded.
    /// Returns `self`.
    public func asObserver() -> AnyObserver<Element> {
        self
    }
}
