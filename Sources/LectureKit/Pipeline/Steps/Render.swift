import CommonMark
import Foundation
import LectureSupport

extension BuildStep {
    /// `Render`: each page into the page template with its search entry and its `print.html`
    /// section; then `print.html`, the index, `404.html`, the shared navigation of large books,
    /// the search index and the files to copy; then every URL the reader will follow, as
    /// emitted (templates and raw HTML included), checked (`EmittedLinkChecker`). The pages are
    /// kept whole (a session's, a test's).
    static let render = render(keepingPages: true)

    /// `Render`, keeping the pages whole to the end when `keepingPages` (a session's, whose
    /// `SessionMemory` keeps them for the next build); else, for a one-off build, each page's
    /// blocks and section texts are dropped once the page is rendered, and its `print.html`
    /// section and search entry once those are assembled (peak memory, issue 36).
    /// `printingAlways` (`lecture pdf`): `print.html` is written even when book.toml turns it off.
    static func render(keepingPages: Bool, printingAlways: Bool = false) -> BuildStep {
        BuildStep(
            name: "Render", stopsOnErrors: true, session: renderSession,
            input: { context in
                // No templates (`Load` reported why): nothing can be rendered, and nothing after runs.
                guard let templates = context.templates else { throw BuildStop() }
                return RenderInput(
                    templates: templates, rendering: PageRendering(context, templates: templates),
                    keepsPages: keepingPages, printsAlways: printingAlways)
            },
            page: { (page: inout Page, input: RenderInput) in
                // Past the bound on what the theme makes (`RenderedSize`), no page after the first
                // found past it in book order is rendered; the error is the book part's.
                let size = input.rendering.size
                let position = input.rendering.positions[page.chapter.path] ?? 0
                guard size.renders(position: position) else {
                    page.rendered = nil
                    return []
                }
                page.rendered = input.rendering.render(page, templates: input.templates)
                if let rendered = page.rendered {
                    size.count(rendered, position: position)
                    if !size.renders(position: position + 1) { page.rendered = nil }
                }
                if !input.keepsPages {
                    // A one-off build: nothing after this reads the page's tree or its sections' text.
                    page.blocks = []
                    for index in page.headings.indices { page.headings[index].sectionText = "" }
                }
                return []
            },
            book: { (context: inout BuildContext, input: RenderInput) in
                let rendering = input.rendering
                // Past the bound, in book order whatever order the pages rendered in: one error,
                // and no site is made of the pages.
                let rendered = Dictionary(
                    context.pages.compactMap { page in
                        page.rendered.map { (rendering.positions[page.chapter.path] ?? 0, $0) }
                    }, uniquingKeysWith: { first, _ in first })
                let byPosition = Dictionary(
                    context.pages.indices.map { (rendering.positions[context.pages[$0].chapter.path] ?? 0, $0) },
                    uniquingKeysWith: { first, _ in first })
                if let tooLarge = rendering.size.problem(
                    rendered: rendered, pages: rendering.order.count, template: input.templates.page,
                    render: { position in
                        guard let index = byPosition[position] else { return nil }
                        let page = rendering.render(context.pages[index], templates: input.templates)
                        context.pages[index].rendered = page
                        return page
                    })
                {
                    context.diagnostics.emit(tooLarge)
                    return
                }
                // A theme without a place for book.toml's additional files would drop them unsaid.
                context.diagnostics.emit(rendering.values.additional.unplaced(in: input.templates.page))
                context.diagnostics.emit(rendering.values.unplacedHead(in: input.templates.page))
                context.diagnostics.emit(EssentialPlaceholders.missing(in: input.templates.page))
                // mdBook's `404.md`, made like a page (its problems reported as a page's).
                let notFound = context.content.notFound.map {
                    NotFoundContent.html($0, context: context, rendering: rendering)
                }
                context.diagnostics.emit(notFound?.diagnostics ?? [])
                // A link it breaks is reported at its line: not again as the built 404.html's, and
                // the other files are still checked (every problem in one run).
                let notFoundFailed = notFound?.diagnostics.contains(where: { $0.severity == .error }) == true
                // A one-off build takes each page's `print.html` section and search entry out of
                // the page: held once, each is freed as `print.html` and the index take it in.
                let parts = BookWideParts(
                    &context.pages, order: context.content.book.flattened, taking: !input.keepsPages)
                context.site = site(
                    context, templates: input.templates, rendering: rendering, notFound: notFound?.html, parts: parts,
                    printing: input.printsAlways)
                if !input.keepsPages {
                    // A one-off build: the site holds each page's HTML now, and `Names` rewrites
                    // it there; a second reference here kept the first bytes of every page alive
                    // beside the rewritten ones to the end (issue 36).
                    for index in context.pages.indices { context.pages[index].rendered?.html = [] }
                }
                // Cancelled while the print page or the search index was made: they are not whole.
                try context.configuration.run.cancellation.check()
                let configuration = context.configuration
                // mdBook 0.5.4 writes `.nojekyll` into every site (run), so that GitHub Pages
                // serves the folder as it is instead of running Jekyll over it.
                if context.site.copied[SiteWriter.noJekyll] == nil {
                    context.site.generated[SiteWriter.noJekyll] = Array(SiteWriter.noJekyllText.utf8)
                }
                // mdBook's `[output.html.redirect]` pages, checked here against book.toml's lines.
                let redirects = Redirects.pages(
                    configuration.book.redirects, site: context.site, siteURL: configuration.siteURL,
                    language: configuration.book.languageOrDefault, values: rendering.values,
                    cname: configuration.book.cname != nil && context.site.copied["CNAME"] == nil)
                // New redirect pages, and the book's pages a fragment redirect adds its script to.
                context.site.generated.merge(redirects.files) { _, new in new }
                // mdBook's `[output.html] cname`: GitHub Pages' custom domain, unless the book has its own CNAME file.
                if let cname = configuration.book.cname, context.site.copied["CNAME"] == nil {
                    context.site.generated["CNAME"] = Array((cname + "\n").utf8)
                }
                context.diagnostics.emit(redirects.diagnostics)
                // Every URL the reader will follow, as emitted (templates and raw HTML included).
                // One a page's raw HTML writes is at its line of the expanded text, as every
                // page's problem is until the report moves them all once to the line a person
                // edits (`BuildContext.report`; moved here too, an included page's were moved twice).
                // A listed page that could not be loaded has its error at the summary or the
                // page: the template's links to it, and to the root index it would have been,
                // are not said again (hostile-input round of 2026-12-07).
                let listed = context.content.book.flattened
                let unloaded = Set(listed.filter { context.content.unloadedPages.contains($0.path) }.map(\.outputPath))
                let firstUnloaded = listed.first.map { unloaded.contains($0.outputPath) } ?? false
                let emitted = EmittedLinkChecker.check(
                    context.site, siteURL: configuration.siteURL,
                    optional: unloaded.union([SiteFiles.highlightJS]).union(firstUnloaded ? ["index.html"] : []),
                    outputDirectory: configuration.outputDirectory, jobs: configuration.run.jobs,
                    skipping: Set(redirects.files.keys).union(notFoundFailed ? ["404.html"] : []),
                    outsideLinksAreErrors: configuration.book.outsideLinksAreErrors,
                    places: RawHTMLURLPlaces(
                        pages: context.pages, reported: context.diagnostics.diagnostics,
                        unloaded: context.content.unloadedPages),
                    settings: SettingURLs(configuration: configuration))
                context.diagnostics.emit(RawHTMLURLPlaces.unreported(emitted, after: context.diagnostics.diagnostics))
                // No path of this machine in what is published.
                let sources = Dictionary(
                    context.pages.compactMap { page in page.rendered.map { ($0.outputPath, page.source.displayPath) } },
                    uniquingKeysWith: { first, _ in first })
                context.diagnostics.emit(
                    MachinePaths.leaks(
                        in: context.site,
                        needles: configuration.machinePaths,
                        sources: sources,
                        texts: Dictionary(
                            context.pages.map { ($0.source.displayPath, $0.source.text) },
                            uniquingKeysWith: { first, _ in first }),
                        settings: (MachinePaths.shownSettings(configuration.book), configuration.bookTOMLPath),
                        outputDirectory: configuration.outputDirectory, jobs: configuration.run.jobs)
                )
            })
    }

