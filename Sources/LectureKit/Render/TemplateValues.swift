import CommonMark
import Foundation
import LectureSupport

/// The values of `page.html`'s placeholders (the manual, "Templates"), built here for every page the
/// layout renders: the chapters, `print.html`, `toc.html` and the not-found page.
struct TemplateValues: Hashable, Sendable {
    /// book.toml's settings (language, theme, repository and edit links).
    let settings: BookSettings
    /// `{{ build_date }}`.
    let buildDate: String
    /// Where the site is served (`[output.html] site-url`), for the not-found page's links.
    let siteURL: String
    /// The pages' folder from the folder holding book.toml (`src`), for edit links.
    let contentPathFromBookRoot: String
    let book: Book
    /// The compiler that verified the samples, as `Swift 6.3.1`.
    let swiftVersion: String
    /// Whether the chapter tree comes from `toc.js`: for books of more than
    /// `inlineNavigationLimit` pages, so the site grows linearly with its pages.
    let scriptsNavigation: Bool
    /// The interface words in the book's language.
    let words: InterfaceWords
    /// `{{ verified }}`: what this build verified (`InterfaceWords` `verified`: how many samples,
    /// with which compiler), or nothing when it verified none.
    let verified: String
    /// The values every page shares: the interface words (`words.KEY`).
    private let shared: [String: Template.Value]
    /// The theme's page chrome (`Partials`).
    let partials: Partials
    /// The partials with the words, for the chrome of figures (`FigureHTML`).
    let chrome: Chrome
    /// book.toml's additional style sheets and scripts, and MathJax.
    let additional: AdditionalHead
    /// What mdBook 0.5.4 adds to every page's `<head>` from the book (run on such books):
    /// `theme/head.hbs`'s text, its `{{ path_to_root }}` filled in for the page (`bookHead`),
    /// then `[book] description` as `<meta name="description">` (`toc.html` has the first only,
    /// as mdBook's).
    let themeHead: Template?
    let description: String
    /// The inline chapter tree, rendered once for each root (`navigation(current:root:)`).
    private let trees = NavigationTrees()

    /// The values for `book`; `verifiedSamples` is how many samples this build verified with
    /// `swiftVersion`.
    init(
        configuration: BuildConfiguration, book: Book, swiftVersion: String, words: InterfaceWords,
        verifiedSamples: Int, partials: Partials = .builtIn
    ) {
        settings = configuration.book
        buildDate = configuration.buildDate
        siteURL = configuration.siteURL
        contentPathFromBookRoot = configuration.contentPathFromBookRoot
        self.partials = partials
        self.book = book
        self.swiftVersion = verifiedSamples > 0 ? swiftVersion : ""
        self.words = words
        scriptsNavigation = book.flattened.count > configuration.inlineNavigationLimit
        verified = Self.verified(verifiedSamples, compiler: swiftVersion, words: words)
        chrome = Chrome(partials: partials, words: words)
        additional = AdditionalHead(configuration: configuration)
        themeHead = configuration.themeHead
        description =
            configuration.book.description.map { "\n<meta name=\"description\" content=\"\(HTML.escape($0))\">" }
            ?? ""
        shared = chrome.wordValues
    }

    /// The `<meta name="generator">` content: lecture and its version, then the compiler that
    /// verified the samples when the build verified any (`lecture 0.1.0 · Swift 6.3.1`).
    static func generator(swiftVersion: String) -> String {
        "lecture \(LectureCommand.version)" + (swiftVersion.isEmpty ? "" : " · \(swiftVersion)")
    }

    /// The claim about this build's samples, or `""` when it verified none.
    static func verified(_ count: Int, compiler: String, words: InterfaceWords) -> String {
        guard count > 0 else { return "" }
        return words.counted("verified", count: count, ["count": String(count), "compiler": compiler])
    }

    /// A warning when `page` has no `{{ head }}` and the book gives it something (a description,
    /// `theme/head.hbs`): a theme written without it would drop them unsaid, as
    /// `AdditionalHead.unplaced` says of the additional files.
    func unplacedHead(in page: Template) -> [Diagnostic] {
        guard themeHead != nil || !description.isEmpty, !page.uses("head") else { return [] }
        return [
            .warning(
                .templatePlaceholder, page.path, nil,
                "page template has no {{ head }}: book.toml's description and theme/head.hbs are not written into the pages",
                notes: ["put {{ head }} in page.html's <head>, after the <title>, as the built-in theme does"])
        ]
    }

