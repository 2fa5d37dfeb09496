/// Headless stand-in for `UIViewController` (see Apple's UIKit documentation).
///
/// Here the view life cycle is driven by the sample itself, synchronously:
/// - the first read of `view` (or `loadViewIfNeeded()`) calls `loadView()`
///   and then `viewDidLoad()` exactly once, as UIKit does;
/// - `beginAppearanceTransition(_:animated:)` / `endAppearanceTransition()`
///   call `viewWillAppear(_:)`/`viewDidAppear(_:)` (or the disappear pair);
/// - `present(_:animated:completion:)` records the presented controller,
///   runs its appearance callbacks (and, for a navigation controller, its top
///   controller's) and then `completion`.
/// Nothing is put on screen; there is no window, storyboard or nib.
@MainActor
open class UIViewController: UIResponder {

    private var _view: UIView?
    private var isLoadingView = false
    private let _nibName: String?
    private let _nibBundle: Bundle?

    // MARK: Creating a view controller

    /// Headless stand-in for `UIViewController.init(nibName:bundle:)` (see Apple's UIKit documentation).
    /// Here nibs are never loaded; the values are only stored. Call
    /// `super.init(nibName: nil, bundle: nil)` from a custom initializer, as in an iOS app.
    public init(nibName nibNameOrNil: String?, bundle nibBundleOrNil: Bundle?) {
        _nibName = nibNameOrNil
        _nibBundle = nibBundleOrNil
        super.init()
    }

    /// Headless stand-in for `UIViewController.init?(coder:)` (see Apple's UIKit documentation).
    /// Here there are no storyboards; it creates a controller like `init()`.
    /// Subclasses with their own initializers typically implement it with `fatalError`.
    public required init?(coder: NSCoder) {
        _nibName = nil
        _nibBundle = nil
        super.init()
    }

    /// Headless stand-in for `UIViewController.init()` (see Apple's UIKit documentation).
    /// Here, as in UIKit, it calls `init(nibName: nil, bundle: nil)`.
    public override convenience init() {
        self.init(nibName: nil, bundle: nil)
    }

    /// Headless stand-in for `UIViewController.nibName` (see Apple's UIKit documentation).
    /// Here the stored value from `init(nibName:bundle:)`.
    open var nibName: String? {
        _nibName
    }

    /// Headless stand-in for `UIViewController.nibBundle` (see Apple's UIKit documentation).
    /// Here the stored value from `init(nibName:bundle:)`.
    open var nibBundle: Bundle? {
        _nibBundle
    }

    // MARK: The view

    /// Headless stand-in for `UIViewController.view` (see Apple's UIKit documentation).
    /// Here, as in UIKit, reading it while it is not loaded calls `loadView()`
    /// and then `viewDidLoad()` (once); setting it (typically inside
    /// `loadView()`) just stores the view. Reading it inside `loadView()`
    /// before assigning returns `nil` instead of recursing.
    open var view: UIView! {
        get {
            loadViewIfNeeded()
            return _view
        }
        set {
            _view?._owningViewController = nil
            _view = newValue
            newValue?._owningViewController = self
        }
    }

    /// Headless stand-in for `UIViewController.viewIfLoaded` (see Apple's UIKit documentation).
    /// Here the view if it has been loaded, without loading it.
    open var viewIfLoaded: UIView? {
        _view
    }

    /// Headless stand-in for `UIViewController.isViewLoaded` (see Apple's UIKit documentation).
    /// Here `true` once a view has been created or assigned.
    open var isViewLoaded: Bool {
        _view != nil
    }

    /// Headless stand-in for `UIViewController.loadView()` (see Apple's UIKit documentation).
    /// Here the default creates a plain `UIView` with a 390×844 frame (an
    /// iPhone-sized placeholder, as there is no screen) and assigns it to
    /// `view`. Override it to assign a custom root view; do not call `super`
    /// in that case, as in UIKit.
    open func loadView() {
        view = UIView(frame: CGRect(x: 0, y: 0, width: 390, height: 844))
    }

