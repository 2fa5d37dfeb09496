import CommonMark
import Foundation
import LectureSupport

/// Checks that every internal link resolves: a page of the book or a file of the content
/// folder, and its `#anchor` a heading of that page or an id of its raw HTML (`<a id>`,
/// `<a name>`, any element's `id`). A link that leaves the book (`../std/index.html`) is not
/// checked: a warning, or an error when the book asks (`[preprocessor.lecture] outside-links = "error"`). Run on the pages' trees as `Figures` and
/// `Anchors` left them (links are rewritten only in `Render`), so a diagnostic names the `.md`
/// link as the author wrote it, at its line; a table's links are read from its cells.
enum LinkChecker {
    /// The last note of a link or image inside the book to a file it lacks: why it fails the
    /// build where mdBook builds it (new-user review 6, finding 1), and what to do meanwhile.
    static let missingFileNote =
        "a link or image inside the book must lead to a file of it, so a reader never meets a broken one: lecture fails the build where mdBook builds the page; add the file, or leave the link out until it exists"
    /// What links may name: every page's heading anchors, the pages by output name, and the
    /// content folder's other files. Built once per build, after `Anchors`.
    struct Targets: Hashable, Sendable {
        /// Each page's anchor ids (headings' and its raw HTML's), by path relative to the content folder.
        var anchors: [String: Set<String>] = [:]
        /// Each page's path relative to the content folder, by its output path (`x.html`).
        var pagesByOutput: [String: String] = [:]
        /// Paths relative to the content folder of the files that will be copied.
        var contentFiles: Set<String> = []
        /// Symbolic links of the content folder (not copied: `UnreachableAssets.links`), by path
        /// relative to it: a link to one, or into a folder that is one, says so.
        var symbolicLinks: Set<String> = []
        /// Named pipes, sockets and devices of the content folder (not copied:
        /// `UnreachableAssets.special`), by path relative to it: a link to one says so.
        var specialFiles: Set<String> = []
        /// Pages the summary lists that could not be loaded; a link to one is not reported (the
        /// page's own error says what is wrong, and the link is right once it is fixed).
        var unloadedPages: Set<String> = []
        /// Pages cut short where they nest too deep (`Parse` reported it): their headings after
        /// the cut are unknown, so an anchor into them is not reported as missing.
        var truncated: Set<String> = []
        /// Whether a link that leaves the book is an error rather than a warning.
        var outsideLinksAreErrors = false
        /// The path the site is served under (`[output.html] site-url`, `/mdBook/`): a
        /// root-relative link that does not start with it leaves the site.
        var siteURL = "/"

        /// The targets of `pages` (with `headings` already anchored), `contentFiles` and
        /// `unloadedPages`.
        init(
            pages: [Page], contentFiles: Set<String>, unloadedPages: Set<String>, outsideLinksAreErrors: Bool = false,
            siteURL: String = "/"
        ) {
            self.outsideLinksAreErrors = outsideLinksAreErrors
            self.siteURL = siteURL
            for page in pages {
                anchors[page.chapter.path] = Set(page.headings.map(\.id)).union(RawHTMLAnchors.of(page.blocks))
                pagesByOutput[page.chapter.outputPath] = page.chapter.path
                if page.tooDeep != nil { truncated.insert(page.chapter.path) }
            }
            self.contentFiles = contentFiles
            self.unloadedPages = unloadedPages
        }

        /// No targets (before `Links` prepares them).
        init() {}

        /// The symbolic link `target` is, or lies inside (a link to a folder), if any.
        func symbolicLink(leadingTo target: String) -> String? {
            guard !symbolicLinks.isEmpty else { return nil }
            var path = Substring(target)
            while !path.isEmpty {
                if symbolicLinks.contains(String(path)) { return String(path) }
                guard let slash = path.lastIndex(of: "/") else { return nil }
                path = path[..<slash]
            }
            return nil
        }
    }

    /// A link that leaves the book (`why` says where it works): not checked, as mdBook checks
    /// none; a warning, or an error when the book asks.
    static func outside(
        _ destination: String, in page: Page, at place: SourceLocation?, targets: Targets, why: String
    ) -> Diagnostic {
        Diagnostic(
            .linkOutside, targets.outsideLinksAreErrors ? .error : .warning,
            page.source.displayPath, place,
            "link \(quoted: destination) leaves the book and is not checked",
            notes: [
                targets.outsideLinksAreErrors
                    ? "book.toml's '[preprocessor.lecture] outside-links = \"error\"' asks for a book that stands alone; link inside the content folder or to a full URL"
                    : "\(why); '[preprocessor.lecture] outside-links = \"error\"' in book.toml makes this an error"
            ])
    }

