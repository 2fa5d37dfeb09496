import CommonMark
import Foundation
import LectureSupport

/// What `lecture build` reads and writes.
public struct BuildConfiguration: Sendable {
    /// The folder with `SUMMARY.md` and the pages, as the user gave it (`--content`).
    public var contentDirectory = "content"
    /// The folder with `page.html` and the assets (`--templates`).
    public var templatesDirectory = "site-templates"
    /// Where the site is written (`--output`); swapped in whole when the build succeeds.
    public var outputDirectory = "_site"
    /// The sample and diagram cache (`--cache-dir`).
    public var cacheDirectory = Cache.defaultDirectory
    /// The path the site is served under, ending in `/` (`--site-url`, or `[output.html] site-url`
    /// in book.toml; mdBook's default `/`): `/` at a domain's root,
    /// `/repo/` for a GitHub Pages project site. `404.html`, served at any depth, links from it.
    public var siteURL = "/"
    /// How samples are verified (`-j`, `--timeout`, `--no-cache`), and the environment they run
    /// in (`verifier.environment`: `--sample-locale`, `--sample-time-zone`).
    public var verifier = SampleVerifier.Options()
    /// The book's `book.toml` settings (title, language, edit link…); none by default.
    public var book = BookSettings()
    /// The content folder's path from the folder holding `book.toml` (`src`), which the edit
    /// link's `{path}` starts with, as in mdBook.
    public var contentPathFromBookRoot = "src"
    /// A folder inside the content folder, by its path relative to it, that holds the site and
    /// is no content (a folder with `SUMMARY.md` and no `book.toml` builds into its `book/`).
    public var outputInsideContent: String?
    /// The folders the output may neither replace nor lie in: the content folder (unless the site
    /// is `outputInsideContent`, left out of it) and the templates folder.
    public var protectedFolders: [String] {
        outputInsideContent == nil ? [contentDirectory, templatesDirectory] : [templatesDirectory]
    }
    /// Whether prose gets typographic quotes, dashes and ellipses (cmark's smart punctuation,
    /// `--smart-punctuation`); off by default, so text reads as written: `--flag`, `1...5`.
    public var smartPunctuation = false
    /// highlight.js to copy into the site as `assets/highlight.min.js` (Debian's libjs-highlight.js).
    public var highlightJS = "/usr/share/javascript/highlight.js/highlight.min.js"
    /// Books with more chapters than this get their navigation from a shared `toc.js` instead of
    /// a copy in every page, so the site's size grows linearly with its pages.
    public var inlineNavigationLimit = 100
    /// The build date shown in page footers (ISO 8601 day).
    public var buildDate: String = {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.dateFormat = "yyyy-MM-dd"
        return formatter.string(from: Date())
    }()

    /// The defaults, as `lecture build` without options uses them.
    public init() {}
}

/// The outcome of a build that wrote its site.
public struct BuildReport: Sendable {
    /// The number of pages built.
    public var pagesWritten: Int
    /// Wall-clock duration of the whole build, in seconds.
    public var seconds: Double
    /// The site's folder, as configured.
    public var outputDirectory: String
    /// What was reported: warnings and notes only, since an error fails the build instead.
    public var diagnostics: [Diagnostic]
    /// Every sample's result, in page order; empty when the book has no samples.
    public var sampleResults: [SampleResult]
    /// The files pages include with `{{#include}}`, as paths on disk, sorted (`lecture serve`
    /// watches their folders).
    public var includedFiles: [String] = []

    /// The closing line: `Wrote 7 pages to _site/ in 1.42 s`.
    public var summary: String {
        "Wrote \(pagesWritten) page\(pagesWritten == 1 ? "" : "s") to \(outputDirectory.hasSuffix("/") ? outputDirectory : outputDirectory + "/") in \(String(format: "%.2f", seconds)) s"
    }
}

/// `lecture build`: load → parse → transform → render → write.
///
/// Modelled on mdBook's driver and Publish's steps: each stage is a method named after it, the
/// book flows one way through them, and problems in the content are collected across all pages
/// (swift-format's frontend does the same) before the build fails, writing nothing.
public struct BuildPipeline: Sendable {
    /// What to read and write.
    public var configuration: BuildConfiguration
    /// Where diagnostics, progress and timings go.
    public var console: Console
    /// What an earlier build of the same session left, for incremental rebuilds (`lecture serve`).
    public var memory: BuildMemory?
    /// What one run computes once and several stages ask for (the content folder's listing).
    private let runCache = RunCache()

