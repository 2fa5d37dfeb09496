import RxSwift
import UIKit

@MainActor
extension Reactive where Base: UIControl {
    /// A minimal stand-in for RxCocoa's `UIControl.rx.controlEvent(_:)`, not the real library; synchronous, single-threaded.
    ///
    /// While subscribed, registers a `UIAction` on the control for
    /// `controlEvents` and emits `()` each time the control sends one of them
    /// (e.g. during `sendActions(for:)`); disposing removes the action.
    public func controlEvent(_ controlEvents: UIControl.Event) -> ControlEvent<()> {
        let control = base
        let source = Observable<Void>.create { [weak control] observer in
            guard let control else {
                observer.on(.completed)
                return Disposables.create()
            }
            let action = UIAction { _ in
                observer.on(.next(()))
            }
            control.addAction(action, for: controlEvents)
            return Disposables.create { [weak control] in
                control?.removeAction(action, for: controlEvents)
            }
        }
        return ControlEvent(events: source)
    }

    /// A minimal stand-in for RxCocoa's `UIControl.rx.controlProperty(editingEvents:getter:setter:)`, not the real library; synchronous, single-threaded.
    ///
    /// A property whose values are `getter(control)`: emitted once on
    /// subscribe and again each time the control sends one of `editingEvents`.
    /// Binding values to it calls `setter(control, value)`.
    public func controlProperty<T>(
        editingEvents: UIControl.Event,
        getter: @escaping (Base) -> T,
        setter: @escaping (Base, T) -> Void
    ) -> ControlProperty<T> {
        let control = base
        let source = Observable<T>.create { [weak control] observer in
            guard let control else {
                observer.on(.completed)
                return Disposables.create()
            }
            observer.on(.next(getter(control)))
            let action = UIAction { [weak control] _ in
                if let control {
                    observer.on(.next(getter(control)))
                }
            }
            control.addAction(action, for: editingEvents)
            return Disposables.create { [weak control] in
                control?.removeAction(action, for: editingEvents)
            }
        }
        let bindingObserver = Binder(control, binding: setter)
        return ControlProperty<T>(values: source, valueSink: bindingObserver)
    }

    /// A minimal stand-in for RxCocoa's `UIControl.rx.isEnabled`, not the real library; synchronous, single-threaded.
    /// Sets `isEnabled` for each bound value.
    public var isEnabled: Binder<Bool> {
        Binder(base) { control, value in
            control.isEnabled = value
        }
    }

    /// A minimal stand-in for RxCocoa's `UIControl.rx.isSelected`, not the real library; synchronous, single-threaded.
    /// Sets `isSelected` for each bound value.
    public var isSelected: Binder<Bool> {
        Binder(base) { control, value in
            control.isSelected = value
        }
    }
}

@MainActor
extension Reactive where Base: UIButton {
    /// A minimal stand-in for RxCocoa's `UIButton.rx.tap`, not the real library; synchronous, single-threaded.
    /// Emits `()` for every `.touchUpInside` the button sends (a sample
    /// simulates a tap with `button.sendActions(for: .touchUpInside)`).
    public var tap: ControlEvent<Void> {
        controlEvent(.touchUpInside)
    }

    /// A minimal stand-in for RxCocoa's `UIButton.rx.title(for:)`, not the real library; synchronous, single-threaded.
    /// Calls `setTitle(_:for:)` for each bound value.
    public func title(for controlState: UIControl.State = []) -> Binder<String?> {
        Binder(base) { button, title in
            button.setTitle(title, for: controlState)
        }
    }
}

@MainActor
extension Reactive where Base: UILabel {
    /// A minimal stand-in for RxCocoa's `UILabel.rx.text`, not the real library; synchronous, single-threaded.
    /// Sets the label's `text` for each bound value, synchronously.
    public var text: Binder<String?> {
        Binder(base) { label, text in
            label.text = text
        }
    }
}

@MainActor
extension Reactive where Base: UITextField {
    /// A minimal stand-in for RxCocoa's `UITextField.rx.text`, not the real library; synchronous, single-threaded.
    /// Emits the current `text` on subscribe and again after every editing
    /// event or `.valueChanged` (a sample types by setting `text`, then calling
    /// `sendActions(for: .editingChanged)`). Binding sets `text` without events.
    public var text: ControlProperty<String?> {
        value
    }

    /// A minimal stand-in for RxCocoa's `UITextField.rx.value`, not the real library; synchronous, single-threaded.
    /// Same as `text`.
    public var value: ControlProperty<String?> {
        controlProperty(
            editingEvents: [.allEditingEvents, .valueChanged],
            getter: { textField in
                textField.text
            },
            setter: { textField, value in
                if textField.text != value {
                    textField.text = value
                }
            }
        )
    }
}
