import LectureSupport

/// What a run does in place of a book.toml value it refuses. A wrong type, an unknown word or a
/// refused path is an error, and the run still checks every page with the setting's default (or
/// without the list's element), so that one run reports book.toml's problems and the pages';
/// nothing is written (`BuildConfiguration.settingErrors`). Only a book.toml that cannot be read
/// at all (not TOML, not UTF-8, nested past the reader) stops the run before the pages: no value
/// of it can be trusted (`BookSettings.isRead`).
enum SettingDefaults {
    /// The note an error about `key`'s value gets: what this run used instead. `element`: the
    /// error is about one element or entry of the array or table `key`.
    static func note(for key: String, element: Bool = false) -> String {
        if element {
            return "this run checks the pages without this element\(elements[key].map { ": \($0)" } ?? "")"
        }
        guard let used = defaults[key] else { return "this run checks the pages as if the line were not there" }
        return "this run checks the pages with the default: \(used)"
    }

    /// `diagnostics` with `note(for:element:)` added to each error among them (the problems of
    /// one entry, `key`).
    static func noted(_ diagnostics: [Diagnostic], key: String, element: Bool = false) -> [Diagnostic] {
        diagnostics.map { diagnostic in
            guard diagnostic.severity == .error else { return diagnostic }
            var noted = diagnostic
            noted.notes.append(note(for: key, element: element))
            return noted
        }
    }

    /// The defaults worth naming (the rest read "as if the line were not there").
    static let defaults: [String: String] = [
        "book.title": "no title",
        "book.language": "\"\(BookSettings.defaultLanguage)\"",
        "book.text-direction": "the language's direction",
        "book.src": "the pages in 'src' (mdBook's)",
        "build.build-dir": "the site in 'book' (mdBook's); nothing is written while book.toml has an error",
        "build.create-missing": "true (a missing page is created)",
        "output.html.site-url": "\"/\"",
        "output.html.default-theme": "\"light\"",
        "output.html.input-404": "\"404.md\"",
        "output.html.additional-css": "no additional style sheet",
        "output.html.additional-js": "no additional script",
        "output.html.curly-quotes": "true (mdBook 0.5's)",
        "output.html.smart-punctuation": "true (mdBook 0.5's)",
        "output.html.search.enable": "true",
        "output.html.print.enable": "true",
        "output.html.hash-files": "true",
        "lecture.templates": "the built-in theme",
        "lecture.timeout": "\(Int(SampleVerifier.Options().timeout)) seconds",
        "lecture.samples.verify": "false (lecture check verifies the samples)",
        "lecture.samples.libraries": "no sample library",
        "lecture.include-from": "includes from the book's folder only",
        "lecture.outside-links": "\"summary\"",
        "lecture.smart-punctuation": "true (mdBook 0.5's)",
        "lecture.sample-locale": "\"\(SampleEnvironment.defaultLocale)\"",
        "lecture.time-zone": "\"\(SampleEnvironment.defaultTimeZone)\"",
    ]

    /// What leaving out one element of a list means, where it is worth saying.
    static let elements: [String: String] = [
        "lecture.samples.libraries": "a sample that imports the library fails to compile",
        "lecture.include-from": "an include from that folder is refused",
        "output.html.additional-css": "no page links the file",
        "output.html.additional-js": "no page loads the file",
        "build.extra-watch-dirs": "the folder is not watched",
    ]
}
