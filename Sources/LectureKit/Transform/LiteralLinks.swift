import CommonMark
import LectureSupport

/// Links and images that CommonMark shows as literal text because their destination holds a
/// space: `![결과](images/실행 결과.png)` becomes the paragraph text `![결과](…)`, with no link and no
/// image. Each one found gets a warning at its line and column, with the two fixes.
///
/// Found without a parser of our own: a line's `[…](…)` whose destination has a space is a
/// candidate, and it is reported only when cmark reads it as text, the same text with the
/// spaces written `%20` as a link or image, and the text is in the page's prose (not in a code span).
enum LiteralLinks {
    /// The warnings for the paragraphs and headings of `blocks`, whose source is `source`.
    static func warnings(_ blocks: [Block], source: SourceFile) -> [Diagnostic] {
        var warnings: [Diagnostic] = []
        let lines = source.text.split(separator: "\n", omittingEmptySubsequences: false)
        for block in blocks.leafBlocks {
            let inlines: [Inline]
            switch block.kind {
            case .paragraph(let content): inlines = content
            case .heading(_, let content, _): inlines = content
            default: continue
            }
            let prose = textRuns(inlines)
            guard prose.contains(where: { $0.contains("](") }) else { continue }
            for number in block.range.start.line...max(block.range.start.line, block.range.end.line)
            where number <= lines.count {
                let line = lines[number - 1]
                for match in line.matches(of: candidate) {
                    let text = String(line[match.range])
                    guard let fixed = fixed(text), prose.contains(where: { $0.contains(text) }),
                        !isLink(MarkdownParser.parseInlines(text)), isLink(MarkdownParser.parseInlines(fixed))
                    else { continue }
                    let column = line[..<match.range.lowerBound].utf8.count + 1
                    let (open, destination) = split(text)
                    warnings.append(
                        .warning(
                            .linkAsText,
                            source.displayPath, SourceLocation(line: number, column: column),
                            "\(open.hasPrefix("!") ? "image" : "link") is shown as text: its destination '\(destination)' has a space",
                            notes: [
                                "a link destination cannot hold a space in CommonMark; write \(open)(<\(destination)>) or \(fixed)"
                            ]))
                }
            }
        }
        return warnings
    }

    /// `[…](…)` or `![…](…)` with a space inside the parentheses and no `<…>` around the destination.
    nonisolated(unsafe) static let candidate = try! Regex(#"!?\[[^\]\n]*\]\([^<)\n][^)\n]* [^)\n]*\)"#)

    /// `[text]` part and destination of a candidate.
    static func split(_ text: String) -> (open: String, destination: String) {
        let close = text.range(of: "](")!
        return (String(text[..<close.lowerBound]) + "]", String(text[close.upperBound...].dropLast()))
    }

    /// The candidate with its destination's spaces written `%20`; `nil` when it has a title
    /// (a space then may be the title's separator, which cmark reads fine).
    static func fixed(_ text: String) -> String? {
        let (open, destination) = split(text)
        guard !destination.contains("\""), !destination.contains("'") else { return nil }
        return open + "(" + destination.replacingOccurrences(of: " ", with: "%20") + ")"
    }

    static func isLink(_ inlines: [Inline]) -> Bool {
        inlines.contains {
            if case .link = $0 { return true }
            if case .image = $0 { return true }
            return false
        }
    }

    /// The prose of the inlines as runs of adjacent text (code spans, links and HTML break runs).
    static func textRuns(_ inlines: [Inline]) -> [String] {
        var runs = TextRuns()
        runs.walk(inlines)
        return runs.runs.filter { !$0.isEmpty }
    }

    /// Collects runs of text: emphasis is read through but starts and ends a run; any other inline
    /// ends one, and its content is not prose.
    private struct TextRuns: MarkupWalker {
        var runs: [String] = [""]

        mutating func visit(_ inline: Inline) {
            switch inline {
            case .text(let text): runs[runs.count - 1] += text
            case .emphasis, .strong:
                runs.append("")
                descend(into: inline)
                runs.append("")
            default: runs.append("")
            }
        }
    }
}
