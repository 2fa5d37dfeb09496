import CommonMark
import Foundation
import LectureSupport

/// One `[output.html.redirect]` entry of `book.toml`: the page at `from` (a path from the
/// site's root, `/vec-alloc.html`) sends the reader to `to` (a URL, relative to `from`'s folder
/// or to the site's root, or a full URL).
struct Redirect: Sendable, Hashable {
    var from: String
    var to: String
    /// The `book.toml` that holds it, as diagnostics name it, and the entry's place.
    var file: String
    var location: SourceLocation?
}

/// mdBook's redirects (`[output.html.redirect]`): a small page at each old path that sends the
/// reader on with `<meta http-equiv="refresh">`, so links to a moved page keep working; an entry
/// whose path has a fragment (`/page.html#old`) sends on a reader who arrives at that fragment
/// (`FragmentRedirects`), from the book's page or from that path's redirect page. As in mdBook, a
/// redirect over a page of the book is an error, and so are fragments of a path that is neither;
/// unlike mdBook, a redirect to a file of the site that the site does not have is one too (a
/// reader would land on a 404).
enum Redirects {
    /// The redirect pages to add to `site` (the partial `redirect`), with the book's pages that
    /// fragment redirects add a script to, and the problems of `redirects`.
    static func pages(
        _ redirects: [Redirect], site: SiteFiles, siteURL: String, language: String, values: TemplateValues
    ) -> (files: [String: [UInt8]], diagnostics: [Diagnostic]) {
        let existing = Set(site.generated.keys).union(site.copied.keys)
        var files: [String: [UInt8]] = [:]
        var diagnostics: [Diagnostic] = []
        // Each path's fragment redirects, in book.toml's order, kept for after the pages.
        var fragments: [String: [(fragment: String, redirect: Redirect)]] = [:]
        var fragmentPaths: [String] = []
        // Each redirect page's own target, where its fragments not in the map go.
        var fallbacks: [String: String] = [:]
        /// The error of a redirect to a file of the site that the site does not have, if it is one.
        func brokenTarget(of redirect: Redirect, from path: String) -> Diagnostic? {
            guard let target = target(of: redirect.to, from: path, siteURL: siteURL), !existing.contains(target) else {
                return nil
            }
            return .error(
                .brokenLink, redirect.file, redirect.location,
                "redirect '\(redirect.from)' leads to '\(redirect.to)', which names \(target), which the site does not have"
            )
        }
        for redirect in redirects {
            var path = String(redirect.from.drop(while: { $0 == "/" }))
            if let hash = path.firstIndex(of: "#"), hash != path.startIndex, !path[..<hash].hasSuffix("/"),
                path.index(after: hash) != path.endIndex
            {
                let fragment = String(path[hash...])
                path = String(path[..<hash])
                if let broken = brokenTarget(of: redirect, from: path) {
                    diagnostics.append(broken)
                    continue
                }
                if fragments[path] == nil { fragmentPaths.append(path) }
                fragments[path, default: []].append((fragment, redirect))
                continue
            }
            if path.isEmpty || path.hasSuffix("/") || path.contains("#") {
                diagnostics.append(
                    .error(
                        .bookTOMLValue, redirect.file, redirect.location,
                        "redirect '\(redirect.from)' names no file of the site",
                        notes: ["a redirect maps an old page's path, such as \"/old/page.html\", to a URL"]))
                continue
            }
            if !SitePath.staysInside(path) {
                diagnostics.append(
                    .error(
                        .bookTOMLValue, redirect.file, redirect.location,
                        "redirect '\(redirect.from)' leaves the site's folder",
                        notes: [
                            "a redirect's key is the path of a page of this site, such as \"/old/page.html\": no '.' or '..' segments"
                        ]))
                continue
            }
            if existing.contains(path) || files[path] != nil {
                diagnostics.append(
                    .error(
                        .bookTOMLValue, redirect.file, redirect.location,
                        "redirect '\(redirect.from)' would replace \(path), which the book writes",
                        notes: ["remove the redirect or the page; mdBook refuses it too"]))
                continue
            }
            if let broken = brokenTarget(of: redirect, from: path) {
                diagnostics.append(broken)
                continue
            }
            files[path] = Array(
                Navigation.redirect(to: redirect.to, title: redirect.to, language: language, values: values).utf8)
            fallbacks[path] = redirect.to
        }
        for path in fragmentPaths {
            let entries = fragments[path]!
            let map = entries.map { (fragment: $0.fragment, target: $0.redirect.to) }
            if let page = files[path], let fallback = fallbacks[path] {
                files[path] = FragmentRedirects.inserting(FragmentRedirects.script(map, fallback: fallback), into: page)
            } else if let page = site.generated[path], path.hasSuffix(".html") {
                files[path] = FragmentRedirects.inserting(FragmentRedirects.script(map, fallback: nil), into: page)
            } else {
                let first = entries[0].redirect
                diagnostics.append(
                    .error(
                        .bookTOMLValue, first.file, first.location,
                        "redirect '\(first.from)' has a fragment, and '/\(path)' is neither a page of the book nor redirected itself",
                        notes: [
                            "add an entry without the fragment, \"/\(path)\" = \"…\", for a reader who comes without it; mdBook refuses it too"
                        ]))
            }
        }
        return (files, diagnostics)
    }

    /// The site file `url` names from the page at `path`, or `nil` when it is a full URL or
    /// leaves the site (neither is checked, as links that leave the book are not).
    static func target(of url: String, from path: String, siteURL: String) -> String? {
        if url.hasPrefix("//") || LinkRewriter.hasScheme(url) { return nil }
        var (file, _) = LinkRewriter.split(url)
        if let query = file.firstIndex(of: "?") { file = String(file[..<query]) }
        if file.contains("%") { file = file.removingPercentEncoding ?? file }
        let joined: String
        if file.hasPrefix("/") {
            guard file.hasPrefix(siteURL) else { return nil }
            joined = String(file.dropFirst(siteURL.count))
        } else {
            let directory = path.split(separator: "/").dropLast().joined(separator: "/")
            joined = directory.isEmpty ? file : directory + "/" + file
        }
        let target = SummaryParser.normalize(joined)
        if target.hasPrefix("..") { return nil }
        // A folder (`dir/`, or the root) is answered with its index page.
        if target.isEmpty { return "index.html" }
        return joined.hasSuffix("/") ? target + "/index.html" : target
    }
}
