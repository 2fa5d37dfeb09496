extension ObservableType {
    /// Subscribes an event closure (internal helper; avoids the trailing-closure
    /// ambiguity between `subscribe(_:)` and `subscribe(onNext:...)`).
    func subscribeEvents(_ on: @escaping (Event<Element>) -> Void) -> Disposable {
        asObservable().subscribe(AnyObserver(eventHandler: on))
    }
}

// MARK: - Transforming

extension ObservableType {
    /// A minimal stand-in for RxSwift's `map(_:)`, not the real library; synchronous, single-threaded.
    /// Emits `transform(element)` for each element; a thrown error terminates the sequence.
    public func map<Result>(_ transform: @escaping (Element) throws -> Result) -> Observable<Result> {
        Observable<Result>.create { observer in
            self.subscribeEvents { event in
                switch event {
                case .next(let element):
                    do {
                        observer.onNext(try transform(element))
                    } catch {
                        observer.onError(error)
                    }
                case .error(let error):
                    observer.onError(error)
                case .completed:
                    observer.onCompleted()
                }
            }
        }
    }

    /// A minimal stand-in for RxSwift's `compactMap(_:)`, not the real library; synchronous, single-threaded.
    /// Emits the non-`nil` results of `transform`.
    public func compactMap<Result>(_ transform: @escaping (Element) throws -> Result?) -> Observable<Result> {
        Observable<Result>.create { observer in
            self.subscribeEvents { event in
                switch event {
                case .next(let element):
                    do {
                        if let result = try transform(element) {
                            observer.onNext(result)
                        }
                    } catch {
                        observer.onError(error)
                    }
                case .error(let error):
                    observer.onError(error)
                case .completed:
                    observer.onCompleted()
                }
            }
        }
    }

    /// A minimal stand-in for RxSwift's `filter(_:)`, not the real library; synchronous, single-threaded.
    /// Emits only the elements for which `predicate` returns `true`.
    public func filter(_ predicate: @escaping (Element) throws -> Bool) -> Observable<Element> {
        Observable<Element>.create { observer in
            self.subscribeEvents { event in
                switch event {
                case .next(let element):
                    do {
                        if try predicate(element) {
                            observer.onNext(element)
                        }
                    } catch {
                        observer.onError(error)
                    }
                case .error, .completed:
                    observer.on(event)
                }
            }
        }
    }

    /// A minimal stand-in for RxSwift's `distinctUntilChanged(_:)` (comparer), not the real library; synchronous, single-threaded.
    /// Skips an element when `comparer(previous, element)` returns `true`.
    public func distinctUntilChanged(_ comparer: @escaping (Element, Element) throws -> Bool) -> Observable<Element> {
        Observable<Element>.create { observer in
            var previous: Element?
            return self.subscribeEvents { event in
                switch event {
                case .next(let element):
                    do {
                        if let last = previous, try comparer(last, element) {
                            return
                        }
                        previous = element
                        observer.onNext(element)
                    } catch {
                        observer.onError(error)
                    }
                case .error, .completed:
                    observer.on(event)
                }
            }
        }
    }

    /// A minimal stand-in for RxSwift's `distinctUntilChanged(_:)` (key selector), not the real library; synchronous, single-threaded.
    /// Skips an element whose key equals the previous element's key.
    public func distinctUntilChanged<Key: Equatable>(_ keySelector: @escaping (Element) throws -> Key) -> Observable<
        Element
    > {
        distinctUntilChanged { try keySelector($0) == keySelector($1) }
    }

    /// A minimal stand-in for RxSwift's `distinctUntilChanged(at:)`, not the real library; synchronous, single-threaded.
    /// Skips an element whose property at `keyPath` equals the previous one's.
    public func distinctUntilChanged<Property: Equatable>(at keyPath: KeyPath<Element, Property>) -> Observable<Element>
    {
        distinctUntilChanged { $0[keyPath: keyPath] == $1[keyPath: keyPath] }
    }

