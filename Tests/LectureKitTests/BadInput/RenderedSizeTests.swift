import Foundation
import Testing

@testable import LectureKit
@testable import LectureSupport

/// Attack 21, F4: a chapter partial naming `{{ title }}` 64 times, with 60 titles of 2,000
/// bytes, put 7.6 MB of chapter tree into each page: 364 KB of pages made a 465 MB site. Now what
/// the theme makes of a page, and of the site, is bounded by the text it is made from
/// (`RenderedSize`): the build stops at the page template's `{{ nav }}` and writes nothing,
/// whether one page passes its bound or the pages together pass the site's; the same book with
/// each title once builds.
@Suite struct RenderedSizeTests {
    /// The attacker's book: `chapters` chapters titled with 2,000 bytes, a partial naming the
    /// title `copies` times.
    func build(chapters: Int, copies: Int) throws -> (status: Int32, lines: [String], root: String) {
        var summary = "# Summary\n\n"
        var files: [String: String] = ["book.toml": "[book]\ntitle = \"t\"\n"]
        for index in 0..<chapters {
            summary += "- [T\(index) " + String(repeating: "x", count: 2_000) + "](c\(index).md)\n"
            files["src/c\(index).md"] = "# C\(index)\n\ntext\n"
        }
        files["src/SUMMARY.md"] = summary
        files["theme/page.html"] = "<nav>{{ nav }}</nav>{{ content }}\n"
        files["theme/partials/chapter.html"] =
            "<li><a href=\"{{ href }}\">{{ number }}" + String(repeating: "{{ title }}", count: copies)
            + "</a>{{ children }}</li>\n"
        let root = try TestSupport.makeTree(files)
        let (status, lines) = build(root)
        return (status, lines, root)
    }

    /// The book at `root` built (again), on four threads.
    func build(_ root: String) -> (status: Int32, lines: [String]) {
        let recorder = TestSupport.Recorder()
        let status = LectureCommand.main(
            ["build", root, "--templates", root + "/theme", "--cache-dir", TestSupport.cacheDirectory, "-j", "4"],
            console: recorder.console)
        return (status, recorder.lines)
    }

    /// Code review 42 #10: the pages render in parallel, and the page that passed the site bound
    /// (and the bytes said) changed from run to run, which defeats diffable output. The same
    /// over-bound book built again says the same bytes, the site's error naming the largest page.
    @Test(arguments: [(100, 10), (60, 64)])
    func theSameBookPastABoundSaysTheSameEachTime(chapters: Int, copies: Int) throws {
        let (status, lines, root) = try build(chapters: chapters, copies: copies)
        defer { try? FileManager.default.removeItem(atPath: root) }
        #expect(status != 0)
        #expect(lines.filter { $0.contains("error: the theme makes") }.count == 1, "\(lines)")
        for run in 1...3 {
            let again = build(root)
            #expect(again.status == status)
            #expect(again.lines == lines, "run \(run)")
        }
        if chapters == 100 {
            #expect(lines.contains { $0.contains("bytes of the site") && $0.contains("; the largest, c") }, "\(lines)")
        }
    }

    @Test func aPagePastItsBoundStopsTheBuildAtTheNavigation() throws {
        let (status, lines, root) = try build(chapters: 60, copies: 64)
        defer { try? FileManager.default.removeItem(atPath: root) }
        #expect(status != 0)
        let errors = lines.filter { $0.contains("error: the theme makes") }
        #expect(errors.count == 1, "\(lines)")
        #expect(errors.first?.contains("theme/page.html:1:6: error: the theme makes") == true, "\(lines)")
        #expect(errors.first?.contains("besides its content, more than") == true, "\(lines)")
        #expect(!FileSystem.exists(root + "/book/c0.html"))
    }

    @Test func pagesPastTheSiteBoundTogetherStopTheBuild() throws {
        let (status, lines, root) = try build(chapters: 100, copies: 10)
        defer { try? FileManager.default.removeItem(atPath: root) }
        #expect(status != 0)
        #expect(
            lines.contains {
                $0.contains("theme/page.html:1:6: error: the theme makes more than") && $0.contains("bytes of the site")
            },
            "\(lines)")
        #expect(!FileSystem.exists(root + "/book/c0.html"))
    }

    @Test func eachTitleOnceBuilds() throws {
        let (status, lines, root) = try build(chapters: 60, copies: 1)
        defer { try? FileManager.default.removeItem(atPath: root) }
        #expect(status == 0, "\(lines)")
        #expect(FileSystem.exists(root + "/book/c0.html"))
    }

    /// In a `lecture serve` session, the pages left unrendered past the bound are remembered
    /// unrendered: a rebuild after an edit of another page takes them from memory, and must not
    /// make a site with holes. They are rendered then, and the same error stops the rebuild.
    @Test func aSessionsRebuildPastTheBoundStopsAgain() throws {
        let (_, _, root) = try build(chapters: 60, copies: 64)
        defer { try? FileManager.default.removeItem(atPath: root) }
        let configuration = TestSupport.configuration(
            content: root + "/src", templates: root + "/theme", output: root + "/book")
        let memory = SessionMemory()
        func rebuild() -> [String] {
            let recorder = TestSupport.Recorder()
            #expect(throws: (any Error).self) {
                try BuildPipeline(configuration: configuration, console: recorder.console, memory: memory).run()
            }
            return recorder.lines.filter { $0.contains("error: the theme makes") }
        }
        let first = rebuild()
        #expect(first.count == 1, "\(first)")
        try FileSystem.writeAtomically("# C59\n\nedited\n", to: root + "/src/c59.md")
        #expect(rebuild() == first)
        #expect(!FileSystem.exists(root + "/book/c0.html"), "a site was written")
    }
}
