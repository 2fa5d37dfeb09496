import CommonMark
import Foundation
import LectureSupport

/// A book's `book.toml`, in mdBook's format (https://rust-lang.github.io/mdBook/format/configuration/),
/// with this tool's own settings in a `[preprocessor.lecture]` table (or `[lecture]`, `LectureTable`). Paths are as written, relative to the
/// folder holding `book.toml`; `nil` means "not set" (the default applies).
package struct BookSettings: Sendable, Hashable {
    /// Whether book.toml was read as TOML (or there is none): `false` when it could not be
    /// read, decoded or parsed, so no value of it is known and the run stops at its error.
    package var isRead = true
    /// The settings of a book.toml that could not be read (`isRead` false).
    static var unread: BookSettings {
        var settings = BookSettings()
        settings.isRead = false
        return settings
    }
    /// `[book] title`: overrides the summary's `# Title`.
    package var title: String?
    /// `[book] authors` (read and checked; the built-in theme does not show them).
    var authors: [String] = []
    /// `[book] description` (read and checked; the built-in theme does not show it).
    var description: String?
    /// `[book] language`, the pages' `lang` (a BCP 47 tag such as `ko` or `en`).
    package var language: String?
    /// `[book] language` when not given: mdBook's `BookConfig::default`.
    static let defaultLanguage = "en"
    /// `language`, else `defaultLanguage`.
    var languageOrDefault: String { language ?? Self.defaultLanguage }
    /// `[book] text-direction` (`ltr` or `rtl`), the pages' `dir`.
    var textDirection: String?
    /// `textDirection`, else the language's (`TextDirection`), as mdBook 0.5.4 writes `dir`.
    var textDirectionOrDefault: String { textDirection ?? TextDirection.of(language: languageOrDefault) }
    /// `[book] src`: the folder with `SUMMARY.md` (mdBook's default `src`).
    var source: String?
    /// `[build] build-dir`: where the site is written (mdBook's default `book`).
    var buildDirectory: String?
    /// Whether book.toml has an `[output.html]` table, and the names of its other `[output.X]`
    /// tables (renderers lecture does not run): with both, mdBook writes the HTML into `html/` of
    /// the build folder, and so does lecture (`siteFolder(in:)`).
    var hasHTMLOutput = false
    var otherRenderers: [String] = []
    /// Where the site goes in the build folder `build`: its `html` folder when mdBook would run
    /// more than one renderer.
    func siteFolder(in build: String) -> String {
        hasHTMLOutput && !otherRenderers.isEmpty ? FileSystem.join(build, "html") : build
    }
    /// `[build] create-missing`: whether a page the summary lists that does not exist is created
    /// with its title as a heading, as mdBook does (default `true`); `false` makes it an error.
    var createMissing: Bool?
    /// `[output.html] site-url`: the site's URL path, prefix of `404.html`'s URLs (default `/`).
    package var siteURL: String?
    /// `[output.html] no-section-label`: the chapters are shown without their section numbers
    /// (`1.2.`), in the sidebar and the print page, as mdBook shows them (default `false`).
    var noSectionLabel: Bool?
    /// `[output.html] input-404`: the page of the pages' folder made the not-found page, written
    /// under its own name with `.html` as mdBook writes it (default `404.md` → `404.html`).
    var notFoundInput: String?
    /// `[output.html] git-repository-url`: a link to the repository in every page's header.
    var gitRepositoryURL: String?
    /// `[output.html] edit-url-template`: each page's edit link, `{path}` replaced by the page's
    /// path from the book's root (`src/intro.md`).
    var editURLTemplate: String?
    /// `[output.html] cname`: the custom domain GitHub Pages serves the site at, written to the
    /// site's `CNAME` file as mdBook writes it (`book.example.org` and a newline).
    var cname: String?
    /// `[output.html] default-theme`: `light` or `dark` for readers who have not chosen (mdBook's
    /// theme names `light`, `rust` → light; `coal`, `navy`, `ayu` → dark).
    var defaultTheme: String?
    /// `[preprocessor.lecture] templates`: a folder of templates instead of the built-in theme.
    package var templates: String?
    /// `[preprocessor.lecture] timeout`: seconds a sample may run.
    package var timeout: Double?
    /// `[preprocessor.lecture] diagram-timeout`: seconds each Graphviz program may take on one diagram.
    var diagramTimeout: Double?
    /// `[preprocessor.lecture] diagram-font`: the font family diagrams are drawn in.
    var diagramFont: String?
    /// `[preprocessor.lecture] compile-timeout`: seconds the compiler may take on one sample.
    var compileTimeout: Double?
    /// `[preprocessor.lecture] compile-memory-limit`: MiB of address space a sample's compile may map.
    var compileMemoryLimit: Int?
    /// `[preprocessor.lecture] swift-language-mode`: the `-swift-version` samples are compiled with (`5`, `6`).
    var swiftLanguageMode: String?
    /// `[preprocessor.lecture] sample-locale`: the locale samples run in (`LANG`/`LC_ALL`), such as `ko_KR.UTF-8`
    /// (as `--sample-locale`).
    package var sampleLocale: String?
    /// `[preprocessor.lecture] time-zone`: the `TZ` samples run in, such as `Asia/Seoul` (as `--sample-time-zone`).
    var timeZone: String?
    /// `[preprocessor.lecture] outside-links`: `"summary"` (the default: a link that leaves the book, such as
    /// `../std/index.html` to a sibling book, is not checked, and one warning per run counts them:
    /// `OutsideLinkSummary`), `"warning"` (a warning at each) or `"error"` (each fails the build, for a
    /// book that must stand alone).
    var outsideLinks: String?
    /// `[preprocessor.lecture] style-lints`: the style warnings a valid book does not need (a page without one
    /// `# ` heading, heading levels that jump); off by default, as mdBook has none.
    var styleLints: Bool?
    /// `[preprocessor.lecture] table-row-headers`: pipe tables drawn as `table` blocks are, each body
    /// row's first cell its row header (`<th scope="row">`), cards on narrow screens, verdict marks;
    /// off by default, where a pipe table is the plain table mdBook writes.
    var tableRowHeaders: Bool?
    /// Whether a link that leaves the book fails the build (`outside-links = "error"`).
    var outsideLinksAreErrors: Bool { outsideLinks == "error" }
    /// `[preprocessor.lecture] smart-punctuation` (or mdBook's `[output.html] smart-punctuation`): curly
    /// quotes, dashes and ellipses in prose.
    package var smartPunctuation: Bool?
    /// `[output.html.search] enable` and `[output.html.print] enable` (mdBook's, both on by
    /// default): `false` writes no search index (nor the search box) and no `print.html` (nor
    /// the print link), as mdBook 0.5.4 writes neither; `lecture pdf` still prints a print page.
    package var searchEnabled: Bool?
    package var printEnabled: Bool?
    /// `[output.html.fold] enable` and `level` (mdBook's; off, and 0): whether the sidebar folds,
    /// and down to which depth its sections start open (1: the top-level chapters show their
    /// sections, theirs start folded); the current page's section is open on its own page, and a
    /// button beside each chapter with sections opens or folds it (`Navigation.tree`).
    package var foldEnabled: Bool?
    package var foldLevel: Int?
    /// `[output.html] hash-files` (mdBook's, on by default): `false` keeps the names of the files
    /// every page loads; otherwise they are named by their content (`ContentNames`).
    package var hashFiles: Bool?
    /// `[preprocessor.lecture.samples] libraries`: folders of Swift sources, each a module samples may import
    /// (named after its folder), in build order, relative to the folder holding `book.toml`.
    package var sampleLibraries: [String] = []
    /// `[preprocessor.lecture.samples] sandbox`: `auto`, `require` or `off` (`SampleSandbox`).
    var sampleSandbox: SandboxSetting?
    /// `[preprocessor.lecture.samples] memory-limit`: MiB of address space a sample's program may map.
    var sampleMemoryLimit: Int?
    /// `[preprocessor.lecture.samples] process-limit`: processes and threads a contained program may have.
    var sampleProcessLimit: Int?
    /// `[preprocessor.lecture.samples] verify`: whether `lecture build` verifies the samples (default off).
    package var verifySamples: Bool?
    /// `[preprocessor.lecture.samples] without-output`: what a fence without an output block is checked for.
    var samplesWithoutOutput: SampleRules.WithoutOutput?
    /// `[preprocessor.lecture.samples] continue`: `true`, or the pages (relative to the pages' folder) that
    /// continue one program across their fences.
    var continuedPages: SampleRules.Continuation?
    /// `[output.html.redirect]`: pages that send the reader on (`"/old.html" = "new.html"`), as
    /// mdBook writes them, in the file's order.
    var redirects: [Redirect] = []
    /// `[output.html.code.hidelines]`: each language's prefix of hidden code lines
    /// (`python = "~"`), as mdBook hides them (`CodeBlockHTML`); Rust's are rustdoc's `# ` always.
    package var codeHidelines: [String: String] = [:]
    /// `[build] extra-watch-dirs`: folders besides the book's own whose changes `lecture serve`
    /// rebuilds on, relative to the folder holding `book.toml`.
    var extraWatchDirectories: [String] = []
    /// `[output.html] additional-css` and `additional-js`: files of the book, relative to the
    /// folder holding `book.toml`, copied into the site at the same path and linked from every
    /// page after the theme's own styles and scripts, as mdBook does (`AdditionalFiles`).
    var additionalCSS: [String] = []
    var additionalJS: [String] = []
    /// `[output.html] mathjax-support`: every page loads MathJax 2.7.1 from mdBook's CDN, as
    /// mdBook's pages do (`MathJax`).
    var mathJax: Bool?
    /// `[rust] edition`: the edition mdBook marks Rust code blocks with (`edition2021`), for a
    /// playground; a block's own `editionNNNN` word wins (`CodeBlockHTML`).
    var rustEdition: String?
    /// `[preprocessor.lecture.words]`: interface words replacing the theme's (`InterfaceWords`), by key.
    package var words: [String: String] = [:]

    /// `[preprocessor.lecture] include-from`: folders outside the book (relative to it) that `{{#include}}`
    /// may read from too.
    var includeFrom: [String] = []
    /// `[preprocessor.lecture] allow-warnings`: the identifiers of warnings the book acknowledges,
    /// not printed but counted (`AllowedWarnings`).
    package var allowedWarnings: Set<Diagnostic.Identifier> = []
    /// Where each key read was written in book.toml (`build.build-dir` → line and column).
    package var locations: [String: SourceLocation] = [:]

    /// No setting given.
    init() {}
}