    /// A minimal stand-in for RxSwift's `startWith(_:)`, not the real library; synchronous, single-threaded.
    /// Emits `elements` first, then the source's events.
    public func startWith(_ elements: Element...) -> Observable<Element> {
        Observable<Element>.create { observer in
            for element in elements {
                observer.onNext(element)
            }
            return self.subscribeEvents(observer.on)
        }
    }

    /// A minimal stand-in for RxSwift's `skip(_:)`, not the real library; synchronous, single-threaded.
    /// Drops the first `count` elements.
    public func skip(_ count: Int) -> Observable<Element> {
        Observable<Element>.create { observer in
            var remaining = count
            return self.subscribeEvents { event in
                if case .next = event, remaining > 0 {
                    remaining -= 1
                    return
                }
                observer.on(event)
            }
        }
    }

    /// A minimal stand-in for RxSwift's `take(_:)`, not the real library; synchronous, single-threaded.
    /// Emits the first `count` elements, then completes and unsubscribes from the source.
    public func take(_ count: Int) -> Observable<Element> {
        Observable<Element>.create { observer in
            if count <= 0 {
                observer.onCompleted()
                return Disposables.create()
            }
            var taken = 0
            return self.subscribeEvents { event in
                switch event {
                case .next(let element):
                    guard taken < count else { return }
                    taken += 1
                    observer.onNext(element)
                    if taken == count {
                        observer.onCompleted()
                    }
                case .error, .completed:
                    observer.on(event)
                }
            }
        }
    }

    /// A minimal stand-in for RxSwift's `scan(_:accumulator:)`, not the real library; synchronous, single-threaded.
    /// Emits each intermediate result of folding the elements into `seed`.
    public func scan<A>(_ seed: A, accumulator: @escaping (A, Element) throws -> A) -> Observable<A> {
        Observable<A>.create { observer in
            var state = seed
            return self.subscribeEvents { event in
                switch event {
                case .next(let element):
                    do {
                        state = try accumulator(state, element)
                        observer.onNext(state)
                    } catch {
                        observer.onError(error)
                    }
                case .error(let error):
                    observer.onError(error)
                case .completed:
                    observer.onCompleted()
                }
            }
        }
    }

    /// A minimal stand-in for RxSwift's `scan(into:accumulator:)`, not the real library; synchronous, single-threaded.
    /// Like `scan(_:accumulator:)`, mutating the accumulated value in place.
    public func scan<A>(into seed: A, accumulator: @escaping (inout A, Element) throws -> Void) -> Observable<A> {
        scan(seed) { state, element in
            var next = state
            try accumulator(&next, element)
            return next
        }
    }

    /// A minimal stand-in for RxSwift's `do(onNext:afterNext:onError:afterError:onCompleted:afterCompleted:onSubscribe:onSubscribed:onDispose:)`,
    /// not the real library; synchronous, single-threaded.
    /// Runs side effects around each event and around subscription/disposal,
    /// passing the events through unchanged; a thrown error becomes `.error`.
    public func `do`(
        onNext: ((Element) throws -> Void)? = nil,
        afterNext: ((Element) throws -> Void)? = nil,
        onError: ((Swift.Error) throws -> Void)? = nil,
        afterError: ((Swift.Error) throws -> Void)? = nil,
        onCompleted: (() throws -> Void)? = nil,
        afterCompleted: (() throws -> Void)? = nil,
        onSubscribe: (() -> Void)? = nil,
        onSubscribed: (() -> Void)? = nil,
        onDispose: (() -> Void)? = nil
    ) -> Observable<Element> {
        Observable<Element>.create { observer in
            onSubscribe?()
            let subscription = self.subscribeEvents { event in
                do {
                    switch event {
                    case .next(let element):
                        try onNext?(element)
                        observer.on(event)
                        try afterNext?(element)
                    case .error(let error):
                        try onError?(error)
                        observer.on(event)
                        try afterError?(error)
                    case .completed:
                        try onCompleted?()
                        observer.on(event)
                        try afterCompleted?()
                    }
                } catch {
                    observer.onError(error)
                }
            }
            onSubscribed?()
            return Disposables.create {
                subscription.dispose()
                onDispose?()
            }
        }
    }
}

