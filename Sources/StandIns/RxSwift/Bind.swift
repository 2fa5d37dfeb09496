extension ObservableType {
    /// A minimal stand-in for RxSwift's `bind(to:)` (observers), not the real library; synchronous, single-threaded.
    /// Subscribes every observer (e.g. a `Binder` such as `label.rx.text`, or a
    /// subject) to this sequence; values are delivered synchronously, starting
    /// with the current value of a relay or subject. A binding error stops
    /// the program, as in RxSwift debug builds.
    public func bind<Observer: ObserverType>(to observers: Observer...) -> Disposable
    where Observer.Element == Element {
        subscribeEvents { event in
            if case .error(let error) = event {
                fatalError("Binding error: \(error)")
            }
            for observer in observers {
                observer.on(event)
            }
        }
    }

    /// A minimal stand-in for RxSwift's `bind(to:)` (optional observers), not the real library; synchronous, single-threaded.
    /// Like `bind(to:)`, wrapping each element in `Optional` so that a
    /// `String` sequence can bind to a `Binder<String?>` such as `label.rx.text`.
    public func bind<Observer: ObserverType>(to observers: Observer...) -> Disposable
    where Observer.Element == Element? {
        map { $0 as Element? }.subscribeEvents { event in
            if case .error(let error) = event {
                fatalError("Binding error: \(error)")
            }
            for observer in observers {
                observer.on(event)
            }
        }
    }

    /// A minimal stand-in for RxSwift's `bind(to:)` (curried binder), not the real library; synchronous, single-threaded.
    /// Returns `binder(self)`.
    public func bind<Result>(to binder: (Self) -> Result) -> Result {
        binder(self)
    }

    /// A minimal stand-in for RxSwift's `bind(onNext:)`, not the real library; synchronous, single-threaded.
    /// Calls `onNext` for each element; an error stops the program.
    public func bind(onNext: @escaping (Element) -> Void) -> Disposable {
        subscribe(
            onNext: onNext,
            onError: { error in
                fatalError("Binding error: \(error)")
            })
    }

    /// A minimal stand-in for RxSwift's `bind(with:onNext:)`, not the real library; synchronous, single-threaded.
    /// Calls `onNext(object, element)` for each element while `object` (held weakly) is alive.
    public func bind<Object: AnyObject>(with object: Object, onNext: @escaping (Object, Element) -> Void) -> Disposable
    {
        bind(onNext: { [weak object] element in
            guard let object else { return }
            onNext(object, element)
        })
    }
}