    /// Creates a pipeline; pass the session's `memory` to rebuild incrementally.
    public init(configuration: BuildConfiguration, console: Console, memory: BuildMemory? = nil) {
        self.configuration = configuration
        self.console = console
        self.memory = memory
    }

    /// Runs every stage and writes the site.
    /// - Throws: `DiagnosticsError` when the content has errors (all are reported first, nothing
    ///   is written); `LectureError` for setup and I/O failures.
    @discardableResult
    public func run() throws -> BuildReport {
        let start = Date()
        var diagnostics: [Diagnostic] = []
        var probes: Probes?
        // Pages with {{#include}}: their diagnostics point into the included files.
        var includedFiles: [SourceFile] = []
        func fail() -> DiagnosticsError {
            // The probes' threads run child processes: let them finish before the caller exits,
            // or the process is torn down under them.
            _ = probes?.toolchain()
            diagnostics = IncludeExpander.remap(diagnostics, files: includedFiles)
            console.report(diagnostics.sortedForReading())
            return DiagnosticsError(diagnostics)
        }
        if let problem = SiteWriter.validate(
            output: configuration.outputDirectory, protecting: configuration.protectedFolders)
        {
            diagnostics.append(problem)
            throw fail()
        }

        // Ask the compiler and Graphviz their versions while the pages load and parse.
        let started = memory?.probes ?? Probes(cacheDirectory: configuration.cacheDirectory)
        probes = started
        memory?.probes = started
        var timings: [(stage: String, seconds: Double)] = []
        var clock = Date()
        func lap(_ stage: String) {
            timings.append((stage, Date().timeIntervalSince(clock)))
            clock = Date()
        }

        // Load
        let templates: Templates?
        switch Templates.load(directory: configuration.templatesDirectory) {
        case .success(let loaded): templates = loaded
        case .failure(let error):
            templates = nil
            diagnostics += error.diagnostics
        }
        let memory = self.memory
        var loaded = ContentLoader.load(
            contentDirectory: configuration.contentDirectory,
            reuse: { path, signature in
                memory?.parsedPage(path, signature: signature)?.file
            }, listing: contentListing)
        if let title = configuration.book.title {
            // book.toml's title wins, as in mdBook; the summary then needs none.
            loaded.book.title = title
            loaded.diagnostics.removeAll { $0.identifier == .summaryNoTitle }
        }
        diagnostics += loaded.diagnostics
        includedFiles = loaded.files.filter { $0.lineOrigins != nil }
        // Content problems don't stop the run here: the pages that loaded go on, so every
        // problem in them is reported too. Nothing is written unless all is well.
        guard let templates, FileSystem.isDirectory(configuration.contentDirectory) else { throw fail() }
        if loaded.book.flattened.isEmpty {
            diagnostics.append(
                .error(
                    .summaryEmpty,
                    FileSystem.join(configuration.contentDirectory, "SUMMARY.md"), nil,
                    "summary lists no pages", notes: ["add links such as '- [Title](page.md)'"]))
            throw fail()
        }
        diagnostics += outputCollisions(book: loaded.book, templates: templates)
        lap("load")

        // Parse
        var pages = parse(loaded)
        diagnostics += pages.compactMap { page in
            page.tooDeep.map {
                Diagnostic.error(
                    .nestingTooDeep,
                    page.source.displayPath, $0,
                    "content nests deeper than \(MarkdownParser.maximumDepth) levels; the rest is left out",
                    notes: ["block quotes, lists or emphasis inside one another; flatten them"])
            }
        }
        lap("parse")

        // Everything every page depends on; a page is redone when this or its file changed.
        let global = globalSignature(book: loaded.book, templates: templates, probes: started)

        // Transform
        let (transformed, results, transformDiagnostics) = try transform(
            &pages, probes: started, signatures: loaded.signatures, global: global)
        diagnostics += transformDiagnostics
        guard !diagnostics.hasErrors else { throw fail() }
        pages = transformed
        lap("transform")

        // Render
        let site = render(
            pages, book: loaded.book, templates: templates,
            swiftVersion: results.swiftVersion, signatures: loaded.signatures, global: global,
            reused: results.reused)
        lap("render")
        // Every URL the reader will follow, as emitted (templates and raw HTML included).
        let printChecked = memory?.printPageChecked(global: global) == true
        diagnostics += EmittedLinkChecker.check(
            site, siteURL: configuration.siteURL, optional: ["assets/highlight.min.js"],
            outputDirectory: configuration.outputDirectory, jobs: configuration.verifier.jobs,
            skipping: printChecked ? [PrintPage.outputPath] : [])
        guard !diagnostics.hasErrors else { throw fail() }
        memory?.rememberPrintPageChecked(global: global)
        lap("emitted links")

        // Write
        let linkable =
            memory?.liveSiteIsOurs(configuration.outputDirectory, global: global) == true ? site.unchanged : []
        do {
            try SiteWriter.write(
                site, to: configuration.outputDirectory, linking: linkable, removingOldLater: memory != nil)
            memory?.rememberWrite(configuration.outputDirectory, global: global, copies: site.copySignatures)
        } catch {
            memory?.forgetWrite()
            throw error
        }
        lap("write")
        diagnostics = IncludeExpander.remap(diagnostics, files: includedFiles)
        console.report(diagnostics.sortedForReading())
        if ProcessInfo.processInfo.environment["LECTURE_TIMINGS"] != nil {
            console.print(timings.map { "\($0.stage) \(String(format: "%.3f", $0.seconds)) s" }.joined(separator: ", "))
        }
        let included = Set(
            includedFiles.flatMap { file in (file.lineOrigins ?? []).map(\.path).filter { $0 != file.displayPath } })
        return BuildReport(
            pagesWritten: pages.count, seconds: Date().timeIntervalSince(start),
            outputDirectory: configuration.outputDirectory, diagnostics: diagnostics,
            sampleResults: results.samples, includedFiles: included.sorted())
    }

