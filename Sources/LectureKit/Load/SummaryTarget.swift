/// What a summary link's path names as a page: a Markdown file (`.md`, any case) or a file of
/// another kind (`notes.txt`, `img.png`, `sub`), which create-missing must not write a title into.
enum SummaryTarget {
    /// Whether `path`'s last name ends in `.md` (any case), with a name before it.
    static func namesMarkdown(_ path: String) -> Bool {
        let name = path.split(separator: "/").last.map(String.init) ?? path
        return name.count > 3 && name.lowercased().hasSuffix(".md")
    }

    /// The Markdown page to name in its place: `notes.txt` → `notes.md`, `sub` → `sub.md`.
    static func markdownName(for path: String) -> String {
        let slash = path.lastIndex(of: "/").map { path.index(after: $0) } ?? path.startIndex
        let name = path[slash...]
        let stem = name.lastIndex(of: ".").flatMap { $0 > name.startIndex ? name[..<$0] : nil } ?? name
        return String(path[..<slash]) + stem + ".md"
    }
}
