import BookTOML
import LectureSupport
import SourceText

/// mdBook's `[output.html.search]` and `[output.html.print]` keys besides `enable` (which
/// `BookSettings.searchEnabled` and `printEnabled` read and the build honours): lecture's search
/// ranks and shows its results its own way and its print page breaks before every chapter, so a
/// value other than mdBook's default is lost (attack 11, kind 74: `limit-results = 3` and
/// `page-break = false` were accepted unsaid). One warning per table says so, at its first such
/// key, naming each with what mdBook does with it: mdBook's own guide sets four search keys, and
/// four warnings saying the same would bury the others.
enum SearchPrintKeys {
    /// Each key with mdBook 0.5.4's default, as TOML writes it, and what mdBook does with it
    /// (its guide's `format/configuration/renderers`).
    static let defaults: [String: (value: String, mdBook: String)] = [
        "output.html.print.page-break": ("true", "whether the print page breaks before each chapter"),
        "output.html.search.limit-results": ("30", "the most results shown"),
        "output.html.search.teaser-word-count": ("30", "the words of a result's teaser"),
        "output.html.search.use-boolean-and": ("false", "whether a result must hold every word searched"),
        "output.html.search.boost-title": ("2", "the weight of a word found in a heading"),
        "output.html.search.boost-hierarchy": ("1", "the weight of a word found in the parents' headings"),
        "output.html.search.boost-paragraph": ("1", "the weight of a word found in the text"),
        "output.html.search.expand": ("true", "whether a word matches the longer words it starts"),
        "output.html.search.heading-split-level": ("3", "the heading level results link to sections by"),
        "output.html.search.copy-js": ("true", "whether the search's scripts are copied into the site"),
    ]

    /// What lecture does instead, by table.
    static let instead: [String: String] = [
        "output.html.print": "lecture's print page starts every chapter on a new page",
        "output.html.search":
            "lecture's search finds, ranks and shows its results its own way (up to 40) and writes its script into every site that has search",
    ]

    /// The fields: each key is accepted; `warnings` speaks for them all.
    static var fields: [String: BookSettingsLoader.Field] {
        defaults.mapValues { _ in .reporting(.value) { _, _, _ in [] } }
    }

    /// One warning per table whose keys in `entries` ask for other than mdBook's default, at the
    /// first of them, naming each key, its value and what mdBook does with it.
    static func warnings(_ entries: [TOMLDocument.Entry], path: String) -> [Diagnostic] {
        let lost = entries.filter { entry in
            defaults[entry.path.joined(separator: ".")].map { $0.value != entry.value } ?? false
        }
        return Dictionary(grouping: lost) { $0.path.dropLast().joined(separator: ".") }.sorted { $0.key < $1.key }
            .compactMap { table, keys -> Diagnostic? in
                // In the file's order (toml++ keeps a table's keys sorted by name).
                let keys = keys.sorted { $0.location.line < $1.location.line }
                guard let first = keys.first else { return nil }
                let named = keys.map { "\($0.path.last ?? "") = \($0.value)" }
                return .warning(
                    .bookTOMLUnsupported, path, first.location.line > 0 ? first.location : nil,
                    keys.count == 1
                        ? "\(quoted: first.path.joined(separator: ".")) is not supported by lecture and is ignored"
                        : "\(keys.count) keys of [\(table)] are not supported by lecture and are ignored: "
                            + named.joined(separator: ", "),
                    notes: keys.map { entry in
                        let known = defaults[entry.path.joined(separator: ".")]
                        return
                            "mdBook reads '\(entry.path.last ?? "")' as \(known?.mdBook ?? "") (default \(known?.value ?? ""))"
                    } + ["\(instead[table] ?? ""); delete the lines, or keep them for mdBook"])
            }
    }
}
