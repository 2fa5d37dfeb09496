import LectureSupport

/// What the emitted-URL check reads of one HTML file: the URLs a reader follows from it, those
/// it loads into the page, and its ids. They depend on the file's bytes alone, so a page's are
/// made once with the page (`RenderedPage.links`) and kept with it by the session's memory;
/// whether they resolve depends on the rest of the site (its files, the ids of the pages they
/// name), so `EmittedLinkChecker` resolves every file's on every build, kept or not.
struct EmittedLinks: Sendable {
    /// The values of URL attributes, character references decoded, in order.
    var urls: [String]
    /// Those a browser loads into the page (all but `href`).
    var embedded: [String]
    /// The file's `id` and `name` values.
    var ids: Set<String>

    /// Reads `html` once (`HTMLAttributes`): the values of `href`, `src`, `data` (`<object>`) and
    /// `poster` (`<video>`) and the candidates of `srcset` (all but `href` loaded into the page),
    /// and the values of `id` and `name`.
    init(html: [UInt8]) {
        var urls: [String] = []
        var embedded: [String] = []
        var ids = Set<String>()
        HTMLAttributes.scan(html) { tag in
            for attribute in tag.attributes {
                let name = attribute.name
                if HTMLAttributes.is("href", name, in: html) {
                    urls.append(HTMLAttributes.value(attribute.value, in: html))
                } else if HTMLAttributes.is("src", name, in: html) || HTMLAttributes.is("data", name, in: html)
                    || HTMLAttributes.is("poster", name, in: html)
                {
                    let url = HTMLAttributes.value(attribute.value, in: html)
                    urls.append(url)
                    embedded.append(url)
                } else if HTMLAttributes.is("srcset", name, in: html) {
                    let candidates = HTMLAttributes.srcsetURLs(HTMLAttributes.value(attribute.value, in: html))
                    urls += candidates
                    embedded += candidates
                } else if HTMLAttributes.is("id", name, in: html) || HTMLAttributes.is("name", name, in: html) {
                    ids.insert(HTMLAttributes.value(attribute.value, in: html))
                }
            }
        }
        self.urls = urls
        self.embedded = embedded
        self.ids = ids
    }
}
