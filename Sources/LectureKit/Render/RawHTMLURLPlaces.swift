import CommonMark
import LectureSupport

/// Where a page's raw HTML writes a URL: the emitted-URL check found `<img src=x>` broken in
/// the built files (`book/intro.html`, its copy `index.html`, `print.html`: six errors for two
/// URLs, no line of the page; attack 12, Docusaurus #3364), so a URL a page's source writes as an
/// attribute's value is reported once, at that line of the page.
struct RawHTMLURLPlaces: Sendable {
    /// Each built file's sources: a page's own, the first page's for `index.html`, every page's
    /// for `print.html`.
    private let sources: [String: [SourceFile]]
    /// The pages whose Markdown links `Links` found broken, at their lines, this run.
    private let linksReported: Set<String>

    /// The built pages a reported error left out (a page that did not load: `Load`'s error) or
    /// left without some of its ids (nested too deep: `Parse`'s); a link to them is not said again.
    let leftOut: (files: Set<String>, ids: Set<String>)

    /// `reported`: what the run found before `Render` (`Links` no longer stops the build, so a
    /// page's broken Markdown link reaches the built files and would be said twice).
    /// `unloaded`: the summary's pages that did not load.
    init(pages: [Page], reported: [Diagnostic] = [], unloaded: Set<String> = []) {
        leftOut = (
            Set(unloaded.map(OutputPath.html(forMarkdown:))),
            Set(pages.filter { $0.tooDeep != nil }.map(\.chapter.outputPath))
        )
        linksReported = Set(
            reported.filter {
                $0.severity == .error && [.brokenLink, .brokenAnchor, .linkOutside].contains($0.identifier)
            }.map(\.path))
        var sources: [String: [SourceFile]] = [:]
        var folders: [String: String] = [:]
        for page in pages {
            guard let output = page.rendered?.outputPath else { continue }
            folders[page.source.displayPath] = output.split(separator: "/").dropLast().joined(separator: "/")
            sources[output, default: []].append(page.source)
            sources[PrintPage.outputPath, default: []].append(page.source)
        }
        if let first = pages.first(where: { $0.rendered != nil }) { sources["index.html"] = [first.source] }
        self.sources = sources
        self.folders = folders
    }

    /// Each page's folder in the site (`sub` for `sub/b.html`): `print.html`, at the root, writes
    /// a nested page's relative URL from there (`sub/x.png` for `x.png`).
    private let folders: [String: String]

    /// The page and place where `url` stands as an attribute's value (`="url"`, `='url'`,
    /// `=url`) in the source of the built file `file`; `nil` when no source writes it so.
    func place(of url: String, in file: String) -> (path: String, location: SourceLocation)? {
        guard !url.isEmpty else { return nil }
        for source in sources[file] ?? [] {
            let text = Array(source.text.utf8)
            var written = url
            if file == PrintPage.outputPath, let folder = folders[source.displayPath], !folder.isEmpty,
                url.hasPrefix(folder + "/")
            {
                written = String(url.dropFirst(folder.count + 1))
            }
            for (index, spelled) in ["=\"\(written)\"", "='\(written)'", "=\(written)"].enumerated() {
                let needle = Array(spelled.utf8)
                guard let start = Self.firstIndex(of: needle, in: text) else { continue }
                let quoted = index < 2
                // Unquoted, the value ends at white space or the tag's end.
                let end = start + needle.count
                if !quoted, end < text.count, ![0x20, 0x09, 0x0A, 0x0D, 0x3E].contains(text[end]) { continue }
                let before = text[..<start]
                let line = before.count { $0 == 0x0A } + 1
                let lineStart = before.lastIndex(of: 0x0A).map { $0 + 1 } ?? 0
                let column = start + (quoted ? 2 : 1) - lineStart + 1
                return (source.displayPath, SourceLocation(line: line, column: column))
            }
            // Written with character references (`&#x6a;avascript:`, `&colon;`, `&#47;`): the
            // value a browser reads is the attribute's, decoded as the built file's was read.
            if let offset = Self.decodedValueOffset(of: written, in: text) {
                return (source.displayPath, Self.location(ofOffset: offset, in: text))
            }
        }
        return nil
    }

    /// The offset of the value of the first attribute in `text`'s tags that holds character
    /// references and reads as `url` once they are decoded (as `EmittedLinks` read the built file).
    private static func decodedValueOffset(of url: String, in text: [UInt8]) -> Int? {
        guard text.contains(UInt8(ascii: "&")) else { return nil }
        var found: Int?
        HTMLAttributes.scan(text) { tag in
            guard found == nil else { return }
            for attribute in tag.attributes
            where text[attribute.value].contains(UInt8(ascii: "&"))
                && HTMLAttributes.value(attribute.value, in: text) == url
            {
                found = attribute.value.lowerBound
                return
            }
        }
        return found
    }

    /// The line and column (from 1, UTF-8 bytes) of `offset` in `text`.
    private static func location(ofOffset offset: Int, in text: [UInt8]) -> SourceLocation {
        let before = text[..<offset]
        let lineStart = before.lastIndex(of: 0x0A).map { $0 + 1 } ?? 0
        return SourceLocation(line: before.count { $0 == 0x0A } + 1, column: offset - lineStart + 1)
    }

    /// Whether a reported error left some ids of the built file `file` out: a page nested too
    /// deep, or `print.html` when a page is left out of it or cut.
    func leavesIDsOut(of file: String) -> Bool {
        leftOut.ids.contains(file)
            || (file == PrintPage.outputPath && !(leftOut.files.isEmpty && leftOut.ids.isEmpty))
    }

    /// Whether a page behind the built file `file` has a broken Markdown link reported at its
    /// line: a URL of the file no source writes as raw HTML is then most likely that link, said once.
    func linksReported(in file: String) -> Bool {
        (sources[file] ?? []).contains { linksReported.contains($0.displayPath) }
    }

    /// `emitted` without the errors at a place that holds an error already (`../x.png` in raw
    /// HTML under `outside-links = "error"` is the parser's error first, `#nope` the page's
    /// before print.html's): one error per place.
    static func unreported(_ emitted: [Diagnostic], after reported: [Diagnostic]) -> [Diagnostic] {
        struct Place: Hashable {
            var path: String
            var line: Int
            var column: Int
        }
        var taken = Set(
            reported.compactMap { diagnostic in
                diagnostic.location.map { Place(path: diagnostic.path, line: $0.line, column: $0.column) }
            })
        // The first at a place: one URL broken in the page and again in print.html is said once.
        return emitted.filter { diagnostic in
            guard let location = diagnostic.location else { return true }
            return taken.insert(Place(path: diagnostic.path, line: location.line, column: location.column)).inserted
        }
    }

    private static func firstIndex(of needle: [UInt8], in text: [UInt8]) -> Int? {
        guard needle.count <= text.count, let first = needle.first else { return nil }
        var index = 0
        while index + needle.count <= text.count {
            if text[index] == first, text[index..<(index + needle.count)].elementsEqual(needle) { return index }
            index += 1
        }
        return nil
    }
}
