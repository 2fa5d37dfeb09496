import CommonMark
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
    /// The warnings for a page's `text` (the file shown as `path`), whose lines in `swiftCode`
    /// (a Swift sample's code, the sample rule's) are left out.
    static func warnings(in text: String, path: String, skipping swiftCode: IndexSet = []) -> [Diagnostic] {
        let isControl = InvisibleCharacters.isBidirectionalControl
        guard text.unicodeScalars.contains(where: { isControl($0.value) }) else { return [] }
        var warnings: [Diagnostic] = []
        for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated()
        where !swiftCode.contains(index + 1) {
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

    /// The warnings for a parsed page: the lines of its Swift samples' code are the sample
    /// rule's, and which lines those are is cmark's word (`blocks`, the page's tree): a fenced
    /// block whose language is Swift, at any depth (in a list, a quote, an admonition), its
    /// fences excluded; an indented block or a `~~~` fence of another language is warned.
    static func warnings(in text: String, path: String, blocks: [Block]) -> [Diagnostic] {
        guard text.unicodeScalars.contains(where: { InvisibleCharacters.isBidirectionalControl($0.value) }) else {
            return []
        }
        var swiftCode = IndexSet()
        for block in blocks.leafBlocks {
            guard case .codeBlock(let code) = block.kind, code.isFenced, InfoString(code.info).language == "swift",
                block.range.start.line > 0
            else { continue }
            // The code's lines follow the opening fence, one for each line end cmark kept.
            let first = block.range.start.line + 1
            swiftCode.insert(integersIn: first..<(first + code.code.countUTF8(UInt8(ascii: "\n"))))
        }
        return warnings(in: text, path: path, skipping: swiftCode)
    }
}
