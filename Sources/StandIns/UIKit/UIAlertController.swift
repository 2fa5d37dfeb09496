/// Headless stand-in for `UIAlertAction` (see Apple's UIKit documentation).
///
/// Here an alert action only stores its title, style, enabled flag and
/// handler; nothing is shown and, as in UIKit, there is no public way to
/// "tap" it. Samples inspect `UIAlertController.actions` instead.
@MainActor
open class UIAlertAction: NSObject {

    /// Headless stand-in for `UIAlertAction.Style` (see Apple's UIKit documentation).
    /// Here only the enumeration with UIKit's raw values.
    public enum Style: Int, Sendable {
        /// Headless stand-in for `UIAlertAction.Style.default` (see Apple's UIKit documentation). Here raw value 0.
        case `default` = 0
        /// Headless stand-in for `UIAlertAction.Style.cancel` (see Apple's UIKit documentation). Here raw value 1.
        case cancel = 1
        /// Headless stand-in for `UIAlertAction.Style.destructive` (see Apple's UIKit documentation). Here raw value 2.
        case destructive = 2
    }

    private let _title: String?
    private let _style: Style
    let handler: ((UIAlertAction) -> Void)?

    /// Headless stand-in for `UIAlertAction.init(title:style:handler:)` (see Apple's UIKit documentation).
    /// Here it only stores the values; `handler` is never called by the stand-in.
    public init(title: String?, style: UIAlertAction.Style, handler: ((UIAlertAction) -> Void)? = nil) {
        _title = title
        _style = style
        self.handler = handler
        super.init()
    }

    /// Headless stand-in for `UIAlertAction.title` (see Apple's UIKit documentation).
    /// Here the stored title.
    open var title: String? {
        _title
    }

    /// Headless stand-in for `UIAlertAction.style` (see Apple's UIKit documentation).
    /// Here the stored style.
    open var style: UIAlertAction.Style {
        _style
    }

    /// Headless stand-in for `UIAlertAction.isEnabled` (see Apple's UIKit documentation).
    /// Here it is only stored (default `true`).
    open var isEnabled: Bool = true
}

/// Headless stand-in for `UIAlertController` (see Apple's UIKit documentation).
///
/// Here an alert is a view controller that stores its title, message, style,
/// actions and text fields. Present it with `present(_:animated:completion:)`
/// and read it back through `presentedViewController` to show in a sample
/// which success or error message the screen would display.
@MainActor
open class UIAlertController: UIViewController {

    /// Headless stand-in for `UIAlertController.Style` (see Apple's UIKit documentation).
    /// Here only the enumeration with UIKit's raw values.
    public enum Style: Int, Sendable {
        /// Headless stand-in for `UIAlertController.Style.actionSheet` (see Apple's UIKit documentation). Here raw value 0.
        case actionSheet = 0
        /// Headless stand-in for `UIAlertController.Style.alert` (see Apple's UIKit documentation). Here raw value 1.
        case alert = 1
    }

    private var _preferredStyle: Style = .alert
    private var _actions: [UIAlertAction] = []
    private var _textFields: [UITextField] = []

    /// Headless stand-in for `UIAlertController.init(title:message:preferredStyle:)` (see Apple's UIKit documentation).
    /// Here it stores `title` (as the view controller's `title`), `message` and the style.
    public convenience init(title: String?, message: String?, preferredStyle: UIAlertController.Style) {
        self.init(nibName: nil, bundle: nil)
        self.title = title
        self.message = message
        _preferredStyle = preferredStyle
    }

    /// Headless stand-in for `UIAlertController.message` (see Apple's UIKit documentation).
    /// Here it is only stored.
    open var message: String?

    /// Headless stand-in for `UIAlertController.preferredStyle` (see Apple's UIKit documentation).
    /// Here the stored style (default `.alert`).
    open var preferredStyle: UIAlertController.Style {
        _preferredStyle
    }

    /// Headless stand-in for `UIAlertController.actions` (see Apple's UIKit documentation).
    /// Here the added actions in order.
    open var actions: [UIAlertAction] {
        _actions
    }

    /// Headless stand-in for `UIAlertController.preferredAction` (see Apple's UIKit documentation).
    /// Here it is only stored.
    open var preferredAction: UIAlertAction?

    /// Headless stand-in for `UIAlertController.addAction(_:)` (see Apple's UIKit documentation).
    /// Here it appends `action` to `actions`.
    open func addAction(_ action: UIAlertAction) {
        _actions.append(action)
    }

    /// Headless stand-in for `UIAlertController.textFields` (see Apple's UIKit documentation).
    /// Here the text fields added with `addTextField(configurationHandler:)`, or
    /// `nil` when there are none.
    open var textFields: [UITextField]? {
        _textFields.isEmpty ? nil : _textFields
    }

    /// Headless stand-in for `UIAlertController.addTextField(configurationHandler:)` (see Apple's UIKit documentation).
    /// Here it creates a `UITextField`, calls `configurationHandler` with it
    /// synchronously and appends it to `textFields`.
    open func addTextField(configurationHandler: ((UITextField) -> Void)? = nil) {
        let field = UITextField()
        configurationHandler?(field)
        _textFields.append(field)
    }
}
