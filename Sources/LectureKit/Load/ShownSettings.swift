import BookTOML
import LectureSupport

/// book.toml's text held to the rules of the pages' (attack 18, F9): a bidirectional override or
/// isolate anywhere in the file (a `title`, `description` or author reaches every page's
/// `<head>` and sidebar, a comment or a path reorders what a reviewer reads of the settings)
/// is `BidirectionalText`'s warning at its line and column, and an invisible character in a
/// string a reader sees as a name (the title, the description, each author) is
/// `InvisibleNames`'s, as a chapter title's is. The marks (U+200E, U+200F) are allowed, as in
/// a chapter title: a right-to-left title uses them.
enum ShownSettings {
    /// The keys whose strings a reader sees, with the words a warning names them by.
    static let names: [String: String] = [
        "book.title": "book title", "book.description": "book description", "book.authors": "author",
    ]

    /// The warnings for book.toml's `text` (named `path`), whose entries are `entries`.
    static func warnings(_ text: String, entries: [TOMLDocument.Entry], path: String) -> [Diagnostic] {
        guard text.unicodeScalars.contains(where: { $0.value >= 0xAD }) else { return [] }
        var warnings = BidirectionalText.warnings(in: text, path: path)
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        var warned = Set<Int>()
        for entry in entries where entry.kind == .string && entry.location.line > 0 {
            let key = entry.path.joined(separator: ".")
            guard let place = names[key] ?? names[entry.path.dropLast().joined(separator: ".")] else { continue }
            // A multi-line string's lines follow its first.
            let first = entry.location.line
            let last = min(lines.count, first + entry.value.utf8.count(where: { $0 == UInt8(ascii: "\n") }))
            guard first <= last else { continue }
            for number in first...last where !warned.contains(number) {
                if let warning = InvisibleNames.warning(lines[number - 1], place: place, path: path, line: number) {
                    warnings.append(warning)
                    warned.insert(number)
                }
            }
        }
        return warnings
    }
}
