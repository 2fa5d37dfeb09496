import CommonMark
import LectureSupport

/// The book as `SUMMARY.md` declares it: a title and a tree of chapters, in reading order.
///
/// The format is mdBook's (https://rust-lang.github.io/mdBook/format/summary.html): a `#` heading
/// gives the title, then a nested list of links, one chapter each.
package struct Book: Hashable, Sendable {
    /// The summary's `#` heading as plain text; `Untitled` when it has none.
    var title: String
    /// The top-level chapters, in reading order.
    var chapters: [Chapter]

    /// Creates a book from its title and top-level chapters.
    init(title: String, chapters: [Chapter]) {
        self.title = title
        self.chapters = chapters
    }

    /// The book with no chapter numbered (`[output.html] no-section-label`): the chapters keep
    /// their order, and no `1.2.` label is shown.
    func unnumbered() -> Book {
        func strip(_ chapters: [Chapter]) -> [Chapter] {
            chapters.map { chapter in
                var plain = chapter
                plain.number = nil
                plain.children = strip(chapter.children)
                return plain
            }
        }
        return Book(title: title, chapters: strip(chapters))
    }

    /// Every chapter with a page, depth first: the reading order used for previous/next links.
    /// Part titles, separators and draft chapters are left out (their children are not).
    package var flattened: [Chapter] {
        var result: [Chapter] = []
        func visit(_ chapters: [Chapter]) {
            for chapter in chapters {
                if chapter.kind == .page { result.append(chapter) }
                visit(chapter.children)
            }
        }
        visit(chapters)
        return result
    }
}

/// One entry of the summary: a page and the pages nested under it, or one of mdBook's entries
/// without a page (a part title, a separator, a draft chapter).
package struct Chapter: Hashable, Sendable {
    /// What a summary entry is (https://rust-lang.github.io/mdBook/format/summary.html).
    enum Kind: Hashable, Sendable {
        /// A link to a page, which is built.
        case page
        /// `[Title]()`: shown in the navigation, disabled; nothing is built.
        case draft
        /// A `# Part` heading after the book's title: a label in the navigation.
        case partTitle
        /// A `---` line between numbered chapters: a rule in the navigation.
        case separator
    }

    /// The summary link's text (or the part's title), as plain text; empty for a separator.
    var title: String
    /// The page's path relative to the content folder (`mvc.md`); empty unless `kind` is `.page`.
    package var path: String {
        didSet { (outputPath, outputHref) = Self.output(path) }
    }
    /// A page, a draft, a part title or a separator.
    var kind: Kind = .page
    /// mdBook's section number of a numbered chapter (`[1, 2]` shows as `1.2.`); `nil` for prefix
    /// and suffix chapters, part titles and separators.
    var number: [Int]?
    /// Where the link stands in `SUMMARY.md`.
    package var location: SourceLocation
    /// The chapters nested under this one, in reading order.
    var children: [Chapter]

    /// Creates a chapter; `path` is relative to the content folder, with `/`.
    init(title: String, path: String, location: SourceLocation, children: [Chapter] = []) {
        self.title = title
        self.path = path
        self.location = location
        self.children = children
        (outputPath, outputHref) = Self.output(path)
    }

    /// The built page's path relative to the site root: the extension (`.md`, or any) → `.html`;
    /// a README (any case: `Readme.md`) and `index.md` become `index.html`, as in mdBook.
    /// Kept with the chapter, made when its path is set: every page's navigation asks for every
    /// chapter's, and making them there was a fifth of a build of many pages (callgrind, issue 36).
    package private(set) var outputPath: String
    /// `outputPath` as a link's path (`OutputPath.href(forOutput:)`), relative to the site root.
    private(set) var outputHref: String

    /// Whether it is the page at `outputPath`, or one of its sections (at any depth) is.
    func leads(to outputPath: String) -> Bool {
        (kind == .page && self.outputPath == outputPath) || children.contains { $0.leads(to: outputPath) }
    }

    private static func output(_ path: String) -> (String, String) {
        let outputPath = OutputPath.html(forChapter: path)
        return (outputPath, OutputPath.href(forOutput: outputPath))
    }
}

/// How Markdown paths map to the built site's paths.
enum OutputPath {
    /// `a/b.md` → `a/b.html`; `README.md` (any case) or `index.md` (any folder) → `index.html`
    /// in that folder; any other path as it is.
    static func html(forMarkdown path: String) -> String {
        // Only the last component changes (every page's path is asked for on every rebuild).
        let name = path.lastIndex(of: "/").map { path[path.index(after: $0)...] } ?? path[...]
        let folder = path[..<name.startIndex]
        guard name.hasSuffix(".md") else { return path }
        if name == "index.md" || name.lowercased() == "readme.md" { return folder + "index.html" }
        return folder + name.dropLast(3) + ".html"
    }

