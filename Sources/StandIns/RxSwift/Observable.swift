/// A minimal stand-in for RxSwift's `ObservableConvertibleType`, not the real library; synchronous, single-threaded.
///
/// Anything that can be turned into an `Observable`.
public protocol ObservableConvertibleType {
    /// A minimal stand-in for RxSwift's `ObservableConvertibleType.Element`, not the real library; synchronous, single-threaded.
    /// The type of the sequence's elements.
    associatedtype Element

    /// A minimal stand-in for RxSwift's `ObservableConvertibleType.asObservable()`, not the real library; synchronous, single-threaded.
    /// Returns the sequence as an `Observable`.
    func asObservable() -> Observable<Element>
}

/// A minimal stand-in for RxSwift's `ObservableType`, not the real library; synchronous, single-threaded.
///
/// A sequence that observers can subscribe to. All operators in this
/// stand-in are extensions of this protocol, as in RxSwift.
public protocol ObservableType: ObservableConvertibleType {
    /// A minimal stand-in for RxSwift's `ObservableType.subscribe(_:)`, not the real library; synchronous, single-threaded.
    /// Starts delivering events to `observer` (possibly some immediately,
    /// before returning) until the returned disposable is disposed.
    func subscribe<Observer: ObserverType>(_ observer: Observer) -> Disposable where Observer.Element == Element
}

extension ObservableType {
    /// A minimal stand-in for RxSwift's `ObservableType.asObservable()`, not the real library; synchronous, single-threaded.
    /// Wraps this sequence in an `Observable`.
    public func asObservable() -> Observable<Element> {
        Observable.create { observer in self.subscribe(observer) }
    }
}

/// A minimal stand-in for RxSwift's `Observable`, not the real library; synchronous, single-threaded.
///
/// The base class of every sequence: create one with `Observable.create`,
/// `Observable.just`, `Observable.of`, a subject, a relay or an operator,
/// then `subscribe` to it. Events are delivered synchronously.
public class Observable<Element>: ObservableType {

    init() {}

    /// A minimal stand-in for RxSwift's `Observable.subscribe(_:)`, not the real library; synchronous, single-threaded.
    /// Subclasses deliver events to `observer`; the base class has no events.
    public func subscribe<Observer: ObserverType>(_ observer: Observer) -> Disposable
    where Observer.Element == Element {
        fatalError("Abstract method Observable.subscribe(_:) (RxSwift stand-in)")
    }

    /// A minimal stand-in for RxSwift's `Observable.asObservable()`, not the real library; synchronous, single-threaded.
    /// Returns `self`.
    public func asObservable() -> Observable<Element> {
        self
    }
}

/// An observable defined by a subscribe closure (`Observable.create`).
final class AnonymousObservable<Element>: Observable<Element> {
    private let subscribeHandler: (AnyObserver<Element>) -> Disposable

    init(_ subscribeHandler: @escaping (AnyObserver<Element>) -> Disposable) {
        self.subscribeHandler = subscribeHandler
    }

    override func subscribe<Observer: ObserverType>(_ observer: Observer) -> Disposable
    where Observer.Element == Element {
        let sink = AnonymousSink(observer)
        let inner = subscribeHandler(AnyObserver(eventHandler: { event in sink.on(event) }))
        sink.setInner(inner)
        return sink
    }
}

/// Guards an observer: no events after a stop event or after dispose, and
/// disposes the producer's resources after a stop event.
final class AnonymousSink<Observer: ObserverType>: Cancelable {
    private var observer: Observer?
    private let inner = SingleAssignmentDisposable()
    private var isStopped = false
    private(set) var isDisposed = false

    init(_ observer: Observer) {
        self.observer = observer
    }

    func setInner(_ disposable: Disposable) {
        inner.setDisposable(disposable)
    }

    func on(_ event: Event<Observer.Element>) {
        guard !isDisposed, !isStopped, let observer else { return }
        if event.isStopEvent {
            isStopped = true
        }
        observer.on(event)
        if event.isStopEvent {
            dispose()
        }
    }

    func dispose() {
        guard !isDisposed else { return }
        isDisposed = true
        observer = nil
        inner.dispose()
    }
}

// MARK: - Creating sequences

extension ObservableType {
    /// A minimal stand-in for RxSwift's `Observable.create(_:)`, not the real library; synchronous, single-threaded.
    /// Each subscription runs `subscribe` with an observer to emit to; the
    /// returned disposable is disposed when the subscription ends. Events after
    /// `.error`/`.completed` or after disposal are ignored.
    public static func create(_ subscribe: @escaping (AnyObserver<Element>) -> Disposable) -> Observable<Element> {
        AnonymousObservable(subscribe)
    }

    /// A minimal stand-in for RxSwift's `Observable.just(_:)`, not the real library; synchronous, single-threaded.
    /// Emits `element`, then completes, during `subscribe`.
    public static func just(_ element: Element) -> Observable<Element> {
        Observable.create { observer in
            observer.onNext(element)
            observer.onCompleted()
            return Disposables.create()
        }
    }

