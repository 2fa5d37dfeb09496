import Foundation

/// A minimal stand-in for RxSwift's `Reactive`, not the real library; synchronous, single-threaded.
///
/// The `.rx` namespace: `label.rx`, `button.rx`, ... RxCocoa (and sample
/// code) add members with `extension Reactive where Base: SomeType`. As in
/// RxSwift 6, any settable property of a class is bindable through dynamic
/// member lookup: `view.rx.isHidden` is a `Binder<Bool>`.
@dynamicMemberLookup
public struct Reactive<Base> {
    /// A minimal stand-in for RxSwift's `Reactive.base`, not the real library; synchronous, single-threaded.
    /// The wrapped object.
    public let base: Base

    /// A minimal stand-in for RxSwift's `Reactive.init(_:)`, not the real library; synchronous, single-threaded.
    /// Wraps `base`.
    public init(_ base: Base) {
        self.base = base
    }

    /// A minimal stand-in for RxSwift's `Reactive` dynamic-member binders, not the real library; synchronous, single-threaded.
    /// `base.rx.someProperty` is a `Binder` that assigns each value to
    /// `base.someProperty` synchronously.
    public subscript<Property>(dynamicMember keyPath: ReferenceWritableKeyPath<Base, Property>) -> Binder<Property>
    where Base: AnyObject {
        Binder(base) { base, value in
            base[keyPath: keyPath] = value
        }
    }
}

/// A minimal stand-in for RxSwift's `ReactiveCompatible`, not the real library; synchronous, single-threaded.
///
/// Adopt it to get the `.rx` namespace; `NSObject` (and so every UIKit
/// stand-in class) already adopts it.
public protocol ReactiveCompatible {
    /// A minimal stand-in for RxSwift's `ReactiveCompatible.ReactiveBase`, not the real library; synchronous, single-threaded.
    associatedtype ReactiveBase

    /// A minimal stand-in for RxSwift's static `rx`, not the real library; synchronous, single-threaded.
    static var rx: Reactive<ReactiveBase>.Type { get set }

    /// A minimal stand-in for RxSwift's `rx`, not the real library; synchronous, single-threaded.
    var rx: Reactive<ReactiveBase> { get set }
}

extension ReactiveCompatible {
    /// A minimal stand-in for RxSwift's static `rx`, not the real library; synchronous, single-threaded.
    /// The `Reactive` type for this type (for static reactive extensions).
    public static var rx: Reactive<Self>.Type {
        get { Reactive<Self>.self }
        // swiftlint:disable:next unused_setter_value
        set {}
    }

    /// A minimal stand-in for RxSwift's `rx`, not the real library; synchronous, single-threaded.
    /// `Reactive(self)`: the namespace for reactive extensions of this value.
    public var rx: Reactive<Self> {
        get { Reactive(self) }
        // swiftlint:disable:next unused_setter_value
        set {}
    }
}

/// A minimal stand-in for RxSwift's `NSObject: ReactiveCompatible` conformance, not the real library; synchronous, single-threaded.
/// Gives every `NSObject` subclass (all UIKit stand-in classes) the `.rx` namespace.
extension NSObject: ReactiveCompatible {}
