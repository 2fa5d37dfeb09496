/// Headless stand-in for `NSLayoutConstraint` (see Apple's UIKit documentation).
///
/// Here it exists only to host `NSLayoutConstraint.Axis` for `UIStackView`;
/// there is no Auto Layout, no anchors and no constraints.
@MainActor
open class NSLayoutConstraint: NSObject {

    /// Headless stand-in for `NSLayoutConstraint.Axis` (see Apple's UIKit documentation).
    /// Here only the enumeration, stored by `UIStackView.axis`.
    public enum Axis: Int, Sendable {
        /// Headless stand-in for `NSLayoutConstraint.Axis.horizontal` (see Apple's UIKit documentation). Here raw value 0.
        case horizontal = 0
        /// Headless stand-in for `NSLayoutConstraint.Axis.vertical` (see Apple's UIKit documentation). Here raw value 1.
        case vertical = 1
    }
}

/// Headless stand-in for `UIStackView` (see Apple's UIKit documentation).
///
/// Here a stack view keeps `arrangedSubviews` (each also added as a subview,
/// as in UIKit) and stores its layout properties; nothing is measured or
/// positioned.
@MainActor
open class UIStackView: UIView {

    /// Headless stand-in for `UIStackView.Alignment` (see Apple's UIKit documentation).
    /// Here it is only stored in `alignment`.
    public enum Alignment: Int, Sendable {
        /// Headless stand-in for `UIStackView.Alignment.fill` (see Apple's UIKit documentation). Here raw value 0.
        case fill = 0
        /// Headless stand-in for `UIStackView.Alignment.leading` (see Apple's UIKit documentation). Here raw value 1.
        case leading = 1
        /// Headless stand-in for `UIStackView.Alignment.firstBaseline` (see Apple's UIKit documentation). Here raw value 2.
        case firstBaseline = 2
        /// Headless stand-in for `UIStackView.Alignment.center` (see Apple's UIKit documentation). Here raw value 3.
        case center = 3
        /// Headless stand-in for `UIStackView.Alignment.trailing` (see Apple's UIKit documentation). Here raw value 4.
        case trailing = 4
        /// Headless stand-in for `UIStackView.Alignment.lastBaseline` (see Apple's UIKit documentation). Here raw value 5.
        case lastBaseline = 5

        /// Headless stand-in for `UIStackView.Alignment.top` (same as `.leading`; see Apple's UIKit documentation).
        public static var top: Alignment { .leading }
        /// Headless stand-in for `UIStackView.Alignment.bottom` (same as `.trailing`; see Apple's UIKit documentation).
        public static var bottom: Alignment { .trailing }
    }

    /// Headless stand-in for `UIStackView.Distribution` (see Apple's UIKit documentation).
    /// Here it is only stored in `distribution`.
    public enum Distribution: Int, Sendable {
        /// Headless stand-in for `UIStackView.Distribution.fill` (see Apple's UIKit documentation). Here raw value 0.
        case fill = 0
        /// Headless stand-in for `UIStackView.Distribution.fillEqually` (see Apple's UIKit documentation). Here raw value 1.
        case fillEqually = 1
        /// Headless stand-in for `UIStackView.Distribution.fillProportionally` (see Apple's UIKit documentation). Here raw value 2.
        case fillProportionally = 2
        /// Headless stand-in for `UIStackView.Distribution.equalSpacing` (see Apple's UIKit documentation). Here raw value 3.
        case equalSpacing = 3
        /// Headless stand-in for `UIStackView.Distribution.equalCentering` (see Apple's UIKit documentation). Here raw value 4.
        case equalCentering = 4
    }

    private var _arrangedSubviews: [UIView] = []

    /// Headless stand-in for `UIStackView.init(frame:)` (see Apple's UIKit documentation).
    /// Here it creates an empty horizontal stack.
    public override init(frame: CGRect) {
        super.init(frame: frame)
    }

    /// Headless stand-in for `UIStackView.init?(coder:)` (see Apple's UIKit documentation).
    /// Here there are no nibs; it creates an empty horizontal stack.
    public required init(coder: NSCoder) {
        super.init(frame: .zero)
    }

    /// Headless stand-in for `UIStackView.init(arrangedSubviews:)` (see Apple's UIKit documentation).
    /// Here it calls `addArrangedSubview(_:)` for each view in order.
    public convenience init(arrangedSubviews views: [UIView]) {
        self.init(frame: .zero)
        for view in views {
            addArrangedSubview(view)
        }
    }

    /// Headless stand-in for `UIStackView.arrangedSubviews` (see Apple's UIKit documentation).
    /// Here the arranged views in order.
    open var arrangedSubviews: [UIView] {
        _arrangedSubviews
    }

    /// Headless stand-in for `UIStackView.addArrangedSubview(_:)` (see Apple's UIKit documentation).
    /// Here it appends `view` to `arrangedSubviews` (moving it if already
    /// arranged) and adds it as a subview.
    open func addArrangedSubview(_ view: UIView) {
        _arrangedSubviews.removeAll { $0 === view }
        _arrangedSubviews.append(view)
        addSubview(view)
    }

    /// Headless stand-in for `UIStackView.insertArrangedSubview(_:at:)` (see Apple's UIKit documentation).
    /// Here it inserts `view` into `arrangedSubviews` at `stackIndex` (clamped) and adds it as a subview.
    open func insertArrangedSubview(_ view: UIView, at stackIndex: Int) {
        _arrangedSubviews.removeAll { $0 === view }
        _arrangedSubviews.insert(view, at: max(0, min(stackIndex, _arrangedSubviews.count)))
        addSubview(view)
    }

    /// Headless stand-in for `UIStackView.removeArrangedSubview(_:)` (see Apple's UIKit documentation).
    /// Here, as in UIKit, it removes `view` from `arrangedSubviews` only; it stays a subview.
    open func removeArrangedSubview(_ view: UIView) {
        _arrangedSubviews.removeAll { $0 === view }
    }

    /// Headless stand-in for `UIView.willRemoveSubview(_:)` on a stack view (see Apple's UIKit documentation).
    /// Here, as in UIKit, a removed subview also leaves `arrangedSubviews`.
    open override func willRemoveSubview(_ subview: UIView) {
        super.willRemoveSubview(subview)
        _arrangedSubviews.removeAll { $0 === subview }
    }

    /// Headless stand-in for `UIStackView.axis` (see Apple's UIKit documentation).
    /// Here it is only stored (default `.horizontal`).
    open var axis: NSLayoutConstraint.Axis = .horizontal

    /// Headless stand-in for `UIStackView.spacing` (see Apple's UIKit documentation).
    /// Here it is only stored (default `0`).
    open var spacing: CGFloat = 0

    /// Headless stand-in for `UIStackView.alignment` (see Apple's UIKit documentation).
    /// Here it is only stored (default `.fill`).
    open var alignment: UIStackView.Alignment = .fill

    /// Headless stand-in for `UIStackView.distribution` (see Apple's UIKit documentation).
    /// Here it is only stored (default `.fill`).
    open var distribution: UIStackView.Distribution = .fill
}
