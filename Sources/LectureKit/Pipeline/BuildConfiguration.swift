import Foundation
import LectureSupport

/// What `lecture build` reads and writes.
package struct BuildConfiguration: Sendable {
    /// The folder with `SUMMARY.md` and the pages, as the user gave it (`--content`).
    package var contentDirectory = "content"
    /// The folder with `page.html` and the assets (`--templates`).
    package var templatesDirectory = "site-templates"
    /// Where the site is written (`--output`); swapped in whole when the build succeeds.
    package var outputDirectory = "_site"
    /// The sample and diagram cache (`--cache-dir`).
    package var cacheDirectory = Cache.defaultDirectory
    /// The path the site is served under, ending in `/` (`--site-url`, or `[output.html] site-url`
    /// in book.toml; mdBook's default `/`): `/` at a domain's root,
    /// `/repo/` for a GitHub Pages project site. `404.html`, served at any depth, links from it.
    package var siteURL = "/"
    /// How samples are verified (`-j`, `--timeout`, `--no-cache`), and the environment they run
    /// in (`verifier.environment`: `--sample-locale`, `--sample-time-zone`).
    package var verifier = SampleVerifier.Options()
    /// The book's `book.toml` settings (title, language, edit link…); none by default.
    package var book = BookSettings()
    /// The content folder's path from the folder holding `book.toml` (`src`), which the edit
    /// link's `{path}` starts with, as in mdBook.
    var contentPathFromBookRoot = "src"
    /// A folder inside the content folder, by its path relative to it, that holds the site and
    /// is no content (a folder with `SUMMARY.md` and no `book.toml` builds into its `book/`).
    var outputInsideContent: String?
    /// The folders the output may neither replace nor lie in: the content folder (unless the site
    /// is `outputInsideContent`, left out of it) and the templates folder.
    package var protectedFolders: [String] {
        outputInsideContent == nil ? [contentDirectory, templatesDirectory] : [templatesDirectory]
    }
    /// Whether prose gets typographic quotes, dashes and ellipses (cmark's smart punctuation,
    /// `--smart-punctuation`); off by default, so text reads as written: `--flag`, `1...5`.
    package var smartPunctuation = false
    /// highlight.js to copy into the site as `assets/highlight.min.js` (Debian's libjs-highlight.js).
    var highlightJS = "/usr/share/javascript/highlight.js/highlight.min.js"
    /// Books with more chapters than this get their navigation from a shared `toc.js` instead of
    /// a copy in every page, so the site's size grows linearly with its pages.
    var inlineNavigationLimit = 100
    /// The build date shown in page footers (ISO 8601 day).
    var buildDate: String = {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.dateFormat = "yyyy-MM-dd"
        return formatter.string(from: Date())
    }()

    /// The defaults, as `lecture build` without options uses them.
    package init() {}
}
