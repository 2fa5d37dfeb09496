/// Headless stand-in for `UIView` (see Apple's UIKit documentation).
///
/// Here a view is a plain object tree: it stores its frame and appearance
/// properties and keeps `subviews`/`superview` in sync, but nothing is drawn
/// and there is no Auto Layout. Subclasses may override `init(frame:)`,
/// `init?(coder:)` and `layoutSubviews()` exactly as in an iOS app.
@MainActor
open class UIView: UIResponder {

    // MARK: Creating a view

    /// Headless stand-in for `UIView.init(frame:)` (see Apple's UIKit documentation).
    /// Here it stores `frame` and creates a visible view with no subviews.
    public init(frame: CGRect) {
        self.frame = frame
        super.init()
    }

    /// Headless stand-in for `UIView.init?(coder:)` (see Apple's UIKit documentation).
    /// Here there are no storyboards or nibs; it creates a view with a zero frame.
    public required init?(coder: NSCoder) {
        self.frame = .zero
        super.init()
    }

    /// Headless stand-in for `UIView.init()` (see Apple's UIKit documentation).
    /// Here, as in UIKit, it calls `init(frame: .zero)`.
    public override convenience init() {
        self.init(frame: .zero)
    }

    // MARK: Geometry

    /// Headless stand-in for `UIView.frame` (see Apple's UIKit documentation).
    /// Here it is only stored; there is no layout pass that changes it.
    open var frame: CGRect

    /// Headless stand-in for `UIView.bounds` (see Apple's UIKit documentation).
    /// Here it is derived from `frame`: origin `.zero`, size `frame.size`;
    /// setting it changes `frame.size`.
    open var bounds: CGRect {
        get { CGRect(origin: .zero, size: frame.size) }
        set { frame.size = newValue.size }
    }

    /// Headless stand-in for `UIView.center` (see Apple's UIKit documentation).
    /// Here it is the midpoint of `frame`; setting it moves `frame`.
    open var center: CGPoint {
        get { CGPoint(x: frame.midX, y: frame.midY) }
        set {
            frame.origin = CGPoint(
                x: newValue.x - frame.width / 2,
                y: newValue.y - frame.height / 2)
        }
    }

    // MARK: Appearance

    /// Headless stand-in for `UIView.isHidden` (see Apple's UIKit documentation).
    /// Here it is only stored (default `false`).
    open var isHidden: Bool = false

    /// Headless stand-in for `UIView.alpha` (see Apple's UIKit documentation).
    /// Here it is only stored (default `1.0`).
    open var alpha: CGFloat = 1

    /// Headless stand-in for `UIView.backgroundColor` (see Apple's UIKit documentation).
    /// Here it is only stored (default `nil`).
    open var backgroundColor: UIColor?

    /// Headless stand-in for `UIView.tintColor` (see Apple's UIKit documentation).
    /// Here it is stored; when never set it returns `UIColor.systemBlue`.
    open var tintColor: UIColor! {
        get { _tintColor ?? superview?.tintColor ?? .systemBlue }
        set { _tintColor = newValue }
    }

    private var _tintColor: UIColor?

    /// Headless stand-in for `UIView.tag` (see Apple's UIKit documentation).
    /// Here it is stored (default `0`) and used by `viewWithTag(_:)`.
    open var tag: Int = 0

    /// Headless stand-in for `UIView.isUserInteractionEnabled` (see Apple's UIKit documentation).
    /// Here it is only stored (default `true`); there are no touches.
    open var isUserInteractionEnabled: Bool = true

    /// Headless stand-in for `UIView.translatesAutoresizingMaskIntoConstraints`
    /// (see Apple's UIKit documentation). Here it is only stored (default `true`)
    /// so that layout-preparing code compiles; there is no Auto Layout.
    open var translatesAutoresizingMaskIntoConstraints: Bool = true

    /// Headless stand-in for `UIView.accessibilityIdentifier` (see Apple's UIKit
    /// documentation, `UIAccessibilityIdentification`). Here it is only stored.
    open var accessibilityIdentifier: String?

    // MARK: View hierarchy

    /// Headless stand-in for `UIView.superview` (see Apple's UIKit documentation).
    /// Here it is the view this view was last added to with `addSubview(_:)`
    /// (held weakly), or `nil`.
    open var superview: UIView? {
        _superview
    }

    private weak var _superview: UIView?

    /// Headless stand-in for `UIView.subviews` (see Apple's UIKit documentation).
    /// Here it lists the added subviews back to front, in `addSubview(_:)` order.
    open var subviews: [UIView] {
        _subviews
    }

    private var _subviews: [UIView] = []

    /// Set by `UIViewController` on its root view; used by `next`.
    weak var _owningViewController: UIViewController?

    /// Headless stand-in for `UIResponder.next` on a view (see Apple's UIKit documentation).
    /// Here it is the owning view controller for a root view, otherwise the superview.
    open override var next: UIResponder? {
        _owningViewController ?? superview
    }

    /// Headless stand-in for `UIView.addSubview(_:)` (see Apple's UIKit documentation).
    /// Here, as in UIKit, it removes `view` from its previous superview (if any),
    /// appends it to the end of `subviews` (front-most) and calls
    /// `didAddSubview(_:)` and `view.didMoveToSuperview()`. Adding a view to
    /// itself is ignored.
    open func addSubview(_ view: UIView) {
        guard view !== self else { return }
        if let old = view._superview {
            old._subviews.removeAll { $0 === view }
        }
        _subviews.append(view)
        view._superview = self
        didAddSubview(view)
        view.didMoveToSuperview()
    }

