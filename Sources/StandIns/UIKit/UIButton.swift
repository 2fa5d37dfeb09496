/// Headless stand-in for `UIButton` (see Apple's UIKit documentation).
///
/// Here a button stores per-state titles, title colors and images and, being
/// a `UIControl`, runs its registered `UIAction`s when a sample calls
/// `sendActions(for: .touchUpInside)` (a simulated tap). Nothing is drawn.
@MainActor
open class UIButton: UIControl {

    /// Headless stand-in for `UIButton.ButtonType` (see Apple's UIKit documentation).
    /// Here it is only stored in `buttonType`.
    public enum ButtonType: Int, Sendable {
        /// Headless stand-in for `UIButton.ButtonType.custom` (see Apple's UIKit documentation). Here raw value 0.
        case custom = 0
        /// Headless stand-in for `UIButton.ButtonType.system` (see Apple's UIKit documentation). Here raw value 1.
        case system = 1
        /// Headless stand-in for `UIButton.ButtonType.detailDisclosure` (see Apple's UIKit documentation). Here raw value 2.
        case detailDisclosure = 2
        /// Headless stand-in for `UIButton.ButtonType.infoLight` (see Apple's UIKit documentation). Here raw value 3.
        case infoLight = 3
        /// Headless stand-in for `UIButton.ButtonType.infoDark` (see Apple's UIKit documentation). Here raw value 4.
        case infoDark = 4
        /// Headless stand-in for `UIButton.ButtonType.contactAdd` (see Apple's UIKit documentation). Here raw value 5.
        case contactAdd = 5
        /// Headless stand-in for `UIButton.ButtonType.close` (see Apple's UIKit documentation). Here raw value 7.
        case close = 7

        /// Headless stand-in for `UIButton.ButtonType.roundedRect` (deprecated alias of `.system`; see Apple's UIKit documentation). Here it returns `.system`.
        public static var roundedRect: ButtonType { .system }
    }

    private var titles: [UIControl.State: String] = [:]
    private var titleColors: [UIControl.State: UIColor] = [:]
    private var images: [UIControl.State: UIImage] = [:]
    private var _buttonType: ButtonType = .custom
    private let _titleLabel = UILabel()
    private let _imageView = UIImageView(image: nil)

    // MARK: Creating a button

    /// Headless stand-in for `UIButton.init(frame:)` (see Apple's UIKit documentation).
    /// Here it creates a `.custom` button with no title.
    public override init(frame: CGRect) {
        super.init(frame: frame)
    }

    /// Headless stand-in for `UIButton.init?(coder:)` (see Apple's UIKit documentation).
    /// Here there are no nibs; it creates a `.custom` button with no title.
    public required init?(coder: NSCoder) {
        super.init(coder: coder)
    }

    /// Headless stand-in for `UIButton.init(type:)` (see Apple's UIKit documentation).
    /// Here it creates a button with a zero frame and records `buttonType`.
    public convenience init(type buttonType: UIButton.ButtonType) {
        self.init(frame: .zero)
        _buttonType = buttonType
    }

    /// Headless stand-in for `UIButton.init(type:primaryAction:)` (see Apple's UIKit documentation).
    /// Here it records `buttonType`, uses `primaryAction`'s title (if not empty)
    /// as the `.normal` title and registers it for `.primaryActionTriggered`
    /// (send that event, not `.touchUpInside`, to run it).
    public convenience init(type buttonType: UIButton.ButtonType = .system, primaryAction: UIAction?) {
        self.init(frame: .zero)
        _buttonType = buttonType
        if let primaryAction {
            if !primaryAction.title.isEmpty {
                setTitle(primaryAction.title, for: .normal)
            }
            addAction(primaryAction, for: .primaryActionTriggered)
        }
    }

    /// Headless stand-in for `UIButton.buttonType` (see Apple's UIKit documentation).
    /// Here the type given to `init(type:)` (`.custom` otherwise).
    open var buttonType: UIButton.ButtonType {
        _buttonType
    }

    // MARK: Titles and images

    /// Headless stand-in for `UIButton.setTitle(_:for:)` (see Apple's UIKit documentation).
    /// Here it stores `title` for `state` (`nil` removes it) and refreshes `titleLabel`.
    open func setTitle(_ title: String?, for state: UIControl.State) {
        titles[state] = title
        refreshTitleLabel()
    }

    /// Headless stand-in for `UIButton.title(for:)` (see Apple's UIKit documentation).
    /// Here, as in UIKit, it returns the title stored for `state`, falling back to `.normal`.
    open func title(for state: UIControl.State) -> String? {
        titles[state] ?? titles[.normal]
    }

    /// Headless stand-in for `UIButton.setTitleColor(_:for:)` (see Apple's UIKit documentation).
    /// Here it stores `color` for `state` (`nil` removes it).
    open func setTitleColor(_ color: UIColor?, for state: UIControl.State) {
        titleColors[state] = color
        refreshTitleLabel()
    }

    /// Headless stand-in for `UIButton.titleColor(for:)` (see Apple's UIKit documentation).
    /// Here it returns the color stored for `state`, falling back to `.normal`.
    open func titleColor(for state: UIControl.State) -> UIColor? {
        titleColors[state] ?? titleColors[.normal]
    }

    /// Headless stand-in for `UIButton.setImage(_:for:)` (see Apple's UIKit documentation).
    /// Here it stores `image` for `state` (`nil` removes it).
    open func setImage(_ image: UIImage?, for state: UIControl.State) {
        images[state] = image
        _imageView.image = currentImage
    }

    /// Headless stand-in for `UIButton.image(for:)` (see Apple's UIKit documentation).
    /// Here it returns the image stored for `state`, falling back to `.normal`.
    open func image(for state: UIControl.State) -> UIImage? {
        images[state] ?? images[.normal]
    }

    /// Headless stand-in for `UIButton.currentTitle` (see Apple's UIKit documentation).
    /// Here `title(for: state)` for the control's current `state`.
    open var currentTitle: String? {
        title(for: state)
    }

    /// Headless stand-in for `UIButton.currentTitleColor` (see Apple's UIKit documentation).
    /// Here `titleColor(for: state)`, or `tintColor` when none was set.
    open var currentTitleColor: UIColor {
        titleColor(for: state) ?? tintColor
    }

    /// Headless stand-in for `UIButton.currentImage` (see Apple's UIKit documentation).
    /// Here `image(for: state)` for the control's current `state`.
    open var currentImage: UIImage? {
        image(for: state)
    }

    /// Headless stand-in for `UIButton.titleLabel` (see Apple's UIKit documentation).
    /// Here a label whose `text` mirrors `currentTitle`, refreshed whenever a
    /// title is set and each time this property is read.
    open var titleLabel: UILabel? {
        refreshTitleLabel()
        return _titleLabel
    }

    /// Headless stand-in for `UIButton.imageView` (see Apple's UIKit documentation).
    /// Here an image view whose `image` mirrors `currentImage`.
    open var imageView: UIImageView? {
        _imageView.image = currentImage
        return _imageView
    }

    private func refreshTitleLabel() {
        _titleLabel.text = currentTitle
        if let color = titleColor(for: state) {
            _titleLabel.textColor = color
        }
    }
}