    /// Headless stand-in for `UIViewController.loadViewIfNeeded()` (see Apple's UIKit documentation).
    /// Here, if the view is not loaded, it calls `loadView()` then
    /// `viewDidLoad()` synchronously. It stops with a fatal error if
    /// `loadView()` did not assign `view` (UIKit would fail as well).
    open func loadViewIfNeeded() {
        guard _view == nil, !isLoadingView else { return }
        isLoadingView = true
        loadView()
        isLoadingView = false
        guard _view != nil else {
            fatalError("\(type(of: self)).loadView() must assign self.view (headless UIKit stand-in)")
        }
        viewDidLoad()
    }

    /// Headless stand-in for `UIViewController.viewDidLoad()` (see Apple's UIKit documentation).
    /// Here it is called once, right after `loadView()`; the default does nothing.
    open func viewDidLoad() {}

    // MARK: Updating properties (iOS 26)

    private var _needsPropertiesUpdate = true

    /// Headless stand-in for `UIViewController.updateProperties()` (iOS 26; see Apple's UIKit documentation).
    /// Here the default does nothing; it runs via `updatePropertiesIfNeeded()`
    /// (of the controller or of its view), with automatic observation tracking
    /// (see `PropertyUpdates`).
    open func updateProperties() {}

    /// Headless stand-in for `UIViewController.setNeedsUpdateProperties()` (iOS 26; see Apple's UIKit documentation).
    /// Here it only marks the controller; there is no display cycle that updates it later.
    open func setNeedsUpdateProperties() {
        _needsPropertiesUpdate = true
    }

    /// Headless stand-in for `UIViewController.updatePropertiesIfNeeded()` (iOS 26; see Apple's UIKit documentation).
    /// Here it loads the view if needed, then calls `view.updatePropertiesIfNeeded()`,
    /// which updates this controller (if marked; it starts marked) and its views.
    open func updatePropertiesIfNeeded() {
        view.updatePropertiesIfNeeded()
    }

    /// Runs `updateProperties()` with observation tracking if the controller is marked.
    func _updatePropertiesIfMarked() {
        guard _needsPropertiesUpdate else { return }
        _needsPropertiesUpdate = false
        PropertyUpdates.track(updateProperties) { [weak self] in
            self?.setNeedsUpdateProperties()
        }
    }

    // MARK: Appearance

    /// Headless stand-in for `UIViewController.viewWillAppear(_:)` (see Apple's UIKit documentation).
    /// Here the default does nothing; it is called by
    /// `beginAppearanceTransition(true, animated:)` and by `present(_:animated:completion:)`.
    open func viewWillAppear(_ animated: Bool) {}

    /// Headless stand-in for `UIViewController.viewDidAppear(_:)` (see Apple's UIKit documentation).
    /// Here the default does nothing; it is called by `endAppearanceTransition()`
    /// after an appearing transition.
    open func viewDidAppear(_ animated: Bool) {}

    /// Headless stand-in for `UIViewController.viewWillDisappear(_:)` (see Apple's UIKit documentation).
    /// Here the default does nothing; it is called by `beginAppearanceTransition(false, animated:)`.
    open func viewWillDisappear(_ animated: Bool) {}

    /// Headless stand-in for `UIViewController.viewDidDisappear(_:)` (see Apple's UIKit documentation).
    /// Here the default does nothing; it is called by `endAppearanceTransition()`
    /// after a disappearing transition.
    open func viewDidDisappear(_ animated: Bool) {}

    /// Headless stand-in for `UIViewController.viewWillLayoutSubviews()` (see Apple's UIKit documentation).
    /// Here the default does nothing and nothing calls it automatically.
    open func viewWillLayoutSubviews() {}

    /// Headless stand-in for `UIViewController.viewDidLayoutSubviews()` (see Apple's UIKit documentation).
    /// Here the default does nothing and nothing calls it automatically.
    open func viewDidLayoutSubviews() {}

    private var pendingTransition: (appearing: Bool, animated: Bool)?

    /// Headless stand-in for `UIViewController.isMovingFromParent` (see Apple's UIKit documentation).
    /// Here true while a navigation controller pops this controller: from just
    /// before its `viewWillDisappear(_:)` until its `viewDidDisappear(_:)` has returned.
    public internal(set) var isMovingFromParent = false