    /// In a session: the site files its pages make as the live site holds them, from results
    /// with the keys of the build that wrote it (a page taken from memory may have been rendered
    /// by a later build that failed, and never written), so `Write` links them instead of
    /// writing them; copied files whose source is as it was at the last write. (The emitted-URL
    /// check skips none of them: what a page's URLs name lies in other files.)
    static let renderSession = SessionHooks(
        pagesDone: { rebuild, context in
            let keys = rebuild.pageKeys
            let written = rebuild.memory.writtenKeys
            let reused = Set(keys.filter { written[$0.key] == $0.value }.keys)
            var unchanged = Set<String>()
            for page in context.pages where reused.contains(page.chapter.path) {
                unchanged.insert(page.chapter.outputPath)
            }
            let rendered = context.pages.compactMap(\.rendered)
            if rendered.count == context.pages.count {
                unchanged.formUnion(
                    SearchIndex.unchangedTextFiles(
                        rendered.map(\.searchEntry), fromMemory: context.pages.map { reused.contains($0.chapter.path) })
                )
            }
            if let first = context.content.book.flattened.first, unchanged.contains(first.outputPath) {
                unchanged.insert("index.html")
            }
            context.earlier.unchanged = unchanged
        },
        after: { rebuild, context in
            // Copied files whose source is as it was at the last write can be linked, not copied.
            let copies = context.site.copied.compactMapValues { FileSignature(path: $0.source) }
            for (path, signature) in copies where rebuild.memory.copiedUnchanged(path, signature) {
                context.site.unchanged.insert(path)
            }
            context.site.copySignatures = copies
            context.site.pageKeys = rebuild.pageKeys
            return nil
        })

