import Foundation
import LectureSupport

/// Checks every URL of every HTML file the build emits (pages, the root copy or redirect,
/// `404.html`, `toc.html`) against the files the site will hold, and each `#fragment` against
/// the ids of the file it names.
///
/// `LinkChecker` checks the links the author wrote in Markdown, at their line; this check sees
/// what reaches the reader: the template's URLs, raw HTML, and copies of a page made for another
/// place. URLs are resolved as a browser resolves them against the file's own location, so a
/// link that works here works from `file://` (so a URL may not name a folder) and under any
/// sub-path. The values are read from
/// `href`, `src`, `data`, `poster` and `srcset` attributes, as a browser reads them (`HTMLAttributes`).
enum EmittedLinkChecker {
    /// - Parameters:
    ///   - site: the rendered site; each HTML file's URLs and ids are taken from `site.links`
    ///     when known there (a page's, made with the page), else read from its bytes, and every
    ///     file's are resolved against this site: what a URL names may have gone since the page
    ///     was made.
    ///   - siteURL: the prefix of root-absolute URLs (`404.html`'s), stripped before resolving.
    ///   - optional: files the site may lack without a broken page (`assets/highlight.min.js`
    ///     when Debian's highlight.js is not installed: pages work without highlighting).
    ///   - outputDirectory: used to name the file in diagnostics.
    ///   - skipping: files not to check (redirect pages, checked against book.toml's lines).
    ///   - settings: the URLs book.toml's settings write into every page: a broken one is one
    ///     error at its line (`SettingURLs`), not one per page.
    ///   - outsideLinksAreErrors: whether a URL that leaves the site is an error
    ///     (`[preprocessor.lecture] outside-links = "error"`); else it is not checked, as mdBook does not, and
    ///     one written in Markdown was reported by `LinkChecker` at its line.
    static func check(
        _ site: SiteFiles, siteURL: String, optional: Set<String>, outputDirectory: String, jobs: Int,
        skipping: Set<String> = [], outsideLinksAreErrors: Bool = true, places: RawHTMLURLPlaces? = nil,
        settings: SettingURLs? = nil
    ) -> [Diagnostic] {
        let files = Set(site.generated.keys).union(site.copied.keys)
        let pages = site.generated.keys.filter {
            $0.hasSuffix(".html") && !skipping.contains($0)
        }.sorted()
        let idCache = IDCache(site: site)
        // Pages of one folder share most URLs (the template's): each folder resolves a path once.
        let folders = Dictionary(grouping: pages) { $0.split(separator: "/").dropLast().joined(separator: "/") }
        let found = folders.sorted { $0.key < $1.key }.parallelMap(jobs: jobs) {
            directory, pages -> (pages: [Diagnostic], print: [Diagnostic], settings: [SettingProblem]) in
            // A Result, not a throw: each path's outcome, good or bad, is stored for the folder's next link.
            var resolved: [Substring: Result<String, Problem>] = [:]
            func resolve(_ rawPath: Substring) -> Result<String, Problem> {
                if let known = resolved[rawPath] { return known }
                let path = rawPath.containsUTF8(UInt8(ascii: "%")) ? percentDecoded(rawPath) : String(rawPath)
                let result: Result<String, Problem>
                if path.hasPrefix("/") && !path.hasPrefix(siteURL) {
                    result = .failure(
                        Problem(
                            text: "is outside the site's URL \(quoted: siteURL) (book.toml: [output.html] site-url)",
                            leavesTheSite: true))
                } else {
                    let joined =
                        path.hasPrefix("/")
                        ? String(path.dropFirst(siteURL.count)) : directory.isEmpty ? path : directory + "/" + path
                    // Only paths with `.` or `..` segments need normalising.
                    let target =
                        joined.contains("./") || joined.hasPrefix(".") || joined.hasSuffix("/..")
                        ? SummaryParser.normalize(joined) : joined
                    if target.hasPrefix("..") {
                        result = .failure(Problem(text: "leads outside the site", leavesTheSite: true))
                    } else if path.hasSuffix("/") || target.isEmpty {
                        // A server answers `dir/` with its index page; `file://` shows the folder.
                        result = .failure(
                            Problem(
                                text: "names a folder, which works over HTTP but not from file://; name its index.html")
                        )
                    } else if !files.contains(target) && !optional.contains(target)
                        // A page that did not load: its error is reported already.
                        && places?.leftOut.files.contains(target) != true
                    {
                        result = .failure(Problem(text: "names \(quoted: target), which the site does not have"))
                    } else if let index = files.firstIndex(of: target), !files[index].utf8.elementsEqual(target.utf8) {
                        // Swift's `==` holds an NFD name equal to the NFC one the site has; a server does not.
                        result = .failure(
                            Problem(
                                text:
                                    "names \(quoted: target), which the site has only in another Unicode form (\(NFC.formName(target)) where the file is \(NFC.formName(files[index]))); a server answers 404"
                            ))
                    } else {
                        result = .success(target)
                    }
                }
                resolved[rawPath] = result
                return result
            }
            // The ids of the file fragments were last looked up in (most name the page itself).
            var lastTarget = ""
            var lastIDs: Set<String>? = nil
            var diagnostics: [Diagnostic] = []
            var printed: [Diagnostic] = []
            var fromSettings: [SettingProblem] = []
            for page in pages {
                var problems: [(url: String, text: String)] = []
                let links = site.links[page] ?? EmittedLinks(html: site.generated[page]!)
                for url in links.embedded where Self.namesALocalFile(url) {
                    problems.append(
                        (
                            url,
                            "\(quoted: url) embeds a file of the machine that opens the page (file:), which a reader does not have and a PDF would publish"
                        ))
                }
                for written in links.urls {
                    let url = written.utf8.contains { $0 <= 0x20 } ? Self.asBrowsersRead(written) : written
                    if url.isEmpty || url.hasPrefix("//") { continue }
                    if LinkRewriter.hasScheme(url) {
                        // `std:vec.html` is the scheme `std:` to a browser, not the site's page.
                        let (path, _) = pathAndFragment(url)
                        if files.contains(percentDecoded(path)) {
                            problems.append(
                                (
                                    written,
                                    "\(quoted: url) is read as a URL with the scheme '\(url.prefix { $0 != ":" }):', not as the site's file; write './\(url)'"
                                ))
                        }
                        continue
                    }
                    let (rawPath, fragment) = pathAndFragment(url)
                    let target: String
                    if rawPath.isEmpty {
                        target = page
                    } else {
                        switch resolve(rawPath) {
                        case .failure(let problem) where problem.leavesTheSite && !outsideLinksAreErrors:
                            continue
                        case .failure(let problem):
                            problems.append((written, "\(quoted: url) \(problem.text)"))
                            continue
                        case .success(let found): target = found
                        }
                    }
                    guard !fragment.isEmpty, target.hasSuffix(".html"), places?.leavesIDsOut(of: target) != true
                    else { continue }
                    if target != lastTarget {
                        lastTarget = target
                        lastIDs = idCache.ids(of: target)
                    }
                    guard let ids = lastIDs else { continue }
                    let id = fragment.containsUTF8(UInt8(ascii: "%")) ? percentDecoded(fragment) : String(fragment)
                    if !ids.contains(id) {
                        problems.append((written, "\(quoted: url) names no id of \(quoted: target)"))
                    }
                }
                let located: [Diagnostic] = problems.compactMap { url, text in
                    // One a book.toml setting writes into every page: at the setting, once.
                    if let setting = settings?.setting(of: url) {
                        fromSettings.append((setting.key, text, page))
                        return nil
                    }
                    // One a page's raw HTML writes: at its line, once for the page and its copies.
                    if let place = places?.place(of: url, in: page) {
                        return .error(
                            .brokenEmittedURL, place.path, place.location, "broken URL in the page's raw HTML: \(text)",
                            notes: ["the site is not written"])
                    }
                    // A page's broken Markdown link, reported at its line by `Links`.
                    if places?.linksReported(in: page) == true { return nil }
                    return .error(
                        .brokenEmittedURL,
                        FileSystem.join(outputDirectory, page), nil, "broken URL in the built page: \(text)",
                        notes: ["it comes from the page's raw HTML or from the template; the site is not written"])
                }
                if page == PrintPage.outputPath { printed += located } else { diagnostics += located }
            }
            return (diagnostics, printed, fromSettings)
        }
        // print.html's last: a URL broken in a page is said as the page writes it, not as
        // print.html rewrote it (`sub/x.png` for a nested page's `x.png`).
        let ordered =
            (settings?.errors(found.flatMap(\.settings)) ?? []) + found.flatMap(\.pages) + found.flatMap(\.print)
        // A page's raw HTML is in its copies too (index.html, print.html): said once.
        var seen = Set<Diagnostic>()
        return ordered.filter { seen.insert($0).inserted }
    }