    /// The parse stage: every page through cmark.
    func parse(_ loaded: LoadedContent) -> [Page] {
        let chapters = Dictionary(loaded.book.flattened.map { ($0.path, $0) }, uniquingKeysWith: { a, _ in a })
        let memory = self.memory
        return loaded.files.parallelMap(jobs: configuration.verifier.jobs) { file in
            let signature = loaded.signatures[file.relativePath]
            if let signature, let parsed = memory?.parsedPage(file.relativePath, signature: signature) {
                var page = Page(chapter: chapters[file.relativePath]!, source: parsed.file, blocks: parsed.blocks)
                page.tooDeep = parsed.tooDeep
                return page
            }
            let (blocks, tooDeep) = MarkdownParser.parseDocument(
                file.text, smartPunctuation: configuration.smartPunctuation)
            if let signature {
                memory?.remember(
                    parsed: BuildMemory.Parsed(signature: signature, file: file, blocks: blocks, tooDeep: tooDeep),
                    for: file.relativePath)
            }
            var page = Page(chapter: chapters[file.relativePath]!, source: file, blocks: blocks)
            page.tooDeep = tooDeep
            return page
        }
    }

    /// A digest of the inputs every page depends on: the chapters (titles, paths, nesting), the
    /// templates, the compiler and Graphviz versions, the build date and navigation mode.
    func globalSignature(book: Book, templates: Templates, probes: Probes) -> String {
        var hash = SHA256()
        hash.update("\(book)")
        for name in ["page.html", "404.html"] {
            hash.update((try? FileSystem.read(FileSystem.join(templates.directory, name))) ?? [])
        }
        hash.update(probes.toolchain()?.versionLine ?? "no swiftc")
        hash.update(probes.diagrams().graphvizVersion ?? "no graphviz")
        hash.update(
            "\(configuration.buildDate) \(configuration.inlineNavigationLimit) \(configuration.contentDirectory) \(configuration.siteURL) smart=\(configuration.smartPunctuation)"
        )
        return hash.hexDigest()
    }

    struct SampleOutcome {
        var samples: [SampleResult]
        var swiftVersion: String
        /// Pages whose transform came from `memory` unchanged.
        var reused: Set<String> = []
    }

