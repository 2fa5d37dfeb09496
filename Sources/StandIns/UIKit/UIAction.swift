/// Headless stand-in for `UIActionHandler` (see Apple's UIKit documentation).
/// The closure a `UIAction` runs when a control sends it (see
/// `UIControl.sendActions(for:)`). UIKit declares it `(UIAction) -> Void`;
/// here it is `@MainActor`, which a closure formed in a main-actor method
/// is in UIKit too (the lecture's README lists this difference).
public typealias UIActionHandler = @MainActor (UIAction) -> Void

/// Headless stand-in for `UIMenuElement` (see Apple's UIKit documentation).
///
/// Here it is only the superclass of `UIAction` with its `title`, `image`
/// and nested option types; there are no menus to show.
@MainActor
open class UIMenuElement: NSObject {

    /// Headless stand-in for `UIMenuElement.title` (see Apple's UIKit documentation).
    /// Here it is only stored.
    open var title: String

    /// Headless stand-in for `UIMenuElement.image` (see Apple's UIKit documentation).
    /// Here it is only stored.
    open var image: UIImage?

    init(title: String, image: UIImage?) {
        self.title = title
        self.image = image
        super.init()
    }

    /// Headless stand-in for `UIMenuElement.Attributes` (see Apple's UIKit documentation).
    /// Here only stored flags.
    public struct Attributes: OptionSet, Sendable {
        /// Headless stand-in for `UIMenuElement.Attributes.rawValue` (see Apple's UIKit documentation). Here the stored bits.
        public let rawValue: UInt
        /// Headless stand-in for `UIMenuElement.Attributes.init(rawValue:)` (see Apple's UIKit documentation). Here it stores the bits.
        public init(rawValue: UInt) { self.rawValue = rawValue }
        /// Headless stand-in for `UIMenuElement.Attributes.disabled` (see Apple's UIKit documentation). Here only a flag.
        public static let disabled = Attributes(rawValue: 1 << 0)
        /// Headless stand-in for `UIMenuElement.Attributes.destructive` (see Apple's UIKit documentation). Here only a flag.
        public static let destructive = Attributes(rawValue: 1 << 1)
        /// Headless stand-in for `UIMenuElement.Attributes.hidden` (see Apple's UIKit documentation). Here only a flag.
        public static let hidden = Attributes(rawValue: 1 << 2)
    }

    /// Headless stand-in for `UIMenuElement.State` (see Apple's UIKit documentation).
    /// Here only a stored value.
    public enum State: Int, Sendable {
        /// Headless stand-in for `UIMenuElement.State.off` (see Apple's UIKit documentation). Here raw value 0.
        case off = 0
        /// Headless stand-in for `UIMenuElement.State.on` (see Apple's UIKit documentation). Here raw value 1.
        case on = 1
        /// Headless stand-in for `UIMenuElement.State.mixed` (see Apple's UIKit documentation). Here raw value 2.
        case mixed = 2
    }
}

/// Headless stand-in for `UIAction` (see Apple's UIKit documentation).
///
/// Here an action is a title plus a main-actor handler. Register it on a
/// control with `UIControl.addAction(_:for:)`; `UIControl.sendActions(for:)`
/// then calls the handler synchronously with `sender` set to that control.
/// This is how samples simulate a tap or an edit.
@MainActor
open class UIAction: UIMenuElement {

    /// Headless stand-in for `UIAction.Identifier` (see Apple's UIKit documentation).
    /// Here a string wrapper; a control keeps at most one action per identifier.
    public struct Identifier: RawRepresentable, Hashable, Sendable {
        /// Headless stand-in for `UIAction.Identifier.rawValue` (see Apple's UIKit documentation). Here the stored string.
        public var rawValue: String
        /// Headless stand-in for `UIAction.Identifier.init(rawValue:)` (see Apple's UIKit documentation). Here it stores `rawValue`.
        public init(rawValue: String) { self.rawValue = rawValue }
        /// Headless stand-in for `UIAction.Identifier.init(_:)` (see Apple's UIKit documentation). Here it stores the string.
        public init(_ rawValue: String) { self.rawValue = rawValue }
    }

    private static var nextIdentifierNumber = 0

    /// Headless stand-in for `UIAction.identifier` (see Apple's UIKit documentation).
    /// Here, when none was given, a unique `com.apple.UIKit.action.<n>` identifier.
    public let identifier: UIAction.Identifier

    /// Headless stand-in for `UIAction.discoverabilityTitle` (see Apple's UIKit documentation).
    /// Here it is only stored.
    open var discoverabilityTitle: String?

    /// Headless stand-in for `UIAction.attributes` (see Apple's UIKit documentation).
    /// Here it is only stored; `.disabled` does not stop `sendActions(for:)`.
    open var attributes: UIMenuElement.Attributes

    /// Headless stand-in for `UIAction.state` (see Apple's UIKit documentation).
    /// Here it is only stored.
    open var state: UIMenuElement.State

    /// Headless stand-in for `UIAction.sender` (see Apple's UIKit documentation).
    /// Here it is the control that is running this action's handler (set by
    /// `UIControl.sendActions(for:)` / `sendAction(_:)` for the duration of
    /// the call), otherwise `nil`.
    open var sender: Any? {
        _sender
    }

    var _sender: AnyObject?

    let handler: UIActionHandler

    /// Headless stand-in for `UIAction.init(title:image:identifier:discoverabilityTitle:attributes:state:handler:)`
    /// (see Apple's UIKit documentation). Here it stores every value; `handler`
    /// runs when a control the action is registered on sends it.
    public init(
        title: String = "",
        image: UIImage? = nil,
        identifier: UIAction.Identifier? = nil,
        discoverabilityTitle: String? = nil,
        attributes: UIMenuElement.Attributes = [],
        state: UIMenuElement.State = .off,
        handler: @escaping UIActionHandler
    ) {
        if let identifier {
            self.identifier = identifier
        } else {
            UIAction.nextIdentifierNumber += 1
            self.identifier = Identifier("com.apple.UIKit.action.\(UIAction.nextIdentifierNumber)")
        }
        self.discoverabilityTitle = discoverabilityTitle
        self.attributes = attributes
        self.state = state
        self.handler = handler
        super.init(title: title, image: image)
    }

    /// Runs the handler with `sender` set for the duration of the call.
    func perform(sender: AnyObject?) {
        let previous = _sender
        _sender = sender
        handler(self)
        _sender = previous
    }
}
