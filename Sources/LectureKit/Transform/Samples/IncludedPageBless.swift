import CommonMark
import Foundation

/// `--bless` on a page whose `{{#include}}` directives were expanded (`SourceFile.lineOrigins`):
/// the check read the expanded text, the file holds the directives. A sample whose lines, from
/// its first fence to the end of its output block (or of the plain block under it), are all the
/// page's own, in the file's order, is blessed in the file, its lines moved to where they stand
/// there; one with a line from an included file (or the lines around an include in the middle
/// of a line) is left for a person, with an error at the sample that `IncludedLocations` places
/// in the file it came from.
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

    /// How far the lines of `sample` move from the text the check read to `file`'s own lines:
    /// `nil` when one of them is not the page's own, or they do not run on in the file's order.
    static func offset(of sample: Sample, in file: SourceFile) -> Int? {
        guard let origins = file.lineOrigins else { return 0 }
        let span = span(of: sample)
        guard span.lowerBound >= 1, span.upperBound <= origins.count else { return nil }
        let offset = origins[span.lowerBound - 1].line - span.lowerBound
        for line in span {
            let origin = origins[line - 1]
            guard origin.includedFrom.isEmpty, origin.path == file.displayPath, origin.line == line + offset else {
                return nil
            }
        }
        return offset
    }

    /// `sample` with its lines where they stand in `file`'s own text, or `nil` (`offset(of:in:)`).
    static func placed(_ sample: Sample, in file: SourceFile) -> Sample? {
        guard let offset = offset(of: sample, in: file) else { return nil }
        func moved(_ location: SourceLocation) -> SourceLocation {
            SourceLocation(line: location.line + offset, column: location.column)
        }
        func moved(_ range: SourceRange) -> SourceRange {
            SourceRange(start: moved(range.start), end: moved(range.end))
        }
        var placed = sample
        placed.outputRange = sample.outputRange.map(moved)
        for index in placed.parts.indices {
            placed.parts[index].fence = moved(sample.parts[index].fence)
            placed.parts[index].firstLine += offset
            placed.parts[index].endLine += offset
            placed.parts[index].outputRange = sample.parts[index].outputRange.map(moved)
            if let range = sample.parts[index].plainOutputBlock?.range {
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
            guard let offset = offset(of: sample, in: file) else { return false }
            for line in span(of: sample) {
                let own = line + offset
                guard line <= checked.count, own >= 1, own <= lines.count,
                    DirectiveEscapes.shown(String(lines[own - 1])) == String(checked[line - 1])
                else { return false }
            }
        }
        return true
    }
}
