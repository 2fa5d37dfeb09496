import Foundation

/// A summary link whose percent escapes spell `.`, `..` or `/` (`%2E%2E/outside.md`,
/// `..%2Foutside.md`, `%2Fetc/x.md`).
///
/// mdBook (0.5.4, run on such a summary) and lecture read a summary link's path as written, so
/// the page is a file inside the content folder named `%2E%2E/outside.md`. But a browser reads
/// `%2E` and `%2E%2E` in a URL as the dot segments they spell (the WHATWG URL standard's "single-dot"
/// and "double-dot" path segments), and a server may decode `%2F` into a `/`: the page's address
/// then leads out of the book, or to another page, while the link checker (which decodes) says
/// it leaves the book. One rule: the decoded path must stay where the written one is.
enum EncodedDotSegments {
    struct Problem: Hashable {
        var summary: String
        var notes: [String]
    }

    /// What is wrong with `destination` once decoded, or `nil` when its escapes change nothing
    /// (`c%23.md`, `%252E%252E/x.md`, which decodes once to the literal `%2E%2E`).
    static func problem(in destination: String) -> Problem? {
        guard destination.contains("%"), let decoded = destination.removingPercentEncoding, decoded != destination
        else { return nil }
        let normalized = SummaryParser.normalize(decoded)
        if decoded.hasPrefix("/") || normalized == ".." || normalized.hasPrefix("../") {
            return Problem(
                summary:
                    "summary link \(quoted: destination) points outside the content folder once its percent escapes are decoded (\(quoted: decoded))",
                notes: [
                    "browsers read '%2E%2E' as '..', and servers may read '%2F' as '/'; name the file without escaped dots or slashes, inside the content folder"
                ])
        }
        let written = destination.split(separator: "/", omittingEmptySubsequences: false)
        if let segment = written.first(where: {
            $0.contains("%") && ["." as Substring, ".."].contains(($0.removingPercentEncoding ?? "")[...])
        }) {
            return Problem(
                summary:
                    "summary link \(quoted: destination) has the segment \(quoted: segment), which browsers read as '\(segment.removingPercentEncoding ?? "")'",
                notes: [
                    "the page's address would lead to \(quoted: normalized), not to the page; name the folder without escaped dots"
                ])
        }
        return nil
    }
}
