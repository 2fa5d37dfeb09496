import RxSwift

/// A minimal stand-in for RxTest's `Subscription`, not the real library.
/// When a subscription began and ended, in virtual time; `Int.max` while it lasts.
public struct Subscription: Hashable, CustomDebugStringConvertible {
    /// A minimal stand-in for RxTest's `Subscription.subscribe`, not the real library.
    public let subscribe: TestTime
    /// A minimal stand-in for RxTest's `Subscription.unsubscribe`, not the real library.
    public let unsubscribe: TestTime

    /// A minimal stand-in for RxTest's `Subscription.init(_:)`, not the real library.
    /// A subscription that began at `subscribe` and was never disposed.
    public init(_ subscribe: TestTime) {
        self.init(subscribe, Int.max)
    }

    /// A minimal stand-in for RxTest's `Subscription.init(_:_:)`, not the real library.
    public init(_ subscribe: TestTime, _ unsubscribe: TestTime) {
        self.subscribe = subscribe
        self.unsubscribe = unsubscribe
    }

    /// A minimal stand-in for RxTest's `Subscription.debugDescription`, not the real library.
    /// `(200 : Infinity)` or `(200 : 1000)`, as RxTest prints it.
    public var debugDescription: String {
        "(\(subscribe) : \(unsubscribe == Int.max ? "Infinity" : String(unsubscribe)))"
    }
}

/// A minimal stand-in for RxTest's `TestableObservable` (its hot kind), not the real library.
///
/// Sends each recorded event at its virtual time to the observers subscribed
/// then, and records every subscription with the times it began and ended.
public final class TestableObservable<Element>: ObservableType {
    private let scheduler: TestScheduler
    private var observers: [(id: Int, on: (Event<Element>) -> Void)] = []
    private var nextID = 0

    /// A minimal stand-in for RxTest's `TestableObservable.recordedEvents`, not the real library.
    public let recordedEvents: [Recorded<Event<Element>>]
    /// A minimal stand-in for RxTest's `TestableObservable.subscriptions`, not the real library.
    /// Every subscription so far, in the order they began.
    public private(set) var subscriptions: [Subscription] = []

    init(scheduler: TestScheduler, recordedEvents: [Recorded<Event<Element>>]) {
        self.scheduler = scheduler
        self.recordedEvents = recordedEvents
        for recorded in recordedEvents {
            scheduler.scheduleAt(recorded.time) { [self] in
                for observer in observers { observer.on(recorded.value) }
            }
        }
    }

    /// A minimal stand-in for RxTest's `TestableObservable.subscribe(_:)`, not the real library.
    public func subscribe<Observer: ObserverType>(_ observer: Observer) -> Disposable
    where Observer.Element == Element {
        nextID += 1
        let id = nextID
        observers.append((id, observer.on))
        subscriptions.append(Subscription(scheduler.clock))
        let index = subscriptions.count - 1
        return Disposables.create { [weak self] in
            guard let self, observers.contains(where: { $0.id == id }) else { return }
            observers.removeAll { $0.id == id }
            subscriptions[index] = Subscription(subscriptions[index].subscribe, scheduler.clock)
        }
    }
}

/// A minimal stand-in for RxTest's `TestableObserver`, not the real library.
/// Records every event it gets with the scheduler's virtual time at that moment.
public final class TestableObserver<Element>: ObserverType {
    private let scheduler: TestScheduler

    /// A minimal stand-in for RxTest's `TestableObserver.events`, not the real library.
    public private(set) var events: [Recorded<Event<Element>>] = []

    /// A minimal stand-in for RxTest's `TestableObserver.elements`, not the real library.
    /// The elements of the recorded `.next` events.
    public var elements: [Element] {
        events.compactMap { $0.value.element }
    }

    init(scheduler: TestScheduler) {
        self.scheduler = scheduler
    }

    /// A minimal stand-in for RxTest's `TestableObserver.on(_:)`, not the real library.
    public func on(_ event: Event<Element>) {
        events.append(Recorded(time: scheduler.clock, value: event))
    }
}
