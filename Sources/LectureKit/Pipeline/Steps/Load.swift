import CommonMark
import Foundation
import LectureSupport

extension BuildStep {
    /// `Load`: the templates, `SUMMARY.md` and every page it lists (or, for `lecture check FILE…`,
    /// the named files), with every problem found in them. Content problems don't stop the run
    /// here: the pages that loaded go on, so every problem in them is reported too.
    /// A page's file unchanged since the session's last build is not read again
    /// (`context.earlier.files`, which `StepReuse` fills).
    static let load = BuildStep(name: "Load", session: loadSession) { (context: inout BuildContext) in
        try loadSite(&context)
        makePages(&context)
    }

    /// `Load` of `lecture check`: no templates and no output folder; `files` instead of the
    /// summary's pages when not empty.
    static func load(checking files: [String]) -> BuildStep {
        BuildStep(name: "Load") { (context: inout BuildContext) in
            if !files.isEmpty {
                try loadFiles(files, into: &context)
            } else {
                // Without the folder or its summary there is nothing to check: a setup error (exit 2).
                if let missing = ContentLoader.setupError(
                    contentDirectory: context.configuration.contentDirectory,
                    setting: context.configuration.sourceSetting)
                {
                    throw missing
                }
                loadContent(&context, writesPages: false)
            }
            makePages(&context)
        }
    }

    /// A page for each file loaded, with its chapter. Both loaders list only the book's chapters'
    /// files; a file without one would be a bug in a loader, reported rather than trapped on.
    private static func makePages(_ context: inout BuildContext) {
        let chapters = Dictionary(
            context.content.book.flattened.map { ($0.path, $0) }, uniquingKeysWith: { a, _ in a })
        context.pages = context.content.files.compactMap { file in
            guard let chapter = chapters[file.relativePath] else {
                context.diagnostics.emit(
                    .error(
                        .unexpected, file.displayPath, nil, "page was loaded without a chapter in the book",
                        notes: ["this is a bug in lecture; please report it with the book's SUMMARY.md"]))
                return nil
            }
            return Page(chapter: chapter, source: file, blocks: [])
        }
    }

    /// In a session: the pages' files as the earlier build read them, so an unchanged one is not
    /// read again; after loading, the files read, for the next build.
    static let loadSession = SessionHooks(
        before: { rebuild, context in
            context.earlier.files = rebuild.memory.files
            context.earlier.assetScans = rebuild.memory.assetScans
        },
        after: { rebuild, context in
            let earlier = context.earlier.files
            var files: [String: SessionMemory.ReadFile] = [:]
            for file in context.content.files {
                guard let signature = context.signatures[file.relativePath] else { continue }
                files[file.relativePath] = SessionMemory.ReadFile(signature: signature, file: file)
            }
            rebuild.memory.files = files
            rebuild.memory.assetScans = context.assetScans
            return files.filter { earlier[$0.key]?.signature == $0.value.signature }.count
        })

