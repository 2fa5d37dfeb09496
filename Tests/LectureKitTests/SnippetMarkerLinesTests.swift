import Testing

@testable import SwiftAnalysis

/// `SnippetMarkers.candidateLines` scans bytes; it must find the lines a cut by `Character` found,
/// with the same numbers, also with `\r\n` line ends (one character, never cut), a lone `\r`,
/// tabs, a combining mark after a space or after the marker, and markers inside other text.
@Suite struct SnippetMarkerLinesTests {
    /// The candidates as `lines(in:)` first found them, one `Character` line at a time.
    static func byCharacter(_ code: String) -> [Int: Bool] {
        var candidates: [Int: Bool] = [:]
        for (index, line) in code.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let trimmed = line.drop(while: { $0 == " " || $0 == "\t" }).reversed().drop(while: {
                $0 == " " || $0 == "\t" || $0 == "\r"
            }).reversed()
            let text = String(trimmed)
            if text == SnippetMarkers.hide || text == SnippetMarkers.show {
                candidates[index] = text == SnippetMarkers.hide
            }
        }
        return candidates
    }

    @Test(arguments: [
        "", "let a = 1", "// snippet.hide\nlet a = 1\n// snippet.show\nprint(a)\n",
        "\n\n  \t// snippet.hide \t\r\nx\n\t// snippet.show", "// snippet.hide\r\nlet a = 1\r\n// snippet.show\r\n",
        "// snippet.hide\r", "\r// snippet.hide\n", "// snippet.hide\r\r\n// snippet.show\n",
        " \u{301}// snippet.hide\n// snippet.hide\u{301}\n// snippet.show \u{301}\n",
        "let s = \"// snippet.hide\"\n// snippet.hidden\n//snippet.hide\n// snippet.show",
        "\n// snippet.show\n\n// snippet.hide", "한글 // snippet.hide\n    // snippet.hide\n",
    ])
    func candidatesMatchTheCharacterCut(_ code: String) {
        #expect(SnippetMarkers.candidateLines(in: code) == Self.byCharacter(code))
    }
}
