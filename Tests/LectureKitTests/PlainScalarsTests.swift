import Foundation
import Testing

@testable import LectureSupport

/// `PlainScalars` lets byte searches (`PrintIDs`' `--` and heading ids) stand in for Foundation's
/// `range(of:)` and `Character` comparison: every scalar it calls plain, checked against both, of
/// all Unicode scalars (a combining mark after a match makes `range(of:)` refuse it, and a
/// grapheme rule may join a byte to its neighbour; neither may happen next to a plain one).
@Suite struct PlainScalarsTests {
    @Test func aPlainScalarNeitherRefusesAMatchBeforeItNorJoinsAByteBesideIt() {
        var plain = 0
        for value in UInt32(0)...0x10FFFF {
            guard let scalar = Unicode.Scalar(value) else { continue }
            let text = String(Character(scalar))
            let after = "a--" + text
            let afterBytes = Array(after.utf8)
            if PlainScalars.startsPlain(afterBytes, at: 3) {
                plain += 1
                #expect(after.range(of: "--")?.lowerBound == after.utf8.index(after.utf8.startIndex, offsetBy: 1))
                #expect(("\"" + text).count == 2, "U+\(String(value, radix: 16)) after a quote")
            }
            let before = text + "\""
            if PlainScalars.endsPlain(Array(before.utf8), before: before.utf8.count - 1) {
                #expect(before.count == 2, "U+\(String(value, radix: 16)) before a quote")
                #expect(before.firstIndex(of: "\"") != nil)
            }
        }
        // All of ASCII and the 11,172 Hangul syllables, nothing else.
        #expect(plain == 128 + 11_172)
        #expect(PlainScalars.startsPlain(Array("--".utf8), at: 2))
        #expect(!PlainScalars.startsPlain(Array("--\u{301}".utf8), at: 2))
        #expect(!PlainScalars.endsPlain(Array("\u{600}\"".utf8), before: 2))
    }
}
