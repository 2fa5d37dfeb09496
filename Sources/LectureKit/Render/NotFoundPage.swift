/// `404.html`: the templates' `404.html` (the message) laid out by `page.html`, as mdBook lays
/// out its not-found page with the page template. A web server serves it for any missing path,
/// at any depth, so its links start from the site's URL path (`--site-url`), and search engines
/// are asked not to index it.
enum NotFoundPage {
    /// The output path.
    static let outputPath = "404.html"

    /// The page: `message` (the templates' `404.html`) filled in and laid out by `templates.page`.
    static func html(message: Template, templates: Templates, values: TemplateValues) -> String {
        let root = values.siteURL
        let nav = Navigation.tree(values.book.chapters, current: nil, root: root, values: values)
        // What the page adds to `<head>` (`{{ head }}`): the partial `not-found-head`.
        var page = values.page(
            title: values.words["not-found-title"], content: "", root: root, nav: nav,
            head: values.partial(.notFoundHead, [:]))
        page["content"] = .html(message.render(page))
        return templates.page.render(page)
    }
}
