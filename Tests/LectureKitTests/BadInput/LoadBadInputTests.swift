import Foundation
import Testing

@testable import CommonMark
@testable import LectureKit
@testable import LectureSupport

/// Bad input that loading and parsing meet: each gets a located error instead of a crash or a hang.
/// (Inputs a tester used to crash, hang or fool the tool, grouped by the component that meets them.)
@Suite struct LoadBadInputTests {
    @Test func deepNestingIsAnErrorNotACrash() throws {
        let deep = String(repeating: ">", count: 20_000) + " 깊다\n"
        let (root, lines, failed) = try BadInputBook.build([
            "SUMMARY.md": "# T\n\n- [A](a.md)\n", "a.md": "# A\n\n" + deep,
        ])
        #expect(failed)
        #expect(
            lines.contains { $0.hasPrefix("\(root)/content/a.md:3:") && $0.contains("nests deeper than 100 levels") })
    }

    @Test func namedPipeInTheContentFolderIsNotRead() throws {
        let root = try TestSupport.makeTree([
            "content/SUMMARY.md": "# T\n\n- [A](a.md)\n", "content/a.md": "# A\n",
            "templates/page.html": TestSupport.minimalPage,
        ])
        #expect(mkfifo(root + "/content/pipe", 0o644) == 0)
        try BuildPipeline(
            configuration: TestSupport.configuration(
                content: root + "/content", templates: root + "/templates", output: root + "/_site"),
            console: TestSupport.Recorder().console
        ).run()
        #expect(!FileSystem.exists(root + "/_site/pipe"))
    }

    /// A summary that lists no page at all builds a site without pages, as mdBook does, with a
    /// warning; one whose pages were all lost to an error already reported does not get it as well.
    @Test func emptySummaryIsAWarning() throws {
        let (root, lines, failed) = try BadInputBook.build(["SUMMARY.md": "# T\n"])
        #expect(!failed)
        #expect(
            lines.contains(
                "\(root)/content/SUMMARY.md: warning: summary lists no pages; the site has none\n    add links such as '- [Title](page.md)'"
            ), "\(lines)")
    }

    @Test(arguments: ["folder", "not UTF-8", "only page missing", "only page a folder"])
    func summaryFailureIsReportedOnce(_ kind: String) throws {
        let root = try TestSupport.makeTree([
            "content/SUMMARY.md": "# T\n\n- [A](a.md)\n", "templates/page.html": TestSupport.minimalPage,
        ])
        let summary = root + "/content/SUMMARY.md"
        let expected: String
        switch kind {
        case "folder":
            try FileManager.default.removeItem(atPath: summary)
            try FileManager.default.createDirectory(atPath: summary, withIntermediateDirectories: false)
            expected = "\(summary): error: summary file cannot be read: "
        case "not UTF-8":
            try TestSupport.write(Array("# T\n\n- [A](a.md)".utf8) + [0xFF, 0x0A], to: summary)
            expected = "\(summary):3:12: error: file is not valid UTF-8"
        case "only page missing":
            expected = "\(summary):3:3: error: summary links to 'a.md', which does not exist"
        default:
            try FileManager.default.createDirectory(atPath: root + "/content/a.md", withIntermediateDirectories: false)
            expected = "\(summary):3:3: error: summary links to 'a.md', which cannot be read: "
        }
        let (lines, failed) = try BadInputBook.build(root: root)
        #expect(failed)
        #expect(lines.contains { $0.hasPrefix(expected) }, "\(lines)")
        #expect(
            !lines.contains { $0.contains("summary lists no pages") }, "a second error for the same fault: \(lines)")
    }

    /// A link to a listed page that could not be loaded is right once the page is fixed: the
    /// page's own error is the one report, not also "not a page of the book (not in SUMMARY.md)".
    @Test(arguments: ["missing", "a folder", "not UTF-8"])
    func linkToAPageThatFailedToLoadIsNotReportedAgain(_ kind: String) throws {
        let root = try TestSupport.makeTree([
            "content/SUMMARY.md": "# T\n\n- [A](a.md)\n- [B](b.md)\n",
            "content/a.md": "# A\n\n[B](b.md), [B의 절](b.md#절)\n", "templates/page.html": TestSupport.minimalPage,
        ])
        let page = root + "/content/b.md"
        switch kind {
        case "missing": break
        case "a folder": try FileManager.default.createDirectory(atPath: page, withIntermediateDirectories: false)
        default: try TestSupport.write(Array("# B\n\n## 절\n".utf8) + [0xFF, 0x0A], to: page)
        }
        let (lines, failed) = try BadInputBook.build(root: root)
        #expect(failed)
        #expect(lines.count == 1, "one error for one fault: \(lines)")
        #expect(!lines.contains { $0.contains("broken link") }, "\(lines)")
    }

    /// A heading nested deeper than the parser follows is left out (`Parse` reports it): a link
    /// to its anchor is not a second error ("names no heading").
    @Test func anchorToAHeadingLeftOutForDepthIsNotReportedAgain() throws {
        let deep = String(repeating: "> ", count: 120) + "## 깊은 절\n"
        let (root, lines, failed) = try BadInputBook.build([
            "SUMMARY.md": "# T\n\n- [A](a.md)\n- [B](b.md)\n", "a.md": "# A\n\n[절](b.md#깊은-절)\n",
            "b.md": "# B\n\n" + deep,
        ])
        #expect(failed)
        #expect(lines.count == 1 && lines[0].hasPrefix("\(root)/content/b.md:3:"), "\(lines)")
        #expect(!lines.contains { $0.contains("names no heading") }, "\(lines)")
    }

    @Test func invalidUTF8AfterLoneCRLinesIsLocated() {
        let bytes = Array("# B\r\rline3 ".utf8) + [0xFF, 0x0D]
        let diagnostic = #expect(throws: Diagnostic.self) {
            try SourceFileReader.decode(bytes, displayPath: "b.md", relativePath: "b.md")
        }
        #expect(diagnostic?.headline == "b.md:3:7: error: file is not valid UTF-8")
    }
}
