import Foundation
import Testing

@testable import LectureKit
@testable import LectureSupport

/// A broken link's "did you mean" never suggests the text already written, and a suggested page
/// whose name holds `%`, `#`, `?` or a space is written as a link reads it (a
/// summary entry `what%3F.md` names a page literally called so, and the link `what%3F.md`, which
/// reads as `what?.md`, was told "did you mean 'what%3F.md'?").
@Suite struct PercentNameLinkHintBadInputTests {
    @Test(arguments: [("what%3F.md", "what?.md", "what%253F.md"), ("100%25.md", "100%.md", "100%2525.md")])
    func aPercentEscapedSummaryEntryIsExplainedAndNeverSuggestedAsWritten(
        _ listed: String, _ meant: String, _ suggestion: String
    ) throws {
        let (root, lines, failed) = try BadInputBook.build([
            "SUMMARY.md": "# Book\n\n- [One](one.md)\n- [Q](\(listed))\n",
            "one.md": "# One\n\n[q](\(listed))\n",
            listed: "# Q\n",
            meant: "# Q\n",
        ])
        defer { FileSystem.removeTemporaryDirectory(root) }
        #expect(failed)
        let text = lines.joined(separator: "\n")
        #expect(text.contains("one.md:3:1: error: broken link: '\(listed)' is not a page of the book"), "\(text)")
        #expect(!text.contains("did you mean '\(listed)'"), "\(text)")
        #expect(text.contains("did you mean '\(suggestion)'? (\(listed))"), "\(text)")
        #expect(
            text.contains(
                "the summary's '\(listed)' names a file called '\(listed)' literally: SUMMARY.md links are not percent-decoded (but %20)"
            ), "\(text)")
    }

    @Test func aSuggestionIsWrittenAsALinkReadsIt() {
        #expect(LinkHint.linkText("a b#c?d%e.md") == "a%20b%23c%3Fd%25e.md")
        #expect(LinkHint.linkText("plain/x.md") == "plain/x.md")
        // The suggestion equal to the written link is left out.
        let notes = LinkHint.notes(
            resolved: "x.md", written: "x.md", from: "a.md", fragment: "", candidates: ["x.md"])
        #expect(notes.isEmpty, "\(notes)")
    }
}
