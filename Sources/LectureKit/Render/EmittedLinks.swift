/// What the emitted-URL check reads of one HTML file: the URLs a reader follows from it, those
/// it loads into the page, and its ids. They depend on the file's bytes alone, so a page's are
/// made once with the page (`RenderedPage.links`) and kept with it by the session's memory;
/// whether they resolve depends on the rest of the site (its files, the ids of the pages they
/// name), so `EmittedLinkChecker` resolves every file's on every build, kept or not.
struct EmittedLinks: Sendable {
    /// The values of URL attributes, character references decoded (`EmittedLinkChecker.urls(in:)`).
    var urls: [String]
    /// Those a browser loads into the page (all but `href`).
    var embedded: [String]
    /// The file's `id` and `name` values (`EmittedLinkChecker.ids(in:)`).
    var ids: Set<String>

    init(html: [UInt8]) {
        urls = EmittedLinkChecker.urls(in: html)
        embedded = EmittedLinkChecker.urls(in: html, embeddedOnly: true)
        ids = EmittedLinkChecker.ids(in: html)
    }
}