    /// The transform stage: verify samples, render diagrams and tables, anchor headings,
    /// rewrite links. Returns the pages and every problem found.
    func transform(
        _ pages: inout [Page], probes: Probes, signatures: [String: FileSignature] = [:], global: String = ""
    ) throws -> ([Page], SampleOutcome, [Diagnostic]) {
        var diagnostics: [Diagnostic] = []
        let extracted = extractSamples(pages, signatures: signatures)
        diagnostics += extracted.diagnostics
        var outcome = SampleOutcome(samples: [], swiftVersion: "Swift")
        let toolchain = probes.toolchain()
        if !extracted.samples.isEmpty {
            let stage = try SampleStage.prepare(
                cacheDirectory: configuration.cacheDirectory, options: configuration.verifier,
                toolchain: toolchain)
            outcome.swiftVersion = stage.verifier.toolchain.shortVersion
            outcome.samples = stage.verify(extracted.samples, console: console)
            for result in outcome.samples { diagnostics += result.diagnostics }
        } else if let toolchain {
            outcome.swiftVersion = toolchain.shortVersion
        }

        let diagrams = probes.diagrams()
        let swiftVersion = outcome.swiftVersion
        let samplesByPath = Dictionary(grouping: extracted.samples, by: \.path)
        let highlightCache = Cache(directory: configuration.cacheDirectory)
        let resultsByPath = Dictionary(grouping: outcome.samples, by: \.sample.path)
            .mapValues { Dictionary($0.map { ($0.sample.location, $0) }, uniquingKeysWith: { a, _ in a }) }
        let memory = self.memory
        let templateIDs = self.templateIDs
        let smartPunctuation = configuration.smartPunctuation
        let perPage = pages.parallelMap(jobs: configuration.verifier.jobs) { page -> (Page, [Diagnostic], Bool) in
            let path = page.chapter.path
            let signature = signatures[path]
            let hasSamples = samplesByPath[page.source.displayPath] != nil
            if !hasSamples, let signature,
                let memo = memory?.transformedPage(path, signature: signature, global: global)
            {
                return (memo.page, memo.problems, true)
            }
            var page = page
            var problems: [Diagnostic] = []
            page.blocks = SampleRendering.apply(
                to: page.blocks, samples: samplesByPath[page.source.displayPath] ?? [], swiftVersion: swiftVersion,
                results: resultsByPath[page.source.displayPath] ?? [:], cache: highlightCache)
            var figureCount = 0
            var sourceLines: [Substring]?
            page.blocks = page.blocks.rewritingLeafBlocks { block in
                if case .paragraph(let inlines) = block.kind,
                    inlines.contains(where: {
                        if case .text(let t) = $0 { return t.utf8.contains(UInt8(ascii: "|")) }
                        return false
                    })
                {
                    let lines = sourceLines ?? page.source.text.split(separator: "\n", omittingEmptySubsequences: false)
                    sourceLines = lines
                    switch PipeTableParagraph.read(block.range, lines: lines) {
                    case .prose: return [block]
                    case .tableLike:
                        problems.append(
                            .warning(
                                .tableAsText,
                                page.source.displayPath, block.range.start,
                                "paragraph looks like a table but has no delimiter row; it is shown as text",
                                notes: ["put a delimiter row such as '|---|---|' under the header row"]))
                        return [block]
                    case .table(let rows):
                        figureCount += 1
                        let above = SourceLocation(line: block.range.start.line - 1, column: block.range.start.column)
                        switch TableRenderer.render(
                            rows, caption: nil, id: "lecture-table-\(figureCount)", path: page.source.displayPath,
                            location: above)
                        {
                        case .success(let html): return [Block(.html(html), range: block.range)]
                        case .failure(let error):
                            // GFM would show it as text too: a warning, the paragraph kept.
                            problems += error.diagnostics.map {
                                Diagnostic(
                                    .tableAsText,
                                    .warning, $0.path, $0.location, $0.summary + "; the paragraph is shown as text",
                                    notes: $0.notes)
                            }
                            return [block]
                        }
                    }
                }
                guard case .codeBlock(let code) = block.kind, code.isFenced else { return [block] }
                let info = InfoString(code.info)
                guard info.language == DiagramRenderer.language || info.language == TableRenderer.language else {
                    return [block]
                }
                figureCount += 1
                if let error = info.error {
                    problems.append(.error(.figureAttributes, page.source.displayPath, block.range.start, error))
                    return [block]
                }
                let known: Set<String> = info.language == DiagramRenderer.language ? ["caption", "alt"] : ["caption"]
                let unknown = info.attributes.map(\.key).filter { !known.contains($0) }
                if !unknown.isEmpty {
                    problems.append(
                        .error(
                            .figureAttributes,
                            page.source.displayPath, block.range.start,
                            "unknown \(info.language) attribute '\(unknown[0])'",
                            notes: ["known attributes: " + known.sorted().map { "\($0)=\"…\"" }.joined(separator: ", ")]
                        ))
                    return [block]
                }
                let id = "lecture-\(info.language == "dot" ? "diagram" : "table")-\(figureCount)"
                let result: Result<String, DiagnosticsError>
                if info.language == DiagramRenderer.language {
                    result = diagrams.render(
                        code.code, info: info, id: id, path: page.source.displayPath, location: block.range.start,
                        warnings: &problems
                    )
                    .mapError { DiagnosticsError([$0]) }
                } else {
                    result = TableRenderer.render(
                        code.code, caption: info.value("caption"), id: id, path: page.source.displayPath,
                        location: block.range.start)
                }
                switch result {
                case .success(let html): return [Block(.html(html), range: block.range)]
                case .failure(let error):
                    problems += error.diagnostics
                    return [block]
                }
            }
            var reserved = templateIDs
            for block in page.blocks.leafBlocks {
                if case .html(let html) = block.kind, html.contains(" id=\"") { reserved.formUnion(Self.ids(in: html)) }
            }
            let anchored = HeadingAnchors.apply(to: page.blocks, reserved: reserved, smartPunctuation: smartPunctuation)
            page.blocks = LinkRewriter.apply(to: anchored.blocks)
            page.headings = anchored.headings
            let h1 = page.headings.filter { $0.level == 1 }.count
            if h1 != 1 {
                problems.append(
                    .warning(
                        .pageHeading,
                        page.source.displayPath, SourceLocation(line: 1, column: 1),
                        h1 == 0
                            ? "page has no '# ' heading; the summary's title is used"
                            : "page has \(h1) level-1 headings; a page should have one"))
            }
            problems += Self.headingOrderWarnings(page.blocks, path: page.source.displayPath)
            problems += LiteralLinks.warnings(page.blocks, source: page.source)
            if let signature {
                memory?.remember(
                    transformed: BuildMemory.Transformed(
                        signature: signature, global: global, page: page, problems: problems), for: path)
            }
            return (page, problems, false)
        }
        for (_, problems, _) in perPage { diagnostics += problems }
        let transformedPages = perPage.map(\.0)

        // Links: a page's are checked again when it changed, or when any heading of the book did.
        var anchorsHash = SHA256()
        for page in transformedPages {
            anchorsHash.update(page.chapter.path)
            anchorsHash.update(page.headings.map(\.id).joined(separator: "\n"))
        }
        let assets = contentAssets()
        anchorsHash.update(assets.joined(separator: "\n"))
        let anchorsChanged = memory?.anchorsChanged(to: anchorsHash.hexDigest()) ?? true
        var toCheck: [Int] = []
        for (index, entry) in perPage.enumerated() {
            if !anchorsChanged, entry.2, let signature = signatures[entry.0.chapter.path],
                let memo = memory?.transformedPage(entry.0.chapter.path, signature: signature, global: global),
                let known = memo.linkProblems
            {
                diagnostics += known
            } else {
                toCheck.append(index)
            }
        }
        let checked = LinkChecker.check(
            toCheck.map { transformedPages[$0] }, originalBlocks: toCheck.map { pages[$0].blocks },
            allPages: transformedPages, contentFiles: Set(assets))
        diagnostics += checked
        let byPath = Dictionary(grouping: checked, by: \.path)
        for index in toCheck {
            let page = transformedPages[index]
            memory?.update(page.chapter.path) { $0.linkProblems = byPath[page.source.displayPath] ?? [] }
        }
        outcome.reused = Set(perPage.filter(\.2).map(\.0.chapter.path))
        return (transformedPages, outcome, diagnostics)
    }

