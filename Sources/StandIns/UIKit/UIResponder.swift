/// Headless stand-in for `UIResponder` (see Apple's UIKit documentation).
///
/// Here it is only the common main-actor superclass of `UIView` and
/// `UIViewController`; there are no touches or events to deliver, so the
/// responder chain is reduced to the `next` link and a first-responder flag.
@MainActor
open class UIResponder: NSObject {

    /// Headless stand-in for `UIResponder.init()` (see Apple's UIKit documentation).
    /// Here it creates a responder that is not first responder.
    public override init() {
        super.init()
    }

    /// Headless stand-in for `UIResponder.next` (see Apple's UIKit documentation).
    /// Here it returns `nil`; `UIView` overrides it to return its view
    /// controller (for a root view) or its superview.
    open var next: UIResponder? {
        nil
    }

    /// Headless stand-in for `UIResponder.isFirstResponder` (see Apple's UIKit documentation).
    /// Here it is `true` between `becomeFirstResponder()` and `resignFirstResponder()`.
    open var isFirstResponder: Bool {
        _isFirstResponder
    }

    private var _isFirstResponder = false

    /// Headless stand-in for `UIResponder.canBecomeFirstResponder` (see Apple's UIKit documentation).
    /// Here it returns `false`, except in `UITextField`, which returns `true`.
    open var canBecomeFirstResponder: Bool {
        false
    }

    /// Headless stand-in for `UIResponder.becomeFirstResponder()` (see Apple's UIKit documentation).
    /// Here it only sets `isFirstResponder` (when `canBecomeFirstResponder`);
    /// no keyboard is shown. Returns whether the responder is now first responder.
    @discardableResult
    open func becomeFirstResponder() -> Bool {
        if canBecomeFirstResponder {
            _isFirstResponder = true
        }
        return _isFirstResponder
    }

    /// Headless stand-in for `UIResponder.resignFirstResponder()` (see Apple's UIKit documentation).
    /// Here it clears `isFirstResponder` and returns `true`.
    @discardableResult
    open func resignFirstResponder() -> Bool {
        _isFirstResponder = false
        return true
    }
}
