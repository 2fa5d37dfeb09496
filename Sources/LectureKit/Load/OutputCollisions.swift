import LectureSupport
import SourceText

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
        owners[SearchIndex.pagesFile] = "the search index"
        // The files the build makes, before the pages are added: each name the site writes is
        // also checked against these in case (`caseCollisions`).
        var built = owners
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
                        "page \(quoted: chapter.path) would be written to \(quoted: chapter.outputPath), which is \(owner)",
                        notes: chapter.outputPath == notFoundPage ? [NotFoundSource.collisionNote] : []))
            } else {
                owners[chapter.outputPath] = "page \(quoted: chapter.path)"
            }
        }
        if !book.flattened.contains(where: { $0.outputPath == "index.html" }) {
            owners["index.html"] = "the index (a copy of the first page)"
            built["index.html"] = owners["index.html"]
        }
        for file in assets {
            if let owner = owner(file) {
                diagnostics.append(
                    .error(
                        .outputCollision, FileSystem.join(contentDirectory, file), nil,
                        "content file would be written to \(quoted: file), which is \(owner)"))
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
                        "book.toml's additional file would be written to \(quoted: file.sitePath), which is \(other)",
                        notes: ["move or rename the file (and its line in additional-css or additional-js)"]))
            }
        }
        return diagnostics
            + caseCollisions(
                book: book, assets: assets, contentDirectory: contentDirectory, built: built, templates: templates,
                additional: additional)
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
    /// opened or deployed), so one silently replaces the other there. A warning at the later,
    /// for every name the site writes: the files the build makes (`built`: print page, not-found
    /// page, search index, navigation script…) first, then the theme's files, the pages, the
    /// content files and book.toml's additional files (redirects: `Redirects.pages`). Its
    /// sibling, names Windows cannot hold at all, is `PortableNames`.
    /// - Parameter built: the files the build makes, each with what it is ("the print page").
    static func caseCollisions(
        book: Book, assets: [String], contentDirectory: String, built: [String: String] = [:],
        templates: Templates? = nil, additional: [AdditionalFile] = []
    ) -> [Diagnostic] {
        let summary = FileSystem.join(contentDirectory, "SUMMARY.md")
        var names = CaseFoldedNames()
        var diagnostics: [Diagnostic] = []
        /// `subject` says what is written to `name` and ends in "differs from".
        func warn(_ name: String, _ earlier: String, _ subject: String, at file: String, _ location: SourceLocation?) {
            let described = "\(quoted: earlier)" + (built[earlier].map { " (\($0))" } ?? "")
            diagnostics.append(
                .warning(
                    .outputCaseCollision, file, location, "\(subject) \(described) only in case",
                    notes: [caseNote(name, earlier)]))
        }
        let themeFiles = Set(templates?.assets ?? [])
        for name in built.keys.sorted() where !themeFiles.contains(name) { _ = names.earlier(name) }
        if let templates {
            for asset in templates.assets.sorted() {
                if let earlier = names.earlier(asset) {
                    warn(
                        asset, earlier, "theme file \(quoted: asset) differs from",
                        at: FileSystem.join(templates.directory, asset), nil)
                }
            }
        }
        for chapter in book.flattened where chapter.kind == .page {
            if let earlier = names.earlier(chapter.outputPath) {
                warn(
                    chapter.outputPath, earlier,
                    "page \(quoted: chapter.path) is written to \(quoted: chapter.outputPath), which differs from",
                    at: summary,
                    chapter.location)
            }
        }
        for file in assets {
            if let earlier = names.earlier(file) {
                let name = NFC.normalized(file)
                warn(
                    name, earlier, "content file \(quoted: name) differs from",
                    at: FileSystem.join(contentDirectory, file), nil
                )
            }
        }
        for file in additional {
            if let earlier = names.earlier(file.sitePath) {
                warn(
                    file.sitePath, earlier,
                    "book.toml's additional file is written to \(quoted: file.sitePath), which differs from",
                    at: file.source,
                    nil)
            }
        }
        return diagnostics
    }

    /// The note of a name that differs from an earlier one only in case.
    static func caseNote(_ name: String, _ earlier: String) -> String {
        "\(quoted: name) and \(quoted: earlier) are one file on a case-insensitive file system (macOS, Windows), where one replaces the other; rename one"
    }
}

/// The names a site writes, by their case-insensitive form (NFC, lowercased): which earlier name
/// a new one differs from only in case.
struct CaseFoldedNames {
    private var first: [String: String] = [:]

    /// The earlier name `name` differs from only in case, or `nil` (and `name` is kept when it is
    /// the first of its form).
    mutating func earlier(_ name: String) -> String? {
        let key = NFC.normalized(name).lowercased()
        guard let earlier = first[key] else {
            first[key] = name
            return nil
        }
        return NFC.sameBytes(earlier, name) ? nil : earlier
    }
}
