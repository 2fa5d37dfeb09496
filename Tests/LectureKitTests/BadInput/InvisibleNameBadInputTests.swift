import Foundation
import TestFolders
import Testing

@testable import CommonMark
@testable import LectureKit
@testable import LectureSupport

/// Attack 17, F4: invisible characters where text becomes a name a reader navigates by — a
/// chapter title (`Intro` and `Intro\u{200B}`, two identical sidebar entries), a heading (two
/// "Setup", `#setup` and `#setup-1`), a page's `{{#title}}`, a file name (`a\u{200B}.html` beside
/// `a.html`) — were built without a word. Each is a warning at its line and column naming the
/// code point (`InvisibleNames`, reading the sample rule's table); Korean text, conjoining jamo
/// and the joiners of emoji and joining scripts are never warned.
@Suite struct InvisibleNameBadInputTests {
    /// Each hidden character in a heading, and its name as the warning gives it.
    /// Each hidden character in a heading, its name as the warning gives it, and its column
    /// (bytes, after `## `).
    static let hidden: [(text: String, name: String, column: Int)] = [
        ("Set\u{200B}up", "U+200B ZERO WIDTH SPACE", 7),
        ("Set\u{200C}up", "U+200C ZERO WIDTH NON-JOINER", 7),
        ("Set\u{200D}up", "U+200D ZERO WIDTH JOINER", 7),
        ("Setup\u{200D}", "U+200D ZERO WIDTH JOINER", 9),
        ("Set\u{2060}up", "U+2060 WORD JOINER", 7),
        ("Set\u{00AD}up", "U+00AD SOFT HYPHEN", 7),
        ("Setup \u{3164}", "U+3164 HANGUL FILLER", 10),
        ("설정\u{115F}", "U+115F HANGUL CHOSEONG FILLER", 10),
        ("설정 \u{115F}\u{1160}", "U+115F HANGUL CHOSEONG FILLER, U+1160 HANGUL JUNGSEONG FILLER", 11),
        ("Setup\u{FFA0}", "U+FFA0 HALFWIDTH HANGUL FILLER", 9),
        ("Setup\u{E0041}", "U+E0041 TAG LATIN CAPITAL LETTER A", 9),
    ]

    /// A page and a summary with `\r\n` line endings are numbered as cmark numbers them: split
    /// into `Character`s, each was one line (`\r\n` is one), and a heading past the first line
    /// was never read.
    @Test func crlfLinesAreNumberedAsCmarkNumbersThem() {
        let page = "# Page\r\n\r\nText.\r\n\r\n## Set\u{200B}up\r\n"
        let found = InvisibleNames.inHeadings(page, path: "a.md", blocks: MarkdownParser.parse(page))
        #expect(found.map(\.location) == [SourceLocation(line: 5, column: 7)], "\(found)")
        // The line shown is the heading's, without the carriage return.
        #expect(found.first?.notes.first == "as stored: \(TerminalText.line("## Set\u{200B}up"))", "\(found)")
        let summary = InvisibleNames.inSummary("# Summary\r\n\r\n- [Intro\u{200B}](a.md)\r\n", path: "SUMMARY.md")
        #expect(summary.map(\.location) == [SourceLocation(line: 3, column: 9)], "\(summary)")
    }

    @Test(arguments: hidden.indices) func aHiddenCharacterInAHeadingIsWarnedAtItsColumn(index: Int) {
        let (text, name, column) = Self.hidden[index]
        let page = "# Page\n\n## \(text)\n"
        let found = InvisibleNames.inHeadings(page, path: "a.md", blocks: MarkdownParser.parse(page))
        #expect(found.count == 1, "\(found)")
        #expect(found.first?.location == SourceLocation(line: 3, column: column), "\(found)")
        #expect(found.first?.summary.hasPrefix("heading holds \(name), ") == true, "\(found)")
        #expect(found.first?.identifier == .invisibleCharacter)
    }

