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
/// reader on with `<meta http-equiv="refresh">` and, as mdBook's, a script that keeps the
/// fragment the reader came with, so links to a moved page keep working; an entry
/// whose path has a fragment (`/page.html#old`) sends on a reader who arrives at that fragment
/// (`FragmentRedirects`), from the book's page or from that path's redirect page. As in mdBook, a
/// redirect over a page of the book is an error, and so are fragments of a path that is neither;
/// unlike mdBook, a redirect to a file of the site that the site does not have is one too (a
/// reader would land on a 404). A redirect whose path differs from a file of the site only in
/// case is warned, as such pages are (`OutputCollisions.caseCollisions`).
enum Redirects {
    /// What mdBook 0.5.4 does with a redirect over `path`, which the site has (each run): it
    /// refuses one over a chapter's page; over the pages it makes itself (index, print, not
    /// found) it keeps its own and drops the redirect without a word; lecture's own files
    /// (assets, search index, marker) it does not have, so it writes the redirect page there.
    static func replacedNote(_ path: String, site: SiteFiles) -> String {
        if ["index.html", "print.html", "404.html", "toc.html"].contains(path) {
            return
                "remove the redirect: \(quoted: path) is a page the build makes; mdBook 0.5.4 keeps its own page there and drops the redirect without a word"
        }
        if path == "CNAME" {
            return "remove the redirect, or the 'cname' of [output.html], which writes CNAME"
        }
        if path == SiteWriter.noJekyll {
            return
                "remove the redirect: '.nojekyll' keeps GitHub Pages from running Jekyll over the site, and mdBook 0.5.4 writes it too"
        }
        if path == SiteWriter.marker || path == InterfaceWords.scriptPath
            || path.hasPrefix("assets/") || path.hasPrefix("search/")
        {
            return
                "remove the redirect, or give it another old path: \(quoted: path) is a file lecture writes for the site itself (mdBook 0.5.4, which writes no such file, would put the redirect page there)"
        }
        if site.copied[path] != nil { return "remove the redirect or the file of the pages' folder" }
        return "remove the redirect or the page; mdBook refuses a redirect over a chapter's page too"
    }

    /// The redirect pages to add to `site` (the partial `redirect`), with the book's pages that
    /// fragment redirects add a script to, and the problems of `redirects`.
    /// - Parameter cname: book.toml's `cname`, whose `CNAME` file is written after the redirects.
    static func pages(
        _ redirects: [Redirect], site: SiteFiles, siteURL: String, language: String, values: TemplateValues,
        cname: Bool = false
    ) -> (files: [String: [UInt8]], diagnostics: [Diagnostic]) {
        // Every file of the site: the pages and assets, and what the writer adds later (the
        // marker, `SiteWriter.marker`; `CNAME`).
        let existing = Set(site.generated.keys).union(site.copied.keys).union(
            [SiteWriter.marker] + (cname ? ["CNAME"] : []))
        var files: [String: [UInt8]] = [:]
        var diagnostics: [Diagnostic] = []
        // Every name the site writes, to tell a redirect that differs from one only in case.
        var names = CaseFoldedNames()
        for path in existing.sorted() { _ = names.earlier(path) }
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
                "redirect \(quoted: redirect.from) leads to \(quoted: redirect.to), which names \(quoted: target), which the site does not have"
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
                        "redirect \(quoted: redirect.from) names no file of the site",
                        notes: ["a redirect maps an old page's path, such as \"/old/page.html\", to a URL"]))
                continue
            }
            if !SitePath.staysInside(path) {
                diagnostics.append(
                    .error(
                        .bookTOMLValue, redirect.file, redirect.location,
                        "redirect \(quoted: redirect.from) leaves the site's folder",
                        notes: [
                            "a redirect's key is the path of a page of this site, such as \"/old/page.html\": no '.' or '..' segments"
                        ]))
                continue
            }
            if existing.contains(path) || files[path] != nil {
                diagnostics.append(
                    .error(
                        .bookTOMLValue, redirect.file, redirect.location,
                        "redirect \(quoted: redirect.from) would replace \(quoted: path), which the book writes",
                        notes: [Self.replacedNote(path, site: site)]))
                continue
            }
            // A folder of the site (`/assets`, a chapter's folder), or a path inside a file of it
            // (`/one.html/x.html`): the writer could make neither.
            let folders = path.split(separator: "/").dropLast().indices.map {
                path.split(separator: "/")[...$0].joined(separator: "/")
            }
            let clash =
                folders.first { existing.contains($0) || files[$0] != nil }.map { "lies inside \(quoted: $0), a file" }
                ?? (existing.contains { $0.hasPrefix(path + "/") } ? "names the folder \(quoted: path + "/")" : nil)
            if let clash {
                diagnostics.append(
                    .error(
                        .bookTOMLValue, redirect.file, redirect.location,
                        "redirect \(quoted: redirect.from) \(clash) of the site, which the book writes",
                        notes: ["a redirect's key is the path of an old page, such as \"/old/page.html\""]))
                continue
            }
            if let broken = brokenTarget(of: redirect, from: path) {
                diagnostics.append(broken)
                continue
            }
            if let earlier = names.earlier(path) {
                diagnostics.append(
                    .warning(
                        .outputCaseCollision, redirect.file, redirect.location,
                        "redirect \(quoted: redirect.from) is written to \(quoted: path), which differs from \(quoted: earlier) only in case",
                        notes: [OutputCollisions.caseNote(path, earlier)]))
            }
            files[path] = Array(
                Navigation.redirect(to: redirect.to, title: redirect.to, language: language, values: values).utf8)
            fallbacks[path] = redirect.to
        }
        // A redirect page without fragment entries keeps the reader's fragment too, as mdBook
        // 0.5.4's script does (`/starter.html#day-2` lands at `basics/starter.html#day-2`); the
        // meta refresh, for a reader without scripts, drops it.
        for (path, fallback) in fallbacks where fragments[path] == nil {
            files[path] = FragmentRedirects.inserting(
                FragmentRedirects.script([], fallback: fallback), into: files[path]!)
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
                        "redirect \(quoted: first.from) has a fragment, and \(quoted: "/" + path) is neither a page of the book nor redirected itself",
                        notes: [
                            "add an entry without the fragment, \(quoted: "/" + path) = \"…\", for a reader who comes without it; mdBook refuses it too"
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
