/// Headless stand-in for `UIColor` (see Apple's UIKit documentation).
///
/// Here a color is only a value to store and compare: either RGBA or
/// white/alpha components, or a named dynamic system color such as
/// `.systemBackground` or `.label`. As in UIKit it is not main-actor
/// isolated and is `Sendable`. Two colors are equal (`==`) when they have the
/// same components or the same system name.
open class UIColor: NSObject, @unchecked Sendable {

    private enum Storage: Equatable {
        case rgba(CGFloat, CGFloat, CGFloat, CGFloat)
        case white(CGFloat, CGFloat)
        case system(String)
    }

    private let storage: Storage

    private init(storage: Storage) {
        self.storage = storage
        super.init()
    }

    /// Headless stand-in for `UIColor.init(red:green:blue:alpha:)` (see Apple's UIKit documentation).
    /// Here it stores the four components (each expected in 0...1).
    public init(red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {
        self.storage = .rgba(red, green, blue, alpha)
        super.init()
    }

    /// Headless stand-in for `UIColor.init(white:alpha:)` (see Apple's UIKit documentation).
    /// Here it stores a grayscale value and an alpha (each expected in 0...1).
    public init(white: CGFloat, alpha: CGFloat) {
        self.storage = .white(white, alpha)
        super.init()
    }

    /// Headless stand-in for `UIColor.withAlphaComponent(_:)` (see Apple's UIKit documentation).
    /// Here it returns a color with the same components and the new alpha; for
    /// a system color it returns the resolved light-mode color with that alpha.
    open func withAlphaComponent(_ alpha: CGFloat) -> UIColor {
        switch storage {
        case .rgba(let r, let g, let b, _): return UIColor(red: r, green: g, blue: b, alpha: alpha)
        case .white(let w, _): return UIColor(white: w, alpha: alpha)
        case .system: return UIColor(white: 0, alpha: alpha)
        }
    }

    /// Headless stand-in for `NSObject.isEqual(_:)` on `UIColor` (see Apple's UIKit documentation).
    /// Here two colors are equal when their stored components or system names match.
    open override func isEqual(_ object: Any?) -> Bool {
        guard let other = object as? UIColor else { return false }
        return storage == other.storage
    }

    /// Headless stand-in for `NSObject.hash` on `UIColor` (see Apple's UIKit documentation).
    /// Here it is consistent with `isEqual(_:)`.
    open override var hash: Int {
        description.hashValue
    }

    /// Headless stand-in for `UIColor.description` (see Apple's UIKit documentation).
    /// Here it imitates UIKit's console text without memory addresses, e.g.
    /// `UIExtendedSRGBColorSpace 1 0 0 1`, `UIExtendedGrayColorSpace 0 1` or
    /// `<UIDynamicSystemColor; name = labelColor>`.
    open override var description: String {
        func f(_ value: CGFloat) -> String { String(format: "%g", Double(value)) }
        switch storage {
        case .rgba(let r, let g, let b, let a):
            return "UIExtendedSRGBColorSpace \(f(r)) \(f(g)) \(f(b)) \(f(a))"
        case .white(let w, let a):
            return "UIExtendedGrayColorSpace \(f(w)) \(f(a))"
        case .system(let name):
            return "<UIDynamicSystemColor; name = \(name)>"
        }
    }

    // MARK: Fixed colors

    /// Headless stand-in for `UIColor.black` (see Apple's UIKit documentation). Here: white 0, alpha 1.
    open class var black: UIColor { UIColor(white: 0, alpha: 1) }
    /// Headless stand-in for `UIColor.darkGray` (see Apple's UIKit documentation). Here: white 1/3, alpha 1.
    open class var darkGray: UIColor { UIColor(white: 1.0 / 3.0, alpha: 1) }
    /// Headless stand-in for `UIColor.gray` (see Apple's UIKit documentation). Here: white 0.5, alpha 1.
    open class var gray: UIColor { UIColor(white: 0.5, alpha: 1) }
    /// Headless stand-in for `UIColor.lightGray` (see Apple's UIKit documentation). Here: white 2/3, alpha 1.
    open class var lightGray: UIColor { UIColor(white: 2.0 / 3.0, alpha: 1) }
    /// Headless stand-in for `UIColor.white` (see Apple's UIKit documentation). Here: white 1, alpha 1.
    open class var white: UIColor { UIColor(white: 1, alpha: 1) }
    /// Headless stand-in for `UIColor.clear` (see Apple's UIKit documentation). Here: white 0, alpha 0.
    open class var clear: UIColor { UIColor(white: 0, alpha: 0) }
    /// Headless stand-in for `UIColor.red` (see Apple's UIKit documentation). Here: RGB 1 0 0, alpha 1.
    open class var red: UIColor { UIColor(red: 1, green: 0, blue: 0, alpha: 1) }
    /// Headless stand-in for `UIColor.green` (see Apple's UIKit documentation). Here: RGB 0 1 0, alpha 1.
    open class var green: UIColor { UIColor(red: 0, green: 1, blue: 0, alpha: 1) }
    /// Headless stand-in for `UIColor.blue` (see Apple's UIKit documentation). Here: RGB 0 0 1, alpha 1.
    open class var blue: UIColor { UIColor(red: 0, green: 0, blue: 1, alpha: 1) }
    /// Headless stand-in for `UIColor.orange` (see Apple's UIKit documentation). Here: RGB 1 0.5 0, alpha 1.
    open class var orange: UIColor { UIColor(red: 1, green: 0.5, blue: 0, alpha: 1) }

    // MARK: Dynamic system colors

    /// Headless stand-in for `UIColor.systemBackground` (see Apple's UIKit documentation).
    /// Here a named color that never resolves (no light/dark mode).
    open class var systemBackground: UIColor { UIColor(storage: .system("systemBackgroundColor")) }
    /// Headless stand-in for `UIColor.secondarySystemBackground` (see Apple's UIKit documentation).
    /// Here a named color that never resolves.
    open class var secondarySystemBackground: UIColor { UIColor(storage: .system("secondarySystemBackgroundColor")) }
    /// Headless stand-in for `UIColor.label` (see Apple's UIKit documentation).
    /// Here a named color that never resolves.
    open class var label: UIColor { UIColor(storage: .system("labelColor")) }
    /// Headless stand-in for `UIColor.secondaryLabel` (see Apple's UIKit documentation).
    /// Here a named color that never resolves.
    open class var secondaryLabel: UIColor { UIColor(storage: .system("secondaryLabelColor")) }
    /// Headless stand-in for `UIColor.placeholderText` (see Apple's UIKit documentation).
    /// Here a named color that never resolves.
    open class var placeholderText: UIColor { UIColor(storage: .system("placeholderTextColor")) }
    /// Headless stand-in for `UIColor.systemRed` (see Apple's UIKit documentation).
    /// Here a named color that never resolves.
    open class var systemRed: UIColor { UIColor(storage: .system("systemRedColor")) }
    /// Headless stand-in for `UIColor.systemGreen` (see Apple's UIKit documentation).
    /// Here a named color that never resolves.
    open class var systemGreen: UIColor { UIColor(storage: .system("systemGreenColor")) }
    /// Headless stand-in for `UIColor.systemBlue` (see Apple's UIKit documentation).
    /// Here a named color that never resolves.
    open class var systemBlue: UIColor { UIColor(storage: .system("systemBlueColor")) }
    /// Headless stand-in for `UIColor.systemOrange` (see Apple's UIKit documentation).
    /// Here a named color that never resolves.
    open class var systemOrange: UIColor { UIColor(storage: .system("systemOrangeColor")) }
    /// Headless stand-in for `UIColor.systemGray` (see Apple's UIKit documentation).
    /// Here a named color that never resolves.
    open class var systemGray: UIColor { UIColor(storage: .system("systemGrayColor")) }
}
