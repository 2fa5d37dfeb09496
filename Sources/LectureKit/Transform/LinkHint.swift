import Foundation
import LectureSupport

/// The notes under a link that leads nowhere: where it resolved to, and the link that would reach
/// the page or file the author most likely meant, written relative to the linking page.
enum LinkHint {
    /// - Parameters:
    ///   - resolved: the target, relative to the content folder (`part/y.md`, `../y.md`).
    ///   - page: the linking page's path in the content folder (`part/x.md`).
    ///   - fragment: the link's `#anchor` with its `#`, or empty; kept in the suggested link.
    ///   - candidates: the pages (or content files) that exist.
    ///   - written: the link's path as the author wrote it; the resolved one is shown when it differs.
    static func notes(resolved: String, written: String, from page: String, fragment: String, candidates: [String])
        -> [String]
    {
        var notes: [String] = []
        if resolved != written {
            notes.append(
                "it resolves to \(quoted: resolved) in the content folder (links are relative to \(quoted: page))")
        }
        if let meant = meant(resolved, in: candidates) {
            // Written as a link reads it: a link's `%XX` is decoded, so a page whose name holds a
            // `%` is reached by `%25` (and `#`, `?`, a space by their escapes).
            let link = linkText(relative(meant, from: page))
            // A suggestion is never the text already written: following it
            // would change nothing.
            if link != written {
                // The content folder's path is worth showing only when the link spells it otherwise.
                notes.append("did you mean \(quoted: link + fragment)?" + (link == meant ? "" : " (\(meant))"))
            }
            if meant != resolved, meant.removingPercentEncoding == resolved {
                notes.append(
                    "the summary's \(quoted: meant) names a file called \(quoted: meant) literally: SUMMARY.md links are not percent-decoded (but %20), as mdBook 0.5.4 reads them; to list \(quoted: resolved), write it as it is named in SUMMARY.md"
                )
            }
        }
        return notes
    }

    /// `path` as a Markdown link's destination that reads back as `path`: `%`, `#` and `?`
    /// percent-encoded as the site's own links encode a file's name (`OutputPath.href`), and a
    /// space too, which a Markdown destination cannot hold (`100%.md` as `100%25.md`).
    static func linkText(_ path: String) -> String {
        OutputPath.href(path.replacingOccurrences(of: "%", with: "%25")).replacingOccurrences(of: " ", with: "%20")
    }

    /// The candidate with the same file name (the one nearest by path when several), else the
    /// nearest path by edit distance, else the one whose file name is nearest (`optinals.md` for
    /// `basics/optionals.md`: a slip in the name and a folder left out). The one rule for a path
    /// the author most likely meant: links, images and the summary's pages.
    static func meant(_ resolved: String, in candidates: [String]) -> String? {
        func name(_ path: String) -> String { path.split(separator: "/").last.map(String.init) ?? path }
        let sameName = candidates.filter { name($0) == name(resolved) }.sorted()
        if !sameName.isEmpty { return EditDistance.nearest(to: resolved, in: sameName) ?? sameName[0] }
        if let near = EditDistance.nearest(to: resolved, in: candidates.sorted()) { return near }
        let byName = Dictionary(grouping: candidates.sorted(), by: name)
        return EditDistance.nearest(to: name(resolved), in: byName.keys.sorted()).flatMap { byName[$0]?.first }
    }

    /// `target` as a link from `page`: `../y.md` from `part/x.md` to `y.md`.
    static func relative(_ target: String, from page: String) -> String {
        let from = page.split(separator: "/").dropLast().map(String.init)
        let to = target.split(separator: "/").map(String.init)
        var common = 0
        while common < from.count, common < to.count - 1, from[common] == to[common] { common += 1 }
        return (Array(repeating: "..", count: from.count - common) + to[common...]).joined(separator: "/")
    }
}
