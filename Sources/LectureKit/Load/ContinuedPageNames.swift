import CommonMark
import LectureSupport

/// book.toml's `[preprocessor.lecture.samples] continue = ["…"]` entries that name no page: a
/// page's path is relative to the pages' folder (`tour.md`, as SUMMARY.md links it), while most
/// of book.toml's paths are relative to the book's folder (`src/tour.md`), so the entry is easily
/// written the other way, and would leave the page checked fence by fence without a word.
enum ContinuedPageNames {
    /// A warning at each entry of `pages` that is no file in `contentDirectory` (written `source`
    /// in book.toml), with the path meant when one is near: the entry without the pages' folder
    /// in front, or with `.md` after it.
    static func warnings(
        _ pages: Set<String>, locations: [String: SourceLocation], contentDirectory: String, source: String,
        tomlPath: String
    ) -> [Diagnostic] {
        func isFile(_ page: String) -> Bool {
            let path = FileSystem.join(contentDirectory, page)
            return FileSystem.exists(path) && !FileSystem.isDirectory(path)
        }
        return pages.sorted().compactMap { page in
            guard !isFile(page) else { return nil }
            let folder = source.hasSuffix("/") ? source : source + "/"
            let stripped = page.hasPrefix(folder) ? String(page.dropFirst(folder.count)) : page
            let meant = [stripped, stripped + ".md"].first { $0 != page && isFile($0) }
            return .warning(
                .bookTOMLValue, tomlPath, locations["lecture.samples.continue.\(page)"],
                "'lecture.samples.continue' names \(quoted: page), which is no page in the pages' folder (\(source)): its fences are not continued",
                notes: [
                    (meant.map { "did you mean \(quoted: $0)? " } ?? "")
                        + "a page is named by its path in the pages' folder, as SUMMARY.md links it"
                ])
        }
    }
}
