// MARK: - combineLatest

/// Shared state of a combineLatest over `count` sources.
final class CombineLatestState<Value> {
    var values: [Value?]
    var completed: [Bool]
    let emit: ([Value]) -> Void

    init(count: Int, emit: @escaping ([Value]) -> Void) {
        values = Array(repeating: nil, count: count)
        completed = Array(repeating: false, count: count)
        self.emit = emit
    }

    func set(_ value: Value, at index: Int) {
        values[index] = value
        let present = values.compactMap { $0 }
        if present.count == values.count {
            emit(present)
        }
    }

    /// Returns `true` when the combined sequence should complete.
    func complete(at index: Int) -> Bool {
        completed[index] = true
        return values[index] == nil || !completed.contains(false)
    }
}

extension ObservableType {
    /// A minimal stand-in for RxSwift's `Observable.combineLatest(_:resultSelector:)` (collection), not the real library; synchronous, single-threaded.
    /// Once every source has emitted, emits `resultSelector` of their latest
    /// elements whenever any of them emits. Completes when all complete (or
    /// when one completes without ever emitting); fails on the first error.
    public static func combineLatest<Collection: Swift.Collection>(
        _ collection: Collection,
        resultSelector: @escaping ([Collection.Element.Element]) throws -> Element
    ) -> Observable<Element> where Collection.Element: ObservableType {
        let sources = Array(collection)
        return Observable<Element>.create { observer in
            if sources.isEmpty {
                observer.onCompleted()
                return Disposables.create()
            }
            let state = CombineLatestState<Collection.Element.Element>(count: sources.count) { values in
                do {
                    observer.onNext(try resultSelector(values))
                } catch {
                    observer.onError(error)
                }
            }
            var subscriptions: [Disposable] = []
            for (index, source) in sources.enumerated() {
                subscriptions.append(
                    source.subscribeEvents { event in
                        switch event {
                        case .next(let value):
                            state.set(value, at: index)
                        case .error(let error):
                            observer.onError(error)
                        case .completed:
                            if state.complete(at: index) {
                                observer.onCompleted()
                            }
                        }
                    })
            }
            return Disposables.create(subscriptions)
        }
    }

    /// A minimal stand-in for RxSwift's `Observable.combineLatest(_:_:resultSelector:)`, not the real library; synchronous, single-threaded.
    /// Once both sources have emitted, emits `resultSelector(latest1, latest2)`
    /// whenever either emits.
    public static func combineLatest<O1: ObservableType, O2: ObservableType>(
        _ source1: O1, _ source2: O2,
        resultSelector: @escaping (O1.Element, O2.Element) throws -> Element
    ) -> Observable<Element> {
        let boxed: [Observable<Any>] = [source1.map { $0 as Any }, source2.map { $0 as Any }]
        return combineLatest(boxed) { values in
            try resultSelector(values[0] as! O1.Element, values[1] as! O2.Element)
        }
    }

    /// A minimal stand-in for RxSwift's `Observable.combineLatest(_:_:_:resultSelector:)`, not the real library; synchronous, single-threaded.
    /// Once all three sources have emitted, emits `resultSelector` of the
    /// latest elements whenever any of them emits.
    public static func combineLatest<O1: ObservableType, O2: ObservableType, O3: ObservableType>(
        _ source1: O1, _ source2: O2, _ source3: O3,
        resultSelector: @escaping (O1.Element, O2.Element, O3.Element) throws -> Element
    ) -> Observable<Element> {
        let boxed: [Observable<Any>] = [
            source1.map { $0 as Any }, source2.map { $0 as Any }, source3.map { $0 as Any },
        ]
        return combineLatest(boxed) { values in
            try resultSelector(values[0] as! O1.Element, values[1] as! O2.Element, values[2] as! O3.Element)
        }
    }
}

