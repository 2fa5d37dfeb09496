import LectureSupport

/// Output paths two sources would share: pages mapping to the same `.html` (`README.md` and
/// `index.md`), a page named like a file the build makes (`404.html`, or the page `[output.html]
/// input-404` names; `search/pages.js`), or a content file named like a page or asset. Each is an
/// error: one would silently replace the other (mdBook 0.5.4 writes its not-found page over the
/// chapter's).
enum OutputCollisions {
    /// - Parameters:
    ///   - assets: the content folder's files that are copied, relative to it.
    ///   - contentDirectory: the content folder, as the user gave it (for diagnostics).
    ///   - notFoundPage: where the not-found page is written (`NotFoundSource.written`), if anywhere.
    ///   - additional: book.toml's additional-css and additional-js files (`AdditionalFiles`).
    static func find(
        book: Book, templates: Templates, assets: [String], contentDirectory: String, notFoundPage: String? = nil,
        additional: [AdditionalFile] = []
    ) -> [Diagnostic] {
        var diagnostics: [Diagnostic] = []
        let summary = FileSystem.join(contentDirectory, "SUMMARY.md")
        var owners: [String: String] = [
            "toc.js": "the navigation script", InterfaceWords.scriptPath: "the interface words' script",
            "toc.html": "the table of contents",
            SiteFiles.highlightJS: "highlight.js", SiteWriter.marker: "the site marker",
            PrintPage.outputPath: "the print page",
        ]
        if let notFoundPage { owners[notFoundPage] = "the not-found page" }
        for asset in templates.assets { owners[asset] = "the template asset \(quoted: asset)" }
        let searchFolder = SearchIndex.folder + "/"
        func owner(_ path: String) -> String? {
            owners[path] ?? (path.hasPrefix(searchFolder) ? "the search index" : nil)
        }
        for chapter in book.flattened {
            if let tooLong = tooLong(chapter, summary: summary) {
                diagnostics.append(tooLong)
            } else if let owner = owner(chapter.outputPath) {
                diagnostics.append(
                    .error(
                        .outputCollision, summary, chapter.location,
                        "page \(quoted: chapter.path) would be written to \(chapter.outputPath), which is \(owner)",
                        notes: chapter.outputPath == notFoundPage ? [NotFoundSource.collisionNote] : []))
            } else {
                owners[chapter.outputPath] = "page \(quoted: chapter.path)"
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
        // An additional file is copied at its path from the book's folder: a content file there is
        // another file unless it is the same one (a book whose pages' folder is its own, `src = "."`).
        let contentFiles = Set(assets.map(NFC.normalized))
        for file in additional {
            let other =
                owner(file.sitePath)
                ?? (contentFiles.contains(NFC.normalized(file.sitePath))
                    && CanonicalPath.of(FileSystem.join(contentDirectory, file.sitePath))
                        != CanonicalPath.of(file.source)
                    ? "the content file \(quoted: file.sitePath)" : nil)
            if let other {
                diagnostics.append(
                    .error(
                        .outputCollision, file.source, nil,
                        "book.toml's additional file would be written to \(file.sitePath), which is \(other)",
                        notes: ["move or rename the file (and its line in additional-css or additional-js)"]))
            }
        }
        return diagnostics + caseCollisions(book: book, assets: assets, contentDirectory: contentDirectory)
            + PortableNames.warnings(book: book, assets: assets, contentDirectory: contentDirectory)
    }

    /// The longest name a file may have on Linux's file systems (ext4, btrfs, XFS, tmpfs: NAME_MAX).
    static let maximumNameBytes = 255

    /// The error for a page whose output file's name is longer than a file system allows
    /// (`.md` becomes `.html`, two bytes more, so a page of 254 or 255 bytes has one), at its
    /// summary line: the write would fail only at the end, with no source location.
    static func tooLong(_ chapter: Chapter, summary: String) -> Diagnostic? {
        guard chapter.kind == .page,
            let name = chapter.outputPath.split(separator: "/").last,
            name.utf8.count > maximumNameBytes
        else { return nil }
        return .error(
            .outputCollision, summary, chapter.location,
            "page \(quoted: chapter.path) would be written to a file whose name is \(name.utf8.count) bytes long",
            notes: [
                "a file name holds at most \(maximumNameBytes) bytes (a Hangul syllable is 3): shorten the page's file name"
            ])
    }

    /// Output names that differ only in case (`Intro.html`, `intro.html`): one file on a
    /// case-insensitive file system (macOS's and Windows' defaults, where the site is often
    /// opened or deployed), so one page silently replaces the other there. A warning at the later.
    /// Its sibling, names Windows cannot hold at all, is `PortableNames`.
    static func caseCollisions(book: Book, assets: [String], contentDirectory: String) -> [Diagnostic] {
        let summary = FileSystem.join(contentDirectory, "SUMMARY.md")
        var first: [String: String] = [:]
        var diagnostics: [Diagnostic] = []
        func note(_ name: String, _ earlier: String) -> String {
            "\(quoted: name) and \(quoted: earlier) are one file on a case-insensitive file system (macOS, Windows), where one replaces the other; rename one"
        }
        for chapter in book.flattened where chapter.kind == .page {
            let name = chapter.outputPath
            let key = NFC.normalized(name).lowercased()
            if let earlier = first[key], !NFC.sameBytes(earlier, name) {
                diagnostics.append(
                    .warning(
                        .outputCaseCollision, summary, chapter.location,
                        "page \(quoted: chapter.path) is written to \(name), which differs from \(earlier) only in case",
                        notes: [note(name, earlier)]))
            } else if first[key] == nil {
                first[key] = name
            }
        }
        for file in assets {
            let name = NFC.normalized(file)
            let key = name.lowercased()
            if let earlier = first[key], !NFC.sameBytes(earlier, name) {
                diagnostics.append(
                    .warning(
                        .outputCaseCollision, FileSystem.join(contentDirectory, file), nil,
                        "content file \(name) differs from \(earlier) only in case", notes: [note(name, earlier)]))
            } else if first[key] == nil {
                first[key] = name
            }
        }
        return diagnostics
    }
}
