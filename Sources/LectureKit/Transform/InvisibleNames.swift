import CommonMark
import Foundation
import LectureSupport
import SourceText

/// A warning wherever text becomes a name a reader navigates by — a chapter title or a page's
/// file name in the summary, a heading (and the id made from it), a page's `{{#title}}`, the
/// file name of a file copied into the site — when it holds an invisible character
/// (`InvisibleCharacters`, the table the sample rule reads): the sidebar showed two identical
/// "Intro" entries, the table of contents two "Setup" (`#setup`, `#setup-1`), and the site held
/// `a\u{200B}.html` beside `a.html`, with no word (attack 17, F4). Bidirectional controls in
/// those places are `BidirectionalText`'s, the marks are allowed (right-to-left titles use
/// them); Korean text, conjoining jamo and the joiners of emoji and joining scripts are not
/// warned.
enum InvisibleNames {
    /// The warning for one line of a file (`line`, 1-based; `text` starting at `column`), which
    /// becomes a `place` ("heading", "chapter title or file name", "page title"), or nil when it
    /// holds no invisible character.
    static func warning(_ text: Substring, place: String, path: String, line: Int, column: Int = 1) -> Diagnostic? {
        let found = InvisibleCharacters.find(in: String(text)).filter {
            !InvisibleCharacters.isBidirectional($0.scalar.value)
        }
        guard let first = found.first else { return nil }
        return warning(
            found, place: place, path: path, location: SourceLocation(line: line, column: column + first.offset),
            shown: String(text), fix: "remove it")
    }

    /// The warnings for the summary at `path`: each line whose title or file name holds one.
    static func inSummary(_ text: String, path: String) -> [Diagnostic] {
        let starts = LineStarts(text.utf8)
        return (1...starts.offsets.count).compactMap { number in
            warning(
                line(number, of: text, starts: starts), place: "chapter title or file name", path: path, line: number)
        }
    }

    /// The warnings for a parsed page's headings (`blocks`, its tree; `text`, its lines), at any depth.
    static func inHeadings(_ text: String, path: String, blocks: [Block]) -> [Diagnostic] {
        guard text.unicodeScalars.contains(where: { $0.value >= 0xAD }) else { return [] }
        // Only the headings' lines are made into text, found by byte: the page split into
        // `Character` lines was 19–28% of a build's instructions on every shape of book (issue 36).
        var starts: LineStarts?
        var warnings: [Diagnostic] = []
        for block in blocks.leafBlocks {
            guard case .heading = block.kind, block.range.start.line > 0 else { continue }
            let lines = starts ?? LineStarts(text.utf8)
            starts = lines
            for number in block.range.start.line...max(block.range.start.line, block.range.end.line)
            where number <= lines.offsets.count {
                if let found = warning(
                    line(number, of: text, starts: lines), place: "heading", path: path, line: number)
                {
                    warnings.append(found)
                }
            }
        }
        return warnings
    }

    /// Line `number` (1-based) of `text`, whose line starts are `starts`: up to its newline, a
    /// carriage return before it left out, numbered as cmark numbers lines (a `\r\n` page split
    /// into `Character`s was one line: `\r\n` is one).
    static func line(_ number: Int, of text: String, starts: LineStarts) -> Substring {
        let utf8 = text.utf8
        let from = utf8.index(utf8.startIndex, offsetBy: starts.offsets[number - 1])
        var to =
            number < starts.offsets.count
            ? utf8.index(utf8.startIndex, offsetBy: starts.offsets[number] - 1) : utf8.endIndex
        if to > from, utf8[utf8.index(before: to)] == UInt8(ascii: "\r") { to = utf8.index(before: to) }
        return text[from..<to]
    }

    /// The warnings for the files copied into the site (`assets`, relative to
    /// `contentDirectory`) whose names hold one, or a bidirectional control: at the file, which
    /// has no line.
    static func inFileNames(_ assets: [String], contentDirectory: String) -> [Diagnostic] {
        assets.compactMap { relative in
            let found = InvisibleCharacters.find(in: relative).filter {
                !InvisibleCharacters.isBidirectional($0.scalar.value)
                    || InvisibleCharacters.isBidirectionalControl($0.scalar.value)
            }
            guard !found.isEmpty else { return nil }
            return warning(
                found, place: "file name", path: FileSystem.join(contentDirectory, relative), location: nil,
                shown: relative, fix: "rename the file without it, and the links to it")
        }
    }

    private static func warning(
        _ found: [InvisibleCharacters.Occurrence], place: String, path: String, location: SourceLocation?,
        shown: String, fix: String
    ) -> Diagnostic {
        var seen = Set<UInt32>()
        let names = found.filter { seen.insert($0.scalar.value).inserted }.map(\.described)
        return .warning(
            .invisibleCharacter, path, location,
            "\(place) holds \(names.joined(separator: ", ")), \(names.count == 1 ? "an invisible character" : "invisible characters"): the name a reader sees is not the name stored, and two names that look the same differ",
            notes: [
                "as stored: \(TerminalText.line(shown))",
                "\(fix) (a joiner between emoji or in a script that joins, such as Arabic or Devanagari, is kept)",
            ])
    }
}
