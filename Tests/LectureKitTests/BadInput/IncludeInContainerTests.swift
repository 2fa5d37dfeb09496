import Foundation
import TestFolders
import Testing

@testable import LectureKit
@testable import LectureSupport

/// mdBook#1127: an `{{#include}}` inside a block quote or a list item gave the
/// container's markers to the first included line only, so the rest fell out of the quote or
/// the item, and the fence around them was "never closed", with no word of the include. mdBook
/// 0.5.4 breaks the same way, silently (run on the same page). Every included line now gets the
/// container's markers. A real build with real cmark, contained (it reads includes).
@Suite struct IncludeInContainerTests {
    @Test func theContinuationKeepsQuoteMarkersAndTurnsListMarkersIntoSpaces() {
        #expect(IncludeExpander.containerContinuation(of: "> ") == "> ")
        #expect(IncludeExpander.containerContinuation(of: "> > ") == "> > ")
        #expect(IncludeExpander.containerContinuation(of: "- ") == "  ")
        #expect(IncludeExpander.containerContinuation(of: "> 12. ") == ">     ")
        #expect(IncludeExpander.containerContinuation(of: "  ") == "  ")
        #expect(IncludeExpander.containerContinuation(of: "") == nil)
        #expect(IncludeExpander.containerContinuation(of: "text ") == nil)
        #expect(IncludeExpander.containerContinuation(of: "-x ") == nil)
    }

    @Test func includedLinesStayInTheirBlockQuoteAndListItem() throws {
        let run = try ContainedRun()
        let book = try run.makeBook()
        try TestSupport.write(Array("one\ntwo\nthree\n".utf8), to: book + "/src/inc.txt")
        try TestSupport.write(Array("**first**\n\nsecond paragraph\n".utf8), to: book + "/src/inc.md")
        let page = """
            # Intro

            > ```text
            > {{#include inc.txt}}
            > ```

            - item

              ```text
              {{#include inc.txt}}
              ```

            1. {{#include inc.md}}

            > - {{#include inc.md}}

            after

            """
        try TestSupport.write(Array(page.utf8), to: book + "/src/intro.md")
        let result = try run.lecture(["build"], in: "work/book")
        #expect(result.succeeded, "\(result.stderrText)")
        // No fence left open, nothing said about the page (inc.md is only warned as unlisted).
        #expect(!result.stderrText.contains("never closed"), "\(result.stderrText)")
        #expect(!result.stderrText.contains("intro.md"), "\(result.stderrText)")
        let html = String(decoding: try FileSystem.read(book + "/book/intro.html"), as: UTF8.self)
        let code = "<pre><code class=\"language-text\">one\ntwo\nthree\n</code></pre>"
        #expect(html.contains("<blockquote>\n" + code + "\n</blockquote>"), "\(html)")
        #expect(html.contains(code + "\n</li>"), "\(html)")
        #expect(
            html.contains("<ol>\n<li>\n<p><strong>first</strong></p>\n<p>second paragraph</p>\n</li>\n</ol>"), "\(html)"
        )
        #expect(
            html.contains(
                "<blockquote>\n<ul>\n<li>\n<p><strong>first</strong></p>\n<p>second paragraph</p>\n</li>\n</ul>\n</blockquote>"
            ),
            "\(html)")
        #expect(html.contains("<p>after</p>"))
        #expect(!html.contains("<p>two"))
    }
}