    /// Headless stand-in for `UIViewController.isMovingToParent` (see Apple's UIKit documentation).
    /// Here true while a navigation controller pushes this controller: from just
    /// before its `viewWillAppear(_:)` until its `viewDidAppear(_:)` has returned.
    public internal(set) var isMovingToParent = false

    /// Headless stand-in for `UIViewController.beginAppearanceTransition(_:animated:)`
    /// (see Apple's UIKit documentation). Here it loads the view if needed and
    /// calls `viewWillAppear(_:)` (when `isAppearing`) or `viewWillDisappear(_:)`.
    open func beginAppearanceTransition(_ isAppearing: Bool, animated: Bool) {
        if isAppearing {
            loadViewIfNeeded()
            viewWillAppear(animated)
        } else {
            viewWillDisappear(animated)
        }
        pendingTransition = (isAppearing, animated)
    }

    /// Headless stand-in for `UIViewController.endAppearanceTransition()` (see Apple's UIKit documentation).
    /// Here it calls `viewDidAppear(_:)` or `viewDidDisappear(_:)` to finish the
    /// transition begun by `beginAppearanceTransition(_:animated:)`.
    open func endAppearanceTransition() {
        guard let transition = pendingTransition else { return }
        pendingTransition = nil
        if transition.appearing {
            viewDidAppear(transition.animated)
        } else {
            viewDidDisappear(transition.animated)
        }
    }

    // MARK: Title and navigation

    /// Headless stand-in for `UIViewController.title` (see Apple's UIKit documentation).
    /// Here it is only stored.
    open var title: String?

    /// Headless stand-in for `UIViewController.navigationController` (see Apple's UIKit documentation).
    /// Here the `UINavigationController` whose stack contains this controller, or `nil`.
    open var navigationController: UINavigationController? {
        var current: UIViewController? = self
        while let controller = current {
            if let navigation = controller._parent as? UINavigationController {
                return navigation
            }
            current = controller._parent
        }
        return nil
    }

    /// Headless stand-in for `UIViewController.transitionCoordinator` (see Apple's UIKit documentation).
    /// Here the running animated transition of the navigation controller
    /// whose stack holds this controller, or `nil` when none runs.
    open var transitionCoordinator: (any UIViewControllerTransitionCoordinator)? {
        navigationController?.transitionCoordinator
    }

    weak var _parent: UIViewController?

    /// Headless stand-in for `UIViewController.parent` (see Apple's UIKit documentation).
    /// Here the containing controller (e.g. a `UINavigationController`), or `nil`.
    open var parent: UIViewController? {
        _parent
    }

    // MARK: Child view controllers (containment)

    private var _children: [UIViewController] = []

    /// Headless stand-in for `UIViewController.children` (see Apple's UIKit documentation).
    /// Here the controllers added with `addChild(_:)`, in the order they were added.
    open var children: [UIViewController] {
        _children
    }

    /// Headless stand-in for `UIViewController.addChild(_:)` (see Apple's UIKit documentation).
    /// Here, as in UIKit, it first removes the child from a former parent, calls the
    /// child's `willMove(toParent:)` with this controller, then records the pair; the
    /// caller adds the child's view and calls `didMove(toParent:)` itself.
    open func addChild(_ childController: UIViewController) {
        if let former = childController._parent, former !== self {
            childController.removeFromParent()
        }
        childController.willMove(toParent: self)
        if !_children.contains(where: { $0 === childController }) {
            _children.append(childController)
        }
        childController._parent = self
    }

    /// Headless stand-in for `UIViewController.removeFromParent()` (see Apple's UIKit documentation).
    /// Here, as in UIKit, it forgets the pair and then calls `didMove(toParent: nil)`;
    /// the caller calls `willMove(toParent: nil)` before and removes the view itself.
    open func removeFromParent() {
        guard let parent = _parent else { return }
        parent._children.removeAll { $0 === self }
        _parent = nil
        didMove(toParent: nil)
    }

    /// Headless stand-in for `UIViewController.willMove(toParent:)` (see Apple's UIKit documentation).
    /// Here an empty method to override.
    open func willMove(toParent parent: UIViewController?) {}

