/// `404.html`: the templates' `404.html` (the message), or the book's own `404.md`
/// (`NotFoundContent`), laid out by `page.html`, as mdBook lays out its not-found page with the
/// page template. A web server serves it for any missing path, at any depth, so its links start
/// from the site's URL path (`--site-url`), and search engines are asked not to index it.
enum NotFoundPage {
    /// The output path.
    static let outputPath = "404.html"

    /// The page: `content` (the book's own, as HTML) or else `message` (the templates'
    /// `404.html`) filled in, laid out by `templates.page`; `nil` when there is neither.
    static func html(message: Template?, content: String?, templates: Templates, values: TemplateValues) -> String? {
        guard content != nil || message != nil else { return nil }
        let root = values.siteURL
        let nav = Navigation.tree(values.book.chapters, current: nil, root: root, values: values)
        // What the page adds to `<head>` (`{{ head }}`): the partial `not-found-head`.
        var page = values.page(
            title: values.words["not-found-title"], content: content ?? "", root: root, nav: nav,
            head: values.partial(.notFoundHead, [:]))
        if content == nil, let message { page["content"] = .html(message.render(page)) }
        return templates.page.render(page)
    }
}
