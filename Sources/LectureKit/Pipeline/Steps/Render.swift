import CommonMark
import Foundation
import LectureSupport

extension BuildStep {
    /// `Render`: every page into the page template, `print.html`, the index, `404.html`, the
    /// shared navigation of large books, the search index and the files to copy; then every URL
    /// the reader will follow, as emitted (templates and raw HTML included), checked
    /// (`EmittedLinkChecker`). A page taken from `BuildMemory` renders as it did.
    static let render = BuildStep(name: "Render", stopsOnErrors: true) { (context: inout BuildContext) in
        guard let templates = context.templates else { throw BuildStop() }
        let configuration = context.configuration
        let book = context.content.book
        let values = TemplateValues(configuration: configuration, book: book, swiftVersion: context.swiftVersion)
        let pages = renderPages(context, templates: templates, values: values)
        var site = SiteFiles()
        for page in pages {
            site.generated[page.outputPath] = page.html
            if page.fromMemory { site.unchanged.insert(page.outputPath) }
        }
        site.generated[PrintPage.outputPath] = printPage(context, rendered: pages, templates: templates, values: values)
        let order = book.flattened
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
        if values.scriptsNavigation {
            site.generated["toc.js"] = Array(Navigation.tocScript(book.chapters).utf8)
            site.generated["toc.html"] = Array(
                templates.page.render(
                    values.page(
                        title: "차례", content: "<h1>차례</h1>\n" + Navigation.tree(book.chapters, current: nil, root: ""),
                        root: "", nav: "")
                ).utf8)
        }
        if let message = templates.notFound {
            site.generated[NotFoundPage.outputPath] = Array(
                NotFoundPage.html(message: message, templates: templates, values: values).utf8)
        }
        for file in context.listing.assets() {
            site.copied[file] = FileSystem.join(configuration.contentDirectory, file)
        }
        for asset in templates.assets {
            site.copied[asset] = FileSystem.join(templates.directory, asset)
        }
        if FileSystem.exists(configuration.highlightJS) {
            site.copied["assets/highlight.min.js"] = configuration.highlightJS
        }
        // Copied files whose source is as it was at the last write can be linked, not copied.
        if let memory = context.memory {
            site.copySignatures = site.copied.compactMapValues { FileSignature(path: $0) }
            for (path, signature) in site.copySignatures where memory.copiedUnchanged(path, signature) {
                site.unchanged.insert(path)
            }
        }
        let entries = pages.map(\.searchEntry)
        site.generated.merge(SearchIndex.files(entries)) { _, index in index }
        site.unchanged.formUnion(SearchIndex.unchangedTextFiles(entries, fromMemory: pages.map(\.fromMemory)))
        context.site = site

        // Every URL the reader will follow, as emitted (templates and raw HTML included).
        let printChecked = context.memory?.printPageChecked(global: context.global) == true
        let problems = EmittedLinkChecker.check(
            site, siteURL: configuration.siteURL, optional: ["assets/highlight.min.js"],
            outputDirectory: configuration.outputDirectory, jobs: configuration.verifier.jobs,
            skipping: printChecked ? [PrintPage.outputPath] : [])
        context.diagnostics += problems
        if !context.diagnostics.hasErrors { context.memory?.rememberPrintPageChecked(global: context.global) }
    }