    /// Korean as it is written — precomposed syllables, conjoining jamo (a macOS file name's
    /// NFD), an old-Hangul syllable with a filler in its block — and the joiners of emoji
    /// sequences and of scripts that join: none is warned.
    static let visible = [
        "한국어 제목과 설명",
        "\u{1100}\u{1161}\u{11A8} \u{1112}\u{1161}\u{11AB}\u{1100}\u{1173}\u{11AF}",
        "\u{115F}\u{1161} \u{1100}\u{1160}",
        "가족 👨‍👩‍👧 🏳️‍🌈 👩🏽‍💻 ❤️‍🔥",
        "می\u{200C}خواهم",
        "क्\u{200D}ष",
        "שלום \u{200F}world",
    ]

    @Test(arguments: visible) func koreanAndJoiningTextIsNotWarned(text: String) {
        let page = "# \(text)\n\n## \(text) {#id}\n"
        #expect(InvisibleNames.inHeadings(page, path: "a.md", blocks: MarkdownParser.parse(page)).isEmpty)
        #expect(InvisibleNames.inSummary("- [\(text)](a.md)\n", path: "SUMMARY.md").isEmpty)
        #expect(InvisibleNames.inFileNames(["\(text).png"], contentDirectory: "src").isEmpty)
        // The sample rule reads the same table: Korean code is not warned there either.
        // (The marks of right-to-left text are the sample rule's to warn in code.)
        #expect(
            InvisibleCharacters.find(in: "let 이름 = \"\(text)\"").filter {
                !InvisibleCharacters.isBidirectional($0.scalar.value)
            }.isEmpty)
    }

    /// The whole build, attack 17's book: each place warned at its line and column, with the
    /// code point named and the name shown with `\u{…}`; a Korean page beside it is silent.
    @Test func aBuildWarnsAtEachPlace() throws {
        let (_, result) = try TestSupport.containedBook(
            pages: [
                "SUMMARY.md":
                    "# Summary\n\n- [Intro](a.md)\n- [Intro\u{200B}](b.md)\n- [ZW](c\u{200B}.md)\n- [한국어 👩🏽‍💻](ko.md)\n",
                "a.md": "# A\n\n## Setup\n\n## Set\u{200B}up\n",
                "b.md": "# B\n\n{{#title Intro\u{2060}}}\n",
                "c\u{200B}.md": "# ZW\n",
                "ko.md": "# 한국어\n\n## \u{1100}\u{1161}\u{11A8} 가족 👨‍👩‍👧\n\n{{#title 한국어 ❤️‍🔥}}\n",
                "pic\u{00AD}.png": "png",
            ])
        let errors = result.stderrText
        #expect(result.succeeded, "\(errors)")
        let warnings = TestSupport.headlines(errors, .warning).filter { $0.contains("invisible character") }
        #expect(
            warnings.sorted() == [
                "src/SUMMARY.md:4:9: warning: chapter title or file name holds U+200B ZERO WIDTH SPACE, an invisible character: the name a reader sees is not the name stored, and two names that look the same differ",
                "src/SUMMARY.md:5:9: warning: chapter title or file name holds U+200B ZERO WIDTH SPACE, an invisible character: the name a reader sees is not the name stored, and two names that look the same differ",
                "src/a.md:5:7: warning: heading holds U+200B ZERO WIDTH SPACE, an invisible character: the name a reader sees is not the name stored, and two names that look the same differ",
                "src/b.md:3:15: warning: page title holds U+2060 WORD JOINER, an invisible character: the name a reader sees is not the name stored, and two names that look the same differ",
                "src/pic\\u{ad}.png: warning: file name holds U+00AD SOFT HYPHEN, an invisible character: the name a reader sees is not the name stored, and two names that look the same differ",
            ], "\(errors)")
        #expect(errors.contains("as stored: - [Intro\\u{200b}](b.md)"), "\(errors)")
        #expect(!errors.contains("ko.md"), "\(errors)")
    }
}
