/// Shared observer list for the subjects: delivers to a snapshot of the
/// current observers, in subscription order.
final class ObserverList<Element> {
    private var entries: [(id: Int, on: (Event<Element>) -> Void)] = []
    private var nextID = 0

    var isEmpty: Bool { entries.isEmpty }

    func add(_ on: @escaping (Event<Element>) -> Void) -> Int {
        nextID += 1
        entries.append((nextID, on))
        return nextID
    }

    func remove(_ id: Int) {
        entries.removeAll { $0.id == id }
    }

    func removeAll() {
        entries = []
    }

    func dispatch(_ event: Event<Element>) {
        for entry in entries {
            entry.on(event)
        }
    }
}

/// A minimal stand-in for RxSwift's `PublishSubject`, not the real library; synchronous, single-threaded.
///
/// Both an observable and an observer: every event sent with `on(_:)` /
/// `onNext(_:)` is delivered synchronously to the current subscribers, in
/// subscription order. New subscribers get only later events; after
/// `.error`/`.completed` new subscribers get that stop event at once.
public final class PublishSubject<Element>: Observable<Element>, ObserverType, Cancelable {
    private let observers = ObserverList<Element>()
    private var stopEvent: Event<Element>?

    /// A minimal stand-in for RxSwift's `PublishSubject.isDisposed`, not the real library; synchronous, single-threaded.
    /// `true` after `dispose()`.
    public private(set) var isDisposed = false

    /// A minimal stand-in for RxSwift's `PublishSubject.init()`, not the real library; synchronous, single-threaded.
    /// Creates a subject with no subscribers.
    public override init() {
        super.init()
    }

    /// A minimal stand-in for RxSwift's `PublishSubject.hasObservers`, not the real library; synchronous, single-threaded.
    /// `true` while at least one subscription is active.
    public var hasObservers: Bool {
        !observers.isEmpty
    }

    /// A minimal stand-in for RxSwift's `PublishSubject.on(_:)`, not the real library; synchronous, single-threaded.
    /// Delivers `event` to every current subscriber; ignored after a stop event.
    public func on(_ event: Event<Element>) {
        guard stopEvent == nil, !isDisposed else { return }
        if event.isStopEvent {
            stopEvent = event
        }
        observers.dispatch(event)
        if event.isStopEvent {
            observers.removeAll()
        }
    }

    /// A minimal stand-in for RxSwift's `PublishSubject.subscribe(_:)`, not the real library; synchronous, single-threaded.
    /// Adds `observer` to the subscribers until the returned disposable is disposed.
    public override func subscribe<Observer: ObserverType>(_ observer: Observer) -> Disposable
    where Observer.Element == Element {
        if let stopEvent {
            observer.on(stopEvent)
            return Disposables.create()
        }
        let id = observers.add(observer.on)
        return Disposables.create { [weak self] in self?.observers.remove(id) }
    }

    /// A minimal stand-in for RxSwift's `PublishSubject.asObserver()`, not the real library; synchronous, single-threaded.
    /// Returns an observer that forwards to `on(_:)`.
    public func asObserver() -> PublishSubject<Element> {
        self
    }

    /// A minimal stand-in for RxSwift's `PublishSubject.dispose()`, not the real library; synchronous, single-threaded.
    /// Drops all subscribers; later events are ignored.
    public func dispose() {
        isDisposed = true
        observers.removeAll()
    }
}

/// A minimal stand-in for RxSwift's `BehaviorSubject`, not the real library; synchronous, single-threaded.
///
/// Like `PublishSubject`, but it always holds a current value: a new
/// subscriber receives the current value immediately (during `subscribe`),
/// then every later event.
public final class BehaviorSubject<Element>: Observable<Element>, ObserverType, Cancelable {
    private let observers = ObserverList<Element>()
    private var element: Element
    private var stopEvent: Event<Element>?

