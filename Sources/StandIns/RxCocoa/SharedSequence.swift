import RxRelay
import RxSwift

/// A minimal stand-in for RxCocoa's `SharingStrategyProtocol`, not the real library; synchronous, single-threaded.
/// Decides how a `SharedSequence` shares its source.
public protocol SharingStrategyProtocol {
    /// A minimal stand-in for RxCocoa's `SharingStrategyProtocol.share(_:)`, not the real library; synchronous, single-threaded.
    static func share<Element>(_ source: Observable<Element>) -> Observable<Element>
}

/// A minimal stand-in for RxCocoa's `DriverSharingStrategy`, not the real library; synchronous, single-threaded.
/// Shares with `share(replay: 1, scope: .whileConnected)`: new subscribers get the latest element.
public struct DriverSharingStrategy: SharingStrategyProtocol {
    /// A minimal stand-in for RxCocoa's `DriverSharingStrategy.share(_:)`, not the real library; synchronous, single-threaded.
    public static func share<Element>(_ source: Observable<Element>) -> Observable<Element> {
        source.share(replay: 1, scope: .whileConnected)
    }
}

/// A minimal stand-in for RxCocoa's `SignalSharingStrategy`, not the real library; synchronous, single-threaded.
/// Shares with `share(scope: .whileConnected)`: no replay.
public struct SignalSharingStrategy: SharingStrategyProtocol {
    /// A minimal stand-in for RxCocoa's `SignalSharingStrategy.share(_:)`, not the real library; synchronous, single-threaded.
    public static func share<Element>(_ source: Observable<Element>) -> Observable<Element> {
        source.share(scope: .whileConnected)
    }
}

/// A minimal stand-in for RxCocoa's `SharedSequenceConvertibleType`, not the real library; synchronous, single-threaded.
public protocol SharedSequenceConvertibleType: ObservableConvertibleType {
    /// A minimal stand-in for RxCocoa's `SharedSequenceConvertibleType.SharingStrategy`, not the real library; synchronous, single-threaded.
    associatedtype SharingStrategy: SharingStrategyProtocol

    /// A minimal stand-in for RxCocoa's `SharedSequenceConvertibleType.asSharedSequence()`, not the real library; synchronous, single-threaded.
    func asSharedSequence() -> SharedSequence<SharingStrategy, Element>
}

/// A minimal stand-in for RxCocoa's `SharedSequence`, not the real library; synchronous, single-threaded.
///
/// A sequence that never errors and shares one subscription among its
/// subscribers (`Driver` replays the latest element, `Signal` does not).
/// There is no main-thread hop: delivery is synchronous.
public struct SharedSequence<SharingStrategy: SharingStrategyProtocol, Element>: SharedSequenceConvertibleType {
    let source: Observable<Element>

    init(_ source: Observable<Element>) {
        self.source = SharingStrategy.share(source)
    }

    /// A minimal stand-in for RxCocoa's `SharedSequence.asObservable()`, not the real library; synchronous, single-threaded.
    public func asObservable() -> Observable<Element> {
        source
    }

    /// A minimal stand-in for RxCocoa's `SharedSequence.asSharedSequence()`, not the real library; synchronous, single-threaded.
    public func asSharedSequence() -> SharedSequence<SharingStrategy, Element> {
        self
    }
}

/// A minimal stand-in for RxCocoa's `Driver`, not the real library; synchronous, single-threaded.
/// Never errors, replays its latest element to new subscribers; consume it with `drive`.
public typealias Driver<Element> = SharedSequence<DriverSharingStrategy, Element>

/// A minimal stand-in for RxCocoa's `Signal`, not the real library; synchronous, single-threaded.
/// Never errors, does not replay; consume it with `emit`.
public typealias Signal<Element> = SharedSequence<SignalSharingStrategy, Element>

// MARK: - Creating and transforming

extension SharedSequence {
    /// A minimal stand-in for RxCocoa's `SharedSequence.just(_:)`, not the real library; synchronous, single-threaded.
    /// Emits `element`, then completes.
    public static func just(_ element: Element) -> SharedSequence<SharingStrategy, Element> {
        SharedSequence(Observable.just(element))
    }

    /// A minimal stand-in for RxCocoa's `SharedSequence.empty()`, not the real library; synchronous, single-threaded.
    /// Completes without elements.
    public static func empty() -> SharedSequence<SharingStrategy, Element> {
        SharedSequence(Observable.empty())
    }

    /// A minimal stand-in for RxCocoa's `SharedSequence.never()`, not the real library; synchronous, single-threaded.
    /// Never emits.
    public static func never() -> SharedSequence<SharingStrategy, Element> {
        SharedSequence(Observable.never())
    }
}

