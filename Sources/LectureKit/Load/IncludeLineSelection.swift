import Foundation
import LectureSupport

/// The lines a directive's selector picks from an included file: a range (`N`, `N:`, `:M`,
/// `N:M`) or an anchor's name (the lines between `ANCHOR: NAME` and `ANCHOR_END: NAME`), read as
/// mdBook reads them, with what mdBook drops silently made a warning or an error.
extension IncludeExpander {
    /// Whether `selector` is a line range (`N`, `N:`, `:M`, `N:M`, `:`, `::`) rather than an
    /// anchor's name: mdBook's test, so a selector made of digits (and signs) and one colon is a
    /// range even when its numbers are out of range (`:-3`, `:99999999999999999999`), and
    /// `select` says what is wrong with it instead of looking for an anchor of that name.
    static func isRange(_ selector: String) -> Bool {
        func isNumber(_ bound: Substring) -> Bool {
            let digits = bound.first == "+" || bound.first == "-" ? bound.dropFirst() : bound
            return !digits.isEmpty && digits.allSatisfy { $0.isASCII && $0.isNumber }
        }
        let bounds = selector.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false)
        return selector.isEmpty || selector == ":"
            || (bounds.allSatisfy { $0.isEmpty || isNumber($0) } && !(bounds.count == 1 && bounds[0].isEmpty))
    }

    /// What a selector picks: the 0-based line indices, and the lines asked for that the file
    /// does not have (a warning at the directive).
    struct Selection {
        var lines: [Int]
        var lost: [Problem] = []
    }

    /// The 0-based line indices a selector (`N`, `N:`, `:M`, `N:M`, `NAME`) picks from `lines`.
    ///
    /// mdBook's readings, run on 0.5.4: `:0:3` is lines 1 to 3 (a start of 0 is line 1), `:` and
    /// `::` the whole file, `:3:25` of a 20-line file lines 3 to 20; `:0:0`, `:5:2`, `:-3`, `:25`
    /// and numbers too large for it include nothing, silently. Here a selection of no line is an
    /// error, one that loses lines past the file's end a warning, and a start of 0 is read as 1
    /// with a warning.
    /// `path` is the included file's, for the comment an anchor hint suggests (`AnchorComment`).
    static func select(_ selector: String, lines: [String], path: String = "") throws(Problem) -> Selection {
        if selector.isEmpty || selector == ":" { return Selection(lines: Array(lines.indices)) }
        guard isRange(selector) else {
            // An anchor's name is letters, digits, `_` and `-` (`anchorMarker`): anything else
            // is a range gone wrong (`x:y`, `2:3:4`, `1-5`), which no anchor could match.
            if selector.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" || $0 == "-" }) {
                return try anchored(selector, lines: lines, path: path)
            }
            throw Problem(
                summary: "\(quoted: selector) is neither a line range nor an anchor's name",
                notes: [
                    "write N (one line), N:M (lines N to M), N: (from N), :M (to M), or the NAME of '// ANCHOR: NAME'"
                ])
        }
        let bounds = selector.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false)
        var lost: [Problem] = []
        /// A bound as a line number: 1-based, positive, within `Int`.
        func number(_ text: Substring) throws(Problem) -> Int {
            guard !text.hasPrefix("-"), let value = Int(text.hasPrefix("+") ? text.dropFirst() : text) else {
                throw Problem(
                    summary: text.hasPrefix("-")
                        ? "\(quoted: text) is not a line number: lines count from 1"
                        : "\(quoted: text) is not a line number: the file has \(lines.count) lines",
                    notes: ["write a line of the file, from 1 to \(lines.count)"])
            }
            return value
        }
        var start = bounds[0].isEmpty ? 1 : try number(bounds[0])
        let end: Int
        if bounds.count == 1 {
            end = start
        } else {
            end = bounds[1].isEmpty ? lines.count : try number(bounds[1])
        }
        if start == 0 {
            guard end >= 1 else {
                throw Problem(
                    summary: "line 0 does not exist: lines count from 1, so the range selects no line",
                    notes: ["write a line of the file, from 1 to \(lines.count)"])
            }
            start = 1
            lost.append(
                Problem(
                    summary: "line 0 does not exist: lines count from 1, so it is read as line 1 (as mdBook reads it)",
                    notes: ["write \(selector.replacingOccurrences(of: "0:", with: "1:", options: .anchored)) instead"])
            )
        }
        guard start <= lines.count else {
            throw Problem(
                summary: "line \(start) is past the file's end (\(lines.count) lines), so the range selects no line",
                notes: ["write a line of the file, from 1 to \(lines.count)"])
        }
        guard end >= start else {
            throw Problem(
                summary: "the range ends (\(end)) before it starts (\(start)), so it selects no line",
                notes: ["write the first line, then the last: \(end):\(start)"])
        }
        if end > lines.count {
            lost.append(
                Problem(
                    summary:
                        "line\(end == lines.count + 1 ? "" : "s") \(lines.count + 1)\(end == lines.count + 1 ? "" : "–\(end)") \(end == lines.count + 1 ? "is" : "are") past the file's end (\(lines.count) lines) and left out",
                    notes: ["end the range at \(lines.count), or with nothing after the colon (to the file's end)"]))
        }
        return Selection(lines: Array((start - 1)..<min(end, lines.count)), lost: lost)
    }

    /// The lines between `ANCHOR: name` and `ANCHOR_END: name`, without any anchor line.
    /// `ANCHOR: name` or `ANCHOR_END: name` on `line`, if it has one.
    static func anchorMarker(_ line: String) -> (end: Bool, name: String)? {
        guard let range = line.range(of: "ANCHOR") else { return nil }
        var rest = line[range.upperBound...]
        let end = rest.hasPrefix("_END")
        if end { rest = rest.dropFirst(4) }
        guard rest.hasPrefix(":") else { return nil }
        let word = rest.dropFirst().drop(while: { $0 == " " }).prefix(while: {
            $0.isLetter || $0.isNumber || $0 == "_" || $0 == "-"
        })
        return word.isEmpty ? nil : (end, String(word))
    }

    /// The column (1-based, in UTF-8 bytes) of a line's `ANCHOR`.
    static func anchorColumn(_ line: String) -> Int {
        line.range(of: "ANCHOR").map { line.utf8.distance(from: line.startIndex, to: $0.lowerBound) + 1 } ?? 1
    }

    /// A name that starts a region again after the first one's end leaves that region out (as
    /// in mdBook 0.5.4): a warning at each later region's `ANCHOR`.
    static func anchored(_ name: String, lines: [String], path: String = "") throws(Problem) -> Selection {
        let marker = anchorMarker
        var inside = false
        var found = false
        var start = 0
        var chosen: [Int] = []
        for (index, line) in lines.enumerated() {
            if let mark = marker(line) {
                if mark.name == name {
                    if !mark.end {
                        if !found { start = index + 1 }
                        inside = true
                        found = true
                    } else if inside {
                        // Every later region of the name, each at its `ANCHOR`.
                        let again = lines.indices.dropFirst(index + 1).filter {
                            marker(lines[$0]).map { !$0.end && $0.name == name } ?? false
                        }
                        return Selection(
                            lines: chosen,
                            lost: again.map { line in
                                Problem(
                                    summary:
                                        "'ANCHOR: \(name)' starts again at line \(line + 1) of the file, and that region is left out: only the first (line \(start)) is included, as mdBook includes it",
                                    notes: [
                                        "give each region a name of its own, such as '\(name)-2', or include both with a name around them"
                                    ], fileLine: line + 1, fileColumn: anchorColumn(lines[line]))
                            })
                    }
                }
                continue
            }
            if inside { chosen.append(index) }
        }
        let comment = AnchorComment.of(path: path, lines: lines)
        guard found else {
            // The anchors the file has, each once in the file's order, and the one meant.
            var names: [String] = []
            for mark in lines.compactMap(marker) where !mark.end && !names.contains(mark.name) {
                names.append(mark.name)
            }
            let meant = EditDistance.nearest(to: name, in: names)
            let listed = names.map { "\(quoted: $0)" }.joined(separator: ", ")
            throw Problem(
                summary: "the file has no 'ANCHOR: \(name)'",
                notes: (meant.map { ["did you mean \(quoted: $0)?"] } ?? [])
                    + [names.isEmpty ? "the file has no anchors" : "the file's anchors: \(listed)"]
                    + ["mark the lines with \(quoted: comment.line(name)) and \(quoted: comment.line(name, end: true))"]
            )
        }
        // mdBook takes an anchor without its end to the end of the file, which hides the slip
        // (a misspelt or deleted end) behind a sample that silently grew.
        throw Problem(
            summary: "'ANCHOR: \(name)' (line \(start)) has no 'ANCHOR_END: \(name)'",
            notes: [
                "add \(quoted: comment.line(name, end: true)) after the last line to include; mdBook would include the rest of the file"
            ])
    }
}
