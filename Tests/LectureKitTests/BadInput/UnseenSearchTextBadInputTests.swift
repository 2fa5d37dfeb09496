import CommonMark
import Foundation
import Testing

@testable import LectureKit
@testable import LectureSupport

/// Text no reader sees reached the search index (attack 10's follow-up): the Markdown between a
/// `<template>` and its end tag (inert), and its siblings, `<noscript>` (the search runs with
/// scripting, which hides it), `<noembed>`, `<noframes>`, `<title>` in the body, any element
/// with `hidden` or an inline `display: none`, in an HTML block or a paragraph's inline HTML. The
/// index holds only what a reader sees; what is shown (a `<details>` body, `aria-hidden` text,
/// the text after the end tag) stays.
struct UnseenSearchTextBadInputTests {
    /// The search text of the page's one section.
    static func sectionText(_ markdown: String) -> String {
        HeadingAnchors.apply(to: MarkdownParser.parse(markdown)).headings.map(\.sectionText).joined()
    }

    @Test(arguments: [
        "<template>", "<noscript>", "<NOEMBED>", "<noframes>", "<title>", "<div hidden>", "<section HIDDEN=\"\">",
        "<div style=\"color: red; DISPLAY : none\">",
    ])
    func markdownInsideAnUnseenElementIsNotIndexed(_ tag: String) {
        let name = tag.dropFirst().prefix { $0.isLetter }.lowercased()
        let text = Self.sectionText(
            "# T\n\nbefore\n\n\(tag)\n\nSECRET paragraph\n\n- SECRET item\n\n```\nSECRET code\n```\n\n</\(name)>\n\nafter\n"
        )
        #expect(!text.contains("SECRET"), "\(tag): \(text)")
        #expect(text.contains("before") && text.contains("after"), "\(tag): \(text)")
    }

    @Test func inlineUnseenTextIsNotIndexedAndTheRestOfTheParagraphIs() {
        let text = Self.sectionText(
            "# T\n\nshown <template>SECRET *one*</template> and <span hidden>SECRET two</span> kept <b>bold</b>\n")
        #expect(!text.contains("SECRET"), "\(text)")
        #expect(text.contains("shown") && text.contains("kept") && text.contains("bold"), "\(text)")
    }

    @Test func anElementNestedInAnUnseenOneDoesNotEndIt() {
        let text = Self.sectionText(
            "# T\n\n<div hidden>\n<div>\n\nSECRET one\n\n</div>\n\nSECRET two\n\n<p>SECRET three\n\n</div>\n\nafter\n")
        #expect(!text.contains("SECRET"), "\(text)")
        #expect(text.contains("after"), "\(text)")
    }

    @Test func whatAReaderSeesStaysIndexed() {
        let text = Self.sectionText(
            """
            # T

            <details><summary>More</summary>

            details body

            </details>

            <div aria-hidden="true">

            decorative text

            </div>

            <div title="hidden" data-x="display:none">

            attribute words

            </div>

            <!-- <template> -->

            after comment

            <input hidden> after void

            <p hidden>hidden line</p>

            <p hidden>

            a paragraph ends the p

            """)
        for shown in [
            "details body", "decorative text", "attribute words", "after comment", "after void",
            "a paragraph ends the p",
        ] {
            #expect(text.contains(shown), "\(shown): \(text)")
        }
        #expect(!text.contains("hidden line"), "\(text)")
    }

    /// A Swift block's snippet markers are never on the page (attack 11, kind 14): not in the
    /// index either; the lines they hide are, as the page holds them behind its button. A marker
    /// inside a string literal, or in a block of another language, is text the page shows.
    @Test func snippetMarkersAreNotIndexed() {
        let text = Self.sectionText(
            """
            # T

            ```swift
            // snippet.hide
            let HIDDENLINE = 42
            // snippet.show
            print(HIDDENLINE)
            ```

            ```swift
            let s = \"\"\"
            // snippet.hide
            \"\"\"
            ```

            ```text
            // snippet.show
            ```

            """)
        #expect(text.contains("let HIDDENLINE = 42\nprint(HIDDENLINE)"), "\(text)")
        #expect(text.components(separatedBy: "// snippet.").count == 3, "\(text)")
    }

    @Test func aBuiltSitesSearchFilesHoldNoUnseenText() throws {
        let (root, lines, failed) = try BadInputBook.build([
            "SUMMARY.md": "# T\n\n- [A](a.md)\n",
            "a.md":
                "# A\n\nseen words\n\n<template>\n\nSECRETWORD in a template\n\n</template>\n\n<noscript>\n\nSECRETWORD\n\n</noscript>\n",
        ])
        defer { FileSystem.removeTemporaryDirectory(root) }
        #expect(!failed, "\(lines)")
        let search = HashedSitePath.of("search", in: root + "/_site")
        let files = FileSystem.files(under: search)
        #expect(!files.isEmpty)
        let all = try files.map { String(decoding: try FileSystem.read(search + "/" + $0), as: UTF8.self) }.joined()
        #expect(!all.contains("SECRETWORD") && !all.lowercased().contains("secretword"))
        #expect(all.contains("seen words"))
    }
}
