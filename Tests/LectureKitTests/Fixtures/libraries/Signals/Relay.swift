/// A value that tells its observers when it changes: the tool's tests' generic sample library.
public final class Relay<Value> {
    /// The latest value.
    public private(set) var value: Value
    private var observers: [(Value) -> Void] = []

    /// A relay holding `value`.
    public init(value: Value) { self.value = value }

    /// Takes `value` and tells every observer.
    public func accept(_ value: Value) {
        self.value = value
        for observer in observers { observer(value) }
    }

    /// Calls `observer` with the value now and with every later one.
    public func subscribe(_ observer: @escaping (Value) -> Void) {
        observers.append(observer)
        observer(value)
    }
}
