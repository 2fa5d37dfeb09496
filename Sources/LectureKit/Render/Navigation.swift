import CommonMark

/// The navigation a page shows: the chapter tree with the current page marked, previous/next,
/// and the "on this page" list.
enum Navigation {
    /// The chapter tree as nested `<ol class="chapters">`, links relative to the page at `current`.
    /// As in mdBook's sidebar: numbered chapters show their section number (`1.2.`), part titles
    /// are labels, separators rules, and draft chapters disabled entries without a link.
    static func tree(_ chapters: [Chapter], current: String?, root: String) -> String {
        var html = "<ol class=\"chapters\">"
        for chapter in chapters {
            let number =
                chapter.number.map {
                    "<span class=\"section-number\">\($0.map(String.init).joined(separator: ".")).</span> "
                } ?? ""
            switch chapter.kind {
            case .page:
                let isCurrent = chapter.outputPath == current
                html += "<li><a href=\"\(HTML.escapeHref(root + OutputPath.href(forOutput: chapter.outputPath)))\""
                if isCurrent { html += " class=\"active\" aria-current=\"page\"" }
                html += ">\(number)\(HTML.escape(chapter.title))</a>"
            case .draft:
                html += "<li><span class=\"draft\">\(number)\(HTML.escape(chapter.title))</span>"
            case .partTitle:
                html += "<li class=\"part-title\">\(HTML.escape(chapter.title))"
            case .separator:
                html += "<li class=\"separator\" aria-hidden=\"true\">"
            }
            if !chapter.children.isEmpty { html += tree(chapter.children, current: current, root: root) }
            html += "</li>"
        }
        return html + "</ol>"
    }

    /// The placeholder for a book too large to repeat its tree in every page: a script that
    /// inserts the tree from the shared `toc.js` (mdBook's approach since 0.4.41), so the site
    /// grows linearly with its pages; without JavaScript, a link to `toc.html`.
    static func scriptedTree(current: String, root: String, label: String) -> String {
        "<script src=\"\(HTML.escapeHref(root))toc.js\" data-root=\"\(HTML.escape(root))\" data-current=\"\(HTML.escapeHref(OutputPath.href(forOutput: current)))\"></script>"
            + "<noscript><a href=\"\(HTML.escapeHref(root))toc.html\">\(HTML.escape(label))</a></noscript>"
    }

    /// `toc.js`: the chapter tree with root-relative links, inserted where the script stands;
    /// the current page (`data-current`) is marked and links are prefixed with `data-root`.
    static func tocScript(_ chapters: [Chapter]) -> String {
        let html = tree(chapters, current: nil, root: "")
        let literal = html.unicodeScalars.map { scalar -> String in
            switch scalar {
            case "\\": return "\\\\"
            case "\"": return "\\\""
            case "<": return "\\u003c"
            case "\n": return "\\n"
            default: return String(scalar)
            }
        }.joined()
        return """
            (function () {
              var script = document.currentScript;
              var root = script.getAttribute("data-root") || "";
              var current = script.getAttribute("data-current");
              var holder = document.createElement("template");
              holder.innerHTML = "\(literal)";
              holder.content.querySelectorAll("a").forEach(function (a) {
                var href = a.getAttribute("href");
                if (href === current) { a.classList.add("active"); a.setAttribute("aria-current", "page"); }
                a.setAttribute("href", root + href);
              });
              script.parentNode.insertBefore(holder.content, script);
            })();

            """
    }

    /// The root `index.html` when the first chapter lives in a folder: a copy would resolve its
    /// relative URLs from the wrong place, so the root sends the reader on (HTML's
    /// `<meta http-equiv="refresh">`, which works from `file://` and under any sub-path).
    static func redirect(to path: String, title: String, language: String) -> String {
        let href = HTML.escapeHref(path)
        return """
            <!DOCTYPE html>
            <html lang="\(HTML.escape(language))">
            <head>
            <meta charset="utf-8">
            <title>\(HTML.escape(title))</title>
            <meta http-equiv="refresh" content="0; url=\(href)">
            <link rel="canonical" href="\(href)">
            </head>
            <body>
            <p><a href="\(href)">\(HTML.escape(title))</a></p>
            </body>
            </html>

            """
    }

    /// The previous or next page's link (`rel`), or nothing; the template's stylesheet shows
    /// `label` (the interface word "Previous" or "Next", `data-label`) before the title.
    static func link(_ chapter: Chapter?, rel: String, root: String, label: String) -> String {
        guard let chapter else { return "" }
        return
            "<a rel=\"\(rel)\" href=\"\(HTML.escapeHref(root + OutputPath.href(forOutput: chapter.outputPath)))\" class=\"nav-\(rel)\""
            + " data-label=\"\(HTML.escape(label))\">"
            + "\(HTML.escape(chapter.title))</a>"
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