    /// The site's files from the rendered pages; files `context.earlier` knows unchanged marked so.
    private static func site(
        _ context: BuildContext, templates: Templates, rendering: PageRendering, notFound: String?,
        parts: BookWideParts, printing: Bool
    ) -> SiteFiles {
        let values = rendering.values
        let configuration = context.configuration
        let book = context.content.book
        let pages = context.pages.compactMap(\.rendered)
        var site = SiteFiles()
        site.unchanged = context.earlier.unchanged
        for page in pages {
            site.generated[page.outputPath] = page.html
            site.links[page.outputPath] = page.links
        }
        // `print.html` and the search index each take every page: made side by side (`.atOnce`:
        // with two large items, helpers that start only after the caller's first item would find
        // the second taken by the caller, and the two would be made one after the other).
        let bookWide = [0, 1].parallelMap(jobs: configuration.run.jobs, start: .atOnce) { part -> [String: [UInt8]] in
            // `enable = false` in `[output.html.print]` or `[output.html.search]`: not written,
            // as mdBook 0.5.4 writes neither (`lecture pdf` prints a print page all the same).
            if part == 0, configuration.book.printEnabled == false, !printing { return [:] }
            if part == 1, configuration.book.searchEnabled == false { return [:] }
            if part == 0 {
                var chapters = parts.chapters.withLock { taken in
                    defer { taken = [] }
                    return taken
                }
                return [
                    PrintPage.outputPath: printPage(
                        context, chapters: &chapters, templates: templates, rendering: rendering)
                ]
            }
            var entries = parts.entries.withLock { taken in
                defer { taken = [] }
                return taken
            }
            return SearchIndex.files(consuming: &entries)
        }
        for files in bookWide { site.generated.merge(files) { _, new in new } }
        let order = book.flattened
        if site.generated["index.html"] == nil, let first = order.first, let html = site.generated[first.outputPath] {
            // mdBook's rule: without a README.md, the first chapter is also the index. A copy
            // keeps its relative URLs right only beside the root; from a folder it is a redirect.
            site.generated["index.html"] =
                first.outputPath.contains("/")
                ? Array(
                    Navigation.redirect(
                        to: OutputPath.href(forOutput: first.outputPath), title: first.title,
                        language: configuration.book.languageOrDefault, values: values
                    ).utf8) : html
            if !first.outputPath.contains("/") { site.links["index.html"] = site.links[first.outputPath] }
        }
        if order.isEmpty {
            // A book without pages (an empty summary, which mdBook builds too): the root is the
            // theme around nothing, so the site's own links to it lead somewhere.
            site.generated["index.html"] = Array(
                templates.page.render(values.page(title: book.title, content: "", root: "", nav: "")).utf8)
        }
        site.generated[InterfaceWords.scriptPath] = values.words.script
        if values.scriptsNavigation {
            site.generated["toc.js"] = Array(Navigation.tocScript(book.chapters, values: values).utf8)
        }
        // The chapter tree on a page of its own, at mdBook 0.5.4's path (its sidebar for readers
        // without script), in every book: a link or a deploy check that expects it finds it.
        site.generated["toc.html"] = Array(
            templates.page.render(
                values.page(
                    title: values.words["contents"],
                    content: values.partial(
                        .contentsPage,
                        ["chapters": .html(Navigation.tree(book.chapters, current: nil, root: "", values: values))]),
                    root: "", nav: "", head: values.partial(.contentsHead, [:]), describes: false)
            ).utf8)
        if let page = NotFoundPage.html(
            message: templates.notFound, content: notFound, templates: templates, values: values)
        {
            site.generated[notFound == nil ? NotFoundPage.outputPath : NotFoundSource.outputPath(configuration.book)] =
                Array(page.utf8)
        }
        // Each copied file with the folders the read rule lets it come from (`CopiedFile`): the
        // listing's regular files are copied as regular files, never through a link put there since.
        let content = [CanonicalPath.of(configuration.contentDirectory)]
        for file in context.listing.assets() {
            // Named in NFC, as every link to it is written (`LinkRewriter`): a name macOS wrote
            // in NFD is reached on any server.
            site.copied[NFC.normalized(file)] = CopiedFile(
                source: FileSystem.join(configuration.contentDirectory, file), roots: content, followingLink: false)
        }
        let bookFolder = [
            CanonicalPath.of(configuration.bookDirectory ?? FileSystem.join(configuration.contentDirectory, ".."))
        ]
        for asset in templates.assets {
            if let bytes = templates.embedded[asset] {
                site.generated[NFC.normalized(asset)] = bytes
            } else {
                site.copied[NFC.normalized(asset)] = CopiedFile(
                    source: FileSystem.join(templates.directory, asset),
                    roots: [CanonicalPath.of(templates.directory)] + bookFolder, followingLink: false)
            }
        }
        // The book's mdBook icon (`theme/favicon.svg`) in place of the theme's, as mdBook uses it.
        if let favicon = configuration.themeFavicon, templates.assets.contains(MdBookTheme.faviconAsset) {
            site.generated[MdBookTheme.faviconAsset] = nil
            site.copied[MdBookTheme.faviconAsset] = CopiedFile(source: favicon, roots: bookFolder)
        }
        // book.toml's additional-css and additional-js, at their paths from the book's folder.
        for file in configuration.additionalStyles + configuration.additionalScripts {
            site.copied[NFC.normalized(file.sitePath)] = CopiedFile(source: file.source, roots: bookFolder)
        }
        if FileSystem.exists(configuration.highlightJS) {
            site.copied[SiteFiles.highlightJS] = .system(configuration.highlightJS)
        }
        return site
    }

