import CommonMark

/// The navigation a page shows: the chapter tree with the current page marked, previous/next,
/// and the "on this page" list.
enum Navigation {
    /// The chapter tree as nested `<ol class="chapters">`, links relative to the page at `current`.
    static func tree(_ chapters: [Chapter], current: String?, root: String) -> String {
        var html = "<ol class=\"chapters\">"
        for chapter in chapters {
            let isCurrent = chapter.outputPath == current
            html += "<li><a href=\"\(HTML.escapeHref(root + chapter.outputPath))\""
            if isCurrent { html += " class=\"active\" aria-current=\"page\"" }
            html += ">\(HTML.escape(chapter.title))</a>"
            if !chapter.children.isEmpty { html += tree(chapter.children, current: current, root: root) }
            html += "</li>"
        }
        return html + "</ol>"
    }

    static func link(_ chapter: Chapter?, rel: String, root: String) -> String {
        guard let chapter else { return "" }
        let label = rel == "prev" ? "이전" : "다음"
        return "<a rel=\"\(rel)\" href=\"\(HTML.escapeHref(root + chapter.outputPath))\" class=\"nav-\(rel)\">"
            + "<span class=\"nav-label\">\(label)</span> <span class=\"nav-title\">\(HTML.escape(chapter.title))</span></a>"
    }

    /// The page's h2 and h3 headings as a list; empty when there are fewer than three.
    static func toc(_ headings: [Heading]) -> String {
        let entries = headings.filter { $0.level == 2 || $0.level == 3 }
        guard entries.count >= 3 else { return "" }
        var html = "<ol>"
        for heading in entries {
            let cls = heading.level == 3 ? " class=\"toc-sub\"" : ""
            html += "<li\(cls)><a href=\"#\(HTML.escapeHref(heading.id))\">\(HTML.escape(heading.text))</a></li>"
        }
        return html + "</ol>"
    }
}
