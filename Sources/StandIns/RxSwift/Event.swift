// A minimal stand-in for RxSwift 6, NOT the real library, used only to
// compile and run the lecture's code samples on Linux. Names and signatures
// follow RxSwift 6 so a sample reads (and compiles) like real RxSwift code;
// the implementation is synchronous and single-threaded: every event is
// delivered immediately on the caller's thread, there are no schedulers, no
// locks and no time-based operators.

/// A minimal stand-in for RxSwift's `Event`, not the real library; synchronous, single-threaded.
///
/// A sequence emits any number of `.next` events followed by at most one
/// `.error` or `.completed`, after which it emits nothing more.
public enum Event<Element> {
    /// A minimal stand-in for RxSwift's `Event.next`, not the real library; synchronous, single-threaded.
    /// Carries the next element.
    case next(Element)
    /// A minimal stand-in for RxSwift's `Event.error`, not the real library; synchronous, single-threaded.
    /// Terminates the sequence with an error.
    case error(Swift.Error)
    /// A minimal stand-in for RxSwift's `Event.completed`, not the real library; synchronous, single-threaded.
    /// Terminates the sequence successfully.
    case completed
}

extension Event: CustomDebugStringConvertible {
    /// A minimal stand-in for RxSwift's `Event.debugDescription`, not the real library; synchronous, single-threaded.
    /// Prints `next(value)`, `error(error)` or `completed`, as RxSwift does.
    public var debugDescription: String {
        switch self {
        case .next(let value): return "next(\(value))"
        case .error(let error): return "error(\(error))"
        case .completed: return "completed"
        }
    }
}

extension Event {
    /// A minimal stand-in for RxSwift's `Event.isStopEvent`, not the real library; synchronous, single-threaded.
    /// `true` for `.error` and `.completed`.
    public var isStopEvent: Bool {
        switch self {
        case .next: return false
        case .error, .completed: return true
        }
    }

    /// A minimal stand-in for RxSwift's `Event.element`, not the real library; synchronous, single-threaded.
    /// The element of a `.next` event, otherwise `nil`.
    public var element: Element? {
        if case .next(let value) = self { return value }
        return nil
    }

    /// A minimal stand-in for RxSwift's `Event.error`, not the real library; synchronous, single-threaded.
    /// The error of an `.error` event, otherwise `nil`.
    public var error: Swift.Error? {
        if case .error(let error) = self { return error }
        return nil
    }

    /// A minimal stand-in for RxSwift's `Event.isCompleted`, not the real library; synchronous, single-threaded.
    /// `true` only for `.completed`.
    public var isCompleted: Bool {
        if case .completed = self { return true }
        return false
    }

    /// A minimal stand-in for RxSwift's `Event.map(_:)`, not the real library; synchronous, single-threaded.
    /// Transforms a `.next` element; a thrown error becomes `.error`.
    public func map<Result>(_ transform: (Element) throws -> Result) -> Event<Result> {
        do {
            switch self {
            case .next(let element): return .next(try transform(element))
            case .error(let error): return .error(error)
            case .completed: return .completed
            }
        } catch {
            return .error(error)
        }
    }
}

extension Event: Sendable where Element: Sendable {}
