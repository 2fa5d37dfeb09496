// A window: what a test hosts a screen in so that a table view has visible
// rows. Nothing is drawn; the window only decides which views are "in a
// window" (`UIView.window`) and lays them out when asked.

/// Headless stand-in for `UIWindow` (see Apple's UIKit documentation).
///
/// Here, as in UIKit, a window starts hidden; `makeKeyAndVisible()` shows it,
/// puts the root view controller's view in it and sends that controller (and,
/// for a navigation controller, its top controller) the appearance callbacks.
/// `layoutIfNeeded()` lays out the window's views and the views of the
/// controllers it shows (a navigation controller's top controller, a presented
/// controller), so that a table view in them prepares its visible rows.
/// Unlike UIKit, a window made with `init(frame:)` is shown: there are no
/// scenes here (in a scene-based iOS app, make it with `UIWindow(windowScene:)`).
/// The navigation controller's delegate is not told about the first appearance.
@MainActor
open class UIWindow: UIView {

    /// Headless stand-in for `UIWindow.init(frame:)` (see Apple's UIKit documentation).
    /// Here, as in UIKit, a hidden window with no root view controller.
    public override init(frame: CGRect) {
        super.init(frame: frame)
        isHidden = true
    }

    /// Headless stand-in for `UIWindow.init?(coder:)` (see Apple's UIKit documentation).
    /// Here there are no nibs; a hidden window.
    public required init?(coder: NSCoder) {
        super.init(coder: coder)
        isHidden = true
    }

    /// Headless stand-in for `UIWindow.rootViewController` (see Apple's UIKit documentation).
    /// Here, as in UIKit, setting it on a visible window puts the controller's
    /// view in the window at once; on a hidden one, `makeKeyAndVisible()` does.
    open var rootViewController: UIViewController? {
        didSet {
            guard oldValue !== rootViewController else { return }
            oldValue?.viewIfLoaded?.removeFromSuperview()
            if !isHidden { install() }
        }
    }

    /// Headless stand-in for `UIWindow.isKeyWindow` (see Apple's UIKit documentation).
    /// Here true after `makeKeyAndVisible()`.
    open private(set) var isKeyWindow = false

    /// Headless stand-in for `UIWindow.makeKeyAndVisible()` (see Apple's UIKit documentation).
    /// Here it shows the window, makes it key and installs the root view controller.
    open func makeKeyAndVisible() {
        isKeyWindow = true
        guard isHidden else { return }
        isHidden = false
        install()
    }

    /// Puts the root controller's view in the window and lets it (and the
    /// top controller of a navigation controller) appear, as UIKit does.
    private func install() {
        guard let root = rootViewController else { return }
        addSubview(root.view)
        var appearing = [root]
        if let navigation = root as? UINavigationController, let top = navigation.topViewController {
            appearing.append(top)
        }
        for controller in appearing { controller.beginAppearanceTransition(true, animated: false) }
        for controller in appearing { controller.endAppearanceTransition() }
    }

    /// Headless stand-in for `UIView.layoutIfNeeded()` on a window (see Apple's UIKit documentation).
    /// Here it lays out the window's subviews and the views of the controllers
    /// the window shows (see the type's comment).
    open override func layoutIfNeeded() {
        super.layoutIfNeeded()
        if let rootViewController { Self.layOut(rootViewController) }
    }

    private static func layOut(_ controller: UIViewController) {
        controller.viewIfLoaded?.layoutIfNeeded()
        if let navigation = controller as? UINavigationController, let top = navigation.topViewController {
            layOut(top)
        }
        if let presented = controller.presentedViewController { layOut(presented) }
    }
}

extension UIView {
    /// Headless stand-in for `UIView.window` (see Apple's UIKit documentation).
    /// Here the window found up the `superview` chain; from a view controller's
    /// root view it goes on to the controller that shows it: the navigation
    /// controller it is the top of (a covered controller's view is in no
    /// window, as in UIKit), or the controller that presented it.
    public var window: UIWindow? {
        if let window = self as? UIWindow { return window }
        if let superview { return superview.window }
        guard let owner = _owningViewController else { return nil }
        if let navigation = owner.parent as? UINavigationController {
            guard navigation.topViewController === owner else { return nil }
            return navigation.viewIfLoaded?.window
        }
        return owner.presentingViewController?.viewIfLoaded?.window
    }
}
