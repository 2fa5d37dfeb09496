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
/// reader on with `<meta http-equiv="refresh">`, so links to a moved page keep working. As in
/// mdBook, a redirect over a page of the book is an error; unlike mdBook, a redirect to a file
/// of the site that the site does not have is one too (a reader would land on a 404).
enum Redirects {
    /// The redirect pages to add to `site` (the partial `redirect`) and the problems of `redirects`.
    static func pages(
        _ redirects: [Redirect], site: SiteFiles, siteURL: String, language: String, values: TemplateValues
    ) -> (files: [String: [UInt8]], diagnostics: [Diagnostic]) {
        let existing = Set(site.generated.keys).union(site.copied.keys)
        var files: [String: [UInt8]] = [:]
        var diagnostics: [Diagnostic] = []
        for redirect in redirects {
            let path = String(redirect.from.drop(while: { $0 == "/" }))
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
            if let target = target(of: redirect.to, from: path, siteURL: siteURL), !existing.contains(target) {
                diagnostics.append(
                    .error(
                        .brokenLink, redirect.file, redirect.location,
                        "redirect '\(redirect.from)' leads to '\(redirect.to)', which names \(target), which the site does not have"
                    ))
                continue
            }
            files[path] = Array(
                Navigation.redirect(to: redirect.to, title: redirect.to, language: language, values: values).utf8)
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
