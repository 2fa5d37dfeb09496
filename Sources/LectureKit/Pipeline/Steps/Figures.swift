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
            var diagrams = context.probes.diagrams()
            diagrams.timeLimit = context.configuration.diagramTimeout
            return FiguresInput(
                swiftVersion: context.swiftVersion, diagrams: diagrams,
                smartPunctuation: context.configuration.smartPunctuation)
        },
        pageInput: { context, page in
            FiguresPageInput(
                samples: context.samplesByPage[page.source.displayPath] ?? [],
                results: (context.resultsByPage[page.source.displayPath] ?? [:]).mapValues(\.shown))
        },
        page: { (page: inout Page, input: FiguresInput, own: FiguresPageInput) in
            var problems: [Diagnostic] = []
            page.blocks = SampleRendering.apply(
                to: page.blocks, samples: own.samples, swiftVersion: input.swiftVersion, results: own.results)
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
                if case .paragraph(let inlines) = block.kind,
                    inlines.contains(where: {
                        if case .text(let t) = $0 { return t.containsUTF8(UInt8(ascii: "|")) }
                        return false
                    })
                {
                    let lines = sourceLines ?? source.text.split(separator: "\n", omittingEmptySubsequences: false)
                    sourceLines = lines
                    switch PipeTableParagraph.read(block.range, lines: lines) {
                    case .prose: return [block]
                    case .tableLike:
                        problems.append(
                            .warning(
                                .tableAsText, path, block.range.start,
                                "paragraph looks like a table but has no delimiter row; it is shown as text",
                                notes: ["put a delimiter row such as '|---|---|' under the header row"]))
                        return [block]
                    case .table(let rows, let prose):
                        figureCount += 1
                        let start = SourceLocation(
                            line: block.range.start.line + prose, column: block.range.start.column)
                        let above = SourceLocation(line: start.line - 1, column: start.column)
                        do throws(DiagnosticsError) {
                            let table = try TableRenderer.read(
                                rows, caption: nil, id: FigureKind.table.id(figureCount), path: path, location: above,
                                rowColumn: block.range.start.column, references: references(),
                                footnotes: inlines.lines.dropFirst(prose).flatMap { $0 }.compactMap { inline in
                                    guard case .html(let html) = inline,
                                        html.hasPrefix("<sup class=\"footnote-reference\"")
                                    else { return nil }
                                    return html
                                }, smartPunctuation: input.smartPunctuation, warnings: &problems)
                            var blocks: [Block] = []
                            if prose > 0 {
                                // The lines before the table stay a paragraph.
                                var text: [Inline] = []
                                for line in inlines.lines.prefix(prose) {
                                    if !text.isEmpty { text.append(.softBreak) }
                                    text += line
                                }
                                var end = start
                                end.line -= 1
                                blocks.append(
                                    Block(.paragraph(text), range: SourceRange(start: block.range.start, end: end)))
                            }
                            let range = SourceRange(start: start, end: block.range.end)
                            return blocks + [Figure.table(table).block(at: range)]
                        } catch {
                            // GFM would show it as text too: a warning, the paragraph kept.
                            problems += error.diagnostics.map {
                                Diagnostic(
                                    .tableAsText, .warning, $0.path, $0.location,
                                    $0.summary + "; the paragraph is shown as text",
                                    notes: $0.notes)
                            }
                            return [block]
                        }
                    }
                }
                guard case .codeBlock(let code) = block.kind, code.isFenced else { return [block] }
                let info = InfoString(code.info)
                guard let kind = FigureKind(language: info.language) else { return [block] }
                figureCount += 1
                if let error = info.error {
                    problems.append(.error(.figureAttributes, path, block.range.start, error))
                    return [block]
                }
                let known = kind.knownAttributes
                let unknown = info.attributes.map(\.key).filter { !known.contains($0) }
                if !unknown.isEmpty {
                    problems.append(
                        .error(
                            .figureAttributes, path, block.range.start,
                            "unknown \(info.language) attribute '\(unknown[0])'",
                            notes: ["known attributes: " + known.sorted().map { "\($0)=\"…\"" }.joined(separator: ", ")]
                        ))
                    return [block]
                }
                let id = kind.id(figureCount)
                switch kind {
                case .diagram:
                    do throws(Diagnostic) {
                        let diagram = try diagrams.draw(
                            code.code, info: info, id: id, path: path, location: block.range.start, warnings: &problems)
                        return [Figure.diagram(diagram).block(at: block.range)]
                    } catch {
                        problems.append(error)
                        return [block]
                    }
                case .table:
                    do throws(DiagnosticsError) {
                        let table = try TableRenderer.read(
                            code.code, caption: info.value("caption"), id: id, path: path, location: block.range.start)
                        return [Figure.table(table).block(at: block.range)]
                    } catch {
                        problems += error.diagnostics
                        return [block]
                    }
                }
            }
            return problems
        })
}

/// What `Figures` takes besides the page.
struct FiguresInput: Hashable, Sendable {
    /// The compiler's short version, shown under outputs.
    var swiftVersion: String
    /// Graphviz, with the book's time limit.
    var diagrams: DiagramRenderer
    /// Whether pipe tables' cells are read with smart punctuation, as the page's paragraphs are.
    var smartPunctuation: Bool
}

/// What `Figures` takes of the book for one page: the page's samples and what the page shows of
/// their results (not the results' timings or cache hits, which change while the page does not).
struct FiguresPageInput: Hashable, Sendable {
    /// The page's samples, in page order.
    var samples: [Sample]
    /// What the page shows of their results, by the sample's first fence.
    var results: [SourceLocation: SampleResult.Shown]
}
