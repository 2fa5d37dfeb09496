import CommonMark
import LectureSupport
import Testing

/// `String.lineSlices` cuts a page into lines with `memchr` where the extensions and the
/// unclosed-fence check had split it by `Character`; the lines must be the same ones.
struct LineSliceTests {
    static let texts = [
        "", "\n", "\n\n", "a", "a\n", "\na", "한 줄\n둘째 줄\n\n넷째", "e\u{301}\n\u{301}x\n", "👩‍👩‍👧\n: 정의\n",
        "  [^1]: 각주\n   : 정의\n    코드\n", String(repeating: "가나다\n", count: 1_000),
    ]

    @Test(arguments: texts)
    func linesAreTheOnesACharacterSplitGives(_ text: String) {
        #expect(text.lineSlices == text.split(separator: "\n", omittingEmptySubsequences: false))
    }

    /// `LineStarts` reads contiguous bytes through a buffer (a generic walk, unspecialized across
    /// modules, was 28% of a build's CPU, issue 36) and copies any other collection: both give
    /// the offset after every newline.
    @Test(arguments: texts)
    func lineStartsFollowEveryNewline(_ text: String) {
        let expected = [0] + text.utf8.enumerated().filter { $0.element == 0x0A }.map { $0.offset + 1 }
        #expect(LineStarts(Array(text.utf8)).offsets == expected)
        #expect(LineStarts(text.utf8).offsets == expected)
        #expect(LineStarts(text.utf8.lazy.map { $0 }).offsets == expected)
    }

    @Test func leadingSpacesCountsSpacesOnly() {
        #expect(Substring("   : a").leadingSpaces == 3)
        #expect(Substring("\t: a").leadingSpaces == 0)
        #expect(Substring("").leadingSpaces == 0)
        #expect(Substring("    ").leadingSpaces == 4)
    }
}
