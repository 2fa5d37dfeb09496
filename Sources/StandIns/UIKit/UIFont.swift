/// Headless stand-in for `UIFont` (see Apple's UIKit documentation).
///
/// Here a font is only a stored name and point size; there is no text
/// rendering or measurement. Like UIKit's `UIFont` it is `Sendable`.
open class UIFont: NSObject, @unchecked Sendable {

    /// Headless stand-in for `UIFont.fontName` (see Apple's UIKit documentation).
    /// Here the stored name, e.g. `.SFUI-Regular` for system fonts.
    public let fontName: String

    /// Headless stand-in for `UIFont.pointSize` (see Apple's UIKit documentation).
    /// Here the stored size in points.
    public let pointSize: CGFloat

    /// Headless stand-in for `UIFont.init?(name:size:)` (see Apple's UIKit documentation).
    /// Here it always succeeds and stores `fontName` and `size`.
    public init?(name fontName: String, size fontSize: CGFloat) {
        self.fontName = fontName
        self.pointSize = fontSize
        super.init()
    }

    private init(storedName: String, size: CGFloat) {
        self.fontName = storedName
        self.pointSize = size
        super.init()
    }

    /// Headless stand-in for `UIFont.systemFont(ofSize:)` (see Apple's UIKit documentation).
    /// Here it returns a font named `.SFUI-Regular` with the given size.
    open class func systemFont(ofSize fontSize: CGFloat) -> UIFont {
        UIFont(storedName: ".SFUI-Regular", size: fontSize)
    }

    /// Headless stand-in for `UIFont.boldSystemFont(ofSize:)` (see Apple's UIKit documentation).
    /// Here it returns a font named `.SFUI-Bold` with the given size.
    open class func boldSystemFont(ofSize fontSize: CGFloat) -> UIFont {
        UIFont(storedName: ".SFUI-Bold", size: fontSize)
    }

    /// Headless stand-in for `UIFont.systemFont(ofSize:weight:)` (see Apple's UIKit documentation).
    /// Here it returns a system font whose name records the weight.
    open class func systemFont(ofSize fontSize: CGFloat, weight: UIFont.Weight) -> UIFont {
        UIFont(storedName: ".SFUI-\(weight.name)", size: fontSize)
    }

    /// Headless stand-in for `UIFont.preferredFont(forTextStyle:)` (see Apple's UIKit documentation).
    /// Here it returns a system font with the default (Large) Dynamic Type size
    /// for `style`; there is no Dynamic Type adjustment.
    open class func preferredFont(forTextStyle style: UIFont.TextStyle) -> UIFont {
        UIFont(storedName: ".SFUI-Regular", size: style.defaultSize)
    }

    /// Headless stand-in for `UIFont.withSize(_:)` (see Apple's UIKit documentation).
    /// Here it returns a font with the same name and the new size.
    open func withSize(_ fontSize: CGFloat) -> UIFont {
        UIFont(storedName: fontName, size: fontSize)
    }

    /// Headless stand-in for `NSObject.isEqual(_:)` on `UIFont` (see Apple's UIKit documentation). Here fonts are
    /// equal when name and size match.
    open override func isEqual(_ object: Any?) -> Bool {
        guard let other = object as? UIFont else { return false }
        return fontName == other.fontName && pointSize == other.pointSize
    }

    /// Headless stand-in for `NSObject.hash` on `UIFont` (see Apple's UIKit documentation). Here it is consistent with `isEqual(_:)`.
    open override var hash: Int {
        fontName.hashValue ^ pointSize.hashValue
    }

    /// Headless stand-in for `UIFont.description` (see Apple's UIKit documentation). Here it prints
    /// `font-family: "<name>"; font-size: <size>pt` like UIKit, without addresses.
    open override var description: String {
        "font-family: \"\(fontName)\"; font-size: \(String(format: "%g", Double(pointSize)))pt"
    }

    /// Headless stand-in for `UIFont.Weight` (see Apple's UIKit documentation).
    /// Here only a stored raw value with the usual named constants.
    public struct Weight: RawRepresentable, Hashable, Sendable {
        /// Headless stand-in for `UIFont.Weight.rawValue` (see Apple's UIKit documentation). Here the stored weight value.
        public var rawValue: CGFloat
        /// Headless stand-in for `UIFont.Weight.init(rawValue:)` (see Apple's UIKit documentation). Here it stores `rawValue`.
        public init(rawValue: CGFloat) { self.rawValue = rawValue }
        /// Headless stand-in for `UIFont.Weight.init(_:)` (see Apple's UIKit documentation). Here it stores the value.
        public init(_ rawValue: CGFloat) { self.rawValue = rawValue }