extension SharedSequenceConvertibleType {
    /// A minimal stand-in for RxCocoa's `SharedSequence.map(_:)`, not the real library; synchronous, single-threaded.
    public func map<Result>(_ selector: @escaping (Element) -> Result) -> SharedSequence<SharingStrategy, Result> {
        SharedSequence(asObservable().map(selector))
    }

    /// A minimal stand-in for RxCocoa's `SharedSequence.compactMap(_:)`, not the real library; synchronous, single-threaded.
    public func compactMap<Result>(_ selector: @escaping (Element) -> Result?) -> SharedSequence<
        SharingStrategy, Result
    > {
        SharedSequence(asObservable().compactMap(selector))
    }

    /// A minimal stand-in for RxCocoa's `SharedSequence.filter(_:)`, not the real library; synchronous, single-threaded.
    public func filter(_ predicate: @escaping (Element) -> Bool) -> SharedSequence<SharingStrategy, Element> {
        SharedSequence(asObservable().filter(predicate))
    }

    /// A minimal stand-in for RxCocoa's `SharedSequence.startWith(_:)`, not the real library; synchronous, single-threaded.
    public func startWith(_ element: Element) -> SharedSequence<SharingStrategy, Element> {
        SharedSequence(asObservable().startWith(element))
    }
}

extension SharedSequenceConvertibleType where Element: Equatable {
    /// A minimal stand-in for RxCocoa's `SharedSequence.distinctUntilChanged()`, not the real library; synchronous, single-threaded.
    public func distinctUntilChanged() -> SharedSequence<SharingStrategy, Element> {
        SharedSequence(asObservable().distinctUntilChanged())
    }
}

// MARK: - Converting

extension ObservableConvertibleType {
    /// A minimal stand-in for RxCocoa's `asDriver(onErrorJustReturn:)`, not the real library; synchronous, single-threaded.
    /// On error, emits `onErrorJustReturn` and completes.
    public func asDriver(onErrorJustReturn: Element) -> Driver<Element> {
        Driver(asObservable().catchAndReturn(onErrorJustReturn))
    }

    /// A minimal stand-in for RxCocoa's `asDriver(onErrorDriveWith:)`, not the real library; synchronous, single-threaded.
    /// On error, continues with `onErrorDriveWith`.
    public func asDriver(onErrorDriveWith: Driver<Element>) -> Driver<Element> {
        Driver(asObservable().catch { _ in onErrorDriveWith.asObservable() })
    }

    /// A minimal stand-in for RxCocoa's `asDriver(onErrorRecover:)`, not the real library; synchronous, single-threaded.
    /// On error, continues with the driver returned by `onErrorRecover`.
    public func asDriver(onErrorRecover: @escaping (_ error: Swift.Error) -> Driver<Element>) -> Driver<Element> {
        Driver(asObservable().catch { onErrorRecover($0).asObservable() })
    }

    /// A minimal stand-in for RxCocoa's `asSignal(onErrorJustReturn:)`, not the real library; synchronous, single-threaded.
    /// On error, emits `onErrorJustReturn` and completes.
    public func asSignal(onErrorJustReturn: Element) -> Signal<Element> {
        Signal(asObservable().catchAndReturn(onErrorJustReturn))
    }

    /// A minimal stand-in for RxCocoa's `asSignal(onErrorSignalWith:)`, not the real library; synchronous, single-threaded.
    /// On error, continues with `onErrorSignalWith`.
    public func asSignal(onErrorSignalWith: Signal<Element>) -> Signal<Element> {
        Signal(asObservable().catch { _ in onErrorSignalWith.asObservable() })
    }
}

extension ControlEvent {
    /// A minimal stand-in for RxCocoa's `ControlEvent.asDriver()`, not the real library; synchronous, single-threaded.
    public func asDriver() -> Driver<Element> {
        Driver(asObservable())
    }

    /// A minimal stand-in for RxCocoa's `ControlEvent.asSignal()`, not the real library; synchronous, single-threaded.
    public func asSignal() -> Signal<Element> {
        Signal(asObservable())
    }
}

extension ControlProperty {
    /// A minimal stand-in for RxCocoa's `ControlProperty.asDriver()`, not the real library; synchronous, single-threaded.
    public func asDriver() -> Driver<Element> {
        Driver(asObservable())
    }
}

extension BehaviorRelay {
    /// A minimal stand-in for RxCocoa's `BehaviorRelay.asDriver()`, not the real library; synchronous, single-threaded.
    /// Starts with the relay's current value.
    public func asDriver() -> Driver<Element> {
        Driver(asObservable())
    }
}

extension PublishRelay {
    /// A minimal stand-in for RxCocoa's `PublishRelay.asSignal()`, not the real library; synchronous, single-threaded.
    public func asSignal() -> Signal<Element> {
        Signal(asObservable())
    }
}

