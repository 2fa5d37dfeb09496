/// Headless stand-in for `UIImage` (see Apple's UIKit documentation).
///
/// Here an image has no pixels: it only remembers the asset or SF Symbol name
/// it was created with, so that image-setting code compiles and can be
/// inspected. Like UIKit's `UIImage` it is `Sendable`.
open class UIImage: NSObject, @unchecked Sendable {

    /// The name passed to `init?(named:)` or `init?(systemName:)`.
    /// Not part of UIKit; internal to the stand-in.
    let name: String

    /// Headless stand-in for `UIImage.init?(named:)` (see Apple's UIKit documentation).
    /// Here there is no asset catalog: it always succeeds and records `name`.
    public init?(named name: String) {
        self.name = name
        super.init()
    }

    /// Headless stand-in for `UIImage.init?(systemName:)` (see Apple's UIKit documentation).
    /// Here there are no SF Symbols: it always succeeds and records `name`.
    public init?(systemName name: String) {
        self.name = "systemName: " + name
        super.init()
    }

    /// Headless stand-in for `UIImage.init()` (see Apple's UIKit documentation).
    /// Here it creates an empty, unnamed image.
    public override init() {
        self.name = ""
        super.init()
    }

    /// Headless stand-in for `UIImage.size` (see Apple's UIKit documentation).
    /// Here it is always `.zero`.
    open var size: CGSize { .zero }

    /// Headless stand-in for `UIImage.description` (see Apple's UIKit documentation). Here `<UIImage; name = ...>`.
    open override var description: String {
        "<UIImage; name = \(name)>"
    }
}

/// Headless stand-in for `UIImageView` (see Apple's UIKit documentation).
/// Here it only stores its `image`; nothing is drawn.
@MainActor
open class UIImageView: UIView {

    /// Headless stand-in for `UIImageView.image` (see Apple's UIKit documentation).
    /// Here it is only stored.
    open var image: UIImage?

    /// Headless stand-in for `UIImageView.init(image:)` (see Apple's UIKit documentation).
    /// Here it stores `image` and uses a zero frame.
    public init(image: UIImage?) {
        self.image = image
        super.init(frame: .zero)
    }

    /// Headless stand-in for `UIImageView.init(frame:)` (see Apple's UIKit documentation).
    /// Here it creates an image view with no image.
    public override init(frame: CGRect) {
        super.init(frame: frame)
    }

    /// Headless stand-in for `UIImageView.init?(coder:)` (see Apple's UIKit documentation).
    /// Here there are no nibs; it creates an image view with no image.
    public required init?(coder: NSCoder) {
        super.init(coder: coder)
    }
}
