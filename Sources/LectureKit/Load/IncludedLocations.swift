import CommonMark
import LectureSupport

/// Every location reported for a page whose `{{#include}}`s were expanded, moved from the
/// expanded text (the lines the parser and every later stage count) to the line a person edits:
/// the page's own line, or the included file's. A diagnostic's location is moved, and so is every
/// `PATH:LINE` or `PATH:LINE:COLUMN` its notes name in such a page (`sample at …`, a compiler's
/// `note:`, where a group started), so no note counts lines the author cannot see; a diagnostic
/// moved into an included file gets a note naming the directive that included it.
enum IncludedLocations {
    /// `diagnostics` with their locations, and the locations their notes name, moved out of the
    /// expanded text of `files` (those with `lineOrigins`).
    static func remap(_ diagnostics: [Diagnostic], files: [SourceFile]) -> [Diagnostic] {
        let origins = Dictionary(
            files.compactMap { file in file.lineOrigins.map { (file.displayPath, $0) } },
            uniquingKeysWith: { a, _ in a })
        guard !origins.isEmpty else { return diagnostics }
        let placed = Set(files.flatMap(\.placedOnOwnLines))
        let ownColumns = Set(files.flatMap(\.ownColumns))
        return diagnostics.map { diagnostic in
            var moved = diagnostic
            moved.notes = diagnostic.notes.map { note in
                origins.reduce(note) { text, page in remapText(text, path: page.key, origins: page.value) }
            }
            guard !placed.contains(diagnostic), let lines = origins[diagnostic.path],
                let location = diagnostic.location,
                location.line >= 1, location.line <= lines.count
            else { return moved }
            // The column too: on a line an include cut into, the text after the directive stands
            // elsewhere in the expanded line than in the file.
            let line = lines[location.line - 1]
            let (origin, column) =
                ownColumns.contains(diagnostic) ? (line, location.column) : line.place(ofColumn: location.column)
            moved.path = origin.path
            moved.location = SourceLocation(line: origin.line, column: column)
            if let note = includedFromNote(origin) { moved.notes.append(note) }
            return moved
        }
    }

    /// `included from page.md:6` for a line of an included file (the same file may be included
    /// by many pages, each with code of its own around it), each directive of a chain, the
    /// nearest first, as C compilers name them; `nil` for a page's own line.
    static func includedFromNote(_ origin: IncludeExpander.LineOrigin) -> String? {
        guard !origin.includedFrom.isEmpty else { return nil }
        return "included from "
            + origin.includedFrom.map { "\(ShownPath.normalized($0.path)):\($0.line)" }.joined(separator: ", from ")
    }

    /// `text` with each `PATH:LINE` or `PATH:LINE:COLUMN` moved to its origin: `path` followed by
    /// `:` and digits, not part of a longer path or number.
    static func remapText(_ text: String, path: String, origins: [IncludeExpander.LineOrigin]) -> String {
        let marker = path + ":"
        guard text.contains(marker) else { return text }
        var result = ""
        var rest = Substring(text)
        while let found = rest.range(of: marker) {
            let before = rest[..<found.lowerBound]
            let boundary = before.last.map { $0 == " " || $0 == "(" || $0 == "'" || $0 == "\n" } ?? result.isEmpty
            let digits = rest[found.upperBound...].prefix(while: \.isASCII).prefix(while: \.isNumber)
            result += before
            guard boundary, let line = Int(digits), line >= 1, line <= origins.count else {
                result += rest[found]
                rest = rest[found.upperBound...]
                continue
            }
            rest = rest[digits.endIndex...]
            // A column after the line is moved with it.
            let columnDigits =
                rest.first == ":" ? rest.dropFirst().prefix(while: \.isASCII).prefix(while: \.isNumber) : ""
            if let column = Int(columnDigits) {
                let (origin, moved) = origins[line - 1].place(ofColumn: column)
                result += "\(origin.path):\(origin.line):\(moved)"
                rest = rest[columnDigits.endIndex...]
            } else {
                let origin = origins[line - 1]
                result += "\(origin.path):\(origin.line)"
            }
        }
        return result + rest
    }
}

extension SourceFile {
    /// Where line `line` (1-based) of `text` is edited: this file's line, or an included file's.
    func origin(ofLine line: Int) -> IncludeExpander.LineOrigin {
        guard let lineOrigins, line >= 1, line <= lineOrigins.count else {
            return IncludeExpander.LineOrigin(path: displayPath, line: line)
        }
        return lineOrigins[line - 1]
    }
}

extension Sample {
    /// The sample with `editedLines` set from `file`'s `lineOrigins`, when the page has any: every
    /// line of its fences, output blocks and the continued fences it sees, with the path from
    /// `bookFolder` of each file included inside it (what its page names).
    func located(in file: SourceFile, bookFolder: String? = nil) -> Sample {
        guard file.lineOrigins != nil else { return self }
        var located = self
        let all = context + parts
        let first = all.map(\.fence.line).min() ?? location.line
        let last =
            all.map { max($0.endLine, $0.firstLine + $0.code.utf8.count { $0 == UInt8(ascii: "\n") }) }
            + outputRanges.map(\.end.line)
        located.editedLines = EditedLines(file, lines: first...max(first, last.max() ?? first), bookFolder: bookFolder)
        located.linesAreIncluded = !IncludedPageBless.isBlessable(self, in: file)
        if let range = outputRange, range.end.line > range.start.line + 1 {
            located.outputIsIncluded = !file.origin(ofLine: range.start.line + 1).includedFrom.isEmpty
        }
        return located
    }
}