    /// Headless stand-in for `UIViewController.didMove(toParent:)` (see Apple's UIKit documentation).
    /// Here an empty method to override. Appearance callbacks are not forwarded to
    /// children (UIKit forwards them while the parent is in a window).
    open func didMove(toParent parent: UIViewController?) {}

    // MARK: Presenting

    private var _presentedViewController: UIViewController?
    private weak var _presentingViewController: UIViewController?
    var _presentationController: UIPresentationController?

    /// Headless stand-in for `UIViewController.presentationController` (see Apple's UIKit documentation).
    /// Here this controller's own presentation controller, created on first
    /// read (as UIKit does for a controller about to be presented), so that a
    /// sample can set its delegate before `present(_:animated:completion:)`.
    open var presentationController: UIPresentationController? {
        if let controller = _presentationController { return controller }
        let controller = UIPresentationController(presentedViewController: self, presenting: nil)
        _presentationController = controller
        return controller
    }

    /// Headless stand-in for `UIViewController.presentedViewController` (see Apple's UIKit documentation).
    /// Here the controller passed to the last `present(_:animated:completion:)`
    /// until it is dismissed. Samples read it to check, e.g., which alert was shown.
    open var presentedViewController: UIViewController? {
        _presentedViewController
    }

    /// Headless stand-in for `UIViewController.presentingViewController` (see Apple's UIKit documentation).
    /// Here the controller that presented this one, until dismissed.
    open var presentingViewController: UIViewController? {
        _presentingViewController
    }

    /// Headless stand-in for `UIViewController.present(_:animated:completion:)` (see Apple's UIKit documentation).
    /// Here it records `viewControllerToPresent` as `presentedViewController`,
    /// loads its view and calls its `viewWillAppear`/`viewDidAppear`, then
    /// calls `completion`, all synchronously; nothing is shown. As in UIKit,
    /// presenting while another controller is already presented does nothing
    /// (and `completion` is not called).
    open func present(_ viewControllerToPresent: UIViewController, animated flag: Bool, completion: (() -> Void)? = nil)
    {
        guard _presentedViewController == nil, viewControllerToPresent !== self else { return }
        _presentedViewController = viewControllerToPresent
        viewControllerToPresent._presentingViewController = self
        let top = (viewControllerToPresent as? UINavigationController)?.topViewController
        viewControllerToPresent.beginAppearanceTransition(true, animated: flag)
        top?.beginAppearanceTransition(true, animated: flag)
        viewControllerToPresent.endAppearanceTransition()
        top?.endAppearanceTransition()
        completion?()
    }

    /// Headless stand-in for `UIViewController.isBeingDismissed` (see Apple's UIKit documentation).
    /// Here, as in UIKit, true only on the controller that was presented (for a
    /// presented navigation controller, the container, not its children) while
    /// it is dismissed: from just before its `viewWillDisappear(_:)` until its
    /// `viewDidDisappear(_:)` has returned.
    public internal(set) var isBeingDismissed = false

    /// Headless stand-in for `UIViewController.dismiss(animated:completion:)` (see Apple's UIKit documentation).
    /// Here, as in UIKit, it dismisses the controller this one presented, or,
    /// if it presented nothing, asks its presenter to dismiss it. The
    /// dismissed controller gets `viewWillDisappear`/`viewDidDisappear` with
    /// `isBeingDismissed` true (a presented navigation controller forwards the
    /// pair to its top controller, as UIKit's containers do); then
    /// `completion` is called. All synchronous.
    open func dismiss(animated flag: Bool, completion: (() -> Void)? = nil) {
        if let presented = _presentedViewController {
            let top = (presented as? UINavigationController)?.topViewController
            presented.isBeingDismissed = true
            presented.beginAppearanceTransition(false, animated: flag)
            top?.beginAppearanceTransition(false, animated: flag)
            presented.endAppearanceTransition()
            top?.endAppearanceTransition()
            presented.isBeingDismissed = false
            presented._presentingViewController = nil
            _presentedViewController = nil
            completion?()
        } else if let presenter = _presentingViewController {
            presenter.dismiss(animated: flag, completion: completion)
        } else {
            completion?()
        }
    }
}

