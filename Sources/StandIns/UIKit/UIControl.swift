/// Headless stand-in for `UIControl` (see Apple's UIKit documentation).
///
/// Here a control keeps a list of `UIAction`s registered with
/// `addAction(_:for:)`. There are no touches: a sample simulates the user by
/// calling `sendActions(for:)` (for example `.touchUpInside` for a tap or
/// `.editingChanged` after setting a text field's `text`), which runs the
/// matching handlers synchronously, in registration order.
/// Target–action with `#selector` is not available (no Objective-C runtime
/// on Linux); use `UIAction`.
@MainActor
open class UIControl: UIView {

    /// Headless stand-in for `UIControl.Event` (see Apple's UIKit documentation).
    /// Here the same option set with UIKit's raw values; used to match
    /// registered actions in `sendActions(for:)`.
    public struct Event: OptionSet, Hashable, Sendable {
        /// Headless stand-in for `UIControl.Event.rawValue` (see Apple's UIKit documentation). Here the stored bits.
        public let rawValue: UInt
        /// Headless stand-in for `UIControl.Event.init(rawValue:)` (see Apple's UIKit documentation). Here it stores the bits.
        public init(rawValue: UInt) { self.rawValue = rawValue }

        /// Headless stand-in for `UIControl.Event.touchDown` (see Apple's UIKit documentation). Here only a bit.
        public static let touchDown = Event(rawValue: 1 << 0)
        /// Headless stand-in for `UIControl.Event.touchDownRepeat` (see Apple's UIKit documentation). Here only a bit.
        public static let touchDownRepeat = Event(rawValue: 1 << 1)
        /// Headless stand-in for `UIControl.Event.touchDragInside` (see Apple's UIKit documentation). Here only a bit.
        public static let touchDragInside = Event(rawValue: 1 << 2)
        /// Headless stand-in for `UIControl.Event.touchDragOutside` (see Apple's UIKit documentation). Here only a bit.
        public static let touchDragOutside = Event(rawValue: 1 << 3)
        /// Headless stand-in for `UIControl.Event.touchDragEnter` (see Apple's UIKit documentation). Here only a bit.
        public static let touchDragEnter = Event(rawValue: 1 << 4)
        /// Headless stand-in for `UIControl.Event.touchDragExit` (see Apple's UIKit documentation). Here only a bit.
        public static let touchDragExit = Event(rawValue: 1 << 5)
        /// Headless stand-in for `UIControl.Event.touchUpInside`, a tap (see Apple's UIKit documentation). Here only a
        /// bit; send it with `sendActions(for: .touchUpInside)` to simulate a tap.
        public static let touchUpInside = Event(rawValue: 1 << 6)
        /// Headless stand-in for `UIControl.Event.touchUpOutside` (see Apple's UIKit documentation). Here only a bit.
        public static let touchUpOutside = Event(rawValue: 1 << 7)
        /// Headless stand-in for `UIControl.Event.touchCancel` (see Apple's UIKit documentation). Here only a bit.
        public static let touchCancel = Event(rawValue: 1 << 8)
        /// Headless stand-in for `UIControl.Event.valueChanged` (see Apple's UIKit documentation). Here only a bit.
        public static let valueChanged = Event(rawValue: 1 << 12)
        /// Headless stand-in for `UIControl.Event.primaryActionTriggered` (see Apple's UIKit documentation). Here only a
        /// bit; a `primaryAction` passed to an initializer is registered for it.
        public static let primaryActionTriggered = Event(rawValue: 1 << 13)
        /// Headless stand-in for `UIControl.Event.menuActionTriggered` (see Apple's UIKit documentation). Here only a bit.
        public static let menuActionTriggered = Event(rawValue: 1 << 14)
        /// Headless stand-in for `UIControl.Event.editingDidBegin` (see Apple's UIKit documentation). Here only a bit.
        public static let editingDidBegin = Event(rawValue: 1 << 16)
        /// Headless stand-in for `UIControl.Event.editingChanged` (see Apple's UIKit documentation). Here only a bit;
        /// send it after setting `UITextField.text` to simulate typing.
        public static let editingChanged = Event(rawValue: 1 << 17)
        /// Headless stand-in for `UIControl.Event.editingDidEnd` (see Apple's UIKit documentation). Here only a bit.
        public static let editingDidEnd = Event(rawValue: 1 << 18)
        /// Headless stand-in for `UIControl.Event.editingDidEndOnExit` (see Apple's UIKit documentation). Here only a bit.
        public static let editingDidEndOnExit = Event(rawValue: 1 << 19)
        /// Headless stand-in for `UIControl.Event.allTouchEvents` (see Apple's UIKit documentation). Here the touch bits.
        public static let allTouchEvents = Event(rawValue: 0x0000_0FFF)
        /// Headless stand-in for `UIControl.Event.allEditingEvents` (see Apple's UIKit documentation). Here the editing bits.
        public static let allEditingEvents = Event(rawValue: 0x000F_0000)
        /// Headless stand-in for `UIControl.Event.applicationReserved` (see Apple's UIKit documentation). Here only bits.
        public static let applicationReserved = Event(rawValue: 0x0F00_0000)
        /// Headless stand-in for `UIControl.Event.systemReserved` (see Apple's UIKit documentation). Here only bits.
        public static let systemReserved = Event(rawValue: 0xF000_0000)
        /// Headless stand-in for `UIControl.Event.allEvents` (see Apple's UIKit documentation). Here every bit.
        public static let allEvents = Event(rawValue: 0xFFFF_FFFF)
    }

