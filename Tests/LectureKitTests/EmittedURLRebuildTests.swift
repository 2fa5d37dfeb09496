import Foundation
import Testing

@testable import LectureKit
@testable import LectureSupport

/// A page's emitted URLs name other files: the site's files and the ids of the pages they link
/// to. A session rebuild resolves every page's URLs again, the pages it took from memory
/// included, so it reports what a clean build of the same tree reports.
@Suite struct EmittedURLRebuildTests {
    /// Builds `pages` with a session memory, edits `b.md` to `editedB` and removes `removed`,
    /// builds again with the memory and from scratch: both runs' error lines, the output folder
    /// named alike.
    func rebuildAndCleanBuild(_ pages: [String: String], editedB: String, removed: String?) throws -> (
        session: [String], clean: [String]
    ) {
        let (root, configuration) = try TestSupport.book(pages)
        let memory = SessionMemory()
        try BuildPipeline(configuration: configuration, console: TestSupport.Recorder().console, memory: memory).run()
        try TestSupport.write(Array(editedB.utf8), to: root + "/content/b.md")
        if let removed { try FileManager.default.removeItem(atPath: root + "/content/" + removed) }
        let session = TestSupport.Recorder()
        _ = try? BuildPipeline(configuration: configuration, console: session.console, memory: memory).run()
        var fresh = configuration
        fresh.outputDirectory = root + "/clean"
        let clean = TestSupport.Recorder()
        _ = try? BuildPipeline(configuration: fresh, console: clean.console).run()
        let errors = { (lines: [String]) in
            lines.filter { $0.contains(": error: ") }.map {
                $0.replacingOccurrences(of: root + "/clean/", with: root + "/_site/")
            }
        }
        return (errors(session.lines), errors(clean.lines))
    }

    /// Every way HTML writes the attribute (single-quoted and bare values were
    /// not read).
    @Test(arguments: [
        "<img src=\"picture.svg\" alt=\"p\">", "<img src='picture.svg' alt='p'>", "<img src=picture.svg alt=p>",
        "<IMG SRC = \"picture.svg\">", "<img srcset=\"picture.svg 2x, b.html 1x\" src=\"b.html\">",
        "<img src=\"pictur&#101;.svg\">",
    ])
    func aRemovedPictureBreaksThePageThatWasNotRendered(_ image: String) throws {
        let (session, clean) = try rebuildAndCleanBuild(
            [
                "SUMMARY.md": "# T\n\n- [A](a.md)\n- [B](b.md)\n",
                "a.md": "# A\n\nText.\n\n<p>\(image)</p>\n",
                "b.md": "# B\n\nText.\n",
                "picture.svg": "<svg xmlns=\"http://www.w3.org/2000/svg\"/>\n",
            ], editedB: "# B\n\nOther text.\n", removed: "picture.svg")
        // At the page's line where the source spells the URL as the page has it, else at the page.
        #expect(
            clean.contains {
                $0.contains("a.md:5:") && $0.contains(": error: broken URL in the page's raw HTML: '")
                    || $0.contains("a.html: error: broken URL in the built page: '")
            }, "\(clean)")
        #expect(session == clean)
    }

    @Test func aRenamedHeadingBreaksTheRawLinkOfAPageThatWasNotRendered() throws {
        let (session, clean) = try rebuildAndCleanBuild(
            [
                "SUMMARY.md": "# T\n\n- [A](a.md)\n- [B](b.md)\n",
                "a.md": "# A\n\nText.\n\n<a href=\"b.html#foo\">to foo</a>\n",
                "b.md": "# B\n\n## Foo\n\nMore.\n",
            ], editedB: "# B\n\n## Bar\n\nMore.\n", removed: nil)
        #expect(
            clean.contains { $0.contains("a.md:5:10: error: broken URL in the page's raw HTML: 'b.html#foo'") },
            "\(clean)")
        #expect(session == clean)
    }
}
