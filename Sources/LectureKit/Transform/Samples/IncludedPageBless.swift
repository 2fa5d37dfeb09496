import CommonMark
import Foundation

/// `--bless` on a page whose `{{#include}}` directives were expanded (`SourceFile.lineOrigins`):
/// the check read the expanded text, the file holds the directives. A sample whose fences and
/// output blocks (or the plain block under it) are the page's own lines is blessed in the file,
/// those lines moved to where they stand there; its code may come from an included file (the
/// usual mdBook way, `{{#include ../listings/main.swift}}` between the page's fences): a new
/// output block goes under the page's closing fence. One with a fence or an output line from an
/// included file (or the lines around an include in the middle of a line) is left for a person,
/// with an error at the sample that `IncludedLocations` places in the file it came from.
enum IncludedPageBless {
    /// The lines of `sample` in the text the check read: its fences, code and output blocks.
    static func span(of sample: Sample) -> ClosedRange<Int> {
        var last = sample.outputRange?.end.line ?? 0
        for part in sample.parts {
            last = max(last, part.endLine, part.fence.line, part.outputRange?.end.line ?? 0)
            last = max(last, part.plainOutputBlock?.range.end.line ?? 0)
        }
        return sample.location.line...last
    }

    /// The lines of `sample` that bless writes or finds its place by, in the text the check
    /// read: each fence, opening and closing, and each output block or plain block under a fence,
    /// whole. Its code's lines are not among them.
    static func writtenLines(of sample: Sample) -> [ClosedRange<Int>] {
        var lines = [sample.location.line...sample.location.line]
        for range in [sample.outputRange].compactMap({ $0 })
            + sample.parts.flatMap({ [$0.outputRange, $0.plainOutputBlock?.range] }).compactMap({ $0 })
        {
            lines.append(range.start.line...max(range.start.line, range.end.line))
        }
        for part in sample.parts {
            lines.append(part.fence.line...part.fence.line)
            lines.append(max(part.fence.line, part.endLine)...max(part.fence.line, part.endLine))
        }
        return lines
    }

    /// Where each of `writtenLines(of: sample)` stands in `file`'s own text, by the line the
    /// check read: `nil` when one of them is not the page's own, or a block's lines do not run
    /// on in the file's order.
    static func ownLines(of sample: Sample, in file: SourceFile) -> [Int: Int]? {
        guard let origins = file.lineOrigins else {
            return Dictionary(uniqueKeysWithValues: Set(writtenLines(of: sample).flatMap { $0 }).map { ($0, $0) })
        }
        var own: [Int: Int] = [:]
        for range in writtenLines(of: sample) {
            guard range.lowerBound >= 1, range.upperBound <= origins.count else { return nil }
            let first = origins[range.lowerBound - 1].line
            for line in range {
                let origin = origins[line - 1]
                guard origin.includedFrom.isEmpty, origin.path == file.displayPath,
                    origin.line == first + (line - range.lowerBound)
                else { return nil }
                own[line] = origin.line
            }
        }
        return own
    }

    /// Whether bless can write `sample`'s output in `file` (`ownLines(of:in:)`).
    static func isBlessable(_ sample: Sample, in file: SourceFile) -> Bool {
        ownLines(of: sample, in: file) != nil
    }

    /// `sample` with its fences and output blocks where they stand in `file`'s own text (its code's
    /// first line just under its fence), or `nil` (`ownLines(of:in:)`).
    static func placed(_ sample: Sample, in file: SourceFile) -> Sample? {
        guard let own = ownLines(of: sample, in: file) else { return nil }
        func moved(_ location: SourceLocation) -> SourceLocation {
            SourceLocation(line: own[location.line] ?? location.line, column: location.column)
        }
        func moved(_ range: SourceRange) -> SourceRange {
            SourceRange(start: moved(range.start), end: moved(range.end))
        }
        var placed = sample
        placed.outputRange = sample.outputRange.map(moved)
        for index in placed.parts.indices {
            let part = sample.parts[index]
            placed.parts[index].fence = moved(part.fence)
            placed.parts[index].firstLine = placed.parts[index].fence.line + 1
            placed.parts[index].endLine = own[max(part.fence.line, part.endLine)] ?? part.endLine
            placed.parts[index].outputRange = part.outputRange.map(moved)
            if let range = part.plainOutputBlock?.range {
                placed.parts[index].plainOutputBlock?.range = moved(range)
            }
        }
        return placed
    }

    /// Whether the file's `text`, read again, still holds what the check read at each line of
    /// `samples` (each as the check read it): the page changed while it was checked otherwise.
    static func stillHolds(_ text: String, samples: [Sample], in file: SourceFile) -> Bool {
        let checked = file.text.split(separator: "\n", omittingEmptySubsequences: false)
        // The file's own line endings (CRLF, a lone CR) read as the check read them.
        let normalized = text.replacingOccurrences(of: "\r\n", with: "\n").replacingOccurrences(of: "\r", with: "\n")
        let lines = normalized.split(separator: "\n", omittingEmptySubsequences: false)
        for sample in samples {
            guard isBlessable(sample, in: file) else { return false }
            // Every line of the sample that is the page's own, its code's too: an included
            // line is the included file's.
            for line in span(of: sample) {
                let origin = file.origin(ofLine: line)
                guard origin.includedFrom.isEmpty, origin.path == file.displayPath else { continue }
                let own = origin.line
                guard line <= checked.count, own >= 1, own <= lines.count,
                    DirectiveEscapes.shown(String(lines[own - 1])) == String(checked[line - 1])
                else { return false }
            }
        }
        return true
    }
}
