import Foundation
import TestFolders
import Testing

@testable import LectureKit
@testable import LectureSupport

/// Attack 13, kind 52: bidirectional overrides and isolates (Trojan Source, CVE-2021-42574)
/// outside Swift samples — a `sh` block a reader copies into a terminal, a `rust` block, a
/// chapter title, a heading, prose, a code span — built without a word, and the page, the
/// sidebar and the PDF's outline showed the reordered text. Each is now a warning at its line
/// and column (`BidirectionalText`); the marks right-to-left prose uses are not; a Swift sample's
/// line is warned once, by the sample rule.
@Suite struct BidirectionalTextBadInputTests {
    static let override = "\u{202E}"

    /// Each place, as a page's line, and the column (1-based, bytes) of its control.
    static let places: [(name: String, markdown: String, line: Int, column: Int)] = [
        ("sh block", "```sh\nrm -rf ./build \u{202E} /* keep */ \u{202C}\n```\n", 4, 16),
        ("rust block", "```rust\nlet a = 1; /*\u{202E} } \u{2066}if admin\u{2069} */\n```\n", 4, 14),
        ("untagged block", "~~~~\nx\u{2067}y\n~~~~\n", 4, 2),
        ("indented code", "    ls \u{202D}x\n", 3, 8),
        ("heading", "## Safe \u{202E}txt.exe\n", 3, 9),
        ("prose", "Run \u{202A}this\u{202C} now.\n", 3, 5),
        ("code span", "Type `rm \u{2068}x\u{2069}` here.\n", 3, 10),
        ("list item", "- item \u{202B}x\n", 3, 8),
    ]

    static func build(_ page: String, summaryTitle: String = "Intro", toml: String = "") throws -> (
        run: ContainedRun, result: Subprocess.Result
    ) {
        try TestSupport.containedBook(
            toml,
            pages: [
                "intro.md": "# Intro\n\n\(page)",
                "SUMMARY.md": "# Summary\n\n- [\(summaryTitle)](intro.md)\n- [Next](next.md)\n",
            ])
    }

    @Test(arguments: places.indices) func aControlOutsideASwiftSampleIsWarnedAtItsLine(index: Int) throws {
        let place = Self.places[index]
        let (_, result) = try Self.build(place.markdown)
        #expect(result.succeeded, "\(result.stderrText)")
        #expect(
            result.stderrText.contains(
                "src/intro.md:\(place.line):\(place.column): warning: line holds U+"),
            "\(place.name): \(result.stderrText)")
        #expect(result.stderrText.contains("(Trojan Source, CVE-2021-42574)"), "\(place.name)")
    }

    @Test func aChapterTitleInTheSummaryIsWarned() throws {
        let (_, result) = try Self.build("Text.\n", summaryTitle: "\u{202E}evil txt.exe")
        #expect(
            result.stderrText.contains(
                "src/SUMMARY.md:3:4: warning: line holds U+202E RIGHT-TO-LEFT OVERRIDE, a bidirectional control character"
            ), "\(result.stderrText)")
        #expect(result.stderrText.contains("the line as stored: - [\\u{202e}evil txt.exe](intro.md)"))
    }

    /// Right-to-left prose with its marks (U+200F, U+200E, U+061C) builds without a word.
    @Test func theMarksOfRightToLeftProseAreNotWarned() throws {
        let (_, result) = try Self.build("שלום \u{200F}world\u{200E} مرحبا\u{061C}.\n")
        #expect(result.succeeded, "\(result.stderrText)")
        #expect(!result.stderrText.contains("bidirectional"), "\(result.stderrText)")
    }

    /// "Inside a Swift sample" is cmark's word (the page's tree), not a scanner of fence lines of
    /// its own: each place below is outside any Swift sample by cmark's reading (an indented
    /// block that shows a fence, a fence that a longer one holds, a fence closed by its list's
    /// or quote's end, a `Swift` block, which is no sample), and each is warned at its line.
    static let outsideByCmark: [(name: String, markdown: String, line: Int)] = [
        ("indented block showing a fence", "    ```swift\n    let a = \"\u{202E}\"\n    ```\n", 4),
        ("fence inside a longer fence", "````md\n```swift\nlet a = \"\u{202E}\"\n```\n````\n", 5),
        ("fence closed by the list's end", "- ```swift\n  let a = 1\n\nx \u{202E} y\n", 6),
        ("fence closed by the quote's end", "> ```swift\n> let a = 1\n\nx \u{202E} y\n", 6),
        ("a Swift block, no sample", "```Swift\nlet a = \"\u{202E}\"\n```\n", 4),
        ("text after a tilde fence", "~~~swift\nlet a = 1\n~~~\nx \u{202E} y\n", 6),
    ]

    @Test(arguments: outsideByCmark.indices) func aControlOutsideASwiftSampleByCmarksTreeIsWarned(index: Int) throws {
        let place = Self.outsideByCmark[index]
        let (_, result) = try Self.build(place.markdown)
        #expect(
            result.stderrText.contains("src/intro.md:\(place.line):")
                && result.stderrText.contains("warning: line holds U+202E"),
            "\(place.name): \(result.stderrText)")
    }

    /// A Swift sample cmark sees where a line scanner would not (a `~~~` fence, one in a list
    /// item or a block quote, one closed by a longer fence) is the sample rule's alone: no
    /// warning of this rule at its code's line.
    static let insideByCmark: [(name: String, markdown: String, line: Int)] = [
        ("tilde fence", "~~~swift\nlet a = \"\u{202E}\"\n~~~\n", 4),
        ("fence in a list item", "- item\n\n  ```swift\n  let a = \"\u{202E}\"\n  ```\n", 6),
        ("fence in a block quote", "> ```swift\n> let a = \"\u{202E}\"\n> ```\n", 4),
        ("longer closing fence", "```swift\nlet a = \"\u{202E}\"\n`````\n", 4),
    ]

    @Test(arguments: insideByCmark.indices) func aControlInASwiftSampleByCmarksTreeIsTheSampleRules(index: Int) throws {
        let place = Self.insideByCmark[index]
        let (_, result) = try Self.build(place.markdown)
        #expect(result.succeeded, "\(place.name): \(result.stderrText)")
        #expect(!result.stderrText.contains("warning: line holds"), "\(place.name): \(result.stderrText)")
    }

    /// A Swift sample's line is the sample rule's: one warning, not two.
    @Test func aSwiftSamplesLineIsWarnedOnce() throws {
        let (_, result) = try Self.build(
            "```swift\nlet s = \"a\u{202E}b\"\n_ = s\n```\n", toml: "[lecture.samples]\nverify = true\n")
        #expect(result.stderrText.contains("src/intro.md:4:"), "\(result.stderrText)")
        let warnings = result.stderrText.split(separator: "\n").filter { $0.hasPrefix("src/intro.md:4:") }
        #expect(warnings.count == 1, "\(warnings)")
        #expect(warnings.first?.contains("sample code holds U+202E") == true, "\(warnings)")
    }
}