    /// The site's inputs: the output folder checked, the templates, the content; stops when
    /// there is no content folder or no page. An output folder that may not be written or a
    /// theme that cannot be read stops the build later (`Render`, `Write`): the pages are
    /// checked first, so one run reports every problem.
    private static func loadSite(_ context: inout BuildContext) throws {
        let configuration = context.configuration
        if let problem = SiteWriter.validate(
            configuration.outputFolder, protecting: configuration.protectedFolders)
        {
            context.diagnostics.emit(problem)
        }
        do throws(DiagnosticsError) {
            let book = configuration.includeScope.roots
            var templates = try Templates.load(directory: configuration.templatesDirectory, book: book)
            let builtIn =
                configuration.templatesDirectory == DefaultTheme.folder(cacheDirectory: configuration.cacheDirectory)
            if builtIn { templates.embed(DefaultTheme.assets) }
            context.diagnostics.emit(
                LanguageStyle.apply(
                    to: &templates, language: configuration.book.language, builtIn: builtIn, book: book))
            let words = InterfaceWords.load(
                language: configuration.book.language, themeDirectory: configuration.templatesDirectory,
                overrides: configuration.book.words, book: book)
            templates.words = words.words
            context.diagnostics.emit(words.diagnostics)
            context.templates = templates
            context.templateIDs = ThemeIDs.of(templates)
            context.diagnostics.emit(ContentNames.tooLongThemeNames(templates, hashFiles: configuration.book.hashFiles))
        } catch {
            // The pages are still checked; what only the built pages show waits for the theme.
            context.diagnostics.emit(
                error.diagnostics.map { diagnostic in
                    var diagnostic = diagnostic
                    if diagnostic.severity == .error {
                        diagnostic.notes.append(
                            "the pages were checked without the theme; the URLs the built pages hold are checked once it loads"
                        )
                    }
                    return diagnostic
                })
        }
        loadContent(&context)
        guard FileSystem.isDirectory(configuration.contentDirectory) else { throw BuildStop() }
        if context.content.book.flattened.isEmpty {
            // A summary that cannot be read, or whose every page is missing, has its own error.
            if context.content.diagnostics.contains(where: { $0.severity == .error }) { throw BuildStop() }
            // mdBook builds a summary without chapters into a site without pages: so does lecture,
            // with a warning, since the site then has nothing to read.
            context.diagnostics.emit(
                .warning(
                    .summaryEmpty, FileSystem.join(configuration.contentDirectory, "SUMMARY.md"), nil,
                    "summary lists no pages; the site has none", notes: ["add links such as '- [Title](page.md)'"]))
        }
        let needles = configuration.machinePaths
        let secrets = PublishedSecrets.inAssets(
            context.listing.assets(), contentDirectory: configuration.contentDirectory, needles: needles,
            earlier: context.earlier.assetScans, budget: context.decompression)
        context.diagnostics.emit(secrets.problems)
        // book.toml's additional-css and additional-js are published as the pages' files are.
        if let root = configuration.bookDirectory {
            let additional = (configuration.additionalStyles + configuration.additionalScripts).map(\.sitePath)
            context.diagnostics.emit(
                PublishedSecrets.inAssets(
                    additional, contentDirectory: root, followingLink: true, needles: needles,
                    budget: context.decompression
                ).problems)
        }
        context.diagnostics.emit(
            UnreachableAssets.warnings(
                tooLong: context.listing.tooLongToList(), tooLongForSite: context.listing.assetsTooLongForSite(),
                contentDirectory: configuration.contentDirectory, outputDirectory: configuration.outputDirectory))
        context.diagnostics.emit(
            UnreachableAssets.links(
                context.listing.symbolicLinks(), contentDirectory: configuration.contentDirectory))
        context.diagnostics.emit(
            UnreachableAssets.special(context.listing.specialFiles(), contentDirectory: configuration.contentDirectory))
        context.diagnostics.emit(
            InvisibleNames.inFileNames(context.listing.assets(), contentDirectory: configuration.contentDirectory))
        context.assetScans = secrets.scans
        // No theme (its error is reported): the pages are still checked, `Render` stops.
        guard let templates = context.templates else { return }
        // The theme's files copied as they are, as the pages' files (attack 14, kind 48).
        context.diagnostics.emit(
            PublishedSecrets.inAssets(
                templates.assets.filter { templates.embedded[$0] == nil }, contentDirectory: templates.directory,
                roots: [CanonicalPath.of(templates.directory)]
                    + [
                        CanonicalPath.of(
                            configuration.bookDirectory ?? FileSystem.join(configuration.contentDirectory, ".."))
                    ],
                needles: needles, budget: context.decompression
            ).problems)
        // A theme's links are left out as the pages' are, and said as theirs (attack 12).
        context.diagnostics.emit(
            UnreachableAssets.links(templates.links, contentDirectory: templates.directory, folder: "theme folder"))
        context.diagnostics.emit(
            OutputCollisions.find(
                book: context.content.book, templates: templates, assets: context.listing.assets(),
                contentDirectory: configuration.contentDirectory,
                notFoundPage: NotFoundSource.written(context.content, book: configuration.book, templates: templates),
                additional: configuration.additionalStyles + configuration.additionalScripts))
    }

