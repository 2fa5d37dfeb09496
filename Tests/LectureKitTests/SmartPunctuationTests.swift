import Testing

@testable import LectureKit

/// `SmartPunctuation.straight` scans bytes; it must give what a character-by-character mapping
/// gives, also where a curly quote is not a character of its own (a combining mark after it, a
/// prepended mark before it) and for the other `U+20xx` punctuation it must keep.
@Suite struct SmartPunctuationTests {
    /// The mapping one character at a time, as `straight` was first written.
    static func characterByCharacter(_ text: String) -> String {
        var out = ""
        for character in text {
            switch character {
            case "\u{2018}", "\u{2019}": out += "'"
            case "\u{201C}", "\u{201D}": out += "\""
            case "\u{2013}": out += "--"
            case "\u{2014}": out += "---"
            case "\u{2026}": out += "..."
            default: out.append(character)
            }
        }
        return out
    }

    @Test(arguments: [
        "", "plain text", "한글 문장입니다", "\u{2018}a\u{2019} \u{201C}b\u{201D} 1\u{2013}2 x\u{2014}y \u{2026}",
        "\u{2019}", "끝\u{2026}", "\u{201C}시작", "\u{2019}\u{301} with a combining acute",
        "\u{600}\u{2019} after a prepended mark", "\u{2022} \u{201A} \u{2030} \u{203C} kept", "\u{1F44D}\u{2019}",
        "e\u{301}\u{2014}\u{AC00}\u{11A8}\u{2026}\u{2026}", "\u{2019}\u{200D}\u{2019}",
    ])
    func straightMatchesTheCharacterMapping(_ text: String) {
        let straight = SmartPunctuation.straight(text)
        #expect(Array(straight.utf8) == Array(Self.characterByCharacter(text).utf8))
    }
}
