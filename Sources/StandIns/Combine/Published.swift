/// A minimal stand-in for Combine's `@Published`, not the real framework; synchronous, single-threaded.
///
/// As Combine's: a subscriber gets the current value when it subscribes, and each new value in
/// the property's `willSet`, before the property holds it (reading the property inside the
/// subscriber gives the old value). Unlike Combine's, it delivers synchronously on the thread
/// that assigns, and works in a struct too (Combine's needs a class).
@propertyWrapper
public struct Published<Value> {
    private let storage: Storage

    /// A minimal stand-in for Combine's `Published.init(wrappedValue:)`, not the real framework.
    public init(wrappedValue: Value) {
        storage = Storage(wrappedValue)
    }

    /// A minimal stand-in for Combine's `Published.wrappedValue`, not the real framework.
    /// Setting it sends the new value to every subscriber first, then stores it (willSet).
    public var wrappedValue: Value {
        get { storage.value }
        nonmutating set {
            storage.send(newValue)
            storage.value = newValue
        }
    }

    /// A minimal stand-in for Combine's `Published.projectedValue` (`$property`), not the real framework.
    public var projectedValue: Publisher {
        Publisher(storage: storage)
    }

    /// A minimal stand-in for Combine's `Published.Publisher`, not the real framework.
    public struct Publisher: Combine.Publisher {
        public typealias Output = Value
        public typealias Failure = Never

        fileprivate let storage: Storage

        public func subscribeValues(_ receive: @escaping (Value) -> Void) -> AnyCancellable {
            let id = storage.add(receive)
            receive(storage.value)  // the current value, on subscription
            return AnyCancellable { [weak storage] in storage?.remove(id) }
        }
    }

    fileprivate final class Storage {
        var value: Value
        private var subscribers: [(id: Int, receive: (Value) -> Void)] = []
        private var nextID = 0

        init(_ value: Value) {
            self.value = value
        }

        func add(_ receive: @escaping (Value) -> Void) -> Int {
            nextID += 1
            subscribers.append((nextID, receive))
            return nextID
        }

        func remove(_ id: Int) {
            subscribers.removeAll { $0.id == id }
        }

        func send(_ newValue: Value) {
            for subscriber in subscribers {
                subscriber.receive(newValue)
            }
        }
    }
}
