/// Headless stand-in for `UIKeyboardType` (see Apple's UIKit documentation).
/// Here only the enumeration with UIKit's raw values; no keyboard is shown.
public enum UIKeyboardType: Int, Sendable {
    /// Headless stand-in for `UIKeyboardType.default` (see Apple's UIKit documentation). Here raw value 0.
    case `default` = 0
    /// Headless stand-in for `UIKeyboardType.asciiCapable` (see Apple's UIKit documentation). Here raw value 1.
    case asciiCapable = 1
    /// Headless stand-in for `UIKeyboardType.numbersAndPunctuation` (see Apple's UIKit documentation). Here raw value 2.
    case numbersAndPunctuation = 2
    /// Headless stand-in for `UIKeyboardType.URL` (see Apple's UIKit documentation). Here raw value 3.
    // swift-format-ignore: AlwaysUseLowerCamelCase
    case URL = 3
    /// Headless stand-in for `UIKeyboardType.numberPad` (see Apple's UIKit documentation). Here raw value 4.
    case numberPad = 4
    /// Headless stand-in for `UIKeyboardType.phonePad` (see Apple's UIKit documentation). Here raw value 5.
    case phonePad = 5
    /// Headless stand-in for `UIKeyboardType.namePhonePad` (see Apple's UIKit documentation). Here raw value 6.
    case namePhonePad = 6
    /// Headless stand-in for `UIKeyboardType.emailAddress` (see Apple's UIKit documentation). Here raw value 7.
    case emailAddress = 7
    /// Headless stand-in for `UIKeyboardType.decimalPad` (see Apple's UIKit documentation). Here raw value 8.
    case decimalPad = 8
    /// Headless stand-in for `UIKeyboardType.twitter` (see Apple's UIKit documentation). Here raw value 9.
    case twitter = 9
    /// Headless stand-in for `UIKeyboardType.webSearch` (see Apple's UIKit documentation). Here raw value 10.
    case webSearch = 10
    /// Headless stand-in for `UIKeyboardType.asciiCapableNumberPad` (see Apple's UIKit documentation). Here raw value 11.
    case asciiCapableNumberPad = 11
}

/// Headless stand-in for `UITextAutocapitalizationType` (see Apple's UIKit documentation).
/// Here only the enumeration with UIKit's raw values.
public enum UITextAutocapitalizationType: Int, Sendable {
    /// Headless stand-in for `UITextAutocapitalizationType.none` (see Apple's UIKit documentation). Here raw value 0.
    case none = 0
    /// Headless stand-in for `UITextAutocapitalizationType.words` (see Apple's UIKit documentation). Here raw value 1.
    case words = 1
    /// Headless stand-in for `UITextAutocapitalizationType.sentences` (see Apple's UIKit documentation). Here raw value 2.
    case sentences = 2
    /// Headless stand-in for `UITextAutocapitalizationType.allCharacters` (see Apple's UIKit documentation). Here raw value 3.
    case allCharacters = 3
}

/// Headless stand-in for `UITextField` (see Apple's UIKit documentation).
///
/// Here a text field stores its text and input traits. There is no keyboard:
/// a sample simulates typing by setting `text` and then calling
/// `sendActions(for: .editingChanged)`. As in UIKit, setting `text` from
/// code does not send any event by itself. There is no `delegate`.
@MainActor
open class UITextField: UIControl {

    /// Headless stand-in for `UITextField.BorderStyle` (see Apple's UIKit documentation).
    /// Here it is only stored in `borderStyle`.
    public enum BorderStyle: Int, Sendable {
        /// Headless stand-in for `UITextField.BorderStyle.none` (see Apple's UIKit documentation). Here raw value 0.
        case none = 0
        /// Headless stand-in for `UITextField.BorderStyle.line` (see Apple's UIKit documentation). Here raw value 1.
        case line = 1
        /// Headless stand-in for `UITextField.BorderStyle.bezel` (see Apple's UIKit documentation). Here raw value 2.
        case bezel = 2
        /// Headless stand-in for `UITextField.BorderStyle.roundedRect` (see Apple's UIKit documentation). Here raw value 3.
        case roundedRect = 3
    }

    /// Headless stand-in for `UITextField.init(frame:)` (see Apple's UIKit documentation).
    /// Here it creates an empty text field.
    public override init(frame: CGRect) {
        super.init(frame: frame)
    }

    /// Headless stand-in for `UITextField.init?(coder:)` (see Apple's UIKit documentation).
    /// Here there are no nibs; it creates an empty text field.
    public required init?(coder: NSCoder) {
        super.init(coder: coder)
    }

    private var _text = ""

    /// Headless stand-in for `UITextField.text` (see Apple's UIKit documentation).
    /// Here it is stored; as in UIKit it reads back as `""` (never `nil`) when
    /// empty or set to `nil`. Setting it sends no control event.
    open var text: String? {
        get { _text }
        set { _text = newValue ?? "" }
    }

    /// Headless stand-in for `UITextField.placeholder` (see Apple's UIKit documentation).
    /// Here it is only stored.
    open var placeholder: String?

    /// Headless stand-in for `UITextField.hasText` (see Apple's UIKit documentation,
    /// `UIKeyInput`). Here `true` when `text` is not empty.
    open var hasText: Bool {
        !_text.isEmpty
    }

    /// Headless stand-in for `UITextField.keyboardType` (see Apple's UIKit documentation,
    /// `UITextInputTraits`). Here it is only stored (default `.default`).
    open var keyboardType: UIKeyboardType = .default

    /// Headless stand-in for `UITextField.autocapitalizationType` (see Apple's UIKit
    /// documentation, `UITextInputTraits`). Here it is only stored (default `.sentences`).
    open var autocapitalizationType: UITextAutocapitalizationType = .sentences

    /// Headless stand-in for `UITextField.isSecureTextEntry` (see Apple's UIKit
    /// documentation, `UITextInputTraits`). Here it is only stored (default `false`).
    open var isSecureTextEntry: Bool = false

    /// Headless stand-in for `UITextField.borderStyle` (see Apple's UIKit documentation).
    /// Here it is only stored (default `.none`).
    open var borderStyle: UITextField.BorderStyle = .none

    /// Headless stand-in for `UITextField.textColor` (see Apple's UIKit documentation).
    /// Here it is only stored.
    open var textColor: UIColor?

    /// Headless stand-in for `UITextField.font` (see Apple's UIKit documentation).
    /// Here it is only stored.
    open var font: UIFont?

    /// Headless stand-in for `UITextField.textAlignment` (see Apple's UIKit documentation).
    /// Here it is only stored (default `.natural`).
    open var textAlignment: NSTextAlignment = .natural

    /// Headless stand-in for `UIResponder.canBecomeFirstResponder` on a text field (see Apple's UIKit documentation).
    /// Here `true`, so `becomeFirstResponder()` sets `isFirstResponder`.
    open override var canBecomeFirstResponder: Bool {
        true
    }
}
