import LectureSupport
import SourceText

/// A machine path in text the author wrote — a page's own lines (with what it includes) or a
/// file copied into the site as it is (a source map, a script, any asset; attack 14, kinds 48
/// and 54) — is a warning at its line and column, not an error as one a build step put into a
/// page is: mdBook publishes those bytes as they are, the same book built by another user holds
/// no path of theirs, and only the author can tell a path meant for readers (`/root` in a lesson
/// on Unix) from one that leaks where the book was made (`/home/alice/proj`, a bundler's map).
extension MachinePaths {
    /// "'/root', the home folder on this machine".
    static func described(_ needle: Needle) -> String { "\(quoted: needle.path), \(needle.role) on this machine" }

    /// The first place of each needle in `text` (a page's expanded text, shown as `path`), a
    /// warning each; `reached`: the site files that carry it.
    static func inPageText(
        _ text: String, path: String, needles: [Needle], indices: [Int], reached: [Int: [String]]
    ) -> [Diagnostic] {
        var text = text
        let offsets = text.withUTF8 { bytes in
            indices.compactMap { index -> (offset: Int, needle: Int)? in
                WholePath.offsets(of: Array(needles[index].path.utf8), in: bytes, first: true).first.map { ($0, index) }
            }
        }
        guard !offsets.isEmpty else { return [] }
        let lines = LineStarts(text.utf8)
        return offsets.sorted { $0.offset < $1.offset }.map { offset, index in
            warning(
                needles[index], path: path, location: lines.location(ofByte: offset),
                files: reached[index] ?? [], more: 0)
        }
    }

    /// A warning for each needle found in a copied file (`findings`, in order; kinds from
    /// `described`), at its first place; a longer needle found at the same place (the book's
    /// folder in the home folder) is the one said.
    static func inCopiedFile(
        _ findings: [SecretScan.FileFinding], needles: [Needle], path: String, siteName: String
    ) -> [Diagnostic] {
        let byKind = Dictionary(needles.map { (described($0), $0) }, uniquingKeysWith: { first, _ in first })
        var longest: [Int: (finding: SecretScan.FileFinding, needle: Needle)] = [:]
        for finding in findings {
            guard let needle = byKind[finding.finding.kind] else { continue }
            if let known = longest[finding.finding.offset], known.needle.path.count >= needle.path.count { continue }
            longest[finding.finding.offset] = (finding, needle)
        }
        var first: [String: (finding: SecretScan.FileFinding, count: Int)] = [:]
        var order: [Needle] = []
        for offset in longest.keys.sorted() {
            let (finding, needle) = longest[offset]!
            if let known = first[needle.path] {
                first[needle.path] = (known.finding, known.count + 1)
            } else {
                first[needle.path] = (finding, 1)
                order.append(needle)
            }
        }
        return order.map { needle in
            let (finding, count) = first[needle.path]!
            return warning(
                needle, path: path, location: SourceLocation(line: finding.line, column: finding.column),
                files: [siteName], more: count - 1)
        }
    }

    /// A warning at book.toml's key for each of `needles` that a string of it shown in every
    /// page holds (`shown`: the key, its line, its value: the title, the description, the
    /// authors), once, not at every page (attack 18, F10). The indices of the needles said.
    static func inSettings(
        _ shown: [(key: String, location: SourceLocation?, value: String)], needles: [Needle], bookTOML: String
    ) -> (warnings: [Diagnostic], said: Set<Int>) {
        var warnings: [Diagnostic] = []
        var said = Set<Int>()
        for (key, location, value) in shown {
            let found = MachinePaths.found(in: Array(value.utf8), needles).filter { !said.contains($0) }
            for index in found {
                said.insert(index)
                var warning = warning(
                    needles[index], path: bookTOML, location: location ?? SourceLocation(line: 1, column: 1),
                    files: [], more: 0)
                warning.summary = "\(quoted: key) puts \(described(needles[index])) into every page"
                warnings.append(warning)
            }
        }
        return (warnings, said)
    }

    private static func warning(
        _ needle: Needle, path: String, location: SourceLocation, files: [String], more: Int
    ) -> Diagnostic {
        var notes = [
            "the book's own text names it, and the site publishes it as written; built by another user it names nothing of theirs, so only this machine hears of it",
            "keep it if readers are meant to see it; otherwise write a path of no one's machine ('~/…', '$HOME/…', a relative path)",
        ]
        if more > 0 { notes.append("the file holds it \(more) more time\(more == 1 ? "" : "s") after this one") }
        let file = files.first.map { "\(quoted: $0)" } ?? "the site"
        return .warning(
            .machinePathPublished, path, location, "\(file) will publish \(described(needle))", notes: notes)
    }
}
