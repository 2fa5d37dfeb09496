import CommonMark
import LectureSupport

extension BuildStep {
    /// `Links`: on each page, text that was meant as a link found (`LiteralLinks`); then, over
    /// the whole book, every internal link checked (`LinkChecker`) in the pages' one tree, tables'
    /// cells included. Links stay as written (`.md`) until `Render`. A page's links are checked again when it changed or
    /// any heading of the book did. The build stops here when anything so far was an error.
    static let links = BuildStep(
        name: "Links", stopsOnErrors: true,
        page: { (page: inout Page, context: BuildContext) in
            LiteralLinks.warnings(page.blocks, source: page.source)
        },
        book: { (context: inout BuildContext) in
            let memory = context.memory
            var anchorsHash = SHA256()
            for page in context.pages {
                anchorsHash.update(page.chapter.path)
                anchorsHash.update(page.headings.map(\.id).joined(separator: "\n"))
            }
            let assets = context.listing.assets()
            anchorsHash.update(assets.joined(separator: "\n"))
            let anchorsChanged = memory?.anchorsChanged(to: anchorsHash.hexDigest()) ?? true
            var toCheck: [Int] = []
            for (index, page) in context.pages.enumerated() {
                if !anchorsChanged, context.reused.contains(page.chapter.path),
                    let signature = context.signatures[page.chapter.path],
                    let known = memory?.transformedPage(
                        page.chapter.path, signature: signature, global: context.global)?.linkProblems
                {
                    context.diagnostics += known
                } else {
                    toCheck.append(index)
                }
            }
            let checked = LinkChecker.check(
                toCheck.map { context.pages[$0] },
                allPages: context.pages, contentFiles: Set(assets), unloadedPages: context.content.unloadedPages)
            context.diagnostics += checked
            let byPath = Dictionary(grouping: checked, by: \.path)
            for index in toCheck {
                let page = context.pages[index]
                memory?.update(page.chapter.path) { $0.linkProblems = byPath[page.source.displayPath] ?? [] }
            }
        })
}
