/// Headless stand-in for `UIAdaptivePresentationControllerDelegate` (see Apple's UIKit documentation).
///
/// Here only `presentationControllerDidDismiss(_:)`, with an empty default
/// implementation: in UIKit the protocol is `@objc` and the method optional.
/// As in UIKit it refines `NSObjectProtocol`: a conformer must inherit `NSObject`.
@MainActor
public protocol UIAdaptivePresentationControllerDelegate: NSObjectProtocol {
    /// Headless stand-in for `presentationControllerDidDismiss(_:)` (see Apple's UIKit documentation).
    /// Here, as in UIKit, called only when the user dismisses the presented
    /// controller (see `simulateInteractiveDismissal(of:)`), never after a
    /// `dismiss(animated:completion:)` in code.
    func presentationControllerDidDismiss(_ presentationController: UIPresentationController)
}

extension UIAdaptivePresentationControllerDelegate {
    /// Does nothing (the method is optional in UIKit).
    public func presentationControllerDidDismiss(_ presentationController: UIPresentationController) {}
}

/// Headless stand-in for `UIPresentationController` (see Apple's UIKit documentation).
///
/// Here it only holds the presented controller and the delegate; nothing is
/// laid out or animated.
@MainActor
open class UIPresentationController: NSObject {
    /// Headless stand-in for `UIPresentationController.presentedViewController` (see Apple's UIKit documentation).
    /// Here unowned: the presented controller keeps its presentation controller.
    public unowned let presentedViewController: UIViewController

    /// Headless stand-in for `UIPresentationController.delegate` (see Apple's UIKit documentation).
    /// Here, as in UIKit, a weak reference.
    open weak var delegate: (any UIAdaptivePresentationControllerDelegate)?

    /// Headless stand-in for `UIPresentationController.init(presentedViewController:presenting:)` (see Apple's UIKit documentation).
    /// Here `presentingViewController` is not kept.
    public init(presentedViewController: UIViewController, presenting presentingViewController: UIViewController?) {
        self.presentedViewController = presentedViewController
        super.init()
    }
}

/// Not UIKit: the stand-in's way for a sample's hidden driver lines to do what
/// UIKit does when the user swipes a presented sheet down. The presented
/// controller is dismissed, then its presentation controller's delegate is told
/// `presentationControllerDidDismiss(_:)`. (Dismissing in code with
/// `dismiss(animated:completion:)` does not tell the delegate, in UIKit or here.)
@MainActor
public func simulateInteractiveDismissal(of presented: UIViewController) {
    guard let presenter = presented.presentingViewController else { return }
    presenter.dismiss(animated: true)
    if let controller = presented._presentationController {
        controller.delegate?.presentationControllerDidDismiss(controller)
    }
}
