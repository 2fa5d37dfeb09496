import LectureSupport

/// Output names Windows cannot hold: a reserved device name (`CON`, `PRN`,
/// `AUX`, `NUL`, `COM0`–`COM9`, `LPT0`–`LPT9`, in any case and with any extension, as `con.html`
/// or `sub/AUX.html`), a character Windows refuses in a name (`<>:"|?*`, a control character), or
/// a name ending in a dot or a space. Such a site builds on Linux, but cannot be checked out,
/// unzipped or opened on Windows (`error: invalid path 'a:b.html'`), the same reason
/// `OutputCollisions.caseCollisions` warns for names that differ only in case: one rule, "the
/// site is opened and deployed on other systems too", a warning at the page's summary line or
/// at the content file. mdBook 0.5.4 is silent.
enum PortableNames {
    /// The reserved device names, lowercased.
    static let deviceNames: Set<String> = Set(
        ["con", "prn", "aux", "nul"] + (0...9).flatMap { ["com\($0)", "lpt\($0)"] }
            + ["com¹", "com²", "com³", "lpt¹", "lpt²", "lpt³"])

    /// Why Windows cannot hold a file at `path` (relative, `/`-separated), or `nil`.
    static func problem(_ path: String) -> String? {
        for segment in path.split(separator: "/") {
            let name = String(segment)
            let stem = name.split(separator: ".", maxSplits: 1).first.map(String.init) ?? name
            var device = stem.lowercased()
            while device.hasSuffix(" ") { device.removeLast() }
            if deviceNames.contains(device) {
                return "\(quoted: name) is a device name on Windows (\(stem.uppercased())), whatever its extension"
            }
            if let bad = name.unicodeScalars.first(where: {
                "<>:\"|?*\\".unicodeScalars.contains($0) || $0.value < 0x20
            }) {
                return
                    "\(quoted: name) holds \(quoted: String(bad)), which Windows refuses in a name"
            }
            if name.hasSuffix(".") || name.hasSuffix(" ") {
                return "\(quoted: name) ends in \(name.hasSuffix(".") ? "a dot" : "a space"), which Windows drops"
            }
        }
        return nil
    }

    static let note =
        "the site cannot be checked out, unzipped or opened on Windows (git: 'invalid path'); rename the file"

    /// A warning for each page (at its summary line) and content file whose output name Windows
    /// cannot hold.
    static func warnings(book: Book, assets: [String], contentDirectory: String) -> [Diagnostic] {
        let summary = FileSystem.join(contentDirectory, "SUMMARY.md")
        var diagnostics: [Diagnostic] = []
        for chapter in book.flattened where chapter.kind == .page {
            guard let why = problem(chapter.outputPath) else { continue }
            diagnostics.append(
                .warning(
                    .outputNonPortableName, summary, chapter.location,
                    "page \(quoted: chapter.path) is written to \(quoted: chapter.outputPath), a name Windows cannot hold: \(why)",
                    notes: [note]))
        }
        for file in assets {
            guard let why = problem(file) else { continue }
            diagnostics.append(
                .warning(
                    .outputNonPortableName, FileSystem.join(contentDirectory, file), nil,
                    "content file \(quoted: file) has a name Windows cannot hold: \(why)", notes: [note]))
        }
        return diagnostics
    }
}
