import Testing

@testable import LectureSupport

/// `NFC.normalized`'s fast paths must leave composing to Foundation wherever text may compose.
@Suite struct NFCTests {
    @Test func composesMarksAndJamoAndKeepsComposedText() {
        #expect(NFC.normalized("cafe\u{301}") == "caf\u{E9}")
        #expect(NFC.normalized("\u{1100}\u{1161}") == "\u{AC00}")
        #expect(NFC.normalized("\u{AC00}\u{11A8}") == "\u{AC01}")
        #expect(NFC.normalized("a\u{300}").unicodeScalars.count == 1)
        for composed in ["caf\u{E9}", "역할과 책임", "ÄÖÜ ß", "plain"] {
            #expect(NFC.normalized(composed) == composed)
            #expect(NFC.normalized(composed).unicodeScalars.count == composed.unicodeScalars.count)
        }
    }
}
