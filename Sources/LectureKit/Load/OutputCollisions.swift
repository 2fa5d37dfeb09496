import LectureSupport

/// Output paths two sources would share: pages mapping to the same `.html` (`README.md` and
/// `index.md`), a page named like a file the build makes (`404.html`, `search/pages.js`), or a
/// content file named like a page or asset. Each is an error: one would silently replace the other.
enum OutputCollisions {
    /// - Parameters:
    ///   - assets: the content folder's files that are copied, relative to it.
    ///   - contentDirectory: the content folder, as the user gave it (for diagnostics).
    static func find(book: Book, templates: Templates, assets: [String], contentDirectory: String) -> [Diagnostic] {
        var diagnostics: [Diagnostic] = []
        let summary = FileSystem.join(contentDirectory, "SUMMARY.md")
        var owners: [String: String] = [
            "toc.js": "the navigation script",
            "toc.html": "the table of contents",
            "assets/highlight.min.js": "highlight.js", SiteWriter.marker: "the site marker",
            PrintPage.outputPath: "the print page",
        ]
        if templates.notFound != nil { owners["404.html"] = "the not-found page" }
        for asset in templates.assets { owners[asset] = "the template asset '\(asset)'" }
        let searchFolder = SearchIndex.folder + "/"
        func owner(_ path: String) -> String? {
            owners[path] ?? (path.hasPrefix(searchFolder) ? "the search index" : nil)
        }
        for chapter in book.flattened {
            if let owner = owner(chapter.outputPath) {
                diagnostics.append(
                    .error(
                        .outputCollision, summary, chapter.location,
                        "page '\(chapter.path)' would be written to \(chapter.outputPath), which is \(owner)"))
            } else {
                owners[chapter.outputPath] = "page '\(chapter.path)'"
            }
        }
        if !book.flattened.contains(where: { $0.outputPath == "index.html" }) {
            owners["index.html"] = "the index (a copy of the first page)"
        }
        for file in assets {
            if let owner = owner(file) {
                diagnostics.append(
                    .error(
                        .outputCollision, FileSystem.join(contentDirectory, file), nil,
                        "content file would be written to \(file), which is \(owner)"))
            }
        }
        return diagnostics
    }
}
