import CommonMark

/// The navigation a page shows: the chapter tree with the current page marked, previous/next,
/// and the "on this page" list.
enum Navigation {
    /// The chapter tree as nested `<ol class="chapters">`, links relative to the page at `current`.
    /// As in mdBook's sidebar: numbered chapters show their section number (`1.2.`), part titles
    /// are labels, separators rules, and draft chapters disabled entries without a link. Each
    /// entry is a partial (`chapter`, `chapter-current`, `chapter-draft`, `part-title`,
    /// `separator`, `section-number`, in `chapters`).
    static func tree(_ chapters: [Chapter], current: String?, root: String, values: TemplateValues) -> String {
        var entries: [String: NavigationTrees.Entry]? = nil
        return tree(chapters, current: current, root: root, values: values, entries: &entries)
    }

    /// The same, also keeping in `entries` (when not `nil`) each page's entry as rendered, plain
    /// and marked current, by output path (`NavigationTrees`); `repeated` for a path listed twice.
    ///
    /// With `[output.html.fold] enable = true`, each entry with sections has the partial
    /// `chapter-fold-toggle` before them: open (`expanded` `true`) at a depth up to `level` (the
    /// top-level entries are at depth 1), on the way to the current page, and on it, as mdBook
    /// 0.5.4 opens them; folded below. The theme folds a section whose button says `false`.
    static func tree(
        _ chapters: [Chapter], current: String?, root: String, values: TemplateValues,
        entries: inout [String: NavigationTrees.Entry]?, depth: Int = 1
    ) -> String {
        var items = ""
        for chapter in chapters {
            let number =
                chapter.number.map {
                    values.partial(.sectionNumber, ["number": .text($0.map(String.init).joined(separator: "."))])
                } ?? ""
            var children =
                chapter.children.isEmpty
                ? ""
                : tree(
                    chapter.children, current: current, root: root, values: values, entries: &entries,
                    depth: depth + 1)
            if values.settings.foldEnabled == true, !chapter.children.isEmpty {
                let open = depth <= values.settings.foldLevel ?? 0 || current.map { chapter.leads(to: $0) } == true
                children = values.partial(.chapterFoldToggle, ["expanded": .text(open ? "true" : "false")]) + children
            }
            switch chapter.kind {
            case .page:
                let entry: [String: Template.Value] = [
                    "href": .html(HTML.escapeHref(root + chapter.outputHref)),
                    "number": .html(number), "title": .text(chapter.title), "children": .html(children),
                ]
                let html = values.partial(chapter.outputPath == current ? .chapterCurrent : .chapter, entry)
                items += html
                if let seen = entries.map({ $0[chapter.outputPath] != nil }) {
                    let kept: NavigationTrees.Entry =
                        seen ? .repeated : .init(plain: html, current: values.partial(.chapterCurrent, entry))
                    entries?[chapter.outputPath] = kept
                }
            case .draft:
                items += values.partial(
                    .chapterDraft,
                    ["number": .html(number), "title": .text(chapter.title), "children": .html(children)])
            case .partTitle:
                items += values.partial(.partTitle, ["title": .text(chapter.title), "children": .html(children)])
            case .separator:
                items += values.partial(.separator, ["children": .html(children)])
            }
        }
        return values.partial(.chapters, ["items": .html(items)])
    }

    /// The placeholder for a book too large to repeat its tree in every page: a script that
    /// inserts the tree from the shared `toc.js` (mdBook's approach since 0.4.41), so the site
    /// grows linearly with its pages; without JavaScript, a link to `toc.html` (the partial
    /// `scripted-chapters`).
    static func scriptedTree(current: String, root: String, values: TemplateValues) -> String {
        values.partial(
            .scriptedChapters,
            [
                "root_href": .html(HTML.escapeHref(root)), "root": .text(root),
                "current": .html(HTML.escapeHref(OutputPath.href(forOutput: current))),
            ])
    }

    /// `toc.js`: the chapter tree with root-relative links, inserted where the script stands;
    /// the current page (`data-current`) is marked and links are prefixed with `data-root`. The
    /// tree is written by the one JSON escaper (`JSONLiteral`): a title holding a carriage return,
    /// another control character or U+2028 once ended the string and took every page's sidebar.
    static func tocScript(_ chapters: [Chapter], values: TemplateValues) -> String {
        let html = tree(chapters, current: nil, root: "", values: values)
        return """
            (function () {
              var script = document.currentScript;
              var root = script.getAttribute("data-root") || "";
              var current = script.getAttribute("data-current");
              var holder = document.createElement("template");
              holder.innerHTML = \(JSONLiteral.quoted(html));
              holder.content.querySelectorAll("a").forEach(function (a) {
                var href = a.getAttribute("href");
                if (href === current) {
                  a.classList.add("active");
                  a.setAttribute("aria-current", "page");
                  // A folding tree opens the sections on the way to the page, as on pages that hold it.
                  for (var up = a.parentNode; up && up.nodeType === 1; up = up.parentNode) {
                    var toggle = up.querySelector(":scope > .chapter-fold-toggle");
                    if (toggle) toggle.setAttribute("aria-expanded", "true");
                  }
                }
                a.setAttribute("href", root + href);
              });
              script.parentNode.insertBefore(holder.content, script);
            })();

            """
    }

    /// The root `index.html` when the first chapter lives in a folder: a copy would resolve its
    /// relative URLs from the wrong place, so the root sends the reader on (HTML's
    /// `<meta http-equiv="refresh">`, which works from `file://` and under any sub-path; the
    /// partial `redirect`).
    static func redirect(to path: String, title: String, language: String, values: TemplateValues) -> String {
        values.partial(
            .redirect, ["href": .html(HTML.escapeHref(path)), "title": .text(title), "language": .text(language)])
    }

    /// The previous or next page's link (`rel`), or nothing; the template's stylesheet shows
    /// `label` (the interface word "Previous" or "Next", `data-label`) before the title (the
    /// partial `pager-link`).
    static func link(_ chapter: Chapter?, rel: String, root: String, label: String, values: TemplateValues) -> String {
        guard let chapter else { return "" }
        return values.partial(
            .pagerLink,
            [
                "rel": .text(rel),
                "href": .html(HTML.escapeHref(root + chapter.outputHref)),
                "label": .text(label), "title": .text(chapter.title),
            ])
    }

    /// The page's h2 and h3 headings as a list (`page-toc`, of `page-toc-item` and
    /// `page-toc-subitem`); empty when there are fewer than three.
    static func toc(_ headings: [Heading], values: TemplateValues) -> String {
        let entries = headings.filter { $0.level == 2 || $0.level == 3 }
        guard entries.count >= 3 else { return "" }
        var items = ""
        for heading in entries {
            items += values.partial(
                heading.level == 3 ? .pageTOCSubitem : .pageTOCItem,
                ["id": .html(HTML.escapeHref(heading.id)), "text": .text(heading.text)])
        }
        return values.partial(.pageTOC, ["items": .html(items)])
    }
}
