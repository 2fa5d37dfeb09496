import Foundation

/// The client-side search index: `search-index.js`, loaded with a `<script>` so that search
/// works from `file://` too. Shape:
/// `window.LECTURE_SEARCH_INDEX = [{"title", "url", "sections": [{"heading", "anchor", "text"}]}]`.
enum SearchIndex {
    struct Entry: Encodable {
        var title: String
        var url: String
        var sections: [Section]
    }

    struct Section: Encodable {
        var heading: String
        var anchor: String
        var text: String
    }

    static func script(_ pages: [Page]) -> String {
        script(entries: pages.map(entry))
    }

    /// The script from entries already encoded by `entry(_:)`, in page order.
    static func script(entries: [String]) -> String {
        "window.LECTURE_SEARCH_INDEX = [" + entries.joined(separator: ",") + "];\n"
    }

    /// One page's entry as JSON. Slashes stay escaped (`<\/`), so no `</script>` can appear in
    /// the script's text.
    static func entry(_ page: Page) -> String {
        let entry = Entry(
            title: page.title, url: page.chapter.outputPath,
            sections: page.headings.map {
                Section(heading: $0.text, anchor: $0.id, text: $0.sectionText)
            })
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return (try? encoder.encode(entry)).map { String(decoding: $0, as: UTF8.self) } ?? "{}"
    }
}
