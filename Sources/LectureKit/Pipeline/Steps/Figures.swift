import CommonMark
import LectureSupport

extension BuildStep {
    /// `Figures`: on each page, samples' blocks made figures with their verified results
    /// (`SampleRendering`), `dot` blocks drawn by Graphviz (`DiagramRenderer`), `table` blocks
    /// and pipe-table paragraphs read as tables (`TableRenderer`); figures are numbered in page
    /// order. Each stays a `Figure` value in the page's tree; `Render` makes it HTML (`FigureHTML`).
    static let figures = BuildStep(
        name: "Figures",
        input: { context in
            // Graphviz is asked for only when a page has a diagram to draw.
            var diagrams = context.probes.diagrams(needed: drawsDiagrams(context.pages))
            diagrams.timeLimit = context.configuration.diagramTimeout
            diagrams.fonts.family = context.configuration.diagramFont
            return FiguresInput(
                swiftVersion: context.swiftVersion, diagrams: diagrams,
                smartPunctuation: context.configuration.smartPunctuation,
                tableRowHeaders: context.configuration.book.tableRowHeaders == true,
                swiftAnalysis: context.configuration.verifier.swiftAnalysis)
        },
        pageInput: { context, page in
            FiguresPageInput(
                samples: context.samplesByPage[page.source.displayPath] ?? [],
                results: (context.resultsByPage[page.source.displayPath] ?? [:]).mapValues(\.shown))
        },
        page: { (page: inout Page, input: FiguresInput, own: FiguresPageInput) in
            var problems: [Diagnostic] = []
            page.blocks = SampleRendering.apply(
                to: page.blocks, samples: own.samples, swiftVersion: input.swiftVersion, results: own.results,
                swiftAnalysis: input.swiftAnalysis)
            let diagrams = input.diagrams
            var figureCount = 0
            var sourceLines: [Substring]?
            let path = page.source.displayPath
            let source = page.source
            // The page's link reference definitions, for links by reference in table cells.
            var pageReferences: String?
            func references() -> String {
                if let pageReferences { return pageReferences }
                let found = LinkReferences.definitions(in: sourceLines ?? [])
                pageReferences = found
                return found
            }
            page.blocks = page.blocks.rewritingLeafBlocks { block in
                if case .paragraph(let inlines) = block.kind, PipeTables.mayHoldTable(inlines) {
                    let lines = sourceLines ?? source.text.split(separator: "\n", omittingEmptySubsequences: false)
                    sourceLines = lines
                    return PipeTables.rewrite(
                        block, inlines: inlines, lines: lines, path: path, smartPunctuation: input.smartPunctuation,
                        rowHeaders: input.tableRowHeaders,
                        nextID: {
                            figureCount += 1
                            return FigureKind.table.id(figureCount)
                        }, references: references, problems: &problems)
                }
                guard case .codeBlock(let code) = block.kind, code.isFenced else { return nil }
                let info = InfoString(code.info)
                guard let kind = FigureKind(language: info.language) else { return nil }
                figureCount += 1
                if let error = info.error {
                    problems.append(.error(.figureAttributes, path, block.range.start, error))
                    return nil
                }
                let known = kind.knownAttributes
                let unknown = info.attributes.map(\.key).filter { !known.contains($0) }
                if !unknown.isEmpty {
                    problems.append(
                        .error(
                            .figureAttributes, path, block.range.start,
                            "unknown \(info.language) attribute \(quoted: unknown[0])",
                            notes: ["known attributes: " + known.sorted().map { "\($0)=\"…\"" }.joined(separator: ", ")]
                        ))
                    return nil
                }
                let figure = kind.figure(
                    code.code, info: info, id: kind.id(figureCount), path: path, location: block.range.start,
                    diagrams: diagrams, problems: &problems)
                return figure.map { [$0.block(at: block.range)] }
            }
            return problems
        })
}

extension BuildStep {
    /// Whether a page holds a block `figures` draws with Graphviz: a fenced code block whose
    /// info string's language is `dot`, at any depth (`leafBlocks`, as `figures` rewrites them).
    static func drawsDiagrams(_ pages: [Page]) -> Bool {
        pages.contains { page in
            page.blocks.leafBlocks.contains { block in
                guard case .codeBlock(let code) = block.kind, code.isFenced else { return false }
                return FigureKind(language: InfoString(code.info).language) == .diagram
            }
        }
    }
}

/// What `Figures` takes besides the page.
struct FiguresInput: Hashable, Sendable {
    /// The compiler's short version, shown under outputs.
    var swiftVersion: String
    /// Graphviz, with the book's time limit.
    var diagrams: DiagramRenderer
    /// Whether pipe tables' cells are read with smart punctuation, as the page's paragraphs are.
    var smartPunctuation: Bool
    /// Whether pipe tables are comparisons with row headers (`[preprocessor.lecture] table-row-headers`).
    var tableRowHeaders: Bool
    /// Whether samples' code is highlighted at build time (`SampleVerifier.Options.swiftAnalysis`).
    var swiftAnalysis: Bool
}

/// What `Figures` takes of the book for one page: the page's samples and what the page shows of
/// their results (not the results' timings or cache hits, which change while the page does not).
struct FiguresPageInput: Hashable, Sendable {
    /// The page's samples, in page order.
    var samples: [Sample]
    /// What the page shows of their results, by the sample's first fence.
    var results: [SourceLocation: SampleResult.Shown]
}
