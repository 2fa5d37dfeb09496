import Foundation
import LectureSupport
import Testing

@testable import LectureKit

/// The link helpers read bytes where that is sure to cut where `Character`s would; each must
/// answer what its character-by-character form answered, a `/` or `#` joined with a combining
/// mark after it or a prepended letter before it (one grapheme cluster) included.
@Suite struct LinkBytesTests {
    static let paths = [
        "a/./b/../c.md", "../x.md", "a//b", "/abs/x", "./", "..", "a/..", "../../a/b", "", "/", "a/b/", ".", "...",
        "가/나/../다.md", "part-01/../part-20/page-0982.html", "x/\u{301}y/z", "\u{600}/b/c", "a/\u{600}/..",
        "../\u{301}", "é/../b",
    ]

    /// `percentDecodedStrictly` (the print page's `href`s, link anchors) answers as Foundation's
    /// `removingPercentEncoding` did: decoded, or `nil` for a malformed escape or bytes that are not UTF-8.
    @Test(arguments: [
        "", "plain", "%EA%B0%9C%EC%9A%94-872", "%ea%b0%9c", "a%20b", "%", "%2", "%zz", "a%2g", "100%", "%%41",
        "%41%", "%C3", "%FF%FE", "%C3%A9\u{301}", "%E2%80%99x", "#%EA%B0", "%00", "e\u{301}%25",
    ])
    func strictPercentDecodingAnswersAsFoundationDoes(_ text: String) {
        #expect(text.percentDecodedStrictly == text.removingPercentEncoding)
    }

    @Test(arguments: paths)
    func normalizingCutsWhereCharactersDo(_ path: String) {
        #expect(SummaryParser.normalize(path) == SummaryParser.normalize(characters: path))
    }

    @Test(arguments: [
        "a.html#개요", "a.html", "#x", "a#b#c", "a#\u{301}b#c", "\u{600}#b", "가.html#나", "#", "", "a#",
    ])
    func splittingCutsAtTheFirstHashCharacter(_ destination: String) {
        let (path, fragment) = LinkRewriter.split(destination)
        let hash = destination.firstIndex(of: "#")
        #expect(path == String(destination[..<(hash ?? destination.endIndex)]))
        #expect(fragment == hash.map { String(destination[$0...]) } ?? "")
    }

    @Test func aSchemeIsALetterThenSchemeCharactersThenAColon() {
        let schemes = ["https://x", "mailto:a", "a+b.c-d:x", "A:", "x1:y"]
        let others = ["../a:b", "1abc:x", ":x", "abc", "", "a b:c", "가:b", "a가:b", "#a:b", "a/b:c"]
        for destination in schemes { #expect(LinkRewriter.hasScheme(destination), "\(destination)") }
        for destination in others { #expect(!LinkRewriter.hasScheme(destination), "\(destination)") }
    }

    @Test func percentDecodingKeepsMalformedEscapesAsWritten() {
        let cases = [
            ("%EA%B0%80", "가"), ("a%20b", "a b"), ("%", "%"), ("%4", "%4"), ("%4G", "%4G"), ("%%41", "%A"),
            ("x%41", "xA"), ("%41%", "A%"), ("%ea%b0%80", "가"), ("", ""),
        ]
        for (text, decoded) in cases {
            #expect(EmittedLinkChecker.percentDecoded(Substring(text)) == decoded, "\(text)")
            #expect(EmittedLinkChecker.percentDecoded(("<" + text + ">").dropFirst().dropLast()) == decoded)
        }
    }

    @Test func aURLsPathEndsAtItsQueryOrFragment() {
        let cases = [
            ("a.html?x#y", "a.html", ""), ("a.html#y?z", "a.html", "y"), ("#y", "", "y"), ("a", "a", ""),
            ("가.html#나", "가.html", "나"), ("?q", "", ""), ("a#", "a", ""),
        ]
        for (url, path, fragment) in cases {
            let cut = EmittedLinkChecker.pathAndFragment(url)
            #expect(cut.path == path && cut.fragment == fragment, "\(url)")
        }
    }
}