    /// Every page in the page template, with its search entry; in page order.
    private static func renderPages(_ context: BuildContext, templates: Templates, values: TemplateValues)
        -> [RenderedPage]
    {
        let configuration = context.configuration
        let book = context.content.book
        let order = book.flattened
        let renderer = HTMLRenderer()
        let cache = Cache(directory: configuration.cacheDirectory)
        let positions = Dictionary(
            order.enumerated().map { ($0.element.path, $0.offset) }, uniquingKeysWith: { a, _ in a })
        return Array(context.pages.enumerated()).parallelMap(jobs: configuration.verifier.jobs) {
            (index, page) -> RenderedPage in
            let output = page.chapter.outputPath
            if let memo = context.remembered(page), let html = memo.html, let entry = memo.searchEntry {
                return RenderedPage(outputPath: output, html: html, searchEntry: entry, blocks: nil)
            }
            let blocks = htmlBlocks(page, cache: cache)
            let root = OutputPath.rootPrefix(from: output)
            let position = positions[page.chapter.path] ?? index
            let html = Array(
                templates.page.render(
                    values.page(
                        title: page.title, content: renderer.render(blocks), root: root,
                        nav: values.navigation(current: output, root: root),
                        prev: Navigation.link(position > 0 ? order[position - 1] : nil, rel: "prev", root: root),
                        next: Navigation.link(
                            position + 1 < order.count ? order[position + 1] : nil, rel: "next", root: root),
                        toc: Navigation.toc(page.headings), editLink: values.editLink(page: page.chapter.path))
                ).utf8)
            let entry = SearchIndex.entry(page)
            context.memory?.update(page.chapter.path) {
                $0.html = html
                $0.searchEntry = entry
            }
            return RenderedPage(outputPath: output, html: html, searchEntry: entry, blocks: blocks)
        }
    }

    /// `print.html`: every chapter in one page (`PrintPage`); a chapter's section is kept in
    /// `BuildMemory` like its page, so a preview rebuild renders only the chapters that changed.
    private static func printPage(
        _ context: BuildContext, rendered: [RenderedPage], templates: Templates, values: TemplateValues
    ) -> [UInt8] {
        let configuration = context.configuration
        let book = context.content.book
        let anchors = PrintAnchors(book.flattened, reserved: context.templateIDs)
        let pages = context.pages
        let cache = Cache(directory: configuration.cacheDirectory)
        let sections = Array(zip(pages, rendered)).parallelMap(jobs: configuration.verifier.jobs) {
            page, rendered -> String in
            if let known = context.remembered(page)?.printHTML { return known }
            var page = page
            page.blocks = rendered.blocks ?? htmlBlocks(page, cache: cache)
            let html = PrintPage.chapter(page, anchors: anchors)
            context.memory?.update(page.chapter.path) { $0.printHTML = html }
            return html
        }
        let byPath = Dictionary(zip(pages.map(\.chapter.path), zip(pages, sections)), uniquingKeysWith: { a, _ in a })
        let order = book.flattened.compactMap { byPath[$0.path] }
        let content = PrintPage.content(
            book: book, pages: byPath.mapValues(\.0), chapters: order.map(\.1), anchors: anchors,
            swiftVersion: context.swiftVersion, buildDate: configuration.buildDate)
        return Array(
            templates.page.render(
                values.page(
                    title: PrintPage.title, content: content, root: "",
                    nav: values.navigation(current: PrintPage.outputPath, root: ""))
            ).utf8)
    }
}

extension BuildStep {
    /// The page's blocks ready for `HTMLRenderer`: links to pages rewritten to their `.html`
    /// (`LinkRewriter`), and every figure (sample, diagram, table) made HTML (`FigureHTML`).
    static func htmlBlocks(_ page: Page, cache: Cache) -> [Block] {
        FigureHTML.lower(LinkRewriter.apply(to: page.blocks), cache: cache)
    }
}

/// One page after `Render`: where it goes, its bytes and its search index entry.
struct RenderedPage: Sendable {
    /// The page's path in the site (`part/x.html`).
    var outputPath: String
    /// The page as written, UTF-8.
    var html: [UInt8]
    /// Its entry of the search index.
    var searchEntry: SearchIndex.PageEntry
    /// The blocks its content was rendered from (`Render.htmlBlocks`); `nil` when the page comes
    /// from `BuildMemory` as an earlier build rendered it.
    var blocks: [Block]?

    /// Whether it comes from `BuildMemory` as an earlier build rendered it.
    var fromMemory: Bool { blocks == nil }
}
