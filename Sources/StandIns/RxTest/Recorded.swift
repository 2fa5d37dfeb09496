import RxSwift

/// A minimal stand-in for RxTest's `Recorded`, not the real library.
/// A value (in tests, an `Event`) with the virtual time it happened at.
public struct Recorded<Value> {
    /// A minimal stand-in for RxTest's `Recorded.time`, not the real library.
    public let time: TestTime
    /// A minimal stand-in for RxTest's `Recorded.value`, not the real library.
    public let value: Value

    /// A minimal stand-in for RxTest's `Recorded.init(time:value:)`, not the real library.
    public init(time: TestTime, value: Value) {
        self.time = time
        self.value = value
    }
}

extension Recorded {
    /// A minimal stand-in for RxTest's `Recorded.next(_:_:)`, not the real library.
    /// A `.next(element)` event at virtual time `time`.
    public static func next<T>(_ time: TestTime, _ element: T) -> Recorded<Event<T>> where Value == Event<T> {
        Recorded(time: time, value: .next(element))
    }

    /// A minimal stand-in for RxTest's `Recorded.completed(_:_:)`, not the real library.
    /// A `.completed` event at virtual time `time`.
    public static func completed<T>(_ time: TestTime, _ type: T.Type = T.self) -> Recorded<Event<T>>
    where Value == Event<T> {
        Recorded(time: time, value: .completed)
    }

    /// A minimal stand-in for RxTest's `Recorded.error(_:_:_:)`, not the real library.
    /// An `.error(error)` event at virtual time `time`.
    public static func error<T>(_ time: TestTime, _ error: Swift.Error, _ type: T.Type = T.self) -> Recorded<Event<T>>
    where Value == Event<T> {
        Recorded(time: time, value: .error(error))
    }
}

extension Recorded: Equatable where Value: Equatable {}

extension Recorded: CustomDebugStringConvertible {
    /// A minimal stand-in for RxTest's `Recorded.debugDescription`, not the real library.
    /// The value and its time, `next(김철수) @ 210`, as RxTest prints it.
    public var debugDescription: String {
        "\(value) @ \(time)"
    }
}

/// A minimal stand-in for RxTest's `Event` equality, not the real library: two events are equal
/// when both are `.completed`, both `.next` with equal elements, or both `.error` with errors that
/// print the same. RxTest itself declares this conformance of RxSwift's type in its own module, as this stand-in does.
// swift-format-ignore: AvoidRetroactiveConformances
extension Event: @retroactive Equatable where Element: Equatable {
    public static func == (lhs: Event<Element>, rhs: Event<Element>) -> Bool {
        switch (lhs, rhs) {
        case (.completed, .completed): return true
        case (.next(let left), .next(let right)): return left == right
        case (.error(let left), .error(let right)): return "\(left)" == "\(right)"
        default: return false
        }
    }
}