extension ObservableType where Element: Equatable {
    /// A minimal stand-in for RxSwift's `distinctUntilChanged()`, not the real library; synchronous, single-threaded.
    /// Skips an element equal (`==`) to the previously emitted one.
    public func distinctUntilChanged() -> Observable<Element> {
        distinctUntilChanged { $0 == $1 }
    }
}

// MARK: - Error handling

extension ObservableType {
    /// A minimal stand-in for RxSwift's `catch(_:)`, not the real library; synchronous, single-threaded.
    /// On error, continues with the sequence returned by `handler`.
    public func `catch`(_ handler: @escaping (Swift.Error) throws -> Observable<Element>) -> Observable<Element> {
        Observable<Element>.create { observer in
            let fallback = SingleAssignmentDisposable()
            let source = self.subscribeEvents { event in
                switch event {
                case .next, .completed:
                    observer.on(event)
                case .error(let error):
                    do {
                        fallback.setDisposable(try handler(error).subscribe(observer))
                    } catch {
                        observer.onError(error)
                    }
                }
            }
            return Disposables.create(source, fallback)
        }
    }

    /// A minimal stand-in for RxSwift's `catchAndReturn(_:)`, not the real library; synchronous, single-threaded.
    /// On error, emits `element` and completes.
    public func catchAndReturn(_ element: Element) -> Observable<Element> {
        `catch` { _ in Observable.just(element) }
    }
}

// MARK: - Schedulers (no-ops)

/// A minimal stand-in for RxSwift's `ImmediateSchedulerType`, not the real library; synchronous, single-threaded.
/// Here schedulers never defer work: everything runs immediately on the caller's thread.
public protocol ImmediateSchedulerType {}

/// A minimal stand-in for RxSwift's `SchedulerType`, not the real library; synchronous, single-threaded.
/// Here schedulers never defer work: everything runs immediately on the caller's thread.
public protocol SchedulerType: ImmediateSchedulerType {}

/// A minimal stand-in for RxSwift's `MainScheduler`, not the real library; synchronous, single-threaded.
///
/// Exists so that `observe(on: MainScheduler.instance)` and the `Binder`
/// scheduler argument compile; it does not schedule anything, because in
/// this stand-in every event is already delivered synchronously.
public final class MainScheduler: SchedulerType, Sendable {
    /// A minimal stand-in for RxSwift's `MainScheduler.init()`, not the real library; synchronous, single-threaded.
    public init() {}

    /// A minimal stand-in for RxSwift's `MainScheduler.instance`, not the real library; synchronous, single-threaded.
    /// Does not schedule anything.
    public static let instance = MainScheduler()

    /// A minimal stand-in for RxSwift's `MainScheduler.asyncInstance`, not the real library; synchronous, single-threaded.
    /// Does not schedule anything (in particular, it is NOT asynchronous here).
    public static let asyncInstance = MainScheduler()
}

extension ObservableType {
    /// A minimal stand-in for RxSwift's `observe(on:)`, not the real library; synchronous, single-threaded.
    /// Here a no-op: events stay synchronous on the caller's thread.
    public func observe(on scheduler: ImmediateSchedulerType) -> Observable<Element> {
        asObservable()
    }

    /// A minimal stand-in for RxSwift's `subscribe(on:)`, not the real library; synchronous, single-threaded.
    /// Here a no-op: subscription happens synchronously on the caller's thread.
    public func subscribe(on scheduler: ImmediateSchedulerType) -> Observable<Element> {
        asObservable()
    }
}
