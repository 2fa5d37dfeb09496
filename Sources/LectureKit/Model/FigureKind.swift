import CommonMark
import LectureSupport

/// The fenced code blocks `Figures` makes figures of (besides samples), named by their info
/// string's language. The one place a kind's language, attributes and figure ids are written, so a
/// new kind is a compile error at every `switch` until it is handled there.
enum FigureKind: CaseIterable, Sendable {
    /// A `dot` block, drawn by Graphviz (`DiagramRenderer`).
    case diagram
    /// A `table` block, read by `TableRenderer`.
    case table

    /// The kind a fenced code block's info string language names, if any.
    init?(language: String) {
        guard let kind = Self.allCases.first(where: { $0.language == language }) else { return nil }
        self = kind
    }

    /// The info string language that marks the kind.
    var language: String {
        switch self {
        case .diagram: DiagramRenderer.language
        case .table: TableRenderer.language
        }
    }

    /// The info string attributes the kind reads; any other is an error.
    var knownAttributes: Set<String> {
        switch self {
        case .diagram: ["caption", "alt"]
        case .table: ["caption"]
        }
    }

    /// The `id` of the page's `number`th figure (1-based, counted over all figures of the page)
    /// when it is of this kind: `lecture-diagram-2`, `lecture-table-3`.
    func id(_ number: Int) -> String {
        switch self {
        case .diagram: "lecture-diagram-\(number)"
        case .table: "lecture-table-\(number)"
        }
    }

    /// The figure a fenced block of this kind makes of its `code` and `info` string, with `id`,
    /// at `location` in `path`; `nil` when it cannot, with its problems in `problems` (the block
    /// then stays code).
    func figure(
        _ code: String, info: InfoString, id: String, path: String, location: SourceLocation,
        diagrams: DiagramRenderer, problems: inout [Diagnostic]
    ) -> Figure? {
        switch self {
        case .diagram:
            do throws(Diagnostic) {
                return .diagram(
                    try diagrams.draw(code, info: info, id: id, path: path, location: location, warnings: &problems))
            } catch {
                problems.append(error)
                return nil
            }
        case .table:
            do throws(DiagnosticsError) {
                return .table(
                    try TableRenderer.read(code, caption: info.value("caption"), id: id, path: path, location: location)
                )
            } catch {
                problems += error.diagnostics
                return nil
            }
        }
    }
}