/// Headless stand-in for `UINavigationControllerDelegate` (see Apple's UIKit documentation).
///
/// Here only the two methods that report which controller is shown. In UIKit
/// this is an Objective-C protocol refining `NSObjectProtocol` whose methods
/// are all optional; Linux has no `@objc optional`, so here it refines
/// `NSObjectProtocol` too (a conformer must inherit `NSObject`, as on iOS) and
/// both methods have empty default implementations. Code outside the stand-in
/// calls them only on a conforming type, never through the protocol.
/// Headless stand-in for `UIViewControllerTransitionCoordinator` (see Apple's UIKit documentation).
/// Here it only tells that a transition runs and whether it is animated.
@MainActor
public protocol UIViewControllerTransitionCoordinator: AnyObject {
    /// Headless stand-in for `isAnimated` (see Apple's UIKit documentation).
    var isAnimated: Bool { get }
}

/// A navigation controller's running animated transition.
final class NavigationTransition: UIViewControllerTransitionCoordinator {
    let isAnimated = true
}

@MainActor
public protocol UINavigationControllerDelegate: NSObjectProtocol {
    /// Headless stand-in for `navigationController(_:willShow:animated:)` (see Apple's UIKit documentation).
    /// Here it is called before a push or pop changes the top controller.
    func navigationController(
        _ navigationController: UINavigationController, willShow viewController: UIViewController, animated: Bool)
    /// Headless stand-in for `navigationController(_:didShow:animated:)` (see Apple's UIKit documentation).
    /// Here, as in UIKit, it is called when the transition has ended, in a
    /// later turn of the main actor than the push or pop that began it.
    func navigationController(
        _ navigationController: UINavigationController, didShow viewController: UIViewController, animated: Bool)
}

extension UINavigationControllerDelegate {
    /// Does nothing (the method is optional in UIKit).
    public func navigationController(
        _ navigationController: UINavigationController, willShow viewController: UIViewController, animated: Bool
    ) {}
    /// Does nothing (the method is optional in UIKit).
    public func navigationController(
        _ navigationController: UINavigationController, didShow viewController: UIViewController, animated: Bool
    ) {}
}

/// Headless stand-in for `UINavigationController` (see Apple's UIKit documentation).
///
/// Here it keeps a stack of view controllers. A push or pop changes the
/// stack at once and, synchronously, tells the delegate `willShow`, loads the
/// pushed controller's view and sends `viewWillAppear`/`viewWillDisappear`.
/// As in UIKit, the transition ends later, never inside the call that started
/// it: `viewDidAppear`/`viewDidDisappear` and the delegate's `didShow` come in
/// a later turn of the main actor (UIKit sends them when the transition's
/// animation, or its next layout pass, completes). A sample awaits them. A
/// sample simulates the back button by calling `popViewController(animated:)`.
/// There is no window, navigation bar or animation: unlike UIKit, the
/// transition runs whether or not the controller is in a window.
///
/// A push, pop or `setViewControllers(_:animated:)` asked for while an
/// animated transition is still running is refused: the stack stays as it
/// was and UIKit's console line ("nested push animation can result in
/// corrupted navigation bar", or "pop") goes to standard error. UIKit logs the
/// same line; there the second transition may be dropped, or run and leave the
/// navigation bar out of step with the stack, so a sample that needs several
/// screens at once sets the whole stack in one call, and a sample's hidden
/// lines acting as the user wait, as a person does, until the animation has
/// ended (`transitionCoordinator` is `nil` again) before the next tap.
@MainActor
open class UINavigationController: UIViewController {

    private var stack: [UIViewController] = []
    /// The animated transition that has begun and not yet ended.
    private var running: NavigationTransition?

    /// Headless stand-in for `UINavigationController.transitionCoordinator` (see Apple's UIKit documentation).
    /// Here the animated push or pop that has begun and not yet ended, or `nil`.
    open override var transitionCoordinator: (any UIViewControllerTransitionCoordinator)? {
        running
    }