    /// `print.html`: every chapter's section (`PrintPage`, made with its page; `chapters`, in
    /// reading order, emptied as they are taken in), in one page.
    private static func printPage(
        _ context: BuildContext, chapters: inout [String], templates: Templates, rendering: PageRendering
    ) -> [UInt8] {
        let values = rendering.values
        let pages = context.pages
        let front = PrintPage.front(
            book: context.content.book, pages: pages, anchors: rendering.printAnchors,
            values: values)
        let anchors = rendering.printAnchors
        var titles: [String: String] = [:]
        for chapter in context.content.book.flattened {
            if let prefix = anchors.chapters[chapter.outputPath] { titles[prefix] = chapter.title }
        }
        var parts = [front]
        parts.reserveCapacity(chapters.count + 1)
        parts.append(contentsOf: chapters)
        chapters = []
        PrintIDs.unique(&parts, anchors: anchors, titles: titles, reserved: context.templateIDs)
        return templates.page.renderUTF8(
            values.page(
                title: values.words["print-title"], content: "", root: "",
                nav: values.navigation(current: PrintPage.outputPath, root: ""),
                // Not for search engines, as mdBook's print page is not: the partial `print-head`.
                head: values.partial(.printHead, [:]),
                // The book's title alone, as mdBook's print page has it (and the PDF's metadata).
                pageTitle: values.book.title.isEmpty ? nil : values.book.title),
            html: "content", consuming: &parts)
    }
}