    /// The summary and its pages.
    /// `writesPages`: false for `lecture check`, which writes nothing in the book.
    private static func loadContent(_ context: inout BuildContext, writesPages: Bool = true) {
        let earlier = context.earlier.files
        let listing = context.listing
        var loaded = ContentLoader.load(
            contentDirectory: context.configuration.contentDirectory,
            reuse: { path, signature in earlier[path].flatMap { $0.signature == signature ? $0.file : nil } },
            listing: { listing.all() }, createMissing: context.configuration.book.createMissing ?? true,
            includes: context.configuration.includeScope, cancellation: context.configuration.run.cancellation,
            // With an error in book.toml the run only checks: no missing page is created.
            writesPages: writesPages && context.configuration.settingErrors.isEmpty,
            notFoundInput: context.configuration.book.notFoundInput ?? "404.md")
        // The title is book.toml's, as in mdBook, which ignores the summary's `# Title`.
        loaded.book.title = context.configuration.book.title ?? ""
        // `[output.html] no-section-label`: no chapter shows a number, as in mdBook.
        if context.configuration.book.noSectionLabel == true { loaded.book = loaded.book.unnumbered() }
        loaded.diagnostics += NotFoundSource.inputProblems(loaded, configuration: context.configuration)
        if let setting = context.configuration.sourceSetting {
            loaded.diagnostics = loaded.diagnostics.map { SourceSetting.located($0, at: setting) }
        }
        context.diagnostics.emit(loaded.diagnostics)
        context.diagnostics.emit(PublishedSecrets.inPages(loaded.files))
        context.diagnostics.emit(summaryCharacterWarnings(contentDirectory: context.configuration.contentDirectory))
        context.includedFiles = loaded.files.filter { $0.lineOrigins != nil }
        context.content = loaded
    }

    /// `BidirectionalText`'s and `InvisibleNames`' warnings for the summary, which holds no
    /// sample (each page's are `Parse`'s, from the page's tree).
    private static func summaryCharacterWarnings(contentDirectory: String) -> [Diagnostic] {
        let summary = FileSystem.join(contentDirectory, "SUMMARY.md")
        let summaryText = (try? FileSystem.read(summary)).map { String(decoding: $0, as: UTF8.self) } ?? ""
        return BidirectionalText.warnings(in: summaryText, path: summary)
            + InvisibleNames.inSummary(summaryText, path: summary)
    }

    /// `lecture check FILE…`: exactly those Markdown files, inside or outside the summary, each
    /// once, as a book of one chapter per file.
    /// - Throws: `LectureError` for a file that does not exist or cannot be read.
    private static func loadFiles(_ files: [String], into context: inout BuildContext) throws {
        let unique = sameFilesOnce(files)
        for file in unique where !FileSystem.exists(file) || FileSystem.isDirectory(file) {
            throw LectureError(.error(.badArgument, file, nil, "file does not exist"))
        }
        var sources: [SourceFile] = []
        let configuration = context.configuration
        let scope = IncludeScope(
            bookDirectory: configuration.bookDirectory, contentDirectory: configuration.contentDirectory,
            includeFrom: configuration.book.includeFrom, files: unique, replaced: configuration.replacedFolders)
        let bookIncludes = BookIncludes()
        for file in unique {
            guard let bytes = try? FileSystem.read(file) else {
                throw LectureError(.error(.fileSystem, file, nil, "cannot read file"))
            }
            do throws(Diagnostic) {
                let source = try SourceFileReader.decode(bytes, displayPath: file, relativePath: file)
                let (expanded, problems) = IncludeExpander.apply(
                    to: source, directory: IncludeExpander.folder(of: file),
                    scope: scope,
                    budget: IncludeBudget(cancellation: configuration.run.cancellation, book: bookIncludes))
                sources.append(expanded)
                context.diagnostics.emit(problems)
            } catch {
                context.diagnostics.emit(error)
            }
        }
        let chapters = sources.map {
            Chapter(title: $0.displayPath, path: $0.relativePath, location: SourceLocation(line: 1, column: 1))
        }
        context.diagnostics.emit(PublishedSecrets.inPages(sources))
        context.content = LoadedContent(book: Book(title: "", chapters: chapters), files: sources, diagnostics: [])
        context.includedFiles = sources.filter { $0.lineOrigins != nil }
    }

    /// `files` with each file once, under the first of its names: two names are one file when
    /// `stat(2)` gives both the same device and inode (`./a.md` and `a.md`, a symbolic link to the
    /// file or to a folder above it, a hard link), so its samples are counted and blessed once.
    /// Names differing in case are two files on a case-sensitive file system and stay apart. A
    /// name that does not exist is kept by its spelling (the caller refuses it).
    static func sameFilesOnce(_ files: [String]) -> [String] {
        var seen = Set<String>()
        return files.filter { file in
            let identity = FileSignature(path: file).map { "\($0.device):\($0.inode)" }
            return seen.insert(identity ?? URL(fileURLWithPath: file).standardizedFileURL.path).inserted
        }
    }
}