    /// Headless stand-in for `UIControl.State` (see Apple's UIKit documentation).
    /// Here the same option set with UIKit's raw values; used by `UIButton`'s
    /// per-state titles and by `state`.
    public struct State: OptionSet, Hashable, Sendable {
        /// Headless stand-in for `UIControl.State.rawValue` (see Apple's UIKit documentation). Here the stored bits.
        public let rawValue: UInt
        /// Headless stand-in for `UIControl.State.init(rawValue:)` (see Apple's UIKit documentation). Here it stores the bits.
        public init(rawValue: UInt) { self.rawValue = rawValue }

        /// Headless stand-in for `UIControl.State.normal` (see Apple's UIKit documentation). Here raw value 0.
        public static let normal = State([])
        /// Headless stand-in for `UIControl.State.highlighted` (see Apple's UIKit documentation). Here only a bit.
        public static let highlighted = State(rawValue: 1 << 0)
        /// Headless stand-in for `UIControl.State.disabled` (see Apple's UIKit documentation). Here only a bit.
        public static let disabled = State(rawValue: 1 << 1)
        /// Headless stand-in for `UIControl.State.selected` (see Apple's UIKit documentation). Here only a bit.
        public static let selected = State(rawValue: 1 << 2)
        /// Headless stand-in for `UIControl.State.focused` (see Apple's UIKit documentation). Here only a bit.
        public static let focused = State(rawValue: 1 << 3)
        /// Headless stand-in for `UIControl.State.application` (see Apple's UIKit documentation). Here only bits.
        public static let application = State(rawValue: 0x00FF_0000)
        /// Headless stand-in for `UIControl.State.reserved` (see Apple's UIKit documentation). Here only bits.
        public static let reserved = State(rawValue: 0xFF00_0000)
    }

    private struct Registration {
        var action: UIAction
        var events: Event
    }

    private var registrations: [Registration] = []

    // MARK: Creating a control

    /// Headless stand-in for `UIControl.init(frame:)` (see Apple's UIKit documentation).
    /// Here it creates an enabled control with no actions.
    public override init(frame: CGRect) {
        super.init(frame: frame)
    }

    /// Headless stand-in for `UIControl.init?(coder:)` (see Apple's UIKit documentation).
    /// Here there are no nibs; it creates an enabled control with no actions.
    public required init?(coder: NSCoder) {
        super.init(coder: coder)
    }

    /// Headless stand-in for `UIControl.init(frame:primaryAction:)` (see Apple's UIKit documentation).
    /// Here it registers `primaryAction` (if any) for `.primaryActionTriggered`.
    public convenience init(frame: CGRect, primaryAction: UIAction?) {
        self.init(frame: frame)
        if let primaryAction {
            addAction(primaryAction, for: .primaryActionTriggered)
        }
    }

