import CommonMark
import LectureSupport

extension BuildStep {
    /// `Links`: what links may name gathered once, as the step's input (`LinkChecker.Targets`:
    /// every page's anchors, the content folder's files); then on each page, text that was meant as a link found
    /// (`LiteralLinks`) and every internal link checked (`LinkChecker`) in the page's one tree,
    /// tables' cells included. Links stay as written (`.md`) until `Render`. An error so far does
    /// not stop the build here: `Render` still checks the URLs the pages emit, so one run reports
    /// every problem (`Render` stops before `Write`).
    static let links = BuildStep(
        name: "Links",
        input: { context in
            {
                var targets = LinkChecker.Targets(
                    pages: context.pages, contentFiles: Set(context.listing.assets().map(NFC.normalized)),
                    unloadedPages: context.content.unloadedPages,
                    outsideLinksAreErrors: context.configuration.book.outsideLinksAreErrors,
                    siteURL: context.configuration.siteURL)
                targets.symbolicLinks = Set(context.listing.symbolicLinks().map(NFC.normalized))
                targets.specialFiles = Set(context.listing.specialFiles().map(NFC.normalized))
                return targets
            }()
        },
        check: { (page: Page, targets: LinkChecker.Targets) in
            LiteralLinks.warnings(page.blocks, source: page.source) + LinkChecker.check(page, targets: targets)
        })
}