    /// Refuses a transition while an animated one runs (see the type's comment).
    private func refusedWhileAnimating(_ kind: String) -> Bool {
        guard running != nil else { return false }
        FileHandle.standardError.write(Data("nested \(kind) animation can result in corrupted navigation bar\n".utf8))
        return true
    }

    /// Headless stand-in for `UINavigationController.children` (see Apple's UIKit documentation).
    /// Here, as in UIKit, the stack (`viewControllers`).
    open override var children: [UIViewController] {
        stack
    }

    /// Headless stand-in for `UINavigationController.delegate` (see Apple's UIKit documentation).
    /// Here, as in UIKit, a weak reference told about every push and pop.
    open weak var delegate: (any UINavigationControllerDelegate)?

    /// Headless stand-in for `UINavigationController.init(rootViewController:)` (see Apple's UIKit documentation).
    /// Here it makes `rootViewController` the only controller on the stack.
    public init(rootViewController: UIViewController) {
        super.init(nibName: nil, bundle: nil)
        rootViewController._parent = self
        stack = [rootViewController]
    }

    /// Headless stand-in for `UINavigationController.init(nibName:bundle:)` (see Apple's UIKit documentation).
    /// Here it creates an empty navigation stack.
    public override init(nibName nibNameOrNil: String?, bundle nibBundleOrNil: Bundle?) {
        super.init(nibName: nibNameOrNil, bundle: nibBundleOrNil)
    }

    /// Headless stand-in for `UINavigationController.init?(coder:)` (see Apple's UIKit documentation).
    /// Here there are no storyboards; it creates an empty navigation stack.
    public required init?(coder: NSCoder) {
        super.init(coder: coder)
    }

    /// Headless stand-in for `UINavigationController.viewControllers` (see Apple's UIKit documentation).
    /// Here the stack, root first; setting it replaces the stack without callbacks.
    open var viewControllers: [UIViewController] {
        get { stack }
        set {
            for controller in stack { controller._parent = nil }
            stack = newValue
            for controller in stack { controller._parent = self }
        }
    }

    /// Headless stand-in for `UINavigationController.topViewController` (see Apple's UIKit documentation).
    /// Here the last controller on the stack.
    open var topViewController: UIViewController? {
        stack.last
    }

    /// Headless stand-in for `UINavigationController.visibleViewController` (see Apple's UIKit documentation).
    /// Here the top controller's presented controller if any, else the top controller.
    open var visibleViewController: UIViewController? {
        topViewController?.presentedViewController ?? topViewController
    }

    /// Headless stand-in for `UINavigationController.pushViewController(_:animated:)` (see Apple's UIKit documentation).
    /// Here it appends `viewController` to the stack and, synchronously, sends
    /// the covered top controller `viewWillDisappear` and the pushed one its
    /// `loadView`/`viewDidLoad` (if needed) and `viewWillAppear`; the transition
    /// ends in a later turn of the main actor (see the type's comment).
    open func pushViewController(_ viewController: UIViewController, animated: Bool) {
        if refusedWhileAnimating("push") { return }
        let covered = stack.last
        viewController._parent = self
        delegate?.navigationController(self, willShow: viewController, animated: animated)
        covered?.beginAppearanceTransition(false, animated: animated)
        viewController.isMovingToParent = true
        viewController.beginAppearanceTransition(true, animated: animated)
        stack.append(viewController)
        finishTransition(leaving: covered.map { [$0] } ?? [], shown: viewController, animated: animated)
    }

    /// Ends a transition as UIKit does, after the call that began it: in a new
    /// task on the main actor, the leaving controllers get `viewDidDisappear`,
    /// the shown one `viewDidAppear`, and then the delegate `didShow`.
    private func finishTransition(leaving: [UIViewController], shown: UIViewController, animated: Bool) {
        let transition = animated ? NavigationTransition() : nil
        if let transition { running = transition }
        Task { @MainActor in
            if let transition, self.running === transition { self.running = nil }
            for controller in leaving {
                controller.endAppearanceTransition()
                controller.isMovingFromParent = false
            }
            shown.endAppearanceTransition()
            shown.isMovingToParent = false
            self.delegate?.navigationController(self, didShow: shown, animated: animated)
        }
    }