extension ObservableType where Element == Any {
    /// A minimal stand-in for RxSwift's `Observable.combineLatest(_:_:)`, not the real library; synchronous, single-threaded.
    /// Like `combineLatest(_:_:resultSelector:)`, emitting tuples.
    public static func combineLatest<O1: ObservableType, O2: ObservableType>(
        _ source1: O1, _ source2: O2
    ) -> Observable<(O1.Element, O2.Element)> {
        Observable<(O1.Element, O2.Element)>.combineLatest(source1, source2) { ($0, $1) }
    }

    /// A minimal stand-in for RxSwift's `Observable.combineLatest(_:_:_:)`, not the real library; synchronous, single-threaded.
    /// Like `combineLatest(_:_:_:resultSelector:)`, emitting tuples.
    public static func combineLatest<O1: ObservableType, O2: ObservableType, O3: ObservableType>(
        _ source1: O1, _ source2: O2, _ source3: O3
    ) -> Observable<(O1.Element, O2.Element, O3.Element)> {
        Observable<(O1.Element, O2.Element, O3.Element)>.combineLatest(source1, source2, source3) { ($0, $1, $2) }
    }
}

extension ObservableType {
    /// A minimal stand-in for RxSwift's `Observable.combineLatest(_:)` (collection), not the real library; synchronous, single-threaded.
    /// Like `combineLatest(_:resultSelector:)`, emitting arrays of the latest elements.
    public static func combineLatest<Collection: Swift.Collection>(_ collection: Collection) -> Observable<[Element]>
    where Collection.Element: ObservableType, Collection.Element.Element == Element {
        Observable<[Element]>.combineLatest(collection) { $0 }
    }
}

// MARK: - merge

extension ObservableType {
    /// A minimal stand-in for RxSwift's `Observable.merge(_:)` (array), not the real library; synchronous, single-threaded.
    /// Emits every element of every source as it arrives; completes when all
    /// sources complete, fails on the first error.
    public static func merge(_ sources: [Observable<Element>]) -> Observable<Element> {
        Observable<Element>.create { observer in
            var remaining = sources.count
            if remaining == 0 {
                observer.onCompleted()
                return Disposables.create()
            }
            var subscriptions: [Disposable] = []
            for source in sources {
                subscriptions.append(
                    source.subscribeEvents { event in
                        switch event {
                        case .next, .error:
                            observer.on(event)
                        case .completed:
                            remaining -= 1
                            if remaining == 0 {
                                observer.onCompleted()
                            }
                        }
                    })
            }
            return Disposables.create(subscriptions)
        }
    }

    /// A minimal stand-in for RxSwift's `Observable.merge(_:...)`, not the real library; synchronous, single-threaded.
    /// Same as `merge(_:)` with an array.
    public static func merge(_ sources: Observable<Element>...) -> Observable<Element> {
        merge(sources)
    }
}

// MARK: - withLatestFrom

extension ObservableType {
    /// A minimal stand-in for RxSwift's `withLatestFrom(_:resultSelector:)`, not the real library; synchronous, single-threaded.
    /// For each element of this sequence, emits `resultSelector(element,
    /// latestOfSecond)` once `second` has emitted at least once (earlier
    /// elements are dropped). Completes with this sequence.
    public func withLatestFrom<Source: ObservableConvertibleType, ResultType>(
        _ second: Source,
        resultSelector: @escaping (Element, Source.Element) throws -> ResultType
    ) -> Observable<ResultType> {
        Observable<ResultType>.create { observer in
            var latest: Source.Element?
            let secondSubscription = second.asObservable().subscribeEvents { event in
                switch event {
                case .next(let value):
                    latest = value
                case .error(let error):
                    observer.onError(error)
                case .completed:
                    break
                }
            }
            let firstSubscription = self.subscribeEvents { event in
                switch event {
                case .next(let element):
                    guard let value = latest else { return }
                    do {
                        observer.onNext(try resultSelector(element, value))
                    } catch {
                        observer.onError(error)
                    }
                case .error(let error):
                    observer.onError(error)
                case .completed:
                    observer.onCompleted()
                }
            }
            return Disposables.create(firstSubscription, secondSubscription)
        }
    }