    /// A minimal stand-in for RxSwift's `BehaviorSubject.isDisposed`, not the real library; synchronous, single-threaded.
    /// `true` after `dispose()`.
    public private(set) var isDisposed = false

    /// A minimal stand-in for RxSwift's `BehaviorSubject.init(value:)`, not the real library; synchronous, single-threaded.
    /// Creates a subject whose current value is `value`.
    public init(value: Element) {
        self.element = value
        super.init()
    }

    /// A minimal stand-in for RxSwift's `BehaviorSubject.hasObservers`, not the real library; synchronous, single-threaded.
    /// `true` while at least one subscription is active.
    public var hasObservers: Bool {
        !observers.isEmpty
    }

    /// A minimal stand-in for RxSwift's `BehaviorSubject.value()`, not the real library; synchronous, single-threaded.
    /// Returns the current value, or throws the error the subject failed with
    /// (or `RxError.disposed` after `dispose()`).
    public func value() throws -> Element {
        if isDisposed { throw RxError.disposed(object: self) }
        if case .error(let error)? = stopEvent { throw error }
        return element
    }

    /// A minimal stand-in for RxSwift's `BehaviorSubject.on(_:)`, not the real library; synchronous, single-threaded.
    /// Stores a `.next` value as the current value, then delivers `event` to
    /// every current subscriber; ignored after a stop event.
    public func on(_ event: Event<Element>) {
        guard stopEvent == nil, !isDisposed else { return }
        switch event {
        case .next(let value):
            element = value
        case .error, .completed:
            stopEvent = event
        }
        observers.dispatch(event)
        if event.isStopEvent {
            observers.removeAll()
        }
    }

    /// A minimal stand-in for RxSwift's `BehaviorSubject.subscribe(_:)`, not the real library; synchronous, single-threaded.
    /// Sends the current value to `observer` immediately, then adds it to the
    /// subscribers until the returned disposable is disposed.
    public override func subscribe<Observer: ObserverType>(_ observer: Observer) -> Disposable
    where Observer.Element == Element {
        if let stopEvent {
            observer.on(stopEvent)
            return Disposables.create()
        }
        let id = observers.add(observer.on)
        observer.on(.next(element))
        return Disposables.create { [weak self] in self?.observers.remove(id) }
    }

    /// A minimal stand-in for RxSwift's `BehaviorSubject.asObserver()`, not the real library; synchronous, single-threaded.
    /// Returns an observer that forwards to `on(_:)`.
    public func asObserver() -> BehaviorSubject<Element> {
        self
    }

    /// A minimal stand-in for RxSwift's `BehaviorSubject.dispose()`, not the real library; synchronous, single-threaded.
    /// Drops all subscribers; later events are ignored and `value()` throws.
    public func dispose() {
        isDisposed = true
        observers.removeAll()
    }
}

/// A minimal stand-in for RxSwift's `RxError`, not the real library; synchronous, single-threaded.
/// Only the cases this stand-in can produce.
public enum RxError: Swift.Error, CustomDebugStringConvertible, @unchecked Sendable {
    /// A minimal stand-in for RxSwift's `RxError.unknown`, not the real library; synchronous, single-threaded.
    case unknown
    /// A minimal stand-in for RxSwift's `RxError.disposed(object:)`, not the real library; synchronous, single-threaded.
    /// Thrown by `BehaviorSubject.value()` after `dispose()`.
    case disposed(object: AnyObject)
    /// A minimal stand-in for RxSwift's `RxError.noElements`, not the real library; synchronous, single-threaded.
    case noElements

    /// A minimal stand-in for RxSwift's `RxError.debugDescription`, not the real library; synchronous, single-threaded.
    public var debugDescription: String {
        switch self {
        case .unknown: return "Unknown error occurred."
        case .disposed(let object): return "Object `\(object)` was already disposed."
        case .noElements: return "Sequence doesn't contain any elements."
        }
    }
}