    /// Headless stand-in for `UINavigationController.popViewController(animated:)` (see Apple's UIKit documentation).
    /// Here it removes and returns the top controller (never the root) at once,
    /// sending it `viewWillDisappear` and the revealed one `viewWillAppear`;
    /// the transition ends in a later turn of the main actor (see the type's comment).
    @discardableResult
    open func popViewController(animated: Bool) -> UIViewController? {
        guard stack.count > 1, !refusedWhileAnimating("pop") else { return nil }
        let popped = stack.removeLast()
        let revealed = stack[stack.count - 1]
        delegate?.navigationController(self, willShow: revealed, animated: animated)
        popped.isMovingFromParent = true
        popped.beginAppearanceTransition(false, animated: animated)
        revealed.beginAppearanceTransition(true, animated: animated)
        popped._parent = nil
        finishTransition(leaving: [popped], shown: revealed, animated: animated)
        return popped
    }

    /// Headless stand-in for `UINavigationController.popToRootViewController(animated:)` (see Apple's UIKit documentation).
    /// Here it removes every controller above the root and returns them.
    @discardableResult
    open func popToRootViewController(animated: Bool) -> [UIViewController]? {
        guard stack.count > 1, !refusedWhileAnimating("pop") else { return nil }
        let popped = Array(stack.dropFirst())
        let top = stack.last
        delegate?.navigationController(self, willShow: stack[0], animated: animated)
        stack = [stack[0]]
        top?.isMovingFromParent = true
        top?.beginAppearanceTransition(false, animated: animated)
        stack[0].beginAppearanceTransition(true, animated: animated)
        for controller in popped { controller._parent = nil }
        finishTransition(leaving: top.map { [$0] } ?? [], shown: stack[0], animated: animated)
        return popped
    }

    /// Headless stand-in for `UINavigationController.popToViewController(_:animated:)` (see Apple's UIKit documentation).
    /// Here it removes every controller above `viewController` and returns them;
    /// `nil` when `viewController` is not on the stack or is already on top.
    @discardableResult
    open func popToViewController(_ viewController: UIViewController, animated: Bool) -> [UIViewController]? {
        guard let index = stack.firstIndex(where: { $0 === viewController }), index < stack.count - 1,
            !refusedWhileAnimating("pop")
        else {
            return nil
        }
        let popped = Array(stack[(index + 1)...])
        let top = stack.last
        delegate?.navigationController(self, willShow: viewController, animated: animated)
        stack = Array(stack[...index])
        top?.isMovingFromParent = true
        top?.beginAppearanceTransition(false, animated: animated)
        viewController.beginAppearanceTransition(true, animated: animated)
        for controller in popped { controller._parent = nil }
        finishTransition(leaving: top.map { [$0] } ?? [], shown: viewController, animated: animated)
        return popped
    }

    /// Headless stand-in for `UINavigationController.setViewControllers(_:animated:)` (see Apple's UIKit documentation).
    /// Here it replaces the stack in one transition: when the top controller
    /// changes, the delegate gets `willShow`, the old top `viewWillDisappear`
    /// and the new top `viewWillAppear` at once, and the transition ends in a
    /// later turn of the main actor (see the type's comment); when it stays,
    /// the stack changes without callbacks.
    open func setViewControllers(_ viewControllers: [UIViewController], animated: Bool) {
        if refusedWhileAnimating("push") { return }
        let old = stack
        let top = old.last
        let removed = old.filter { controller in !viewControllers.contains { $0 === controller } }
        for controller in removed { controller._parent = nil }
        stack = viewControllers
        for controller in stack { controller._parent = self }
        guard let shown = stack.last, shown !== top else { return }
        delegate?.navigationController(self, willShow: shown, animated: animated)
        if let top {
            top.isMovingFromParent = removed.contains { $0 === top }
            top.beginAppearanceTransition(false, animated: animated)
        }
        shown.isMovingToParent = !old.contains { $0 === shown }
        shown.beginAppearanceTransition(true, animated: animated)
        finishTransition(leaving: top.map { [$0] } ?? [], shown: shown, animated: animated)
    }
}
