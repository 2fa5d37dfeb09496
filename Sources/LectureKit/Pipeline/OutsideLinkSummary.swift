import LectureSupport

/// The warnings for links that leave the book (`lecture.link.outside-book`), folded into one per
/// run: mdBook says nothing of such links, and a big book has hundreds of them (a book linking
/// into a sibling book, `../std/index.html`), which would bury every other warning. The one
/// warning stands at the first such link and names the count and the next few places;
/// `[preprocessor.lecture] outside-links = "warning"` lists each one, `"error"` fails the build
/// at each (errors are never folded).
enum OutsideLinkSummary {
    /// How many places the summary names after the first (at which it stands).
    static let placesNamed = 3

    /// `diagnostics` (sorted for reading) with their outside-link warnings folded into one at the
    /// first of them, when there are more than one and `each` is false.
    static func folded(_ diagnostics: [Diagnostic], each: Bool) -> [Diagnostic] {
        let isOutside = { (diagnostic: Diagnostic) in
            diagnostic.identifier == .linkOutside && diagnostic.severity == .warning
        }
        let outside = diagnostics.filter(isOutside)
        guard !each, outside.count > 1, let first = diagnostics.firstIndex(where: isOutside) else { return diagnostics }
        let places = outside.dropFirst().prefix(placesNamed).map { diagnostic in
            diagnostic.location.map { "\(diagnostic.path):\($0.line):\($0.column)" } ?? diagnostic.path
        }
        let more = outside.count - 1 - places.count
        var summary = diagnostics[first]
        summary.summary =
            "\(outside.count) links leave the book and are not checked: this one, "
            + places.joined(separator: ", ") + (more > 0 ? " and \(more) more" : "")
        summary.notes = [
            "mdBook checks none of them either; '[preprocessor.lecture] outside-links = \"warning\"' in book.toml lists each one, \"error\" makes each an error (for a book that stands alone)"
        ]
        var kept = diagnostics.filter { !isOutside($0) }
        kept.insert(summary, at: diagnostics[..<first].filter { !isOutside($0) }.count)
        return kept
    }
}
