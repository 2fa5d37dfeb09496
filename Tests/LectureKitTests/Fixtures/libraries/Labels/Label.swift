/// A text shown on a screen: the tool's tests' sample library (a class with a property), so no
/// tool test needs the lecture's stand-ins.
public final class Label {
    /// What the label shows.
    public var text: String?

    /// A label showing `text`.
    public init(text: String? = nil) { self.text = text }
}
