import Foundation
import LectureSupport

/// The rules an `[output.html.redirect]` key (the old path its page is written at) is held to
/// when book.toml is read, before any page is built: the rules of the names the site writes
/// itself (attack 18, F6). mdBook 0.5.4 writes a redirect page wherever its key leads (run):
/// `"/../x.html"` beside its output folder, `"/.git/hooks/x.html"` into a dot-folder,
/// `"/a//b.html"` over `a/b.html`. Each such key is an error at its line, and the redirect is
/// not made; a name Windows cannot hold is a warning, as a page's is (`PortableNames`). What
/// depends on the site (a key over one of its files, a folder of it) is `Redirects.pages`'s.
enum RedirectKey {
    /// One problem of a key: an error unless `isWarning`.
    struct Problem: Equatable {
        var summary: String
        var notes: [String]
        var isWarning = false
    }

    /// The note every error of a key ends with.
    static let note = "a redirect's key is the path of an old page of this site, such as \"/old/page.html\""

    /// What is wrong with `key` (as written in book.toml, `/old.html`), or `nil`. A key with a
    /// fragment (`/a.html#old`) is judged by its path.
    static func problem(_ key: String) -> Problem? {
        var path = Substring(key.drop(while: { $0 == "/" }))
        if let hash = path.firstIndex(of: "#") { path = path[..<hash] }
        // Empty, or naming a folder: `Redirects.pages` says so, with what the site holds.
        guard !path.isEmpty else { return nil }
        let segments = path.split(separator: "/", omittingEmptySubsequences: false)
        if segments.contains(where: { $0 == "." || $0 == ".." }) {
            return Problem(
                summary: "redirect \(quoted: key) leaves the site's folder",
                notes: [
                    "mdBook 0.5.4 writes such a page where the '..' leads, outside its output folder; \(note), with no '.' or '..' segments"
                ])
        }
        if segments.dropLast().contains(where: \.isEmpty) {
            return Problem(
                summary: "redirect \(quoted: key) has an empty segment ('//')",
                notes: [
                    "the page would be written to \(quoted: segments.filter { !$0.isEmpty }.joined(separator: "/")), which a reader's browser does not ask for at this URL; write single slashes"
                ])
        }
        if let decoded = encodedSegment(in: segments) {
            return Problem(
                summary:
                    "redirect \(quoted: key) has the segment \(quoted: decoded.written), which a browser or server reads as \(quoted: decoded.read)",
                notes: [
                    "the page is written under the name as spelled, never where the URL leads; \(note), without escaped dots or slashes"
                ])
        }
        if let index = segments.firstIndex(where: { $0.hasPrefix(".") }) {
            let (dotted, isFolder) = (segments[index], index != segments.count - 1)
            return Problem(
                summary:
                    "redirect \(quoted: key) would be written \(isFolder ? "into the dot-folder" : "as the dot-file") \(quoted: String(dotted))",
                notes: [
                    "a name starting with '.' is no page of a site: servers and hosts (GitHub Pages) hide it, and a dot-folder such as .git belongs to a tool; \(note)"
                ])
        }
        if let long = segments.first(where: { $0.utf8.count > OutputCollisions.maximumNameBytes }) {
            return Problem(
                summary:
                    "redirect \(quoted: key) would be written to a file or folder whose name is \(long.utf8.count) bytes long",
                notes: [
                    "a file name holds at most \(OutputCollisions.maximumNameBytes) bytes (NAME_MAX; a Hangul syllable is 3): shorten the key's \(quoted: PathLimits.shortened(String(long)))"
                ])
        }
        if path.utf8.count >= PathLimits.pathLimit {
            return Problem(
                summary: "redirect \(quoted: PathLimits.shortened(key)) is \(path.utf8.count) bytes long",
                notes: ["a path holds at most \(PathLimits.pathLimit - 1) bytes (PATH_MAX): shorten the key"])
        }
        if let why = PortableNames.problem(String(path)) {
            return Problem(
                summary: "redirect \(quoted: key) is written to a name Windows cannot hold: \(why)",
                notes: [PortableNames.note.replacingOccurrences(of: "rename the file", with: "change the key")],
                isWarning: true)
        }
        return nil
    }

    /// The first segment whose percent escapes spell a `.` segment, a dot-name or a `/`
    /// (`%2e%2e`, `%2Egit`, `a%2Fb`), as written and as read.
    private static func encodedSegment(in segments: [Substring]) -> (written: String, read: String)? {
        for segment in segments where segment.contains("%") {
            guard let decoded = segment.removingPercentEncoding, decoded != segment else { continue }
            if decoded.hasPrefix(".") || decoded.contains("/") || decoded.contains("\\") {
                return (String(segment), decoded)
            }
        }
        return nil
    }
}