// MARK: - drive / emit

extension SharedSequenceConvertibleType where SharingStrategy == DriverSharingStrategy {
    /// A minimal stand-in for RxCocoa's `Driver.drive(_:)` (observers), not the real library; synchronous, single-threaded.
    /// Subscribes the observers (e.g. `label.rx.text`); values arrive synchronously.
    public func drive<Observer: ObserverType>(_ observers: Observer...) -> Disposable
    where Observer.Element == Element {
        asObservable().subscribe(
            AnyObserver<Element> { event in
                for observer in observers { observer.on(event) }
            })
    }

    /// A minimal stand-in for RxCocoa's `Driver.drive(_:)` (optional observers), not the real library; synchronous, single-threaded.
    /// Like `drive(_:)`, wrapping each element in `Optional`.
    public func drive<Observer: ObserverType>(_ observers: Observer...) -> Disposable
    where Observer.Element == Element? {
        asObservable().map { $0 as Element? }.subscribe(
            AnyObserver<Element?> { event in
                for observer in observers { observer.on(event) }
            })
    }

    /// A minimal stand-in for RxCocoa's `Driver.drive(_:)` (behavior relays), not the real library; synchronous, single-threaded.
    public func drive(_ relays: BehaviorRelay<Element>...) -> Disposable {
        asObservable().subscribe(onNext: { element in
            for relay in relays { relay.accept(element) }
        })
    }

    /// A minimal stand-in for RxCocoa's `Driver.drive(onNext:onCompleted:onDisposed:)`, not the real library; synchronous, single-threaded.
    public func drive(
        onNext: ((Element) -> Void)? = nil,
        onCompleted: (() -> Void)? = nil,
        onDisposed: (() -> Void)? = nil
    ) -> Disposable {
        asObservable().subscribe(onNext: onNext, onCompleted: onCompleted, onDisposed: onDisposed)
    }

    /// A minimal stand-in for RxCocoa's `Driver.drive(with:onNext:onCompleted:onDisposed:)`, not the real library; synchronous, single-threaded.
    /// Passes `object` (held weakly) to each closure.
    public func drive<Object: AnyObject>(
        with object: Object,
        onNext: ((Object, Element) -> Void)? = nil,
        onCompleted: ((Object) -> Void)? = nil,
        onDisposed: ((Object) -> Void)? = nil
    ) -> Disposable {
        asObservable().subscribe(with: object, onNext: onNext, onCompleted: onCompleted, onDisposed: onDisposed)
    }
}

extension SharedSequenceConvertibleType where SharingStrategy == SignalSharingStrategy {
    /// A minimal stand-in for RxCocoa's `Signal.emit(to:)` (observers), not the real library; synchronous, single-threaded.
    public func emit<Observer: ObserverType>(to observers: Observer...) -> Disposable
    where Observer.Element == Element {
        asObservable().subscribe(
            AnyObserver<Element> { event in
                for observer in observers { observer.on(event) }
            })
    }

    /// A minimal stand-in for RxCocoa's `Signal.emit(to:)` (optional observers), not the real library; synchronous, single-threaded.
    public func emit<Observer: ObserverType>(to observers: Observer...) -> Disposable
    where Observer.Element == Element? {
        asObservable().map { $0 as Element? }.subscribe(
            AnyObserver<Element?> { event in
                for observer in observers { observer.on(event) }
            })
    }

    /// A minimal stand-in for RxCocoa's `Signal.emit(to:)` (publish relays), not the real library; synchronous, single-threaded.
    public func emit(to relays: PublishRelay<Element>...) -> Disposable {
        asObservable().subscribe(onNext: { element in
            for relay in relays { relay.accept(element) }
        })
    }

    /// A minimal stand-in for RxCocoa's `Signal.emit(onNext:onCompleted:onDisposed:)`, not the real library; synchronous, single-threaded.
    public func emit(
        onNext: ((Element) -> Void)? = nil,
        onCompleted: (() -> Void)? = nil,
        onDisposed: (() -> Void)? = nil
    ) -> Disposable {
        asObservable().subscribe(onNext: onNext, onCompleted: onCompleted, onDisposed: onDisposed)
    }

    /// A minimal stand-in for RxCocoa's `Signal.emit(with:onNext:onCompleted:onDisposed:)`, not the real library; synchronous, single-threaded.
    /// Passes `object` (held weakly) to each closure.
    public func emit<Object: AnyObject>(
        with object: Object,
        onNext: ((Object, Element) -> Void)? = nil,
        onCompleted: ((Object) -> Void)? = nil,
        onDisposed: ((Object) -> Void)? = nil
    ) -> Disposable {
        asObservable().subscribe(with: object, onNext: onNext, onCompleted: onCompleted, onDisposed: onDisposed)
    }
}