    /// A chapter's page, mdBook's way: its extension, whatever it is, replaced by `.html`
    /// (`intro` → `intro.html`, `a.markdown` → `a.html`); a file named README (any case, any
    /// extension) or `index.md` is its folder's `index.html`.
    static func html(forChapter path: String) -> String {
        if path.hasSuffix(".md") { return html(forMarkdown: path) }
        let name = path.lastIndex(of: "/").map { path[path.index(after: $0)...] } ?? path[...]
        let folder = path[..<name.startIndex]
        let stem = name.lastIndex(of: ".").flatMap { $0 == name.startIndex ? nil : name[..<$0] } ?? name
        if stem.lowercased() == "readme" { return folder + "index.html" }
        return folder + stem + ".html"
    }

    /// `path` (an output path, or the path of a link to one) as a URL's path: each `?` and `#`
    /// written `%3F` and `%23`, and each `%` that does not start an escape `%XX` written `%25`,
    /// so a page named `what?.md`, `c#.md` or `100%.md` is reached, where the raw name would end
    /// the path at its query or fragment, or be refused as a malformed escape (HTTP 400).
    /// mdBook 0.5.4 writes such names raw, and its links to them break; `HTML.escapeHref`
    /// encodes the rest (spaces, non-ASCII) and keeps these escapes.
    static func href(_ path: String) -> String {
        guard path.utf8.contains(where: { $0 == 0x25 || $0 == 0x3F || $0 == 0x23 }) else { return path }
        func isHex(_ byte: UInt8) -> Bool {
            (0x30...0x39).contains(byte) || (0x41...0x46).contains(byte) || (0x61...0x66).contains(byte)
        }
        let bytes = Array(path.utf8)
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count + 8)
        for (index, byte) in bytes.enumerated() {
            switch byte {
            case 0x3F: out += Array("%3F".utf8)
            case 0x23: out += Array("%23".utf8)
            case 0x25 where !(index + 2 < bytes.count && isHex(bytes[index + 1]) && isHex(bytes[index + 2])):
                out += Array("%25".utf8)
            default: out.append(byte)
            }
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// An output path as a link's path: as `href(_:)`, and every `%` escaped, since an output
    /// path is a file's name and holds no escape.
    /// A first segment with a `:` (`std:vec.html`) is written `./std:vec.html`, which a browser
    /// reads as a path where it would read `std:` as a scheme (RFC 3986, section 4.2).
    static func href(forOutput path: String) -> String {
        // Foundation only for a path holding a '%' (every sidebar link of every page comes here).
        let escaped = href(
            path.containsUTF8(UInt8(ascii: "%")) ? path.replacingOccurrences(of: "%", with: "%25") : path)
        // An ASCII path (almost every one) is looked at by bytes: `contains(":")` of a string
        // is Foundation's `range(of:)` (2% of a rebuild, `perf`); for ASCII the answer is the same.
        let hasScheme =
            escaped.utf8.allSatisfy { $0 < 0x80 }
            ? escaped.utf8.prefix { $0 != UInt8(ascii: "/") }.contains(UInt8(ascii: ":"))
            : escaped.prefix { $0 != "/" }.contains(":")
        return hasScheme ? "./" + escaped : escaped
    }

    /// A file's path substituted into a URL template (`edit-url-template`'s `{path}`): every `%`,
    /// `?` and `#` escaped as in `href(forOutput:)`, and every `:` written `%3A`, so the path can
    /// never make a scheme wherever the template puts it. With `{path}` alone and the pages in a
    /// folder named `javascript:…`, every page once carried a live script link (attack 18, F1).
    static func href(substituted path: String) -> String {
        let escaped = href(
            path.containsUTF8(UInt8(ascii: "%")) ? path.replacingOccurrences(of: "%", with: "%25") : path)
        return escaped.containsUTF8(UInt8(ascii: ":")) ? escaped.replacingOccurrences(of: ":", with: "%3A") : escaped
    }

    /// The relative prefix from a page at `path` to the site root: `""` or `"../"` per folder.
    static func rootPrefix(from path: String) -> String {
        String(repeating: "../", count: path.split(separator: "/").count - 1)
    }
}
