import Foundation

/// Checks every URL of every HTML file the build emits (pages, the root copy or redirect,
/// `404.html`, `toc.html`) against the files the site will hold, and each `#fragment` against
/// the ids of the file it names.
///
/// `LinkChecker` checks the links the author wrote in Markdown, at their line; this check sees
/// what reaches the reader: the template's URLs, raw HTML, and copies of a page made for another
/// place. URLs are resolved as a browser resolves them against the file's own location, so a
/// link that works here works from `file://` and under any sub-path. The values are read from
/// `href="…"` and `src="…"` attributes of HTML this tool wrote (double-quoted, as the renderer
/// and templates write them).
enum EmittedLinkChecker {
    /// - Parameters:
    ///   - site: the rendered site; `site.unchanged` files are skipped (checked when made).
    ///   - siteURL: the prefix of root-absolute URLs (`404.html`'s), stripped before resolving.
    ///   - optional: files the site may lack without a broken page (`assets/highlight.min.js`
    ///     when Debian's highlight.js is not installed: pages work without highlighting).
    ///   - outputDirectory: used to name the file in diagnostics.
    ///   - skipping: pages not to check (`print.html` on a preview rebuild, see `BuildMemory`).
    static func check(_ site: SiteFiles, siteURL: String, optional: Set<String>, outputDirectory: String, jobs: Int,
                      skipping: Set<String> = []) -> [Diagnostic] {
        let files = Set(site.generated.keys).union(site.copied.keys)
        let pages = site.generated.keys.filter { $0.hasSuffix(".html") && !site.unchanged.contains($0) && !skipping.contains($0) }.sorted()
        let idCache = IDCache(site: site)
        return pages.parallelMap(jobs: jobs) { page -> [Diagnostic] in
            var problems: [String] = []
            let directory = page.split(separator: "/").dropLast().joined(separator: "/")
            for url in urls(in: site.generated[page]!) {
                if url.isEmpty || url.hasPrefix("//") || LinkRewriter.hasScheme(url) { continue }
                let withoutQuery = url.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false)[0]
                let (rawPath, rawFragment) = LinkRewriter.split(String(withoutQuery))
                let path = rawPath.removingPercentEncoding ?? rawPath
                var target: String
                if path.isEmpty {
                    target = page
                } else if path.hasPrefix("/") {
                    guard path.hasPrefix(siteURL) else {
                        problems.append("'\(url)' is outside the site's URL '\(siteURL)' (book.toml: [output.html] site-url)")
                        continue
                    }
                    target = SummaryParser.normalize(String(path.dropFirst(siteURL.count)))
                } else {
                    let joined = directory.isEmpty ? path : directory + "/" + path
                    target = SummaryParser.normalize(joined)
                    if target.hasPrefix("..") {
                        problems.append("'\(url)' leads outside the site")
                        continue
                    }
                }
                if path.hasSuffix("/") || target.isEmpty { target = target.isEmpty ? "index.html" : target + "/index.html" }
                guard files.contains(target) || optional.contains(target) else {
                    problems.append("'\(url)' names \(target), which the site does not have")
                    continue
                }
                let fragment = String(rawFragment.dropFirst())
                let id = fragment.removingPercentEncoding ?? fragment
                if !id.isEmpty, target.hasSuffix(".html"), let ids = idCache.ids(of: target), !ids.contains(id) {
                    problems.append("'\(url)' names no id of \(target)")
                }
            }
            return problems.map {
                .error(FileSystem.join(outputDirectory, page), nil, "broken URL in the built page: \($0)",
                       notes: ["it comes from the page's raw HTML or from the template; the site is not written"])
            }
        }.flatMap { $0 }
    }

    /// The values of `href="…"` and `src="…"` attributes, `&amp;` decoded.
    static func urls(in html: [UInt8]) -> [String] {
        var found: [String] = []
        html.withUnsafeBufferPointer { bytes in
            let count = bytes.count
            var index = 0
            while index < count {
                // `="` preceded by ` href` or ` src`.
                guard bytes[index] == UInt8(ascii: "="), index + 1 < count, bytes[index + 1] == UInt8(ascii: "\"") else {
                    index += 1
                    continue
                }
                func preceded(by word: StaticString) -> Bool {
                    let length = word.utf8CodeUnitCount
                    guard index >= length else { return false }
                    for offset in 0..<length where bytes[index - length + offset] != word.utf8Start[offset] { return false }
                    return true
                }
                let isURL = preceded(by: " href") || preceded(by: " src")
                let start = index + 2
                index = start
                guard isURL else { continue }
                while index < count, bytes[index] != UInt8(ascii: "\"") { index += 1 }
                let value = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
                found.append(value.contains("&") ? value.replacingOccurrences(of: "&amp;", with: "&") : value)
            }
        }
        return found
    }

    /// The ids of each generated page, computed once per page on first use.
    final class IDCache: @unchecked Sendable {
        private let site: SiteFiles
        private let lock = NSLock()
        private var known: [String: Set<String>] = [:]

        init(site: SiteFiles) { self.site = site }

        func ids(of path: String) -> Set<String>? {
            if let ids = lock.withLock({ known[path] }) { return ids }
            guard let bytes = site.generated[path] else { return nil }
            let ids = BuildPipeline.ids(in: String(decoding: bytes, as: UTF8.self))
            lock.withLock { known[path] = ids }
            return ids
        }
    }
}
