/// A block a pass of the program made and keeps as its own typed value (a verified sample, a
/// diagram, a table), in the tree among CommonMark's blocks, until the pass that renders it
/// (swift-markdown's `CustomBlock`). It has no children for `MarkupWalker` and `MarkupRewriter`;
/// `HTMLRenderer` renders none: its owner turns it into `.html` first.
public struct CustomBlock: Hashable, Sendable {
    /// The block's value; its type is the owner's.
    public let value: any Hashable & Sendable

    /// Wraps `value`.
    public init(_ value: any Hashable & Sendable) { self.value = value }

    public static func == (left: CustomBlock, right: CustomBlock) -> Bool {
        AnyHashable(left.value) == AnyHashable(right.value)
    }

    public func hash(into hasher: inout Hasher) { hasher.combine(AnyHashable(value)) }
}