    /// Every page's samples, from `memory` for pages whose file did not change.
    func extractSamples(_ pages: [Page], signatures: [String: FileSignature]) -> (
        samples: [Sample], diagnostics: [Diagnostic]
    ) {
        guard let memory else { return SampleStage.extract(pages.map { ($0.source, $0.blocks) }) }
        var samples: [Sample] = []
        var diagnostics: [Diagnostic] = []
        for page in pages {
            let path = page.chapter.path
            if let signature = signatures[path], let known = memory.extraction(path, signature: signature) {
                samples += known.samples
                diagnostics += known.diagnostics
                continue
            }
            let found = SampleExtractor.extract(from: page.blocks, path: page.source.displayPath)
            if let signature = signatures[path] { memory.remember(extraction: found, for: path, signature: signature) }
            samples += found.samples
            diagnostics += found.diagnostics
        }
        return (samples, diagnostics)
    }

    /// Files of the content folder other than Markdown (images and the like), copied into the
    /// site at the same paths, as mdBook does; dotfiles and dotfolders (`.git`, `.build`) and
    /// `node_modules` folders are left out.
    func contentAssets() -> [String] {
        contentListing().filter { path in
            !path.hasSuffix(".md") && !path.split(separator: "/").contains { $0.hasPrefix(".") || $0 == "node_modules" }
        }
    }