    /// The broken links and anchors of `page`, against `targets`.
    static func check(_ page: Page, targets: Targets) -> [Diagnostic] {
        let anchors = targets.anchors
        let pagesByOutput = targets.pagesByOutput
        let contentFiles = targets.contentFiles
        var diagnostics: [Diagnostic] = []
        let directory = page.chapter.path.split(separator: "/").dropLast().joined(separator: "/")
        for link in links(in: page.blocks) {
            if let scheme = ScriptURL.scheme(of: link.destination) {
                diagnostics.append(
                    scriptLink(link.destination, scheme: scheme, path: page.source.displayPath, at: link.location))
                continue
            }
            if link.destination.isEmpty || link.destination.hasPrefix("//")
                || LinkRewriter.hasScheme(link.destination)
            {
                continue
            }
            // Ids and hrefs are both written in NFC (HeadingAnchors, LinkRewriter).
            let destination = NFC.normalized(link.destination)
            let (path, fragment) = LinkRewriter.split(destination)
            let rawAnchor = String(fragment.dropFirst())
            let anchor =
                rawAnchor.containsUTF8(UInt8(ascii: "%")) ? (rawAnchor.percentDecodedStrictly ?? rawAnchor) : rawAnchor
            var target: String
            if path.isEmpty {
                target = page.chapter.path
            } else {
                var decoded = path.containsUTF8(UInt8(ascii: "%")) ? (path.percentDecodedStrictly ?? path) : path
                // A root-relative link (`/format/config.html`) names a file from the book's
                // root, as `mdbook serve` and a site at a domain's root resolve it; under a
                // site-url (`/mdBook/`) one with that prefix does, and any other leaves the site.
                let fromRoot = decoded.hasPrefix("/")
                if fromRoot && targets.siteURL != "/" {
                    guard decoded.hasPrefix(targets.siteURL) else {
                        diagnostics.append(
                            outside(
                                destination, in: page, at: link.location, targets: targets,
                                why:
                                    "under the site's URL \(quoted: targets.siteURL) (book.toml: [output.html] site-url) it names a page outside the site; write it relative to this page, or starting with \(quoted: targets.siteURL)"
                            ))
                        continue
                    }
                    decoded = String(decoded.dropFirst(targets.siteURL.count))
                }
                if fromRoot { decoded = String(decoded.drop(while: { $0 == "/" })) }
                let joined = directory.isEmpty || fromRoot ? decoded : directory + "/" + decoded
                // Only paths with `.` or `..` segments need normalising.
                target =
                    joined.contains("./") || joined.hasPrefix(".") || joined.hasSuffix("/..")
                    ? SummaryParser.normalize(joined) : joined
                // A link to a page's output name (`x.html`, `dir/index.html`, `dir/`) is a
                // link to that page, as mdBook's books write them.
                let folder = target.hasSuffix("/") ? String(target.dropLast()) : target
                let output =
                    decoded.hasSuffix("/") || folder.isEmpty
                    ? (folder.isEmpty ? "index.html" : folder + "/index.html") : target
                if let markdown = pagesByOutput[output] {
                    target = markdown
                } else if !folder.isEmpty, !fromRoot, folder.split(separator: "/").last?.contains(".") == false,
                    let markdown = pagesByOutput[folder + "/index.html"]
                {
                    // A folder named without its `/` (`for_developers`): its index page, as a
                    // server answers mdBook's readers (`LinkRewriter` writes `for_developers/index.html`).
                    target = markdown
                }
            }
            let place = link.location
            if targets.unloadedPages.contains(target) { continue }
            // `c#.md` is the page `c` at its fragment `.md`; when the page `c#.md` exists, the link meant it.
            var hashNotes: [String] {
                guard !fragment.isEmpty else { return [] }
                let escaped = destination.replacingOccurrences(of: "#", with: "%23")
                let page = directory.isEmpty ? path + fragment : directory + "/" + path + fragment
                guard anchors[SummaryParser.normalize(page)] != nil else { return [] }
                return [
                    "a '#' starts the link's fragment; to link to the page \(quoted: path + fragment), write \(quoted: escaped)"
                ]
            }
            if target.hasPrefix("../") || target == ".." {
                // A sibling book or the folder around the book: mdBook never checks it.
                diagnostics.append(
                    outside(
                        destination, in: page, at: place, targets: targets,
                        why: "it works only where its target sits beside the site"))
                continue
            }
            if target.hasSuffix(".md") && anchors[target] == nil {
                let known = "is not a page of the book (not in SUMMARY.md)"
                diagnostics.append(
                    .error(
                        .brokenLink,
                        page.source.displayPath, place, "broken link: \(quoted: destination) \(known)",
                        notes: hashNotes
                            + LinkHint.notes(
                                resolved: target, written: path, from: page.chapter.path, fragment: fragment,
                                candidates: target.hasSuffix(".md") ? Array(anchors.keys) : Array(contentFiles))))
                continue
            }
            if !target.hasSuffix(".md") {
                if !contentFiles.contains(target) {
                    if let link = targets.symbolicLink(leadingTo: target) {
                        diagnostics.append(
                            .error(
                                .brokenLink, page.source.displayPath, place,
                                "broken link: \(quoted: destination) is not published: \(quoted: link) in the content folder is a symbolic link, and lecture copies regular files only",
                                notes: [
                                    "copy the file (or folder) into the content folder in place of the link (see the warning at \(quoted: link))"
                                ]))
                        continue
                    }
                    if targets.specialFiles.contains(target) {
                        diagnostics.append(
                            .error(
                                .brokenLink, page.source.displayPath, place,
                                "broken link: \(quoted: destination) is not published: it is a named pipe, a socket or a device in the content folder, and lecture copies regular files only",
                                notes: ["put a regular file in its place (see the warning at \(quoted: target))"]))
                        continue
                    }
                    diagnostics.append(
                        .error(
                            .brokenLink,
                            page.source.displayPath, place,
                            "broken link: \(quoted: destination) does not exist in the content folder",
                            notes: hashNotes
                                + LinkHint.notes(
                                    resolved: target, written: path, from: page.chapter.path, fragment: fragment,
                                    candidates: Array(contentFiles)) + [Self.missingFileNote]))
                }
                continue
            }
            if !anchor.isEmpty, let ids = anchors[target], !ids.contains(anchor), !targets.truncated.contains(target) {
                let nearest = EditDistance.nearest(to: anchor, in: ids.sorted())
                // A few of the page's ids: enough to pick from, short enough to read. Headings and
                // written ids before footnotes' (newuser-9 #7: a link means a heading far more often
                // than a note's back-reference), each kind nearest first.
                let listed =
                    (EditDistance.nearestFirst(to: anchor, in: ids.filter { !Self.isFootnoteID($0) }, limit: 5)
                    + EditDistance.nearestFirst(to: anchor, in: ids.filter(Self.isFootnoteID), limit: 5)).prefix(5)
                    .map { "'#\($0)'" }
                diagnostics.append(
                    .error(
                        .brokenAnchor,
                        page.source.displayPath, place,
                        "broken link: \(quoted: destination) names no heading or id of \(quoted: target)",
                        notes: (nearest.map { ["did you mean '#\($0)'?"] } ?? [])
                            + [
                                listed.isEmpty
                                    ? "\(quoted: target) has no heading or id"
                                    : "the ids of \(quoted: target), nearest first (footnotes last): "
                                        + listed.joined(separator: ", ")
                                        + (ids.count > listed.count ? " (of \(ids.count))" : "")
                            ]))
            }
        }
        return diagnostics
    }

