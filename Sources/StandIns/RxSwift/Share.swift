/// A minimal stand-in for RxSwift's `SubjectLifetimeScope`, not the real library; synchronous, single-threaded.
/// Chooses whether `share(replay:scope:)` forgets its replay buffer when the
/// last subscriber leaves.
public enum SubjectLifetimeScope {
    /// A minimal stand-in for RxSwift's `SubjectLifetimeScope.whileConnected`, not the real library; synchronous, single-threaded.
    /// The replay buffer is cleared when the last subscriber disposes or the source terminates.
    case whileConnected
    /// A minimal stand-in for RxSwift's `SubjectLifetimeScope.forever`, not the real library; synchronous, single-threaded.
    /// The replay buffer is kept across reconnections.
    case forever
}

/// Reference-counted multicast with a replay buffer (`share(replay:scope:)`).
final class ShareObservable<Element>: Observable<Element> {
    private let source: Observable<Element>
    private let replay: Int
    private let scope: SubjectLifetimeScope
    private let observers = ObserverList<Element>()
    private var buffer: [Element] = []
    private var connection: Disposable?
    private var connectionGeneration = 0
    private var active: Set<Int> = []

    init(source: Observable<Element>, replay: Int, scope: SubjectLifetimeScope) {
        self.source = source
        self.replay = max(0, replay)
        self.scope = scope
    }

    override func subscribe<Observer: ObserverType>(_ observer: Observer) -> Disposable
    where Observer.Element == Element {
        for element in buffer {
            observer.on(.next(element))
        }
        let id = observers.add(observer.on)
        active.insert(id)
        if active.count == 1 && connection == nil {
            connectionGeneration += 1
            let generation = connectionGeneration
            // The connection keeps this shared observable alive (as in
            // RxSwift) until the last subscriber leaves or the source ends.
            let subscription = source.subscribeEvents { event in
                self.forward(event)
            }
            if generation == connectionGeneration && !active.isEmpty {
                connection = subscription
            } else {
                subscription.dispose()
            }
        }
        return Disposables.create {
            guard self.active.remove(id) != nil else { return }
            self.observers.remove(id)
            if self.active.isEmpty {
                self.disconnect()
            }
        }
    }

    private func forward(_ event: Event<Element>) {
        switch event {
        case .next(let element):
            if replay > 0 {
                buffer.append(element)
                if buffer.count > replay {
                    buffer.removeFirst(buffer.count - replay)
                }
            }
            observers.dispatch(event)
        case .error, .completed:
            // Terminate: current subscribers get the stop event and are
            // dropped; later subscribers reconnect to the source.
            let finished = active
            active = []
            connectionGeneration += 1
            connection?.dispose()
            connection = nil
            if scope == .whileConnected {
                buffer = []
            }
            observers.dispatch(event)
            for id in finished {
                observers.remove(id)
            }
        }
    }

    private func disconnect() {
        connectionGeneration += 1
        connection?.dispose()
        connection = nil
        if scope == .whileConnected {
            buffer = []
        }
    }
}

extension ObservableType {
    /// A minimal stand-in for RxSwift's `share(replay:scope:)`, not the real library; synchronous, single-threaded.
    /// Shares one subscription to the source among all subscribers (connected
    /// on the first subscriber, disconnected when the last one leaves) and
    /// replays the last `replay` elements to each new subscriber.
    public func share(replay: Int = 0, scope: SubjectLifetimeScope = .whileConnected) -> Observable<Element> {
        ShareObservable(source: asObservable(), replay: replay, scope: scope)
    }
}
