import CommonMark
import LectureSupport

extension BuildStep {
    /// `Parse`: each page's Markdown through cmark into blocks, and an error where a page nests
    /// deeper than the parser follows. Reads the page's file alone.
    static let parse = BuildStep(
        name: "Parse", reads: [],
        page: { (page: inout Page, context: BuildContext) in
            let (blocks, tooDeep) = MarkdownParser.parseDocument(
                page.source.text, smartPunctuation: context.configuration.smartPunctuation)
            page.blocks = blocks
            page.tooDeep = tooDeep
            guard let tooDeep else { return [] }
            return [
                .error(
                    .nestingTooDeep, page.source.displayPath, tooDeep,
                    "content nests deeper than \(MarkdownParser.maximumDepth) levels; the rest is left out",
                    notes: ["block quotes, lists or emphasis inside one another; flatten them"])
            ]
        })
}