    /// Whether `id` is one mdBook 0.5.4 gives a footnote (`footnote-NAME`) or a reference to it
    /// (`fr-NAME-N`), the ids a broken fragment's hint lists last.
    static func isFootnoteID(_ id: String) -> Bool {
        id.hasPrefix("footnote-") || id.hasPrefix("fr-")
    }

    /// The warning for a link or image to `url`, whose scheme `scheme` the one scheme rule
    /// refuses (`ScriptURL`): the site gets the link's text without its URL (`LinkRewriter`).
    static func scriptLink(_ url: String, scheme: String, path: String, at place: SourceLocation?) -> Diagnostic {
        .warning(
            .scriptURL, path, place,
            "link to \(IndefiniteArticle.quoted(scheme + ":")) URL is published without its URL: \(quoted: ScriptURL.shown(url))",
            notes: [
                ScriptURL.note,
                "link to a page that shows the code instead, or put the URL in a code span (`javascript:…`)",
            ])
    }

    /// Every link and image in the blocks' paragraphs, headings and table cells.
    static func links(in blocks: [Block]) -> [Link] {
        var links = Links()
        links.walk(blocks)
        return links.found
    }

    /// Collects links and images, those in link text and image descriptions included.
    private struct Links: MarkupWalker {
        var found: [Link] = []

        mutating func visit(_ inline: Inline) {
            if case .link(let link) = inline { found.append(link) }
            if case .image(let link) = inline { found.append(link) }
            descend(into: inline)
        }

        mutating func visit(_ block: Block) {
            // A table's or a diagram's caption (`caption="See [x](y.md)"` in the info string):
            // its links at the fence's line, where the caption is written (attack 11, kind 63).
            let caption: [Inline]?
            switch Figure(block) {
            case .table(let table)?: caption = table.caption
            case .diagram(let diagram)?:
                caption = diagram.caption
                // Its nodes', edges' and graph's links (`URL=`, `href=`), at the fence's line.
                found += DiagramLinks.destinations(diagram.wide.svg).map {
                    Link(destination: $0, location: block.range.start)
                }
            default: caption = nil
            }
            if let caption {
                let before = found.count
                walk(caption)
                for index in before..<found.count { found[index].location = block.range.start }
            }
            guard case .table(let table)? = Figure(block) else { return descend(into: block) }
            // Links in table cells, located at their row, and in the cell when its column is known.
            for row in table.allRows {
                for cell in row.cells {
                    let before = found.count
                    walk(cell.content)
                    for index in before..<found.count {
                        found[index].location =
                            cell.column.map {
                                SourceLocation(line: row.location.line, column: $0 + found[index].location.column - 1)
                            } ?? row.location
                    }
                }
            }
        }
    }
}
