import Foundation
import Testing

@testable import LectureKit
@testable import LectureSupport

/// A URL a page's raw HTML writes with character references (`&#47;`, `&#46;`, `&colon;`,
/// `&#x2D;`) was found broken in the built file and said there (`book/intro.html`), with no line
/// of the page: the place finder looked for the value as the built file reads it (decoded) in the
/// source, which spells it otherwise. Each is now at the page's line and column, the value's first
/// byte, as a URL written plainly is (`RawHTMLURLPlaces`).
@Suite struct CharacterReferenceURLPlaceBadInputTests {
    /// Each spelling, its line in the page below and the column of its value.
    static let spellings: [(markdown: String, url: String, column: Int)] = [
        ("<img src=\"missing&#47;x.png\">", "missing/x.png", 11),
        ("<a href=\"nope&#46;html\">c</a>", "nope.html", 10),
        ("<a href='nope&#046;html'>c</a>", "nope.html", 10),
        ("<a href=\"#no&#x2D;such\">d</a>", "#no-such", 10),
        ("<p><a href=nope&#x2e;html>e</a></p>", "nope.html", 12),
    ]

    @Test(arguments: spellings.indices) func aURLWithCharacterReferencesIsReportedAtItsLine(index: Int) throws {
        let spelling = Self.spellings[index]
        let (root, lines, failed) = try BadInputBook.build([
            "SUMMARY.md": "# Summary\n\n- [Intro](intro.md)\n",
            "intro.md": "# Intro\n\nText.\n\n\(spelling.markdown)\n",
        ])
        defer { FileSystem.removeTemporaryDirectory(root) }
        #expect(failed)
        let errors = BadInputBook.headlines(lines, "error")
        #expect(
            errors.contains {
                $0.contains(
                    "/content/intro.md:5:\(spelling.column): error: broken URL in the page's raw HTML: '\(spelling.url)'"
                )
            }, "\(spelling.markdown): \(errors)")
        #expect(!errors.contains { $0.contains("_site/") }, "not at the built file: \(errors)")
    }
}
