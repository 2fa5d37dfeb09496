import CommonMark
import Foundation
import LectureSupport

/// The values of `page.html`'s placeholders (the manual, "Templates"), built here for every page the
/// layout renders: the chapters, `print.html`, `toc.html` and the not-found page.
struct TemplateValues: Sendable {
    let configuration: BuildConfiguration
    let book: Book
    /// The compiler that verified the samples, as `Swift 6.3.1`.
    let swiftVersion: String
    /// Whether the chapter tree comes from `toc.js`: for books of more than
    /// `inlineNavigationLimit` pages, so the site grows linearly with its pages.
    let scriptsNavigation: Bool

    init(configuration: BuildConfiguration, book: Book, swiftVersion: String) {
        self.configuration = configuration
        self.book = book
        self.swiftVersion = swiftVersion
        scriptsNavigation = book.flattened.count > configuration.inlineNavigationLimit
    }

    /// The values of one page. `root` is the path from the page to the site root (`""`, `"../"`,
    /// or the site's URL path where the page is served at any depth); `content`, `nav`, `prev`,
    /// `next`, `toc`, `editLink` and `head` are HTML.
    func page(
        title: String, content: String, root: String, nav: String, prev: String = "", next: String = "",
        toc: String = "", editLink: String = "", head: String = ""
    ) -> [String: Template.Value] {
        [
            "title": .text(title),
            "book_title": .text(book.title),
            "content": .html(content),
            "nav": .html(nav),
            "prev": .html(prev),
            "next": .html(next),
            "toc": .html(toc),
            "root": .text(root),
            "swift_version": .text(swiftVersion),
            "build_date": .text(configuration.buildDate),
            "language": .text(configuration.book.language ?? "ko"),
            "default_theme": .text(configuration.book.defaultTheme ?? ""),
            "repository_link": .html(repositoryLink),
            "edit_link": .html(editLink),
            "head": .html(head),
        ]
    }

    /// The chapter tree for the page at `current` (an output path): inline, or the script that
    /// inserts it from `toc.js` (`scriptsNavigation`).
    func navigation(current: String, root: String) -> String {
        scriptsNavigation
            ? Navigation.scriptedTree(current: current, root: root)
            : Navigation.tree(book.chapters, current: current, root: root)
    }

    /// A link to `[output.html] git-repository-url`, or nothing.
    var repositoryLink: String {
        guard let url = configuration.book.gitRepositoryURL else { return "" }
        return "<a class=\"repository-link\" href=\"\(HTML.escapeHref(url))\" rel=\"external\">저장소</a>"
    }

    /// The page's edit link (`[output.html] edit-url-template`, `{path}` replaced by the page's
    /// path from the folder holding `book.toml`, such as `src/intro.md`), or nothing.
    func editLink(page: String) -> String {
        guard let template = configuration.book.editURLTemplate else { return "" }
        let path = FileSystem.join(configuration.contentPathFromBookRoot, page)
        let url = template.replacingOccurrences(of: "{path}", with: path)
        return "<a class=\"edit-link\" href=\"\(HTML.escapeHref(url))\" rel=\"external\">이 쪽 고치기</a>"
    }
}
