import CommonMark

/// A figure the `Figures` step made of a fenced code block (a sample, a `dot` diagram, a
/// `table`) or of a pipe-table paragraph. It stays a typed value in the page's tree (a
/// `CustomBlock`) until `Render` turns it into HTML (`FigureHTML`), so the steps between read
/// it as data: `Anchors` its ids, `Links` a table's links.
enum Figure: Hashable, Sendable {
    /// One fenced code block of a sample, with its verified result.
    case sample(SampleFigure)
    /// A Graphviz drawing.
    case diagram(Diagram)
    /// A comparison table.
    case table(Table)

    /// The figure as a block of the page's tree, at `range`.
    func block(at range: SourceRange) -> Block { Block(.custom(CustomBlock(self)), range: range) }

    /// The figure a block holds, if it holds one.
    init?(_ block: Block) {
        guard case .custom(let custom) = block.kind, let figure = custom.value as? Figure else { return nil }
        self = figure
    }

    /// The `id`s its HTML will give elements, which headings must not take.
    var ids: Set<String> {
        switch self {
        case .sample(let figure): figure.ids
        case .diagram(let diagram): HTMLIDs.of(diagram.wide.svg).union(diagram.narrow.map { HTMLIDs.of($0.svg) } ?? [])
        case .table(let table) where !table.rowHeaders: []
        case .table(let table): table.caption == nil ? [table.id] : [table.id, table.id + "-caption"]
        }
    }
}

/// One fenced code block of a sample as the page shows it: the code, and under the last part
/// the verified output or test report, marked with the Swift version that produced it.
struct SampleFigure: Hashable, Sendable {
    /// The sample the block belongs to.
    var sample: Sample
    /// Which of the sample's parts (fenced blocks) this is, 0-based.
    var part: Int
    /// What the page shows of verifying the sample (hover cards, tests), by its first fence;
    /// `nil` when it was not verified (`ignore`).
    var result: SampleResult.Shown?
    /// The compiler's short version (`Swift 6.3`).
    var swiftVersion: String
    /// Whether the code is highlighted at build time with its hover cards; else it is escaped
    /// text for highlight.js (`SampleVerifier.Options.swiftAnalysis`).
    var swiftAnalysis = true

    /// The hover cards' ids (`lecture-card-LINE-N`, `SwiftCodeHTML`).
    var ids: Set<String> {
        let count = HoverCardRendering.cards(result?.hoverCards ?? [], part: part, of: sample).count
        let prefix = HoverCardRendering.idPrefix(fenceLine: sample.parts[part].fence.line)
        return Set((0..<count).map { prefix + String($0) })
    }
}
