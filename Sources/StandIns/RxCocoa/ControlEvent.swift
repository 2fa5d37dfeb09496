import RxSwift

/// A minimal stand-in for RxCocoa's `ControlEventType`, not the real library; synchronous, single-threaded.
/// A sequence of UI events that can be turned into a `ControlEvent`.
public protocol ControlEventType: ObservableType {
    /// A minimal stand-in for RxCocoa's `ControlEventType.asControlEvent()`, not the real library; synchronous, single-threaded.
    func asControlEvent() -> ControlEvent<Element>
}

/// A minimal stand-in for RxCocoa's `ControlEvent`, not the real library; synchronous, single-threaded.
///
/// A sequence of UI events (e.g. `button.rx.tap`) that never errors. Events
/// are delivered synchronously when the control sends them (e.g. during
/// `sendActions(for:)`); there is no initial event on subscribe.
public struct ControlEvent<PropertyType>: ControlEventType {
    /// A minimal stand-in for RxCocoa's `ControlEvent.Element`, not the real library; synchronous, single-threaded.
    public typealias Element = PropertyType

    let events: Observable<PropertyType>

    /// A minimal stand-in for RxCocoa's `ControlEvent.init(events:)`, not the real library; synchronous, single-threaded.
    /// Wraps `events` (which should not error) as a control event.
    public init<Ev: ObservableType>(events: Ev) where Ev.Element == Element {
        self.events = events.asObservable()
    }

    /// A minimal stand-in for RxCocoa's `ControlEvent.subscribe(_:)`, not the real library; synchronous, single-threaded.
    /// Delivers each UI event to `observer` as it happens.
    public func subscribe<Observer: ObserverType>(_ observer: Observer) -> Disposable
    where Observer.Element == Element {
        events.subscribe(observer)
    }

    /// A minimal stand-in for RxCocoa's `ControlEvent.asObservable()`, not the real library; synchronous, single-threaded.
    public func asObservable() -> Observable<Element> {
        events
    }

    /// A minimal stand-in for RxCocoa's `ControlEvent.asControlEvent()`, not the real library; synchronous, single-threaded.
    /// Returns `self`.
    public func asControlEvent() -> ControlEvent<Element> {
        self
    }
}

/// A minimal stand-in for RxCocoa's `ControlPropertyType`, not the real library; synchronous, single-threaded.
/// A UI property that is both a sequence of its values and an observer that sets it.
public protocol ControlPropertyType: ObservableType, ObserverType {
    /// A minimal stand-in for RxCocoa's `ControlPropertyType.asControlProperty()`, not the real library; synchronous, single-threaded.
    func asControlProperty() -> ControlProperty<Element>
}

/// A minimal stand-in for RxCocoa's `ControlProperty`, not the real library; synchronous, single-threaded.
///
/// A UI property such as `textField.rx.text`: subscribing emits the current
/// value immediately and then the new value each time the control sends one
/// of its editing events; binding values to it sets the property (without
/// sending control events).
public struct ControlProperty<PropertyType>: ControlPropertyType {
    /// A minimal stand-in for RxCocoa's `ControlProperty.Element`, not the real library; synchronous, single-threaded.
    public typealias Element = PropertyType

    let values: Observable<PropertyType>
    let valueSink: AnyObserver<PropertyType>

    /// A minimal stand-in for RxCocoa's `ControlProperty.init(values:valueSink:)`, not the real library; synchronous, single-threaded.
    /// Combines a value sequence and a setter observer.
    public init<Values: ObservableType, Sink: ObserverType>(values: Values, valueSink: Sink)
    where Element == Values.Element, Element == Sink.Element {
        self.values = values.asObservable()
        self.valueSink = valueSink.asObserver()
    }

    /// A minimal stand-in for RxCocoa's `ControlProperty.subscribe(_:)`, not the real library; synchronous, single-threaded.
    /// Emits the current value immediately, then each change.
    public func subscribe<Observer: ObserverType>(_ observer: Observer) -> Disposable
    where Observer.Element == Element {
        values.subscribe(observer)
    }

    /// A minimal stand-in for RxCocoa's `ControlProperty.changed`, not the real library; synchronous, single-threaded.
    /// The values without the initial current value.
    public var changed: ControlEvent<PropertyType> {
        ControlEvent(events: values.skip(1))
    }

    /// A minimal stand-in for RxCocoa's `ControlProperty.asObservable()`, not the real library; synchronous, single-threaded.
    public func asObservable() -> Observable<Element> {
        values
    }

    /// A minimal stand-in for RxCocoa's `ControlProperty.asControlProperty()`, not the real library; synchronous, single-threaded.
    /// Returns `self`.
    public func asControlProperty() -> ControlProperty<Element> {
        self
    }

    /// A minimal stand-in for RxCocoa's `ControlProperty.on(_:)`, not the real library; synchronous, single-threaded.
    /// Sets the property for `.next`; an error stops the program (as binding
    /// errors do in RxCocoa debug builds); `.completed` is ignored.
    public func on(_ event: Event<Element>) {
        switch event {
        case .error(let error):
            fatalError("Binding error to UI: \(error)")
        case .next:
            valueSink.on(event)
        case .completed:
            break
        }
    }
}

extension ControlPropertyType where Element == String? {
    /// A minimal stand-in for RxCocoa's `ControlProperty.orEmpty`, not the real library; synchronous, single-threaded.
    /// The same property as non-optional `String`, with `nil` read as `""`.
    public var orEmpty: ControlProperty<String> {
        let original = asControlProperty()
        let values: Observable<String> = original.values.map { $0 ?? "" }
        let valueSink: AnyObserver<String> = original.valueSink.mapObserver { $0 }
        return ControlProperty<String>(values: values, valueSink: valueSink)
    }
}