    /// Whether `url` has the `file:` scheme (any case, controls and spaces skipped as browsers
    /// skip them, also behind `view-source:`; `MachineFileURLs`).
    static func namesALocalFile(_ url: String) -> Bool {
        MachineFileURLs.namesAMachineFile(MachineFileURLs.normalized(url))
    }

    /// `url` as a browser's URL parser takes it (WHATWG URL standard): leading and trailing C0
    /// controls and spaces dropped, tabs and line breaks anywhere removed. `jav&#x09;ascript:`
    /// is a `javascript:` URL (warned at its line, `MachineFileURLs.hiddenScript`), not a path.
    static func asBrowsersRead(_ url: String) -> String {
        let scalars = url.unicodeScalars.filter { $0 != "\t" && $0 != "\n" && $0 != "\r" }
        guard let first = scalars.firstIndex(where: { $0.value > 0x20 }),
            let last = scalars.lastIndex(where: { $0.value > 0x20 })
        else { return "" }
        return String(String.UnicodeScalarView(scalars[first...last]))
    }

    /// A broken URL a book.toml setting wrote: the setting's key, the problem, the page.
    typealias SettingProblem = (key: String, text: String, page: String)

    struct Problem: Error {
        var text: String
        var leavesTheSite = false
    }

    /// A URL's path (before any `?` and `#`) and fragment (after the `#` before any `?`, without
    /// it), cut at those bytes (ASCII, and Character indexing is slow).
    static func pathAndFragment(_ url: String) -> (path: Substring, fragment: Substring) {
        var url = url
        let (query, hash) = url.withUTF8 { bytes -> (Int, Int?) in
            let query = bytes.firstIndex(of: UInt8(ascii: "?")) ?? bytes.count
            return (query, bytes[..<query].firstIndex(of: UInt8(ascii: "#")))
        }
        let utf8 = url.utf8
        let pathEnd = utf8.index(utf8.startIndex, offsetBy: hash ?? query)
        guard hash != nil else { return (url[..<pathEnd], "") }
        return (url[..<pathEnd], url[utf8.index(after: pathEnd)..<utf8.index(utf8.startIndex, offsetBy: query)])
    }