    // MARK: State

    /// Headless stand-in for `UIControl.isEnabled` (see Apple's UIKit documentation).
    /// Here it is stored (default `true`) and reflected in `state`. As in UIKit,
    /// it does not stop `sendActions(for:)`, which bypasses touch handling.
    open var isEnabled: Bool = true

    /// Headless stand-in for `UIControl.isSelected` (see Apple's UIKit documentation).
    /// Here it is stored (default `false`) and reflected in `state`.
    open var isSelected: Bool = false

    /// Headless stand-in for `UIControl.isHighlighted` (see Apple's UIKit documentation).
    /// Here it is stored (default `false`) and reflected in `state`.
    open var isHighlighted: Bool = false

    /// Headless stand-in for `UIControl.state` (see Apple's UIKit documentation).
    /// Here it is computed from `isEnabled`, `isSelected` and `isHighlighted`.
    open var state: UIControl.State {
        var result: State = .normal
        if !isEnabled { result.insert(.disabled) }
        if isSelected { result.insert(.selected) }
        if isHighlighted { result.insert(.highlighted) }
        return result
    }

    // MARK: Actions

    /// Headless stand-in for `UIControl.addAction(_:for:)` (see Apple's UIKit documentation).
    /// Here it appends `action` to the control's list for `controlEvents`. As in
    /// UIKit, actions are unique by `identifier`: adding an action whose
    /// identifier is already registered replaces that action in place and adds
    /// `controlEvents` to its events.
    open func addAction(_ action: UIAction, for controlEvents: UIControl.Event) {
        if let index = registrations.firstIndex(where: { $0.action.identifier == action.identifier }) {
            registrations[index].action = action
            registrations[index].events.formUnion(controlEvents)
        } else {
            registrations.append(Registration(action: action, events: controlEvents))
        }
    }

    /// Headless stand-in for `UIControl.removeAction(_:for:)` (see Apple's UIKit documentation).
    /// Here it removes `controlEvents` from the registration of the action with
    /// the same identifier, and drops the action once no events remain.
    open func removeAction(_ action: UIAction, for controlEvents: UIControl.Event) {
        removeAction(identifiedBy: action.identifier, for: controlEvents)
    }

    /// Headless stand-in for `UIControl.removeAction(identifiedBy:for:)` (see Apple's UIKit documentation).
    /// Here it behaves like `removeAction(_:for:)`, looking the action up by identifier.
    open func removeAction(identifiedBy actionIdentifier: UIAction.Identifier, for controlEvents: UIControl.Event) {
        guard let index = registrations.firstIndex(where: { $0.action.identifier == actionIdentifier }) else { return }
        registrations[index].events.subtract(controlEvents)
        if registrations[index].events.isEmpty {
            registrations.remove(at: index)
        }
    }

    /// Headless stand-in for `UIControl.allControlEvents` (see Apple's UIKit documentation).
    /// Here the union of the events of all registered actions.
    open var allControlEvents: UIControl.Event {
        registrations.reduce(into: Event()) { $0.formUnion($1.events) }
    }

    /// Headless stand-in for `UIControl.sendActions(for:)` (see Apple's UIKit documentation).
    /// Here it synchronously calls the handler of every registered action whose
    /// events intersect `controlEvents`, in registration order, each once, with
    /// `UIAction.sender` set to this control. Actions added or removed by a
    /// handler take effect from the next call. This is how samples simulate the
    /// user: `sendActions(for: .touchUpInside)` is a tap.
    open func sendActions(for controlEvents: UIControl.Event) {
        let matching = registrations.filter { !$0.events.isDisjoint(with: controlEvents) }
        for registration in matching {
            registration.action.perform(sender: self)
        }
    }

    /// Headless stand-in for `UIControl.sendAction(_:)` (see Apple's UIKit documentation).
    /// Here it calls `action`'s handler synchronously with `sender` set to this control.
    open func sendAction(_ action: UIAction) {
        action.perform(sender: self)
    }
}
