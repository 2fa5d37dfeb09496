/// Headless stand-in for `UILabel` (see Apple's UIKit documentation).
///
/// Here a label only stores its text and text attributes; nothing is drawn.
/// Samples read `label.text` to print what the screen would show.
@MainActor
open class UILabel: UIView {

    /// Headless stand-in for `UILabel.init(frame:)` (see Apple's UIKit documentation).
    /// Here it creates a label with no text.
    public override init(frame: CGRect) {
        super.init(frame: frame)
    }

    /// Headless stand-in for `UILabel.init?(coder:)` (see Apple's UIKit documentation).
    /// Here there are no nibs; it creates a label with no text.
    public required init?(coder: NSCoder) {
        super.init(coder: coder)
    }

    /// Headless stand-in for `UILabel.text` (see Apple's UIKit documentation).
    /// Here it is only stored (default `nil`).
    open var text: String?

    /// Headless stand-in for `UILabel.textColor` (see Apple's UIKit documentation).
    /// Here it is stored; setting `nil` resets it to `UIColor.label`, as in UIKit.
    open var textColor: UIColor! {
        get { _textColor }
        set { _textColor = newValue ?? .label }
    }

    private var _textColor: UIColor = .label

    /// Headless stand-in for `UILabel.font` (see Apple's UIKit documentation).
    /// Here it is stored; setting `nil` resets it to the 17-point system font.
    open var font: UIFont! {
        get { _font }
        set { _font = newValue ?? .systemFont(ofSize: 17) }
    }

    private var _font: UIFont = .systemFont(ofSize: 17)

    /// Headless stand-in for `UILabel.textAlignment` (see Apple's UIKit documentation).
    /// Here it is only stored (default `.natural`).
    open var textAlignment: NSTextAlignment = .natural

    /// Headless stand-in for `UILabel.numberOfLines` (see Apple's UIKit documentation).
    /// Here it is only stored (default `1`).
    open var numberOfLines: Int = 1

    /// Headless stand-in for `UILabel.isEnabled` (see Apple's UIKit documentation).
    /// Here it is only stored (default `true`).
    open var isEnabled: Bool = true
}