    /// Every regular file of the content folder, listed once per run.
    func contentListing() -> [String] {
        runCache.listing {
            let files = FileSystem.files(under: configuration.contentDirectory)
            guard let site = configuration.outputInsideContent else { return files }
            return files.filter { !$0.hasPrefix(site + "/") }
        }
    }

    /// The `id`s the page template gives its own elements, which headings must not take.
    var templateIDs: Set<String> {
        let text =
            (try? FileSystem.read(FileSystem.join(configuration.templatesDirectory, "page.html")))
            .map { String(decoding: $0, as: UTF8.self) } ?? ""
        return Self.ids(in: text)
    }

    /// Every `id="…"` value in a piece of HTML.
    static func ids(in html: String) -> Set<String> {
        let bytes = Array(html.utf8)
        return Set(AttributeScan.values(in: bytes, after: " id=\"").map { String(decoding: bytes[$0], as: UTF8.self) })
    }

    /// Output paths two sources would share: pages mapping to the same `.html` (`README.md` and
    /// `index.md`), a page named like a file the build makes (`404.html`, `search/pages.js`), or
    /// a content file named like a page or asset. Each is an error: one would silently replace
    /// the other.
    func outputCollisions(book: Book, templates: Templates) -> [Diagnostic] {
        var diagnostics: [Diagnostic] = []
        let summary = FileSystem.join(configuration.contentDirectory, "SUMMARY.md")
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
                        .outputCollision,
                        summary, chapter.location,
                        "page '\(chapter.path)' would be written to \(chapter.outputPath), which is \(owner)"))
            } else {
                owners[chapter.outputPath] = "page '\(chapter.path)'"
            }
        }
        if !book.flattened.contains(where: { $0.outputPath == "index.html" }) {
            owners["index.html"] = "the index (a copy of the first page)"
        }
        for file in contentAssets() {
            if let owner = owner(file) {
                diagnostics.append(
                    .error(
                        .outputCollision,
                        FileSystem.join(configuration.contentDirectory, file), nil,
                        "content file would be written to \(file), which is \(owner)"))
            }
        }
        return diagnostics
    }

    /// Headings that skip a level (an h2 followed by an h4), which screen-reader users navigate
    /// by (WCAG 2.1, technique G141).
    static func headingOrderWarnings(_ blocks: [Block], path: String) -> [Diagnostic] {
        var previous = 0
        var warnings: [Diagnostic] = []
        for block in blocks.leafBlocks {
            guard case .heading(let level, _, _) = block.kind else { continue }
            if previous > 0 && level > previous + 1 {
                warnings.append(
                    .warning(
                        .headingJump, path, block.range.start, "heading level jumps from h\(previous) to h\(level)"))
            }
            previous = level
        }
        return warnings
    }

    /// `print.html`: every chapter in one page (`PrintPage`); a chapter's section is kept in
    /// `memory` like its page, so a preview rebuild renders only the chapters that changed.
    func printPage(
        _ pages: [Page], book: Book, templates: Templates, swiftVersion: String,
        signatures: [String: FileSignature], global: String, reused: Set<String>
    ) -> [UInt8] {
        let anchors = PrintAnchors(book.flattened, reserved: templateIDs)
        let memory = self.memory
        let sections = pages.parallelMap(jobs: configuration.verifier.jobs) { page -> String in
            if reused.contains(page.chapter.path), let signature = signatures[page.chapter.path],
                let known = memory?.transformedPage(page.chapter.path, signature: signature, global: global)?.printHTML
            {
                return known
            }
            let html = PrintPage.chapter(page, anchors: anchors)
            memory?.update(page.chapter.path) { $0.printHTML = html }
            return html
        }
        let byPath = Dictionary(zip(pages.map(\.chapter.path), zip(pages, sections)), uniquingKeysWith: { a, _ in a })
        let order = book.flattened.compactMap { byPath[$0.path] }
        let content = PrintPage.content(
            book: book, pages: byPath.mapValues(\.0), chapters: order.map(\.1), anchors: anchors,
            swiftVersion: swiftVersion, buildDate: configuration.buildDate)
        return Array(
            templates.page.render([
                "title": .text(PrintPage.title),
                "book_title": .text(book.title),
                "content": .html(content),
                "nav": .html(
                    book.flattened.count > configuration.inlineNavigationLimit
                        ? Navigation.scriptedTree(current: PrintPage.outputPath, root: "")
                        : Navigation.tree(book.chapters, current: PrintPage.outputPath, root: "")),
                "prev": .html(""), "next": .html(""), "toc": .html(""),
                "root": .text(""), "swift_version": .text(swiftVersion), "build_date": .text(configuration.buildDate),
            ]).utf8)
    }

    /// The render stage: pages into the layout, plus the site-wide files.
    func render(
        _ pages: [Page], book: Book, templates: Templates, swiftVersion: String,
        signatures: [String: FileSignature] = [:], global: String = "", reused: Set<String> = []
    ) -> SiteFiles {
        var site = SiteFiles()
        let order = book.flattened
        let renderer = HTMLRenderer()
        let scripted = order.count > configuration.inlineNavigationLimit
        let configuration = self.configuration
        let memory = self.memory
        let positions = Dictionary(
            order.enumerated().map { ($0.element.path, $0.offset) }, uniquingKeysWith: { a, _ in a })
        let rendered = Array(pages.enumerated()).parallelMap(jobs: configuration.verifier.jobs) {
            (index, page) -> (String, [UInt8], SearchIndex.PageEntry, Bool) in
            let output = page.chapter.outputPath
            // A page whose transform came from memory renders as it did, if it was rendered.
            if let signature = signatures[page.chapter.path],
                let memo = memory?.transformedPage(page.chapter.path, signature: signature, global: global),
                reused.contains(page.chapter.path), let html = memo.html, let entry = memo.searchEntry
            {
                return (output, html, entry, true)
            }
            let root = OutputPath.rootPrefix(from: output)
            let position = positions[page.chapter.path] ?? index
            let values: [String: Template.Value] = BookValues.of(configuration).merging([
                "edit_link": .html(BookValues.editLink(configuration, page: page.chapter.path)),
                "title": .text(page.title),
                "book_title": .text(book.title),
                "content": .html(renderer.render(page.blocks)),
                "nav": .html(
                    scripted
                        ? Navigation.scriptedTree(current: output, root: root)
                        : Navigation.tree(book.chapters, current: output, root: root)),
                "prev": .html(Navigation.link(position > 0 ? order[position - 1] : nil, rel: "prev", root: root)),
                "next": .html(
                    Navigation.link(position + 1 < order.count ? order[position + 1] : nil, rel: "next", root: root)),
                "toc": .html(Navigation.toc(page.headings)),
                "root": .text(root),
                "swift_version": .text(swiftVersion),
                "build_date": .text(configuration.buildDate),
            ]) { _, new in new }
            let html = Array(templates.page.render(values).utf8)
            let entry = SearchIndex.entry(page)
            memory?.update(page.chapter.path) {
                $0.html = html
                $0.searchEntry = entry
            }
            return (output, html, entry, false)
        }
        for (output, bytes, _, unchanged) in rendered {
            site.generated[output] = bytes
            if unchanged { site.unchanged.insert(output) }
        }
        site.generated[PrintPage.outputPath] = printPage(
            pages, book: book, templates: templates, swiftVersion: swiftVersion,
            signatures: signatures, global: global, reused: reused)
        if let first = order.first, site.unchanged.contains(first.outputPath) { site.unchanged.insert("index.html") }
        if site.generated["index.html"] == nil, let first = order.first, let html = site.generated[first.outputPath] {
            // mdBook's rule: without a README.md, the first chapter is also the index. A copy
            // keeps its relative URLs right only beside the root; from a folder it is a redirect.
            site.generated["index.html"] =
                first.outputPath.contains("/")
                ? Array(
                    Navigation.redirect(
                        to: first.outputPath, title: first.title, language: configuration.book.language ?? "ko"
                    ).utf8) : html
        }
        if scripted {
            site.generated["toc.js"] = Array(Navigation.tocScript(book.chapters).utf8)
            site.generated["toc.html"] = Array(
                templates.page.render(
                    BookValues.of(configuration).merging([
                        "title": .text("차례"),
                        "book_title": .text(book.title),
                        "content": .html("<h1>차례</h1>\n" + Navigation.tree(book.chapters, current: nil, root: "")),
                        "nav": .html(""), "prev": .html(""), "next": .html(""), "toc": .html(""),
                        "root": .text(""), "swift_version": .text(swiftVersion),
                        "build_date": .text(configuration.buildDate),
                    ]) { _, new in new }
                ).utf8)
        }
        if let notFound = templates.notFound {
            site.generated["404.html"] = Array(
                notFound.render(
                    BookValues.of(configuration).merging([
                        "book_title": .text(book.title),
                        "nav": .html(Navigation.tree(book.chapters, current: nil, root: configuration.siteURL)),
                        "root": .text(configuration.siteURL),
                        "swift_version": .text(swiftVersion),
                        "build_date": .text(configuration.buildDate),
                    ]) { _, new in new }
                ).utf8)
        }
        for file in contentAssets() {
            site.copied[file] = FileSystem.join(configuration.contentDirectory, file)
        }
        for asset in templates.assets {
            site.copied[asset] = FileSystem.join(templates.directory, asset)
        }
        if FileSystem.exists(configuration.highlightJS) {
            site.copied["assets/highlight.min.js"] = configuration.highlightJS
        }
        // Copied files whose source is as it was at the last write can be linked, not copied.
        if let memory {
            site.copySignatures = site.copied.compactMapValues { FileSignature(path: $0) }
            for (path, signature) in site.copySignatures where memory.copiedUnchanged(path, signature) {
                site.unchanged.insert(path)
            }
        }
        site.generated.merge(SearchIndex.files(rendered.map(\.2))) { _, index in index }
        for (number, page) in rendered.enumerated() where page.3 { site.unchanged.insert(SearchIndex.textFile(number)) }
        return site
    }
}

/// The versions of the compiler and of Graphviz, asked on a background thread as soon as a
/// build starts, so their processes run while pages load and parse.
final class Probes: @unchecked Sendable {
    private let group = DispatchGroup()
    private var foundToolchain: Toolchain?
    private var foundDiagrams: DiagramRenderer?

    init(cacheDirectory: String) {
        DispatchQueue.global().async(group: group) { [self] in
            foundToolchain = try? Toolchain.find(cache: Cache(directory: cacheDirectory))
        }
        DispatchQueue.global().async(group: group) { [self] in
            foundDiagrams = DiagramRenderer.find(cache: Cache(directory: cacheDirectory))
        }
    }

    /// The compiler, or `nil` when none runs (samples then report the setup error).
    func toolchain() -> Toolchain? {
        group.wait()
        return foundToolchain
    }

    func diagrams() -> DiagramRenderer {
        group.wait()
        return foundDiagrams!
    }
}

/// Values computed once per run of a pipeline, on first use.
final class RunCache: @unchecked Sendable {
    private let lock = NSLock()
    private var files: [String]?

    func listing(_ compute: () -> [String]) -> [String] {
        lock.withLock {
            if let files { return files }
            let computed = compute()
            files = computed
            return computed
        }
    }
}