    /// Headless stand-in for `UIView.insertSubview(_:at:)` (see Apple's UIKit documentation).
    /// Here it inserts `view` into `subviews` at `index` (clamped to the valid range).
    open func insertSubview(_ view: UIView, at index: Int) {
        guard view !== self else { return }
        if let old = view._superview {
            old._subviews.removeAll { $0 === view }
        }
        _subviews.insert(view, at: max(0, min(index, _subviews.count)))
        view._superview = self
        didAddSubview(view)
        view.didMoveToSuperview()
    }

    /// Headless stand-in for `UIView.removeFromSuperview()` (see Apple's UIKit documentation).
    /// Here it removes the view from its superview's `subviews` and clears
    /// `superview`; it does nothing when there is no superview.
    open func removeFromSuperview() {
        guard let parent = _superview else { return }
        parent.willRemoveSubview(self)
        parent._subviews.removeAll { $0 === self }
        _superview = nil
        didMoveToSuperview()
    }

    /// Headless stand-in for `UIView.bringSubviewToFront(_:)` (see Apple's UIKit documentation).
    /// Here it moves `view` to the end of `subviews` if it is a subview.
    open func bringSubviewToFront(_ view: UIView) {
        guard let index = _subviews.firstIndex(where: { $0 === view }) else { return }
        _subviews.append(_subviews.remove(at: index))
    }

    /// Headless stand-in for `UIView.isDescendant(of:)` (see Apple's UIKit documentation).
    /// Here it walks the `superview` chain; a view is a descendant of itself.
    open func isDescendant(of view: UIView) -> Bool {
        var current: UIView? = self
        while let candidate = current {
            if candidate === view { return true }
            current = candidate.superview
        }
        return false
    }

    /// Headless stand-in for `UIView.viewWithTag(_:)` (see Apple's UIKit documentation).
    /// Here it searches this view and then its subviews depth-first for a
    /// matching `tag`.
    open func viewWithTag(_ tag: Int) -> UIView? {
        if self.tag == tag { return self }
        for subview in _subviews {
            if let found = subview.viewWithTag(tag) { return found }
        }
        return nil
    }

    /// Headless stand-in for `UIView.didAddSubview(_:)` (see Apple's UIKit documentation).
    /// Here it is an empty hook called by `addSubview(_:)`; override to observe it.
    open func didAddSubview(_ subview: UIView) {}

    /// Headless stand-in for `UIView.willRemoveSubview(_:)` (see Apple's UIKit documentation).
    /// Here it is an empty hook called by `removeFromSuperview()`.
    open func willRemoveSubview(_ subview: UIView) {}

    /// Headless stand-in for `UIView.didMoveToSuperview()` (see Apple's UIKit documentation).
    /// Here it is an empty hook called after `addSubview(_:)` and `removeFromSuperview()`.
    open func didMoveToSuperview() {}

    // MARK: Layout

    /// Headless stand-in for `UIView.layoutSubviews()` (see Apple's UIKit documentation).
    /// Here the default does nothing; it runs only via `layoutIfNeeded()`
    /// after `setNeedsLayout()`.
    open func layoutSubviews() {}

    private var _needsLayout = true

    /// Headless stand-in for `UIView.setNeedsLayout()` (see Apple's UIKit documentation).
    /// Here it only marks the view; there is no run loop that lays it out later.
    open func setNeedsLayout() {
        _needsLayout = true
    }

    /// Headless stand-in for `UIView.layoutIfNeeded()` (see Apple's UIKit documentation).
    /// Here it calls `layoutSubviews()` synchronously if the view was marked
    /// (a new view starts marked), then does the same for its subviews.
    open func layoutIfNeeded() {
        if _needsLayout {
            _needsLayout = false
            layoutSubviews()
        }
        for subview in _subviews {
            subview.layoutIfNeeded()
        }
    }

    // MARK: Updating properties (iOS 26)

    /// Headless stand-in for `UIView.updateProperties()` (iOS 26; see Apple's UIKit documentation).
    /// Here the default does nothing; it runs only via `updatePropertiesIfNeeded()`,
    /// with automatic observation tracking (see `PropertyUpdates`).
    open func updateProperties() {}

    private var _needsPropertiesUpdate = true

    /// Headless stand-in for `UIView.setNeedsUpdateProperties()` (iOS 26; see Apple's UIKit documentation).
    /// Here it only marks the view; there is no display cycle that updates it later.
    open func setNeedsUpdateProperties() {
        _needsPropertiesUpdate = true
    }

    /// Headless stand-in for `UIView.updatePropertiesIfNeeded()` (iOS 26; see Apple's UIKit documentation).
    /// Here, synchronously: the owning view controller's `updateProperties()`
    /// if it is marked, this view's if it is marked (both start marked), then
    /// the same for each subview; each runs with automatic observation tracking,
    /// so a change to an `@Observable` property it read marks it again.
    open func updatePropertiesIfNeeded() {
        _owningViewController?._updatePropertiesIfMarked()
        if _needsPropertiesUpdate {
            _needsPropertiesUpdate = false
            PropertyUpdates.track(updateProperties) { [weak self] in
                self?.setNeedsUpdateProperties()
            }
        }
        for subview in _subviews {
            subview.updatePropertiesIfNeeded()
        }
    }

    /// Headless stand-in for `UIView.sizeToFit()` (see Apple's UIKit documentation).
    /// Here it does nothing, because there is no text measurement.
    open func sizeToFit() {}
}
