import CommonMark
import Foundation
import TestFolders
import Testing

@testable import LectureKit
@testable import LectureSupport

/// Every recursive reading of a page, measured with inputs 100,000 levels deep
/// (block quotes, lists, emphasis, brackets, raw HTML; in a heading, a table cell, a footnote's
/// body, a definition's body), each built by `lecture build` as its own contained process, so a
/// stack overflow fails the test and not the suite. Each ends with one located error or builds;
/// none crashes. What failed before: a footnote's or a definition's body, a `table` block's
/// cell and a diagram's caption, is parsed again as a document of its own, and its cut at 100 levels was dropped without
/// a word (the page built, the rest of the footnote or cell missing); and bodies inside bodies (definitions in definitions) were
/// read again once per level: 400 levels took 34 s, 1,500 never ended (and SIGTERM did not stop
/// it). Now bodies stand at most `ContainerBodies.maximumLevels` inside one another, and each
/// cut is an error at its place.
@Suite(.serialized) struct DeepNestingBadInputTests {
    static let levels = 100_000
    static let emphasis = String(repeating: "*a ", count: levels) + "b" + String(repeating: "*", count: levels)

    /// Kinds of deep page (after `# A` and a blank line, so from line 3), and the place of the
    /// error, or nil when the page builds (raw HTML is text to the tool).
    static let pages: [(name: String, body: String, place: String?)] = [
        ("block quotes", String(repeating: "> ", count: levels) + "deep\n", "3:201"),
        ("bullet lists", String(repeating: "- ", count: levels) + "deep\n", "3:201"),
        ("ordered lists", String(repeating: "1. ", count: levels) + "deep\n", "3:301"),
        ("lists in quotes", String(repeating: "> - ", count: levels / 2) + "deep\n", "3:201"),
        ("emphasis", emphasis + "\n", "3:1"),
        ("a heading's emphasis", "# " + emphasis + "\n", "3:1"),
        ("a table cell's emphasis", "| a |\n|---|\n| " + emphasis + " |\n", "3:1"),
        (
            "images in images",
            String(repeating: "![", count: levels) + "a" + String(repeating: "](u)", count: levels) + "\n", "3:1"
        ),
        ("a table block's cell", "```table\n| a |\n|---|\n| " + emphasis + " |\n```\n", "6:1"),
        (
            "a diagram's caption", "```dot caption=\"" + emphasis + "\"\ndigraph { a -> b }\n```\n", "3:1"
        ),
        ("a footnote's body", "x[^a]\n\n[^a]: " + String(repeating: "> ", count: levels) + "deep\n", "5:205"),
        ("a definition's body", "T\n: " + String(repeating: "> ", count: levels) + "deep\n", "4:201"),
        (
            "raw HTML blocks",
            "<div>\n" + String(repeating: "<div>", count: levels) + String(repeating: "</div>", count: levels)
                + "\n</div>\n", nil
        ),
        (
            "raw HTML inline",
            "a " + String(repeating: "<span>", count: levels) + "b" + String(repeating: "</span>", count: levels)
                + "\n", nil
        ),
    ]

    @Test(arguments: pages.indices) func aPageNestedDeepEndsWithALocatedErrorNeverACrash(index: Int) throws {
        let (name, body, place) = Self.pages[index]
        let run = try ContainedRun()
        let book = try run.makeBook()
        try FileSystem.writeAtomically(Array(("# A\n\n" + body).utf8), to: book + "/src/intro.md")
        let result = try run.lecture(["build"], in: "work/book")
        let errors = result.stderrText.split(separator: "\n").filter { $0.contains(": error: ") }.map(String.init)
        guard let place else {
            #expect(result.termination == .exited(0), "\(name): \(result.termination) \(errors.prefix(3))")
            return
        }
        #expect(result.termination == .exited(1), "\(name): \(result.termination)")
        #expect(errors.count == 1, "\(name): \(errors.prefix(3))")
        #expect(errors.first?.contains("src/intro.md:\(place): error: ") == true, "\(name): \(errors.prefix(3))")
    }

    /// Definitions under terms, each indented into the one before: as deep as bodies go, the
    /// page builds; one more, an error at that definition's body; 1,500 levels (9 MB) end.
    static func nestedDefinitions(_ count: Int) -> String {
        (0..<count).map {
            String(repeating: "    ", count: $0) + "T\n" + String(repeating: "    ", count: $0) + ": D\n\n"
        }
        .joined()
    }

    @Test func bodiesInsideBodiesStopAtTheirLimitWithAnErrorAtTheBodyPastIt() throws {
        let limit = ContainerBodies.maximumLevels
        #expect(limit == 6)
        let fits = try BadInputBook.build([
            "SUMMARY.md": "# T\n\n- [A](a.md)\n", "a.md": "# A\n\n" + Self.nestedDefinitions(limit),
        ])
        #expect(!fits.failed, "\(fits.lines.prefix(3))")
        #expect(
            try String(contentsOfFile: fits.root + "/_site/a.html", encoding: .utf8).components(separatedBy: "<dd>")
                .count == limit + 1)
        let (root, lines, failed) = try BadInputBook.build([
            "SUMMARY.md": "# T\n\n- [A](a.md)\n", "a.md": "# A\n\n" + Self.nestedDefinitions(limit + 1),
        ])
        #expect(failed)
        // Definition k (from 0) is on line 4 + 3k, its body after `: ` at column 4k + 3.
        let errors = lines.filter { $0.contains(": error:") }
        #expect(
            errors.map { $0.prefix { $0 != "\n" } } == [
                "\(root)/content/a.md:\(4 + 3 * limit):\(4 * limit + 3): error: footnotes and definitions nest inside one another too deep; the rest is left out"
            ], "\(errors)")
        let run = try ContainedRun()
        let book = try run.makeBook()
        try FileSystem.writeAtomically(
            Array(("# A\n\n" + Self.nestedDefinitions(1_500)).utf8), to: book + "/src/intro.md")
        let result = try run.lecture(["build"], in: "work/book")
        #expect(result.termination == .exited(1))
        #expect(
            result.stderrText.contains(
                "src/intro.md:\(4 + 3 * limit):\(4 * limit + 3): error: footnotes and definitions"))
    }
}
