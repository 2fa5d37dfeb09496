import LectureSupport
import SourceText

/// The URLs every page carries from a book.toml setting (`git-repository-url`, and
/// `edit-url-template` with each page's path): a broken one is one error at the setting's line,
/// not one at every built page (attack 18, F10). A relative URL there is read from each page's
/// folder (`edit/{path}` is `sub/edit/src/sub/c.md` from `sub/c.html`), so it is broken in some
/// pages or all of them; the note says how many and names the first.
struct SettingURLs: Sendable {
    /// One setting: the URL as written, split at its `{path}` (a URL without one is all `prefix`).
    struct Setting: Sendable {
        var key: String
        var prefix: String
        var suffix: String?
        var location: SourceLocation?

        /// Whether `url`, written into a page (`siteURL` in front, in the not-found page), is
        /// this setting's.
        func made(_ url: String, siteURL: String) -> Bool {
            for candidate in [url, url.hasPrefix(siteURL) ? String(url.dropFirst(siteURL.count)) : nil] {
                guard let candidate else { continue }
                if let suffix {
                    if candidate.utf8.count >= prefix.utf8.count + suffix.utf8.count, candidate.hasPrefix(prefix),
                        candidate.hasSuffix(suffix)
                    {
                        return true
                    }
                } else if candidate == prefix {
                    return true
                }
            }
            return false
        }
    }

    /// book.toml as diagnostics name it.
    var file: String
    var settings: [Setting]
    var siteURL: String

    /// The settings of `configuration` whose URL is relative (a full URL is not checked, as
    /// links that leave the book are not).
    init(configuration: BuildConfiguration) {
        file = configuration.bookTOMLPath
        siteURL = configuration.siteURL
        let book = configuration.book
        var settings: [Setting] = []
        if let url = book.gitRepositoryURL {
            settings.append(
                Setting(
                    key: "output.html.git-repository-url", prefix: url, suffix: nil,
                    location: book.locations["output.html.git-repository-url"]))
        }
        if let template = book.editURLTemplate, let range = template.range(of: "{path}") {
            settings.append(
                Setting(
                    key: "output.html.edit-url-template", prefix: String(template[..<range.lowerBound]),
                    suffix: String(template[range.upperBound...]).replacingOccurrences(of: "{path}", with: ""),
                    location: book.locations["output.html.edit-url-template"]))
        }
        self.settings = settings
    }

    /// The setting that wrote `url` into a page, if one did.
    func setting(of url: String) -> Setting? {
        settings.first { $0.made(url, siteURL: siteURL) }
    }

    /// One error per setting for `found` (each a broken URL's setting key, its problem and the
    /// built page it was found in, in page order).
    func errors(_ found: [(key: String, text: String, page: String)]) -> [Diagnostic] {
        settings.compactMap { setting in
            let own = found.filter { $0.key == setting.key }
            guard let first = own.first else { return nil }
            let pages = Set(own.map(\.page)).count
            let others = pages > 1 ? " and \(pages - 1) other \(pages == 2 ? "page" : "pages")" : ""
            return .error(
                .brokenEmittedURL, file, setting.location,
                "\(quoted: setting.key) writes a broken URL into the built pages: \(first.text)",
                notes: [
                    "first in \(quoted: first.page)\(others); the site is not written",
                    "a relative URL is read from each page's own folder: write a full URL, such as \(setting.suffix == nil ? "\"https://github.com/you/book\"" : "\"https://github.com/you/book/edit/main/{path}\"")",
                ])
        }
    }
}

extension BuildConfiguration {
    /// book.toml's path as diagnostics name it: in the book's folder, else beside the pages' folder.
    var bookTOMLPath: String {
        FileSystem.join(bookDirectory ?? FileSystem.join(contentDirectory, ".."), "book.toml")
    }
}