    /// A minimal stand-in for RxSwift's `withLatestFrom(_:)`, not the real library; synchronous, single-threaded.
    /// For each element of this sequence, emits the latest element of `second`.
    public func withLatestFrom<Source: ObservableConvertibleType>(_ second: Source) -> Observable<Source.Element> {
        withLatestFrom(second) { $1 }
    }
}

// MARK: - flatMap / flatMapLatest

extension ObservableType {
    /// A minimal stand-in for RxSwift's `flatMap(_:)`, not the real library; synchronous, single-threaded.
    /// Subscribes to the sequence `selector` returns for each element and
    /// emits all their elements; completes when this sequence and all inner
    /// sequences have completed.
    public func flatMap<Source: ObservableConvertibleType>(
        _ selector: @escaping (Element) throws -> Source
    ) -> Observable<Source.Element> {
        Observable<Source.Element>.create { observer in
            var innerSubscriptions: [Int: Disposable] = [:]
            var activeInner = 0
            var outerDone = false
            var nextID = 0
            let outer = self.subscribeEvents { event in
                switch event {
                case .next(let element):
                    let inner: Observable<Source.Element>
                    do {
                        inner = try selector(element).asObservable()
                    } catch {
                        observer.onError(error)
                        return
                    }
                    nextID += 1
                    let id = nextID
                    activeInner += 1
                    var finished = false
                    let subscription = inner.subscribeEvents { innerEvent in
                        switch innerEvent {
                        case .next, .error:
                            observer.on(innerEvent)
                        case .completed:
                            finished = true
                            activeInner -= 1
                            innerSubscriptions[id] = nil
                            if outerDone && activeInner == 0 {
                                observer.onCompleted()
                            }
                        }
                    }
                    if !finished {
                        innerSubscriptions[id] = subscription
                    }
                case .error(let error):
                    observer.onError(error)
                case .completed:
                    outerDone = true
                    if activeInner == 0 {
                        observer.onCompleted()
                    }
                }
            }
            return Disposables.create {
                outer.dispose()
                let all = innerSubscriptions.values
                innerSubscriptions = [:]
                for subscription in all {
                    subscription.dispose()
                }
            }
        }
    }

    /// A minimal stand-in for RxSwift's `flatMapLatest(_:)`, not the real library; synchronous, single-threaded.
    /// Like `flatMap(_:)`, but each new element disposes the previous inner
    /// subscription, so only the latest inner sequence is forwarded.
    public func flatMapLatest<Source: ObservableConvertibleType>(
        _ selector: @escaping (Element) throws -> Source
    ) -> Observable<Source.Element> {
        Observable<Source.Element>.create { observer in
            var current: Disposable?
            var currentID = 0
            var innerActive = false
            var outerDone = false
            let outer = self.subscribeEvents { event in
                switch event {
                case .next(let element):
                    let inner: Observable<Source.Element>
                    do {
                        inner = try selector(element).asObservable()
                    } catch {
                        observer.onError(error)
                        return
                    }
                    current?.dispose()
                    current = nil
                    currentID += 1
                    let id = currentID
                    innerActive = true
                    let subscription = inner.subscribeEvents { innerEvent in
                        guard id == currentID else { return }
                        switch innerEvent {
                        case .next, .error:
                            observer.on(innerEvent)
                        case .completed:
                            innerActive = false
                            if outerDone {
                                observer.onCompleted()
                            }
                        }
                    }
                    if id == currentID && innerActive {
                        current = subscription
                    }
                case .error(let error):
                    observer.onError(error)
                case .completed:
                    outerDone = true
                    if !innerActive {
                        observer.onCompleted()
                    }
                }
            }
            return Disposables.create {
                outer.dispose()
                current?.dispose()
                current = nil
            }
        }
    }
}
