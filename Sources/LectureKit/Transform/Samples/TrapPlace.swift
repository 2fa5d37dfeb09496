import CommonMark
import LectureSupport

/// Where a sample's program trapped, read from the Swift runtime's message on its stderr:
/// `fatalError`, a force-unwrap of `nil`, `precondition`, `assert` and their `…Failure` forms print
/// `FILE:LINE: Fatal error: …` (or `Precondition failed`, `Assertion failed`) with the `#fileID` of
/// the line that trapped, which the program's `#sourceLocation` makes the page's line of the
/// expanded text. A crash is reported there, as a compiler error is, and `IncludedLocations`
/// moves it to the file a person edits (an included file's line). A trap inside the standard
/// library (an index out of range: `Swift/ContiguousArrayBuffer.swift:692`) names none of the
/// page's lines, and stays at the fence.
enum TrapPlace {
    /// The words after `FILE:LINE: ` that start the runtime's trap messages.
    static let messages = ["Fatal error", "Precondition failed", "Assertion failed"]

    /// The line of the expanded text the runtime names in `stderr` (the run's, as written), at the
    /// column where that line's code starts, and the fence that holds it; `nil` when no trap
    /// message names a line of one of `sample`'s fences (its own or the page's fences it sees).
    static func place(in stderr: String, of sample: Sample) -> (location: SourceLocation, fence: SourceLocation)? {
        let shown = SampleVerifier.readableStderr(stderr, of: sample)
        for text in shown.split(separator: "\n") {
            guard let line = trapLine(text, path: sample.path) else { continue }
            return place(ofLine: line, in: sample)
        }
        return nil
    }

    /// The line `path:LINE: MESSAGE` names, when MESSAGE is a trap's (`messages`).
    static func trapLine(_ text: Substring, path: String) -> Int? {
        for message in messages {
            guard let mark = text.range(of: ": " + message) else { continue }
            let place = text[..<mark.lowerBound]
            guard let colon = place.lastIndex(of: ":"), place[..<colon].hasSuffix(path) else { return nil }
            return Int(place[place.index(after: colon)...])
        }
        return nil
    }

    /// Line `line` of the expanded text at the column its code starts, and the fence that holds it.
    static func place(ofLine line: Int, in sample: Sample) -> (location: SourceLocation, fence: SourceLocation)? {
        for part in sample.context + sample.parts {
            let lines = part.code.split(separator: "\n", omittingEmptySubsequences: false)
            let index = line - part.firstLine
            guard index >= 0, index < lines.count - 1 || (index == lines.count - 1 && !lines[index].isEmpty) else {
                continue
            }
            let indent = lines[index].prefix { $0 == " " || $0 == "\t" }.count
            return (SourceLocation(line: line, column: part.column + indent), part.fence)
        }
        return nil
    }

    /// `crash` (reported at the sample's first fence) moved to the line that trapped, with the
    /// fence that holds it as a note; unchanged when the runtime names none of the sample's lines.
    static func moved(_ crash: Diagnostic, stderr: String, of sample: Sample) -> Diagnostic {
        guard let trapped = place(in: stderr, of: sample) else { return crash }
        var moved = crash
        moved.location = trapped.location
        let fence = "\(sample.path):\(trapped.fence.line):\(trapped.fence.column)"
        let start = sample.location
        moved.notes.insert(
            "it trapped here, in the fence at \(fence)"
                + (trapped.fence == start
                    ? "" : " (run for the sample at \(sample.path):\(start.line):\(start.column))"),
            at: 0)
        return moved
    }
}
