import BookTOML
import LectureSupport

/// mdBook's `[output.html.search]` and `[output.html.print]` keys besides `enable` (which
/// `BookSettings.searchEnabled` and `printEnabled` read and the build honours): lecture's search
/// ranks and shows its results its own way and its print page breaks before every chapter, so a
/// value other than mdBook's default is lost, and a warning at its line says so (attack 11, kind
/// 74, a sibling of kind 13: `limit-results = 3` and `page-break = false` were accepted unsaid).
enum SearchPrintKeys {
    /// Each key with mdBook 0.5.4's default, as TOML writes it, and what lecture does instead.
    static let defaults: [String: (value: String, instead: String)] = [
        "output.html.print.page-break": ("true", "lecture's print page starts every chapter on a new page"),
        "output.html.search.limit-results": ("30", "lecture's search shows up to 40 results"),
        "output.html.search.teaser-word-count": ("30", "lecture's search finds, ranks and shows results its own way"),
        "output.html.search.use-boolean-and": ("false", "lecture's search finds, ranks and shows results its own way"),
        "output.html.search.boost-title": ("2", "lecture's search finds, ranks and shows results its own way"),
        "output.html.search.boost-hierarchy": ("1", "lecture's search finds, ranks and shows results its own way"),
        "output.html.search.boost-paragraph": ("1", "lecture's search finds, ranks and shows results its own way"),
        "output.html.search.expand": ("true", "lecture's search finds, ranks and shows results its own way"),
        "output.html.search.heading-split-level": ("3", "lecture's search finds, ranks and shows results its own way"),
        "output.html.search.copy-js": ("true", "lecture writes its search script into every site that has search"),
    ]

    /// The fields: a value other than the default is a warning at its line.
    static var fields: [String: BookSettingsLoader.Field] {
        defaults.mapValues { known in
            .reporting(.value) { entry, _, place in
                guard entry.value != known.value else { return [] }
                return [
                    .warning(
                        .bookTOMLUnsupported, place.file, place.location,
                        "\(quoted: place.key) is not supported by lecture and is ignored",
                        notes: [known.instead + "; delete the line, or keep it for mdBook"])
                ]
            }
        }
    }
}