        /// Headless stand-in for `UIFont.Weight.ultraLight` (see Apple's UIKit documentation). Here raw value -0.8.
        public static let ultraLight = Weight(rawValue: -0.8)
        /// Headless stand-in for `UIFont.Weight.thin` (see Apple's UIKit documentation). Here raw value -0.6.
        public static let thin = Weight(rawValue: -0.6)
        /// Headless stand-in for `UIFont.Weight.light` (see Apple's UIKit documentation). Here raw value -0.4.
        public static let light = Weight(rawValue: -0.4)
        /// Headless stand-in for `UIFont.Weight.regular` (see Apple's UIKit documentation). Here raw value 0.
        public static let regular = Weight(rawValue: 0)
        /// Headless stand-in for `UIFont.Weight.medium` (see Apple's UIKit documentation). Here raw value 0.23.
        public static let medium = Weight(rawValue: 0.23)
        /// Headless stand-in for `UIFont.Weight.semibold` (see Apple's UIKit documentation). Here raw value 0.3.
        public static let semibold = Weight(rawValue: 0.3)
        /// Headless stand-in for `UIFont.Weight.bold` (see Apple's UIKit documentation). Here raw value 0.4.
        public static let bold = Weight(rawValue: 0.4)
        /// Headless stand-in for `UIFont.Weight.heavy` (see Apple's UIKit documentation). Here raw value 0.56.
        public static let heavy = Weight(rawValue: 0.56)
        /// Headless stand-in for `UIFont.Weight.black` (see Apple's UIKit documentation). Here raw value 0.62.
        public static let black = Weight(rawValue: 0.62)

        var name: String {
            switch rawValue {
            case ..<(-0.7): return "UltraLight"
            case ..<(-0.5): return "Thin"
            case ..<(-0.2): return "Light"
            case ..<0.1: return "Regular"
            case ..<0.26: return "Medium"
            case ..<0.35: return "Semibold"
            case ..<0.5: return "Bold"
            case ..<0.6: return "Heavy"
            default: return "Black"
            }
        }
    }

    /// Headless stand-in for `UIFont.TextStyle` (see Apple's UIKit documentation).
    /// Here only a stored raw value with the usual named styles.
    public struct TextStyle: RawRepresentable, Hashable, Sendable {
        /// Headless stand-in for `UIFont.TextStyle.rawValue` (see Apple's UIKit documentation). Here the stored style name.
        public var rawValue: String
        /// Headless stand-in for `UIFont.TextStyle.init(rawValue:)` (see Apple's UIKit documentation). Here it stores `rawValue`.
        public init(rawValue: String) { self.rawValue = rawValue }

        /// Headless stand-in for `UIFont.TextStyle.largeTitle` (see Apple's UIKit documentation). Here default size 34.
        public static let largeTitle = TextStyle(rawValue: "UICTFontTextStyleTitle0")
        /// Headless stand-in for `UIFont.TextStyle.title1` (see Apple's UIKit documentation). Here default size 28.
        public static let title1 = TextStyle(rawValue: "UICTFontTextStyleTitle1")
        /// Headless stand-in for `UIFont.TextStyle.title2` (see Apple's UIKit documentation). Here default size 22.
        public static let title2 = TextStyle(rawValue: "UICTFontTextStyleTitle2")
        /// Headless stand-in for `UIFont.TextStyle.title3` (see Apple's UIKit documentation). Here default size 20.
        public static let title3 = TextStyle(rawValue: "UICTFontTextStyleTitle3")
        /// Headless stand-in for `UIFont.TextStyle.headline` (see Apple's UIKit documentation). Here default size 17.
        public static let headline = TextStyle(rawValue: "UICTFontTextStyleHeadline")
        /// Headless stand-in for `UIFont.TextStyle.subheadline` (see Apple's UIKit documentation). Here default size 15.
        public static let subheadline = TextStyle(rawValue: "UICTFontTextStyleSubhead")
        /// Headless stand-in for `UIFont.TextStyle.body` (see Apple's UIKit documentation). Here default size 17.
        public static let body = TextStyle(rawValue: "UICTFontTextStyleBody")
        /// Headless stand-in for `UIFont.TextStyle.callout` (see Apple's UIKit documentation). Here default size 16.
        public static let callout = TextStyle(rawValue: "UICTFontTextStyleCallout")
        /// Headless stand-in for `UIFont.TextStyle.footnote` (see Apple's UIKit documentation). Here default size 13.
        public static let footnote = TextStyle(rawValue: "UICTFontTextStyleFootnote")
        /// Headless stand-in for `UIFont.TextStyle.caption1` (see Apple's UIKit documentation). Here default size 12.
        public static let caption1 = TextStyle(rawValue: "UICTFontTextStyleCaption1")
        /// Headless stand-in for `UIFont.TextStyle.caption2` (see Apple's UIKit documentation). Here default size 11.
        public static let caption2 = TextStyle(rawValue: "UICTFontTextStyleCaption2")

        var defaultSize: CGFloat {
            switch self {
            case .largeTitle: return 34
            case .title1: return 28
            case .title2: return 22
            case .title3: return 20
            case .subheadline: return 15
            case .callout: return 16
            case .footnote: return 13
            case .caption1: return 12
            case .caption2: return 11
            default: return 17
            }
        }
    }
}

/// Headless stand-in for `NSTextAlignment` (see Apple's UIKit documentation).
/// Here only the enumeration, with UIKit's raw values on iOS.
public enum NSTextAlignment: Int, Sendable {
    /// Headless stand-in for `NSTextAlignment.left` (see Apple's UIKit documentation). Here raw value 0.
    case left = 0
    /// Headless stand-in for `NSTextAlignment.center` (see Apple's UIKit documentation). Here raw value 1.
    case center = 1
    /// Headless stand-in for `NSTextAlignment.right` (see Apple's UIKit documentation). Here raw value 2.
    case right = 2
    /// Headless stand-in for `NSTextAlignment.justified` (see Apple's UIKit documentation). Here raw value 3.
    case justified = 3
    /// Headless stand-in for `NSTextAlignment.natural` (see Apple's UIKit documentation). Here raw value 4.
    case natural = 4
}