    /// `%XX` escapes decoded as UTF-8 (RFC 3986, section 2.1); a malformed escape is kept as written.
    static func percentDecoded(_ text: Substring) -> String {
        var text = text
        let decoded = text.withUTF8 { bytes in
            var out: [UInt8] = []
            out.reserveCapacity(bytes.count)
            var index = 0
            while index < bytes.count {
                if bytes[index] == UInt8(ascii: "%"), index + 2 < bytes.count,
                    let high = HexDigit.value(bytes[index + 1]),
                    let low = HexDigit.value(bytes[index + 2])
                {
                    out.append(high << 4 | low)
                    index += 3
                } else {
                    out.append(bytes[index])
                    index += 1
                }
            }
            return out
        }
        return String(decoding: decoded, as: UTF8.self)
    }

    /// The URLs of `html` (`EmittedLinks`); with `embeddedOnly`, those a browser loads into the
    /// page (all but `href`).
    static func urls(in html: [UInt8], embeddedOnly: Bool = false) -> [String] {
        let links = EmittedLinks(html: html)
        return embeddedOnly ? links.embedded : links.urls
    }

    /// The values of `id` and `name` attributes (`HTMLAttributes.ids(in:)`).
    static func ids(in html: [UInt8]) -> Set<String> { HTMLAttributes.ids(in: html) }

    /// The ids of each generated page: known with the page (`site.links`), or read once on first use.
    final class IDCache: Sendable {
        private let site: SiteFiles
        // Locked, not Mutex: the threads checking pages contend for it (see `Locked`).
        private let known = Locked<[String: Set<String>]>([:])

        init(site: SiteFiles) { self.site = site }

        func ids(of path: String) -> Set<String>? {
            if let ids = site.links[path]?.ids ?? known.withLock({ $0[path] }) { return ids }
            guard let bytes = site.generated[path] else { return nil }
            let ids = EmittedLinkChecker.ids(in: bytes)
            known.withLock { $0[path] = ids }
            return ids
        }
    }
}
