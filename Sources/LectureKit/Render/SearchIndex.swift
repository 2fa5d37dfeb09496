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
        let entries = pages.map { page in
            Entry(title: page.title, url: page.chapter.outputPath, sections: page.headings.map {
                Section(heading: $0.text, anchor: $0.id, text: $0.sectionText)
            })
        }
        let encoder = JSONEncoder()
        // Slashes stay escaped (`<\/`), so no `</script>` can appear in the script's text.
        encoder.outputFormatting = [.sortedKeys]
        let json = (try? encoder.encode(entries)).map { String(decoding: $0, as: UTF8.self) } ?? "[]"
        return "window.LECTURE_SEARCH_INDEX = " + json + ";\n"
    }
}
