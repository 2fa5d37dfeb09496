import CommonMark
import LectureSupport

/// The content of mdBook's page-not-found page of Markdown (`NotFoundSource`): the page parsed,
/// its figures made and its headings given ids as every page's are (`Parse`, `Figures` and
/// `Anchors` on it alone), its links checked (`Links`) and those to pages rewritten, then every relative URL prefixed with
/// the site's URL path: a server answers it for a missing path at any depth, where a relative
/// URL would resolve against that path. (mdBook writes `<base href="…">` for the same; a base
/// would move the page's own `#…` links, the theme's skip link among them, to the site's root.)
/// Its links are read from the pages' root even when the page lies in a folder, as mdBook's
/// base makes a browser read them (mdBook 0.5.4, `input-404 = "errors/missing.md"`: `a.md`
/// leads to the site's `a.html`, `../a.md` above the site).
enum NotFoundContent {
    /// The page's HTML for `<main>`, with the problems its steps found (a link it breaks among
    /// them, at its line in the page, as every page's).
    static func html(
        _ source: SourceFile, context: BuildContext, rendering: PageRendering
    ) -> (html: String, diagnostics: [Diagnostic]) {
        let (page, diagnostics) = made(source, context: context, by: [.parse, .figures, .anchors, .links])
        let content = HTMLRenderer().renderMarked(
            BuildStep.htmlBlocks(
                page, cache: rendering.cache, chrome: rendering.values.chrome, indexFolders: rendering.indexFolders,
                hidelines: rendering.hidelines, edition: rendering.edition))
        return (prefixed(content.html, siteURL: rendering.values.siteURL), diagnostics)
    }

    /// The page made of `source` by each of `steps`' work on a page (`lecture check` parses it
    /// alone: `BuildStep.notFoundPage`), with the problems they found.
    static func made(_ source: SourceFile, context: BuildContext, by steps: [BuildStep]) -> (Page, [Diagnostic]) {
        // Its links read from the pages' root wherever the page lies (`input-404 =
        // "errors/missing.md"`), as mdBook's `<base href>` (the site's URL) makes them read.
        let name = source.relativePath.split(separator: "/").last.map(String.init) ?? source.relativePath
        var page = Page(
            chapter: Chapter(title: "", path: name, location: SourceLocation(line: 1, column: 1)),
            source: source, blocks: [])
        var diagnostics: [Diagnostic] = []
        for step in steps {
            guard let part = step.page, let input = try? part.input(context) else { continue }
            diagnostics += part.work(&page, input, part.pageInput(context, page))
        }
        // A broken link's note says where its links are read from: the site's root, not the
        // page's own folder (`errors/lost.md` read as `lost.md`).
        let said = "(links are relative to \(quoted: name))"
        let fromRoot =
            "(the not-found page's links are read from the site's root wherever the page lies, as mdBook's <base href> makes a browser read them)"
        for index in diagnostics.indices {
            diagnostics[index].notes = diagnostics[index].notes.map {
                $0.replacingOccurrences(of: said, with: fromRoot)
            }
        }
        return (page, diagnostics)
    }

    /// `html` with each relative `href` and `src` (not `#…`, `/…`, `//…` nor `scheme:…`) led by `siteURL`.
    static func prefixed(_ html: String, siteURL: String) -> String {
        let prefix = HTML.escapeHref(siteURL.hasSuffix("/") ? siteURL : siteURL + "/")
        let lead = { (value: String) -> String in
            guard let first = value.first, first != "#", first != "/", first != "?", !LinkRewriter.hasScheme(value)
            else { return value }
            return prefix + value
        }
        let quote = UInt8(ascii: "\"")
        return AttributeScan.replacing(
            in: html, [(" href=\"", quote, lead), (" src=\"", quote, lead), (" href='", UInt8(ascii: "'"), lead)])
    }
}
