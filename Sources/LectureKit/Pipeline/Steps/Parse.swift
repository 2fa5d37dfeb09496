import CommonMark
import LectureSupport

extension BuildStep {
    /// `Parse`: each page's Markdown through cmark into blocks, with the extensions mdBook turns
    /// on (`MarkdownExtensions`), and an error where a page nests deeper than the parser follows. Reads the page's file alone.
    static let parse = BuildStep(
        name: "Parse", reads: [],
        page: { (page: inout Page, context: BuildContext) in
            let (blocks, tooDeep, literalEmphasis) = MarkdownParser.parseDocument(
                Footnotes.protectingDefinitions(page.source.text),
                smartPunctuation: context.configuration.smartPunctuation)
            page.blocks = MarkdownExtensions.apply(to: blocks)
            page.tooDeep = tooDeep
            let problems = literalEmphasis.map { location in
                Diagnostic.warning(
                    .literalEmphasis, page.source.displayPath, location,
                    "emphasis markers match nothing and are shown as text",
                    notes: [
                        "close the emphasis with the same marker ('**word**'), or write '\\*' for a literal '*'"
                    ])
            }
            guard let tooDeep else { return problems }
            return problems + [
                .error(
                    .nestingTooDeep, page.source.displayPath, tooDeep,
                    "content nests deeper than \(MarkdownParser.maximumDepth) levels; the rest is left out",
                    notes: ["block quotes, lists or emphasis inside one another; flatten them"])
            ]
        })
}
