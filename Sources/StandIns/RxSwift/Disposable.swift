/// A minimal stand-in for RxSwift's `Disposable`, not the real library; synchronous, single-threaded.
///
/// A subscription (or any resource) that can be cancelled with `dispose()`.
public protocol Disposable {
    /// A minimal stand-in for RxSwift's `Disposable.dispose()`, not the real library; synchronous, single-threaded.
    /// Cancels the subscription; calling it again does nothing.
    func dispose()
}

/// A minimal stand-in for RxSwift's `Cancelable`, not the real library; synchronous, single-threaded.
///
/// A disposable that can report whether it has been disposed.
public protocol Cancelable: Disposable {
    /// A minimal stand-in for RxSwift's `Cancelable.isDisposed`, not the real library; synchronous, single-threaded.
    /// `true` once `dispose()` has been called.
    var isDisposed: Bool { get }
}

/// A disposable that runs an action once (or nothing).
final class AnonymousDisposable: Cancelable {
    private var action: (() -> Void)?
    private(set) var isDisposed = false

    init(_ action: (() -> Void)?) {
        self.action = action
    }

    func dispose() {
        guard !isDisposed else { return }
        isDisposed = true
        let action = self.action
        self.action = nil
        action?()
    }
}

/// A disposable that disposes several others, in order.
final class CompositeDisposableBox: Cancelable {
    private var disposables: [Disposable]
    private(set) var isDisposed = false

    init(_ disposables: [Disposable]) {
        self.disposables = disposables
    }

    func dispose() {
        guard !isDisposed else { return }
        isDisposed = true
        let all = disposables
        disposables = []
        for disposable in all {
            disposable.dispose()
        }
    }
}

/// A disposable whose inner disposable is set later; if it was already
/// disposed by then, the inner one is disposed immediately.
final class SingleAssignmentDisposable: Cancelable {
    private var inner: Disposable?
    private(set) var isDisposed = false

    init() {}

    func setDisposable(_ disposable: Disposable) {
        if isDisposed {
            disposable.dispose()
        } else {
            inner = disposable
        }
    }

    func dispose() {
        guard !isDisposed else { return }
        isDisposed = true
        let inner = self.inner
        self.inner = nil
        inner?.dispose()
    }
}

/// A minimal stand-in for RxSwift's `Disposables`, not the real library; synchronous, single-threaded.
///
/// Factory functions for disposables.
public struct Disposables {
    private init() {}

    /// A minimal stand-in for RxSwift's `Disposables.create()`, not the real library; synchronous, single-threaded.
    /// Returns a disposable that does nothing.
    public static func create() -> Disposable {
        AnonymousDisposable(nil)
    }

    /// A minimal stand-in for RxSwift's `Disposables.create(with:)`, not the real library; synchronous, single-threaded.
    /// Returns a disposable that calls `dispose` the first time it is disposed.
    public static func create(with dispose: @escaping () -> Void) -> Cancelable {
        AnonymousDisposable(dispose)
    }

    /// A minimal stand-in for RxSwift's `Disposables.create(_:_:)`, not the real library; synchronous, single-threaded.
    /// Returns a disposable that disposes both, in order.
    public static func create(_ disposable1: Disposable, _ disposable2: Disposable) -> Cancelable {
        CompositeDisposableBox([disposable1, disposable2])
    }

    /// A minimal stand-in for RxSwift's `Disposables.create(_:_:_:)`, not the real library; synchronous, single-threaded.
    /// Returns a disposable that disposes all three, in order.
    public static func create(_ disposable1: Disposable, _ disposable2: Disposable, _ disposable3: Disposable)
        -> Cancelable
    {
        CompositeDisposableBox([disposable1, disposable2, disposable3])
    }

    /// A minimal stand-in for RxSwift's `Disposables.create(_:)` (array), not the real library; synchronous, single-threaded.
    /// Returns a disposable that disposes all of them, in order.
    public static func create(_ disposables: [Disposable]) -> Cancelable {
        CompositeDisposableBox(disposables)
    }
}

/// A minimal stand-in for RxSwift's `DisposeBag`, not the real library; synchronous, single-threaded.
///
/// Collects subscriptions and disposes all of them when the bag is
/// deinitialized (typically together with the view controller or view model
/// that owns it). Replace the bag (`disposeBag = DisposeBag()`) to dispose early.
public final class DisposeBag {
    private var disposables: [Disposable] = []
    private var isDisposed = false

    /// A minimal stand-in for RxSwift's `DisposeBag.init()`, not the real library; synchronous, single-threaded.
    /// Creates an empty bag.
    public init() {}

    /// A minimal stand-in for RxSwift's `DisposeBag.insert(_:)`, not the real library; synchronous, single-threaded.
    /// Keeps `disposable` until the bag is deinitialized (disposes it at once
    /// if the bag is already being torn down).
    public func insert(_ disposable: Disposable) {
        if isDisposed {
            disposable.dispose()
        } else {
            disposables.append(disposable)
        }
    }

    /// A minimal stand-in for RxSwift's `DisposeBag.insert(_:...)`, not the real library; synchronous, single-threaded.
    /// Inserts each disposable in order.
    public func insert(_ disposables: Disposable...) {
        insert(disposables)
    }

    /// A minimal stand-in for RxSwift's `DisposeBag.insert(_:)` (array), not the real library; synchronous, single-threaded.
    /// Inserts each disposable in order.
    public func insert(_ disposables: [Disposable]) {
        for disposable in disposables {
            insert(disposable)
        }
    }

    private func dispose() {
        let all = disposables
        disposables = []
        isDisposed = true
        for disposable in all {
            disposable.dispose()
        }
    }

    deinit {
        dispose()
    }
}

extension Disposable {
    /// A minimal stand-in for RxSwift's `Disposable.disposed(by:)`, not the real library; synchronous, single-threaded.
    /// Adds this subscription to `bag`, which disposes it on deinit.
    public func disposed(by bag: DisposeBag) {
        bag.insert(self)
    }
}
