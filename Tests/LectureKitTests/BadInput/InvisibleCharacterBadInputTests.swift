import Foundation
import Testing

@testable import CommonMark
@testable import LectureKit
@testable import LectureSupport

/// Trojan Source (CVE-2021-42574) and its siblings (issue 34): bidirectional controls and
/// invisible characters in a sample's code are warned at their line and column, as rustc and
/// GitHub do, and shown as `\u{…}` in every diagnostic, never obeyed by the terminal.
@Suite struct InvisibleCharacterBadInputTests {
    func warnings(_ markdown: String) -> [Diagnostic] {
        SampleExtractor.extract(from: MarkdownParser.parse(markdown), path: "page.md").diagnostics.filter {
            $0.identifier == .sampleInvisibleCharacter
        }
    }

    /// The paper's "commenting out": the reader sees a comment, the compiler a closing brace.
    static let trojan =
        "# 쪽\n\n```swift no_run\nlet isAdmin = false\n/*\u{202E} } \u{2066}if isAdmin\u{2069} \u{2066} begin admins only */\nprint(\"admin\")\n```\n"

    @Test func aBidirectionalOverrideIsWarnedAtItsLineAndColumn() {
        let found = warnings(Self.trojan)
        #expect(found.count == 1)
        let warning = found.first
        #expect(warning?.severity == .warning)
        // Line 5 of the page; `/*` is two bytes, so the override is at column 3.
        #expect(warning?.location == SourceLocation(line: 5, column: 3))
        #expect(
            warning?.summary
                == "sample code holds U+202E RIGHT-TO-LEFT OVERRIDE, U+2066 LEFT-TO-RIGHT ISOLATE, U+2069 POP DIRECTIONAL ISOLATE, a bidirectional control character: the code may read differently from how it compiles (Trojan Source, CVE-2021-42574)"
        )
        #expect(
            warning?.notes.first
                == "the line as the compiler reads it: /*\\u{202e} } \\u{2066}if isAdmin\\u{2069} \\u{2066} begin admins only */"
        )
    }

    @Test(arguments: [
        ("let \u{3164} = 1", "U+3164 HANGUL FILLER", 5),
        ("let a = 1\u{200B}", "U+200B ZERO WIDTH SPACE", 10),
        ("let name\u{00AD} = 1", "U+00AD SOFT HYPHEN", 9),
        ("print(\"\u{200F}abc\")", "U+200F RIGHT-TO-LEFT MARK", 8),
        ("let tag = \"\u{E0041}\"", "U+E0041 TAG LATIN CAPITAL LETTER A", 12),
    ])
    func anInvisibleCharacterIsWarnedWhereItIs(_ line: String, _ name: String, _ column: Int) {
        // In a list item, the code starts at the fence's column.
        let found = warnings("# 쪽\n\n- 항목\n\n  ```swift no_run\n  \(line)\n  ```\n")
        #expect(found.count == 1)
        #expect(found.first?.location == SourceLocation(line: 6, column: 2 + column), "\(found)")
        #expect(found.first?.summary.hasPrefix("sample code holds \(name), ") == true, "\(found)")
    }

    @Test func joinersInEmojiAndPlainKoreanAreNotWarned() {
        #expect(warnings("```swift no_run\nprint(\"👨‍👩‍👧 가족, ❤️\")\n// 한글 주석\n```\n").isEmpty)
    }

    @Test func diagnosticsShowInvisibleCharactersInsteadOfPrintingThem() {
        #expect(TerminalText.line("a\u{200B}b\u{202E}c\u{3164}") == "a\\u{200b}b\\u{202e}c\\u{3164}")
        // Joiners stay, so emoji in a compiler's message read as they should.
        #expect(TerminalText.line("👨‍👩‍👧") == "👨‍👩‍👧")
    }

    /// The whole build: the warning is printed, and no line it prints holds the raw characters.
    @Test func aBuildWarnsAndPrintsNoRawControl() throws {
        let (root, lines, _) = try BadInputBook.build(["SUMMARY.md": "# 책\n\n- [쪽](p.md)\n", "p.md": Self.trojan])
        defer { FileSystem.removeTemporaryDirectory(root) }
        #expect(lines.contains { $0.contains("/content/p.md:5:3: warning: sample code holds U+202E") }, "\(lines)")
        #expect(!lines.joined().unicodeScalars.contains { InvisibleCharacters.contains($0.value) })
    }
}
