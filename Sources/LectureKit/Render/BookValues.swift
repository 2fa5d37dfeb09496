import CommonMark
import Foundation
import LectureSupport

/// The template values that come from `book.toml`: the same on every page but the edit link.
enum BookValues {
    /// `language` (`[book] language`, else `ko`, the theme's own language), `default_theme`
    /// (`light`, `dark` or empty) and `repository_link` (a link to `git-repository-url`, or nothing).
    static func of(_ configuration: BuildConfiguration) -> [String: Template.Value] {
        let book = configuration.book
        var repository = ""
        if let url = book.gitRepositoryURL {
            repository = "<a class=\"repository-link\" href=\"\(HTML.escapeHref(url))\" rel=\"external\">저장소</a>"
        }
        return [
            "language": .text(book.language ?? "ko"),
            "default_theme": .text(book.defaultTheme ?? ""),
            "repository_link": .html(repository),
        ]
    }

    /// The page's edit link (`[output.html] edit-url-template`, `{path}` replaced by the page's
    /// path from the folder holding `book.toml`, such as `src/intro.md`), or nothing.
    static func editLink(_ configuration: BuildConfiguration, page: String) -> String {
        guard let template = configuration.book.editURLTemplate else { return "" }
        let path = FileSystem.join(configuration.contentPathFromBookRoot, page)
        let url = template.replacingOccurrences(of: "{path}", with: path)
        return "<a class=\"edit-link\" href=\"\(HTML.escapeHref(url))\" rel=\"external\">이 쪽 고치기</a>"
    }
}
