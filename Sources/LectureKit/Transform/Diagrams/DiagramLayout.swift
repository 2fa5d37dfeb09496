import Foundation

/// One drawing of a diagram (an inline SVG from `dot -Tsvg`) and the widths it may be shown at.
///
/// Graphviz sizes its SVG in points (`width="527pt"`, 1 pt = 4/3 CSS px at 96 px per inch) over a
/// `viewBox` in the same units, and gives every label a `font-size` in those units. From these the
/// page knows, without a browser, the narrowest width at which the smallest label is still
/// ``minimumLabelSize`` CSS px high: below it the drawing is not shrunk further but scrolls in its box.
struct DiagramLayout: Hashable, Sendable {
    /// The smallest label size a reader gets, in CSS px (the reading limit on a phone).
    static let minimumLabelSize = 12.0

    /// Widths of a diagram's box, in CSS px, at which `style.css` switches a figure from its narrow
    /// layout to its wide one (`data-wide-from`). They step by about a tenth, so a wide layout is
    /// shown from at most 10 % above the width it needs. Must match the `@container diagram` rules
    /// of `site-templates/assets/style.css`.
    static let breakpoints = [
        320, 350, 390, 430, 470, 520, 570, 630, 690, 760, 840, 920, 1010, 1110, 1220, 1340, 1480, 1620,
    ]

    /// The SVG, starting at `<svg`.
    var svg: String
    /// The drawing's width at Graphviz's size, in CSS px.
    var naturalWidth: Double
    /// The narrowest width, in CSS px, at which every label is at least ``minimumLabelSize`` high.
    var fitWidth: Double

    /// The first `<svg …>` tag, found in one pass: the expression `<svg[^>]*>` tried each
    /// `<svg` to the end of the text when no `>` followed, quadratic over a text of them.
    static func rootTag(_ svg: String) -> String {
        guard let start = svg.range(of: "<svg"), let end = svg[start.upperBound...].firstIndex(of: ">") else {
            return ""
        }
        return String(svg[start.lowerBound...end])
    }

    init(svg: String) {
        self.svg = svg
        let root = Self.rootTag(svg)
        let width = root.firstMatch(of: /width="([0-9.]+)pt"/).flatMap { Double($0.output.1) } ?? 0
        let viewBox =
            root.firstMatch(of: /viewBox="[-0-9.]+ [-0-9.]+ ([0-9.]+) [0-9.]+"/).flatMap { Double($0.output.1) }
            ?? width
        let smallest = svg.matches(of: /font-size="([0-9.]+)"/).compactMap { Double($0.output.1) }.filter { $0 > 0 }
            .min()
        naturalWidth = Self.bounded(width * 4 / 3)
        fitWidth = Self.bounded(smallest.map { viewBox * Self.minimumLabelSize / $0 } ?? 0)
    }

    /// The widest drawing, in CSS px, a page states: a size beyond it in the SVG (digits without
    /// end, a label of 10⁻²⁰ pt) is taken as this, so the width always converts to an `Int`.
    static let maximumWidth = 1_000_000.0

    /// `width` within 0…`maximumWidth`; 0 for what is not a finite number.
    static func bounded(_ width: Double) -> Double {
        width.isFinite ? min(max(width, 0), maximumWidth) : 0
    }

    /// The SVG with `class` and its two widths as CSS custom properties (`--fit`, `--natural`),
    /// which `style.css` uses as its minimum and maximum width.
    func html(class name: String) -> String {
        let style = "--fit: \(Int(fitWidth.rounded(.up)))px; --natural: \(Int(naturalWidth.rounded(.up)))px"
        return svg.replacingOccurrences(
            of: "<svg", with: "<svg class=\"\(name)\" style=\"\(style)\"",
            range: svg.range(of: "<svg"))
    }

    /// The breakpoint from which `wide` is shown instead of `narrow`: the first at which the wide
    /// layout's labels keep their size, `"never"` when none is wide enough, or `nil` when the
    /// narrow layout is no narrower (the wide one is then the only one worth sending).
    static func breakpoint(fitting wide: DiagramLayout, insteadOf narrow: DiagramLayout) -> String? {
        guard narrow.fitWidth < wide.fitWidth else { return nil }
        return breakpoints.first { Double($0) >= wide.fitWidth }.map(String.init) ?? "never"
    }
}
