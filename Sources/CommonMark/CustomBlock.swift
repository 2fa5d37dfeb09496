/// A block a pass of the program made and keeps as its own typed value (a verified sample, a
/// diagram, a table), in the tree among CommonMark's blocks, until the pass that renders it
/// (swift-markdown's `CustomBlock`). It has no children for `MarkupWalker` and `MarkupRewriter`;
/// `HTMLRenderer` renders none: its owner turns it into `.html` first.
package struct CustomBlock: Hashable, Sendable {
    /// The block's value; its type is the owner's.
    package let value: any Hashable & Sendable

    /// Wraps `value`.
    package init(_ value: any Hashable & Sendable) { self.value = value }

    package static func == (left: CustomBlock, right: CustomBlock) -> Bool {
        AnyHashable(left.value) == AnyHashable(right.value)
    }

    package func hash(into hasher: inout Hasher) { hasher.combine(AnyHashable(value)) }
}
