import CommonMark
import LectureSupport

extension BuildStep {
    /// `Parse`: every page's Markdown through cmark into blocks (a file unchanged since the
    /// session's last build is not parsed again), and an error where a page nests deeper than
    /// the parser follows.
    static let parse = BuildStep(name: "Parse") { (context: inout BuildContext) in
        let loaded = context.content
        let chapters = Dictionary(loaded.book.flattened.map { ($0.path, $0) }, uniquingKeysWith: { a, _ in a })
        let memory = context.memory
        let smartPunctuation = context.configuration.smartPunctuation
        context.pages = loaded.files.parallelMap(jobs: context.configuration.verifier.jobs) { file in
            let signature = loaded.signatures[file.relativePath]
            if let signature, let parsed = memory?.parsedPage(file.relativePath, signature: signature) {
                var page = Page(chapter: chapters[file.relativePath]!, source: parsed.file, blocks: parsed.blocks)
                page.tooDeep = parsed.tooDeep
                return page
            }
            let (blocks, tooDeep) = MarkdownParser.parseDocument(file.text, smartPunctuation: smartPunctuation)
            if let signature {
                memory?.remember(
                    parsed: BuildMemory.Parsed(signature: signature, file: file, blocks: blocks, tooDeep: tooDeep),
                    for: file.relativePath)
            }
            var page = Page(chapter: chapters[file.relativePath]!, source: file, blocks: blocks)
            page.tooDeep = tooDeep
            return page
        }
        context.diagnostics += context.pages.compactMap { page in
            page.tooDeep.map {
                Diagnostic.error(
                    .nestingTooDeep, page.source.displayPath, $0,
                    "content nests deeper than \(MarkdownParser.maximumDepth) levels; the rest is left out",
                    notes: ["block quotes, lists or emphasis inside one another; flatten them"])
            }
        }
    }
}
