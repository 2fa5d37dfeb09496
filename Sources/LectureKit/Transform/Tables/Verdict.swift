import CommonMark

/// A compact verdict that opens a table cell: `✔` (also `✓`) good, `△` mixed, `✘` (also `✗`)
/// poor, followed by a space and the cell's text, or alone.
///
/// The mark is drawn in the verdict's colour and announced by its interface word (`verdict-good`,
/// `verdict-mixed`, `verdict-poor` of `InterfaceWords`: good, fair, poor in English) rather than
/// by the symbol's Unicode name, as WAI-ARIA's `role="img"` with `aria-label` makes a screen reader
/// read it.
enum Verdict: String, CaseIterable, Sendable {
    case good, mixed, poor

    /// The marks an author may write for this verdict; the first is the one drawn.
    var marks: [Character] {
        switch self {
        case .good: ["✔", "✓"]
        case .mixed: ["△"]
        case .poor: ["✘", "✗"]
        }
    }

    /// The key of what a screen reader says for the mark, among the interface words.
    var wordKey: String { "verdict-" + rawValue }

    /// The mark as HTML, from the theme's `table-verdict` partial:
    /// `<span class="verdict verdict-good" role="img" aria-label="good">✔</span>`.
    func html(chrome: Chrome) -> String {
        chrome.render(
            .tableVerdict,
            ["verdict": .text(rawValue), "label": .text(chrome.words[wordKey]), "mark": .text(String(marks[0]))])
    }

    /// The verdict that opens `cell` and the text after it, or `nil` when the cell has none.
    static func split(_ cell: String) -> (verdict: Verdict, rest: String)? {
        guard let first = cell.first, let verdict = allCases.first(where: { $0.marks.contains(first) }) else {
            return nil
        }
        let rest = cell.dropFirst()
        guard rest.isEmpty || rest.first == " " else { return nil }
        return (verdict, String(rest.drop(while: { $0 == " " })))
    }
}
