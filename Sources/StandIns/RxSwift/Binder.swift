/// A minimal stand-in for RxSwift's `Binder`, not the real library; synchronous, single-threaded.
///
/// An observer for UI bindings: each `.next` value is passed to `binding`
/// together with the target, synchronously (there is no main-thread hop in
/// this stand-in). The target is held weakly; values arriving after it is
/// gone are ignored. Errors stop the program in this stand-in, as binding
/// errors do in RxSwift debug builds; `.completed` is ignored.
public struct Binder<Value>: ObserverType {

    /// A minimal stand-in for RxSwift's `Binder.Element`, not the real library; synchronous, single-threaded.
    public typealias Element = Value

    private let binding: (Event<Value>) -> Void

    /// A minimal stand-in for RxSwift's `Binder.init(_:scheduler:binding:)`, not the real library; synchronous, single-threaded.
    /// Creates a binder that calls `binding(target, value)` for each value
    /// while `target` is alive. `scheduler` is accepted for source
    /// compatibility and ignored (delivery is always synchronous).
    public init<Target: AnyObject>(
        _ target: Target,
        scheduler: ImmediateSchedulerType = MainScheduler(),
        binding: @escaping (Target, Value) -> Void
    ) {
        self.binding = { [weak target] event in
            switch event {
            case .next(let element):
                if let target {
                    binding(target, element)
                }
            case .error(let error):
                fatalError("Binding error: \(error)")
            case .completed:
                break
            }
        }
    }

    /// A minimal stand-in for RxSwift's `Binder.on(_:)`, not the real library; synchronous, single-threaded.
    /// Applies a `.next` value to the target immediately.
    public func on(_ event: Event<Value>) {
        binding(event)
    }

    /// A minimal stand-in for RxSwift's `Binder.asObserver()`, not the real library; synchronous, single-threaded.
    /// Wraps the binder in an `AnyObserver`.
    public func asObserver() -> AnyObserver<Value> {
        AnyObserver(eventHandler: on)
    }
}
