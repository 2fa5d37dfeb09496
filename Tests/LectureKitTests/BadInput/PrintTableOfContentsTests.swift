import Foundation
import Testing

@testable import LectureKit
@testable import LectureSupport

/// print.html's table of contents numbered every entry with the list's own numbers: part titles,
/// separators and prefix chapters got numbers, and chapters after a part title the wrong ones
/// (issue 34). mdBook, the oracle, numbers only numbered chapters, by their section number.
@Suite struct PrintTableOfContentsTests {
    /// The entries of the table of contents in `print.html`: kind (`chapter`, `draft`, `part`,
    /// `separator`) and the number shown, sections under a chapter left out.
    static func entries(_ html: String) throws -> [String] {
        let start = try #require(html.range(of: "<nav class=\"print-toc\""))
        let end = try #require(html.range(of: "</nav>", range: start.upperBound..<html.endIndex))
        var toc = html[start.upperBound..<end.lowerBound]
        // The sections under a chapter are its headings, not entries of the summary.
        while let open = toc.range(of: "<ol class=\"print-sections\">"),
            let close = toc.range(of: "</ol>", range: open.upperBound..<toc.endIndex)
        {
            toc = toc[..<open.lowerBound] + toc[close.upperBound...]
        }
        return toc.components(separatedBy: "<li").dropFirst().map { item in
            let kind =
                item.hasPrefix(" class=\"part-title\"")
                ? "part"
                : item.hasPrefix(" class=\"separator\"")
                    ? "separator" : item.contains("class=\"draft\"") ? "draft" : "chapter"
            let number = item.range(of: "<span class=\"section-number\">").flatMap { open in
                item.range(of: "</span>", range: open.upperBound..<item.endIndex).map {
                    String(item[open.upperBound..<$0.lowerBound])
                }
            }
            return kind + (number.map { " " + $0 } ?? "")
        }
    }

    @Test func onlyNumberedChaptersAreNumberedAsMdBookNumbersThem() throws {
        let both = try MdBookOracle.build([
            "book.toml": "[book]\ntitle = \"T\"\n",
            "src/SUMMARY.md": """
            # Summary

            [Intro](intro.md)

            # Part one

            - [A](a.md)
                - [A1](a1.md)
                - [Later]()

            ---

            - [B](b.md)

            # Part two

            - [C](c.md)

            [Outro](outro.md)

            """,
            "src/intro.md": "# Intro\n", "src/a.md": "# A\n\n## Section\n", "src/a1.md": "# A1\n",
            "src/b.md": "# B\n", "src/c.md": "# C\n", "src/outro.md": "# Outro\n",
        ])
        #expect(both.lecture.succeeded && both.mdBook.succeeded, "\(both.lecture.output)\n\(both.mdBook.output)")
        let theirs = both.mdBook.facts.sidebar.map { $0.kind + ($0.number.map { " " + $0 } ?? "") }
        #expect(
            theirs == [
                "chapter", "part", "chapter 1.", "chapter 1.1.", "draft 1.2.", "separator", "chapter 2.", "part",
                "chapter 3.", "chapter",
            ])
        let print = try String(contentsOfFile: both.lecture.root + "/book/print.html", encoding: .utf8)
        #expect(try Self.entries(print) == theirs)
        // The lists add no numbers of their own.
        let css = try String(
            contentsOfFile: HashedSitePath.of("assets/print.css", in: both.lecture.root + "/book"), encoding: .utf8)
        #expect(css.contains(".print-toc ol { padding-inline-start: 1.5rem; list-style: none; }"))
    }
}
