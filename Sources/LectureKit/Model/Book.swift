import CommonMark

/// The book as `SUMMARY.md` declares it: a title and a tree of chapters, in reading order.
///
/// The format is mdBook's (https://rust-lang.github.io/mdBook/format/summary.html): a `#` heading
/// gives the title, then a nested list of links, one chapter each.
public struct Book: Hashable, Sendable {
    /// The summary's `#` heading as plain text; `Untitled` when it has none.
    public var title: String
    /// The top-level chapters, in reading order.
    public var chapters: [Chapter]

    /// Creates a book from its title and top-level chapters.
    public init(title: String, chapters: [Chapter]) {
        self.title = title
        self.chapters = chapters
    }

    /// Every chapter, depth first: the reading order used for previous/next links.
    public var flattened: [Chapter] {
        var result: [Chapter] = []
        func visit(_ chapters: [Chapter]) {
            for chapter in chapters {
                result.append(chapter)
                visit(chapter.children)
            }
        }
        visit(chapters)
        return result
    }
}

/// One entry of the summary: a page and the pages nested under it.
public struct Chapter: Hashable, Sendable {
    /// The summary link's text, as plain text.
    public var title: String
    /// The page's path relative to the content folder (`mvc.md`).
    public var path: String
    /// Where the link stands in `SUMMARY.md`.
    public var location: SourceLocation
    /// The chapters nested under this one, in reading order.
    public var children: [Chapter]

    /// Creates a chapter; `path` is relative to the content folder, with `/`.
    public init(title: String, path: String, location: SourceLocation, children: [Chapter] = []) {
        self.title = title
        self.path = path
        self.location = location
        self.children = children
    }

    /// The built page's path relative to the site root: `.md` → `.html`; `README.md` and
    /// `index.md` become `index.html`, as in mdBook.
    public var outputPath: String { OutputPath.html(forMarkdown: path) }
}

/// How Markdown paths map to the built site's paths.
public enum OutputPath {
    /// `a/b.md` → `a/b.html`; `README.md`/`index.md` (any folder) → `index.html` in that folder.
    public static func html(forMarkdown path: String) -> String {
        var parts = path.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        guard var last = parts.popLast() else { return path }
        if last == "README.md" || last == "index.md" {
            last = "index.html"
        } else if last.hasSuffix(".md") {
            last = String(last.dropLast(3)) + ".html"
        }
        return (parts + [last]).joined(separator: "/")
    }

    /// The relative prefix from a page at `path` to the site root: `""` or `"../"` per folder.
    public static func rootPrefix(from path: String) -> String {
        String(repeating: "../", count: path.split(separator: "/").count - 1)
    }
}