    /// What the book adds to the `<head>` of a page whose way to the site's root is `root`:
    /// head.hbs's text, its `{{ path_to_root }}` filled in, then the description unless
    /// `describes` is false.
    func bookHead(root: String, describes: Bool) -> String {
        (themeHead.map { "\n" + $0.render(["path_to_root": .text(root)]) } ?? "") + (describes ? description : "")
    }

    /// The values of one page. `root` is the path from the page to the site root (`""`, `"../"`,
    /// or the site's URL path where the page is served at any depth); `content`, `nav`, `prev`,
    /// `next`, `toc`, `editLink` and `head` are HTML; `head` is followed by the book's
    /// (`bookHead`), its description left out when `describes` is false.
    func page(
        title: String, content: String, root: String, nav: String, prev: String = "", next: String = "",
        toc: String = "", editLink: String = "", head: String = "", pageTitle: String? = nil, describes: Bool = true
    ) -> [String: Template.Value] {
        shared.merging([
            "title": .text(title),
            "book_title": .text(book.title),
            // The document's title: the page's `{{#title …}}` (mdBook) alone, else the page's, then
            // the book's when it has one, after mdBook's ` - ` (mdBook's way: a book without a title in
            // book.toml has none).
            "page_title": .text(pageTitle ?? (book.title.isEmpty ? title : "\(title) - \(book.title)")),
            "content": .html(content),
            "nav": .html(nav),
            "prev": .html(prev),
            "next": .html(next),
            "toc": .html(toc),
            "root": .text(root),
            "swift_version": .text(swiftVersion),
            "build_date": .text(buildDate),
            "language": .text(settings.languageOrDefault),
            "text_direction": .text(settings.textDirectionOrDefault),
            "default_theme": .text(settings.defaultTheme ?? ""),
            "repository_link": .html(repositoryLink),
            // mdBook 0.5.4 writes neither the search box nor the print link when they are off.
            "search": .html(settings.searchEnabled == false ? "" : partial(.search, ["root": .text(root)])),
            "print_link": .html(settings.printEnabled == false ? "" : partial(.printLink, ["root": .text(root)])),
            "edit_link": .html(editLink),
            "head": .html(head + bookHead(root: root, describes: describes)),
            "additional_css": .html(additional.styles(root: root)),
            "additional_js": .html(additional.scripts(root: root)),
            "verified": .text(verified),
            // No empty paragraph in a book that verified nothing.
            "verified_footer": .html(verified.isEmpty ? "" : "<p class=\"verified\">\(HTML.escape(verified))</p>"),
            "generator": .text(Self.generator(swiftVersion: swiftVersion)),
        ]) { _, own in own }
    }

    /// The partial `name` filled in with `values` and the interface words.
    func partial(_ name: Partials.Name, _ values: [String: Template.Value]) -> String {
        partials.render(name, values, words: shared)
    }

    /// The chapter tree for the page at `current` (an output path): inline, or the script that
    /// inserts it from `toc.js` (`scriptsNavigation`).
    func navigation(current: String, root: String) -> String {
        scriptsNavigation
            ? Navigation.scriptedTree(current: current, root: root, values: self)
            : trees.tree(current: current, root: root, values: self)
    }

    /// A link to `[output.html] git-repository-url`, or nothing.
    var repositoryLink: String {
        guard let url = settings.gitRepositoryURL else { return "" }
        return partial(.repositoryLink, ["url": .html(HTML.escapeHref(url))])
    }

    /// The page's edit link (`[output.html] edit-url-template`, `{path}` replaced by the page's
    /// path from the folder holding `book.toml`, such as `src/intro.md`, escaped so that it can
    /// never start a scheme: `OutputPath.href(substituted:)`), or nothing.
    func editLink(page: String) -> String {
        guard let template = settings.editURLTemplate else { return "" }
        let path = OutputPath.href(substituted: FileSystem.join(contentPathFromBookRoot, page))
        let url = template.replacingOccurrences(of: "{path}", with: path)
        return partial(.editLink, ["url": .html(HTML.escapeHref(url))])
    }
}