/// What `print.html` and the search index take from every rendered page: the chapters' sections
/// in reading order and the search entries in the pages' order, each in a lock so that the one
/// thread that assembles it can take it whole, the only copy left when `taking`.
struct BookWideParts: Sendable {
    let chapters: Locked<[String]>
    let entries: Locked<[SearchIndex.PageEntry]>

    /// The parts of `pages`, taken out of them when `taking` (a one-off build, which reads them
    /// nowhere else), else shared with them (a session keeps them for its next build).
    init(_ pages: inout [Page], order: [Chapter], taking: Bool) {
        let numbers = Dictionary(pages.indices.map { (pages[$0].chapter.path, $0) }, uniquingKeysWith: { a, _ in a })
        let chapters = order.compactMap { numbers[$0.path] }.map { pages[$0].rendered?.printHTML ?? "" }
        let entries = pages.compactMap { $0.rendered?.searchEntry }
        if taking {
            for index in pages.indices {
                pages[index].rendered?.printHTML = ""
                pages[index].rendered?.searchEntry = SearchIndex.PageEntry(title: "", url: "", sections: [], grams: [])
            }
        }
        self.chapters = Locked(chapters)
        self.entries = Locked(entries)
    }
}

/// What `Render` takes besides the page, in its page part and its book part alike: the templates
/// and what every page's rendering reads. It exists only when `Load` loaded templates (its
/// `input:` stops the build otherwise), so neither part runs without them.
struct RenderInput: Hashable, Sendable {
    var templates: Templates
    var rendering: PageRendering
    /// Whether the pages are kept whole (`render(keepingPages:)`); else a page's tree and section
    /// texts are dropped once rendered.
    var keepsPages = true
    /// Whether `print.html` is written whatever book.toml says (`lecture pdf`).
    var printsAlways = false
}

/// What `Render` needs for every page, made once: the template values, the book's order and
/// `print.html`'s anchors.
struct PageRendering: Hashable, Sendable {
    /// The values of the page template's placeholders.
    let values: TemplateValues
    /// The chapters in reading order.
    let order: [Chapter]
    /// Each chapter's place in `order`, by path relative to the content folder.
    let positions: [String: Int]
    /// `print.html`'s anchor for every chapter and heading.
    let printAnchors: PrintAnchors
    /// Where drawings are kept.
    let cache: Cache
    /// The book's folders that have an index page (`cli` for `cli/README.md`): a link to one
    /// without its `/` is a link to that page.
    let indexFolders: Set<String>
    /// Each language's prefix of hidden code lines (book.toml's `[output.html.code.hidelines]`).
    let hidelines: [String: String]
    /// The edition Rust code is marked with (book.toml's `[rust] edition`).
    let edition: String?
    /// The bound on what the theme makes of the pages, and what it made so far.
    let size: RenderedSize

    /// The inputs of `context`'s pages, as `Render` finds them, with the theme's words and partials.
    init(_ context: BuildContext, templates: Templates) {
        let configuration = context.configuration
        let book = context.content.book
        values = TemplateValues(
            configuration: configuration, book: book, swiftVersion: context.swiftVersion,
            words: templates.words, verifiedSamples: context.sampleResults.count { $0.outcome == .passed },
            partials: templates.partials)
        order = book.flattened
        positions = Dictionary(order.enumerated().map { ($0.element.path, $0.offset) }, uniquingKeysWith: { a, _ in a })
        printAnchors = PrintAnchors(order, reserved: context.templateIDs)
        cache = Cache(directory: configuration.cacheDirectory)
        hidelines = configuration.book.codeHidelines
        edition = configuration.book.rustEdition
        size = RenderedSize(
            chapters: order, templates: templates, sources: context.pages.reduce(0) { $0 + $1.source.text.utf8.count })
        indexFolders = Set(
            order.map(\.outputPath).filter { $0.hasSuffix("/index.html") }.map {
                String($0.dropLast("/index.html".count))
            })
    }

