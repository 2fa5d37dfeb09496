import CommonMark
import Foundation
import LectureSupport

/// What `lecture build` reads and writes.
package struct BuildConfiguration: Sendable, Hashable {
    /// The folder with `SUMMARY.md` and the pages, as the user gave it (`--content`).
    package var contentDirectory = "content"
    /// The folder with `page.html` and the assets (`--templates`).
    package var templatesDirectory = "site-templates"
    /// Where the site is written (`--output`); swapped in whole when the build succeeds.
    package var outputDirectory = "_site"
    /// Where `outputDirectory` was set in book.toml (`[build] build-dir`), for diagnostics.
    package var outputSetting: SettingPlace?
    /// Where the pages' folder was named in book.toml (`[book] src`), for diagnostics.
    package var sourceSetting: SettingPlace?
    /// The book's folder (the one holding `book.toml`), which the output may lie in but never
    /// replace.
    package var bookDirectory: String?
    /// The sample and diagram cache (`--cache-dir`).
    package var cacheDirectory = Cache.defaultDirectory
    /// The path the site is served under, ending in `/` (`--site-url`, or `[output.html] site-url`
    /// in book.toml; mdBook's default `/`): `/` at a domain's root,
    /// `/repo/` for a GitHub Pages project site. `404.html`, served at any depth, links from it.
    package var siteURL = "/"
    /// How samples are verified (`--timeout`, `--no-cache`), and the environment they run in
    /// (`verifier.environment`: `--sample-locale`, `--sample-time-zone`).
    package var verifier = SampleVerifier.Options()
    /// The run's parallel jobs (`-j`) and cancellation, shared by every step and process.
    package var run = RunContext()
    /// The book's rules for its samples (book.toml's `[preprocessor.lecture.samples]`): whether `build`
    /// verifies them, what a fence without an output block means, which pages continue one program.
    package var sampleRules = SampleRules()
    /// Seconds each Graphviz program may take on one diagram (`[preprocessor.lecture] diagram-timeout`).
    package var diagramTimeout: Double = DiagramRenderer.defaultTimeLimit
    /// The font family diagrams are drawn in (`[preprocessor.lecture] diagram-font`); `nil`:
    /// Graphviz's default.
    package var diagramFont: String?
    /// Where book.toml sets `diagramFont`, for the warning when no installed font has it.
    package var diagramFontSetting: SettingPlace?
    /// The book's `book.toml` settings (title, language, edit link…); none by default.
    package var book = BookSettings()
    /// book.toml's `[build] extra-watch-dirs`, as absolute paths: folders `lecture serve` watches too.
    package var extraWatchDirectories: [String] = []
    /// book.toml's `[output.html] additional-css` and `additional-js` files, checked
    /// (`AdditionalFiles`): copied into the site and linked from every page; `lecture serve`
    /// watches them too.
    var additionalStyles: [AdditionalFile] = []
    /// mdBook's `theme/favicon.svg` of the book, which replaces the theme's `assets/favicon.svg`.
    var themeFavicon: String?
    /// The text of mdBook's `theme/head.hbs` of the book (`MdBookThemeHead`), for every page's `<head>`.
    var themeHead: Template?
    var additionalScripts: [AdditionalFile] = []
    /// Every additional file, styles first.
    package var additionalFiles: [String] { (additionalStyles + additionalScripts).map(\.source) }
    /// The content folder's path from the folder holding `book.toml` (`src`), which the edit
    /// link's `{path}` starts with, as in mdBook.
    var contentPathFromBookRoot = "src"
    /// The output folder's path relative to the content folder when it lies inside it (mdBook's
    /// `build-dir = "src/book"`, or a folder with `SUMMARY.md` and no `book.toml`, which builds
    /// into its `book/`): the site is no content, and is left out of it, as mdBook leaves it out.
    var outputInsideContent: String? {
        let content = CanonicalPath.of(contentDirectory)
        let output = CanonicalPath.of(outputDirectory)
        guard output != content, CanonicalPath.isWithin(output, content) else { return nil }
        return String(output.dropFirst(content == "/" ? 1 : content.count + 1))
    }
    /// The templates folder's path relative to the content folder when it lies inside it
    /// (`templates = "src/theme"`): the theme is no content, and is left out of it, so its
    /// `page.html` is not published as a file of the pages (attack 14, F16).
    var templatesInsideContent: String? {
        let content = CanonicalPath.of(contentDirectory)
        let templates = CanonicalPath.of(templatesDirectory)
        guard templates != content, CanonicalPath.isWithin(templates, content) else { return nil }
        return String(templates.dropFirst(content == "/" ? 1 : content.count + 1))
    }
    /// Where `{{#include}}` may read: the book's folder, the pages' and `[preprocessor.lecture] include-from`.
    var includeScope: IncludeScope {
        IncludeScope(
            bookDirectory: bookDirectory, contentDirectory: contentDirectory, includeFrom: book.includeFrom,
            replaced: replacedFolders)
    }
    /// The book's folders, canonical (`IncludeScope.roots`): what a link may lead into for the
    /// build to read through it, and so for `lecture serve`'s watcher to follow it.
    package var bookFolders: [String] { includeScope.roots }
    /// The folders the tool writes, which nothing is read from: the output folder and the cache.
    var replacedFolders: ReplacedFolders { ReplacedFolders(output: outputDirectory, cache: cacheDirectory) }
    /// The folders no sample may see, wherever they lie (`SampleSandbox.hidden`): the book's
    /// folder, its repository, the content folder, the output folder and the cache. Hidden even
    /// under `/usr` or `/opt` (Docker's `/usr/src/app`, a runner's `/opt/actions-runner/_work`),
    /// which the sandbox otherwise binds whole (attack 19, F3). With them the git folders of the
    /// repositories around the book (`GitFolders`): a submodule's or a worktree's, which its
    /// `.git` file names, and the superproject's (attack 20, F2).
    var sampleHiddenFolders: [String] {
        let book = bookDirectory ?? FileSystem.join(contentDirectory, "..")
        let repository = ReadableFolder.enclosingRepository(of: CanonicalPath.of(book))
        return [book, contentDirectory, outputDirectory, cacheDirectory].map { CanonicalPath.of($0) }
            + [repository].compactMap { $0 } + GitFolders.around(CanonicalPath.of(book))
    }
    /// The machine's paths no published page may hold, nor a sample print or an output block
    /// hold (`MachinePaths`): one rule for build, check and bless.
    var machinePaths: [MachinePaths.Needle] {
        MachinePaths.needles(
            bookDirectory: bookDirectory ?? FileSystem.join(contentDirectory, ".."), cacheDirectory: cacheDirectory)
    }
    /// The output folder as `build-dir`'s rule judged it (`BookLayout`), resolved once.
    var judgedOutputFolder: OutputFolder?
    /// The output folder: the one judged while `outputDirectory` is still the path judged, used
    /// as resolved then, so that a link on the way flipped since cannot redirect the writes
    /// (attack 18, F4: `x -> xreal` judged, `x -> ../home` followed); else resolved from
    /// `outputDirectory` (`OutputFolder`).
    package var outputFolder: OutputFolder {
        if let judged = judgedOutputFolder, judged.spelled == outputDirectory { return judged }
        return OutputFolder(outputDirectory, setting: outputSetting)
    }
    /// The folders the output may not replace, nor any folder holding them: the book's folder,
    /// the content folder, the templates folder and the cache (besides `/`, the home folders
    /// and the working directory, which `OutputFolder` always protects); it may not lie in the
    /// templates folder. In the content folder it is left out of the content
    /// (`outputInsideContent`), as in mdBook.
    package var protectedFolders: [OutputFolder.Protected] {
        [
            .init(bookDirectory ?? contentDirectory, role: "the book's folder", mayHoldOutput: true),
            .init(contentDirectory, role: "the book's pages", mayHoldOutput: true),
            .init(templatesDirectory, role: "the templates folder", mayHoldOutput: false),
            .init(cacheDirectory, role: "the cache", mayHoldOutput: true),
        ]
    }
    /// book.toml's errors when the run goes on to check the pages, each refused value replaced
    /// by its default (`SettingDefaults`): printed before the run (`BookRun`), they fail it at
    /// the end, and nothing is written (`BuildPipeline`: the step that stops on errors stops).
    package var settingErrors: [Diagnostic] = []
    /// book.toml's diagnostics when the run goes on after them (its warnings, and the
    /// `settingErrors`): printed at the run's end with the pages', in one list ordered for reading,
    /// book.toml first (`BuildContext.report`).
    package var settingDiagnostics: [Diagnostic] = []
    /// Whether prose gets typographic quotes, dashes and ellipses (cmark's smart punctuation,
    /// `--smart-punctuation`). A book's build has it on unless book.toml says `false`, as mdBook
    /// 0.5 does (`BookLayout.configure`); `false` here is only the value of a configuration made
    /// in code (tests, the fuzz target), whose text then reads as written: `--flag`, `1...5`.
    package var smartPunctuation = false
    /// highlight.js to copy into the site as `assets/highlight.min.js` (Debian's libjs-highlight.js).
    var highlightJS = "/usr/share/javascript/highlight.js/highlight.min.js"
    /// Books with more chapters than this get their navigation from a shared `toc.js` instead of
    /// a copy in every page, so the site's size grows linearly with its pages.
    var inlineNavigationLimit = 100
    /// The build's date for the print page's cover (`BuildDate`: `SOURCE_DATE_EPOCH`'s day or
    /// today's, in UTC).
    var buildDate: String = BuildDate.day()

    /// The defaults, as `lecture build` without options uses them.
    package init() {}
}
