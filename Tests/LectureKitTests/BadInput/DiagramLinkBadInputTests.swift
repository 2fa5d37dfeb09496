import LectureSupport
import TestFolders
import Testing

/// Attack 11, kinds 62 and 63: a diagram's node links (`URL="b.md"`, `"nowhere.html"`,
/// `"../../../../etc/passwd"` on a page in `sub/`) were neither checked nor rewritten, and a
/// broken link in a table's or a diagram's caption was reported three times at the built files
/// without a line. Both are now the page's links: checked once at the fence's line, a `.md`
/// link rewritten to the page's `.html`. Contained: builds (Graphviz draws the diagram).
@Suite(.serialized) struct DiagramLinkBadInputTests {
    func book(_ run: ContainedRun, page: String) throws -> String {
        let book = try run.makeBook()
        try TestSupport.write(
            Array("# Summary\n\n- [Intro](intro.md)\n- [A](sub/a.md)\n- [B](sub/b.md)\n".utf8),
            to: book + "/src/SUMMARY.md")
        try TestSupport.write(Array(page.utf8), to: book + "/src/sub/a.md")
        try TestSupport.write(Array("# B\n".utf8), to: book + "/src/sub/b.md")
        return book
    }

    @Test func diagramLinksAreCheckedAtTheFence() throws {
        let run = try ContainedRun()
        try book(
            run,
            page:
                "# A\n\n```dot\ndigraph g { label=\"g\"; a [URL=\"b.md\"]; d [URL=\"nowhere.html\"]; e [URL=\"../../../../etc/passwd\"]; }\n```\n"
        )
        let result = try run.lecture(["build"], in: "work/book")
        #expect(result.termination == .exited(1), "\(result.stderrText)")
        #expect(
            result.stderrText.contains("src/sub/a.md:3:1: error: broken link: 'nowhere.html' does not exist"),
            "\(result.stderrText)")
        #expect(
            result.stderrText.contains("src/sub/a.md:3:1: warning: link '../../../../etc/passwd' leaves the book"),
            "\(result.stderrText)")
        #expect(!result.stderrText.contains("'b.md'"), "\(result.stderrText)")
    }

    @Test func aMarkdownLinkInADiagramReachesThePage() throws {
        let run = try ContainedRun()
        let book = try book(run, page: "# A\n\n```dot\ndigraph g { label=\"g\"; a [URL=\"b.md#b\"]; }\n```\n")
        let result = try run.lecture(["build"], in: "work/book")
        #expect(result.succeeded, "\(result.stderrText)")
        let html = String(decoding: try FileSystem.read(book + "/book/sub/a.html"), as: UTF8.self)
        #expect(html.contains("xlink:href=\"b.html#b\""), "\(html)")
        #expect(!html.contains("xlink:href=\"b.md"), "\(html)")
    }

    @Test func aBrokenCaptionLinkIsReportedOnceAtItsFence() throws {
        let run = try ContainedRun()
        try book(
            run,
            page:
                "# A\n\n```table caption=\"See [cap](missing1.md)\"\n| a | b |\n|---|---|\n| x | y |\n```\n\n```dot caption=\"[dc](missing5.md)\"\ndigraph g { label=\"g\"; a; }\n```\n"
        )
        let result = try run.lecture(["build"], in: "work/book")
        #expect(result.termination == .exited(1), "\(result.stderrText)")
        for (line, name) in [(3, "missing1.md"), (9, "missing5.md")] {
            #expect(
                result.stderrText.contains("src/sub/a.md:\(line):1: error: broken link: '\(name)'"),
                "\(result.stderrText)")
        }
        #expect(!result.stderrText.contains("broken URL in the built page"), "\(result.stderrText)")
        #expect(result.stderrText.components(separatedBy: "error:").count - 1 == 2, "\(result.stderrText)")
    }
}