    /// `page` in the page template, its search entry and its `print.html` section.
    func render(_ page: Page, templates: Templates) -> RenderedPage {
        let output = page.chapter.outputPath
        let content = HTMLRenderer().renderMarked(
            BuildStep.htmlBlocks(
                page, cache: cache, chrome: values.chrome, indexFolders: indexFolders, hidelines: hidelines,
                edition: edition))
        let root = OutputPath.rootPrefix(from: output)
        let position = positions[page.chapter.path] ?? 0
        let body = HTMLComments.closingOff(content.html)
        // The parts the theme's partials make, measured for `RenderedSize`.
        let parts = [
            "nav": values.navigation(current: output, root: root),
            "prev": Navigation.link(
                position > 0 ? order[position - 1] : nil, rel: "prev", root: root,
                label: values.words["previous"], values: values),
            "next": Navigation.link(
                position + 1 < order.count ? order[position + 1] : nil, rel: "next", root: root,
                label: values.words["next"], values: values),
            "toc": Navigation.toc(page.headings, values: values),
        ]
        let html = Array(
            templates.page.render(
                values.page(
                    title: page.title, content: body, root: root, nav: parts["nav"] ?? "", prev: parts["prev"] ?? "",
                    next: parts["next"] ?? "", toc: parts["toc"] ?? "",
                    editLink: values.editLink(page: page.chapter.path),
                    pageTitle: page.source.title)
            ).utf8)
        return RenderedPage(
            outputPath: output, html: html, contentBytes: body.utf8.count,
            largestPart: parts.max { ($0.value.utf8.count, $1.key) < ($1.value.utf8.count, $0.key) }.map {
                ($0.key, $0.value.utf8.count)
            } ?? ("nav", 0),
            links: EmittedLinks(html: html), searchEntry: SearchIndex.entry(page),
            printHTML: PrintPage.chapter(
                content, output: output, anchors: printAnchors,
                number: page.chapter.number.flatMap {
                    PrintPage.carries(page.title, number: $0)
                        ? nil
                        : values.words.format(
                            "print-chapter-number", ["number": $0.map(String.init).joined(separator: ".")])
                }, values: values))
    }
}

extension BuildStep {
    /// The page's blocks ready for `HTMLRenderer`: links to pages rewritten to their `.html`
    /// (`LinkRewriter`), in its blocks and its tables' cells alike, and every figure (sample,
    /// diagram, table) made HTML (`FigureHTML`), code blocks with their hidden lines (`hidelines`).
    static func htmlBlocks(
        _ page: Page, cache: Cache, chrome: Chrome = .english, indexFolders: Set<String> = [],
        hidelines: [String: String] = [:], edition: String? = nil
    ) -> [Block] {
        let directory = page.chapter.path.split(separator: "/").dropLast().joined(separator: "/")
        let links = LinkRewriter.Page(directory: directory, indexFolders: indexFolders)
        return FigureHTML.lower(
            links.apply(to: page.blocks), cache: cache, chrome: chrome, links: links, hidelines: hidelines,
            edition: edition)
    }
}

/// One page after `Render`: where it goes, its bytes, its search index entry and its section
/// of `print.html`.
struct RenderedPage: Sendable {
    /// The page's path in the site (`part/x.html`).
    var outputPath: String
    /// The page as written, UTF-8.
    var html: [UInt8]
    /// How much of it is the page's own content; the rest the theme made (`RenderedSize`).
    var contentBytes = 0
    /// The largest part the theme's partials made in it (`nav`, `prev`, `next`, `toc`), in bytes.
    var largestPart: (placeholder: String, bytes: Int) = ("nav", 0)
    /// Its URLs and ids, read once here: the emitted-URL check resolves them on every build.
    var links: EmittedLinks
    /// Its entry of the search index.
    var searchEntry: SearchIndex.PageEntry
    /// Its section of `print.html` (`PrintPage.chapter`).
    var printHTML: String
}
