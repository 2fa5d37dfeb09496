import Foundation
import LectureSupport
import SourceText

/// A warning at each line of a page or of the summary that holds a bidirectional override or
/// isolate (U+202A–U+202E, U+2066–U+2069, the controls rustc's `text_direction_codepoint_in_literal`
/// denies) outside a Swift sample: in a `sh` block a reader copies into a terminal, any other
/// code block, a code span, a heading, a chapter title, prose. The page, the sidebar, the print
/// page and the PDF's outline show the text as the eye reorders it, not as it is stored (Trojan
/// Source, CVE-2021-42574). The marks (U+200E, U+200F, U+061C) are left alone: right-to-left
/// prose uses them. A Swift sample's lines are the sample rule's (`InvisibleCharacterWarnings`),
/// which also warns of the marks and invisible characters there.
enum BidirectionalText {
    /// The warnings for `text`, the file shown as `path`.
    static func warnings(in text: String, path: String) -> [Diagnostic] {
        let isControl = InvisibleCharacters.isBidirectionalControl
        guard text.unicodeScalars.contains(where: { isControl($0.value) }) else { return [] }
        var warnings: [Diagnostic] = []
        var fence: (marker: Character, length: Int, swift: Bool)?
        for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let opened = fence
            fence = Self.fence(after: line, in: fence)
            // Inside a Swift fence (its opening and closing lines are Markdown's).
            if let opened, opened.swift, fence != nil { continue }
            var found: [InvisibleCharacters.Occurrence] = []
            for occurrence in InvisibleCharacters.find(in: String(line))
            where isControl(occurrence.scalar.value) && !found.contains(where: { $0.scalar == occurrence.scalar }) {
                found.append(occurrence)
            }
            guard let first = found.first else { continue }
            let names = found.map(\.described)
            warnings.append(
                .warning(
                    .bidirectionalControl, path, SourceLocation(line: index + 1, column: first.offset + 1),
                    "line holds \(names.joined(separator: ", ")), \(found.count == 1 ? "a bidirectional control character" : "bidirectional control characters"): the page shows the text reordered, not as it is stored (Trojan Source, CVE-2021-42574)",
                    notes: [
                        "the line as stored: \(TerminalText.line(String(line)))",
                        "remove it; right-to-left text needs none of these (the marks U+200E, U+200F are allowed)",
                    ]))
        }
        return warnings
    }

    /// The fence `line` leaves open after `open` (nil: none): a line of three or more backticks
    /// or tildes (after indentation, `>` and list markers) opens one, a line of at least as many
    /// of the same closes it. `swift`: the info string's language is Swift.
    static func fence(after line: Substring, in open: (marker: Character, length: Int, swift: Bool)?) -> (
        marker: Character, length: Int, swift: Bool
    )? {
        let body = line.drop { " \t>-*+0123456789.)".contains($0) }
        guard let marker = body.first, marker == "`" || marker == "~" else { return open }
        let length = body.prefix { $0 == marker }.count
        guard length >= 3 else { return open }
        let info = body.dropFirst(length).trimmingCharacters(in: .whitespaces)
        if let open {
            return open.marker == marker && length >= open.length && info.isEmpty ? nil : open
        }
        let language = info.prefix { !" ,{".contains($0) }.lowercased()
        return (marker, length, language == "swift")
    }
}