    /// A minimal stand-in for RxSwift's `Observable.of(_:)`, not the real library; synchronous, single-threaded.
    /// Emits the elements in order, then completes, during `subscribe`.
    public static func of(_ elements: Element...) -> Observable<Element> {
        from(elements)
    }

    /// A minimal stand-in for RxSwift's `Observable.from(_:)`, not the real library; synchronous, single-threaded.
    /// Emits the array's elements in order, then completes, during `subscribe`.
    public static func from(_ array: [Element]) -> Observable<Element> {
        Observable.create { observer in
            for element in array {
                observer.onNext(element)
            }
            observer.onCompleted()
            return Disposables.create()
        }
    }

    /// A minimal stand-in for RxSwift's `Observable.empty()`, not the real library; synchronous, single-threaded.
    /// Completes immediately without elements.
    public static func empty() -> Observable<Element> {
        Observable.create { observer in
            observer.onCompleted()
            return Disposables.create()
        }
    }

    /// A minimal stand-in for RxSwift's `Observable.never()`, not the real library; synchronous, single-threaded.
    /// Never emits anything.
    public static func never() -> Observable<Element> {
        Observable.create { _ in Disposables.create() }
    }

    /// A minimal stand-in for RxSwift's `Observable.error(_:)`, not the real library; synchronous, single-threaded.
    /// Fails immediately with `error`.
    public static func error(_ error: Swift.Error) -> Observable<Element> {
        Observable.create { observer in
            observer.onError(error)
            return Disposables.create()
        }
    }

    /// A minimal stand-in for RxSwift's `Observable.deferred(_:)`, not the real library; synchronous, single-threaded.
    /// Calls `observableFactory` for each subscription and subscribes to its result.
    public static func deferred(_ observableFactory: @escaping () throws -> Observable<Element>) -> Observable<Element>
    {
        Observable.create { observer in
            do {
                return try observableFactory().subscribe(observer)
            } catch {
                observer.onError(error)
                return Disposables.create()
            }
        }
    }
}

// MARK: - Subscribing

extension ObservableType {
    /// A minimal stand-in for RxSwift's `ObservableType.subscribe(_:)` (event closure), not the real library; synchronous, single-threaded.
    /// Calls `on` with every event, synchronously.
    public func subscribe(_ on: @escaping (Event<Element>) -> Void) -> Disposable {
        subscribe(AnyObserver(eventHandler: on))
    }

    /// A minimal stand-in for RxSwift's `ObservableType.subscribe(onNext:onError:onCompleted:onDisposed:)`,
    /// not the real library; synchronous, single-threaded.
    /// Calls the given closures for each event, synchronously (a subject or
    /// relay with a current value calls `onNext` before this returns).
    /// `onDisposed` runs after `onError`/`onCompleted` or when the returned
    /// disposable is disposed. An error with no `onError` is printed as
    /// `Unhandled error happened: ...`, as RxSwift does in debug builds.
    public func subscribe(
        onNext: ((Element) -> Void)? = nil,
        onError: ((Swift.Error) -> Void)? = nil,
        onCompleted: (() -> Void)? = nil,
        onDisposed: (() -> Void)? = nil
    ) -> Disposable {
        let disposedAction: Cancelable = onDisposed.map { Disposables.create(with: $0) } ?? Disposables.create(with: {})
        let observer = AnyObserver<Element> { event in
            switch event {
            case .next(let value):
                onNext?(value)
            case .error(let error):
                if let onError {
                    onError(error)
                } else {
                    print("Unhandled error happened: \(error)")
                }
                disposedAction.dispose()
            case .completed:
                onCompleted?()
                disposedAction.dispose()
            }
        }
        return Disposables.create(asObservable().subscribe(observer), disposedAction)
    }

    /// A minimal stand-in for RxSwift's `ObservableType.subscribe(with:onNext:onError:onCompleted:onDisposed:)`,
    /// not the real library; synchronous, single-threaded.
    /// Like `subscribe(onNext:...)`, but passes `object` (held weakly) to each
    /// closure; events arriving after `object` is gone are ignored.
    public func subscribe<Object: AnyObject>(
        with object: Object,
        onNext: ((Object, Element) -> Void)? = nil,
        onError: ((Object, Swift.Error) -> Void)? = nil,
        onCompleted: ((Object) -> Void)? = nil,
        onDisposed: ((Object) -> Void)? = nil
    ) -> Disposable {
        subscribe(
            onNext: onNext.map { handler in
                { [weak object] value in
                    guard let object else { return }
                    handler(object, value)
                }
            },
            onError: onError.map { handler in
                { [weak object] error in
                    guard let object else { return }
                    handler(object, error)
                }
            },
            onCompleted: onCompleted.map { handler in
                { [weak object] in
                    guard let object else { return }
                    handler(object)
                }
            },
            onDisposed: onDisposed.map { handler in
                { [weak object] in
                    guard let object else { return }
                    handler(object)
                }
            }
        )
    }
}
