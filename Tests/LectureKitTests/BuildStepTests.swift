import Foundation
import Testing

@testable import CommonMark
@testable import LectureKit
@testable import LectureSupport

/// The build as named steps: `check` runs a prefix of the same list, and figures stay typed
/// values in the page's tree until `Render`.
@Suite struct BuildStepTests {
    /// `lecture check FILE`: its exit status and everything it printed.
    func check(_ file: String) -> (status: Int32, text: String) {
        let recorder = TestSupport.Recorder()
        let status = LectureCommand.main(
            ["check", "--cache-dir", TestSupport.cacheDirectory, file], console: recorder.console)
        return (status, recorder.lines.joined(separator: "\n"))
    }

    /// Whether a step's page part changes the page is derived, never declared: a step made with
    /// `check:` takes the page by value (it cannot change it) and is the only kind the memory
    /// keeps no page for; every other page step's result page is kept.
    @Test func onlyAStepMadeWithCheckIsTakenToLeaveThePageAsItWas() {
        let checks = BuildStep.site.filter { $0.page != nil && !$0.changesPage }.map(\.name)
        #expect(checks == [BuildStep.links.name])
        let step = BuildStep(name: "Probe", input: { _ in 0 }, check: { (_: Page, _: Int) in [] })
        #expect(!step.changesPage)
        let changing = BuildStep(name: "Probe", input: { _ in 0 }, page: { (_: inout Page, _: Int) in [] })
        #expect(changing.changesPage)
    }

    /// A list composed against the grain runs or stops, never crashes: a check's steps with
    /// `Figures` added draw with Graphviz found then (the check's probes never asked for it), and
    /// `Render` after a check's `Load` (no templates) stops the build with `Load`'s problems.
    /// Each step's input carries what it needs (`RenderInput`'s templates are not optional).
    @Test func aListComposedOutOfTheUsualOrderStopsInsteadOfCrashing() throws {
        let root = try TestSupport.makeTree([
            "content/SUMMARY.md": "# T\n\n- [A](a.md)\n",
            "content/a.md": "# A\n\n```dot alt=\"a to b\"\ndigraph { a -> b }\n```\n",
        ])
        defer { FileSystem.removeTemporaryDirectory(root) }
        let configuration = TestSupport.configuration(
            content: root + "/content", templates: root + "/missing-theme", output: root + "/_site")
        var drawing = BuildContext(
            configuration: configuration, console: TestSupport.Recorder().console, diagrams: false)
        try BuildPipeline.run(
            BuildStep.check(files: [], shard: nil) + [.figures], on: &drawing, memory: nil)
        let figures = try #require(drawing.pages.first).blocks.leafBlocks.compactMap(Figure.init)
        #expect(figures.count == 1, "the dot block is a figure: \(drawing.diagnostics.diagnostics)")
        var rendering = BuildContext(
            configuration: configuration, console: TestSupport.Recorder().console, diagrams: false)
        #expect(throws: DiagnosticsError.self) {
            try BuildPipeline.run(BuildStep.check(files: [], shard: nil) + [.render], on: &rendering, memory: nil)
        }
        #expect(rendering.site.generated.isEmpty)
    }

    @Test func checkRunsThePrefixOfTheBuildsStepsUpToSamples() {
        let site = BuildStep.site.map(\.name)
        #expect(site == ["Load", "Parse", "Samples", "Figures", "Anchors", "Links", "Render", "Write"])
        // The session's memory (`StepReuse`, `SessionMemory.number(of:step:)`) keys steps by name.
        #expect(Set(site).count == site.count, "two steps of the build share a name: \(site)")
        // Besides them, check parses the book's 404.md as Render does (`NotFound`).
        let check = BuildStep.check(files: [], shard: nil).map(\.name)
        #expect(check.filter { $0 != BuildStep.notFoundPage.name } == Array(site.prefix(3)))
        #expect(check.count == 4 && !site.contains(BuildStep.notFoundPage.name))
    }

    @Test func checkReportsTooDeepNestingWithTheBuildsMessageAndNote() throws {
        let deep = String(repeating: "> ", count: 120) + "text\n"
        let root = try TestSupport.makeTree(["page.md": "# A\n\n" + deep])
        defer { FileSystem.removeTemporaryDirectory(root) }
        let (status, text) = check(root + "/page.md")
        #expect(status == 1)
        #expect(text.contains("\(root)/page.md:3:"))
        #expect(text.contains("content nests deeper than \(MarkdownParser.maximumDepth) levels; the rest is left out"))
        #expect(text.contains("block quotes, lists or emphasis inside one another; flatten them"))
    }

    @Test func tablesStayTypedFiguresUntilRenderAndTheirLinksKeepTheirColumns() throws {
        let root = try TestSupport.makeTree([
            "content/SUMMARY.md": "# T\n\n- [A](a.md)\n",
            "content/a.md": """
            # A

            ```table caption="비교"
            | 패턴 | 평가 |
            |---|---|
            | [MVC](a.md) | ✔ 좋음 |
            ```

            > | p | q |
            > |---|---|
            > | x | [w](a.md#zz) |

            """,
            "templates/page.html": TestSupport.minimalPage,
        ])
        defer { FileSystem.removeTemporaryDirectory(root) }
        let configuration = TestSupport.configuration(
            content: root + "/content", templates: root + "/templates", output: root + "/_site")
        let recorder = TestSupport.Recorder()
        var context = BuildContext(configuration: configuration, console: recorder.console)
        // `Links` reports the broken link, after checking every page (`Render` stops the build).
        try BuildPipeline.run(Array(BuildStep.site.prefix { $0.name != "Render" }), on: &context, memory: nil)
        #expect(context.diagnostics.hasErrors)
        let blocks = try #require(context.pages.first).blocks.leafBlocks
        let tables = blocks.compactMap { block -> Table? in
            if case .table(let table)? = Figure(block) { return table }
            return nil
        }
        #expect(tables.map(\.id) == ["lecture-table-1", "lecture-table-2"])
        #expect(!blocks.contains { if case .html = $0.kind { true } else { false } })
        // Links stay as written until Render; the checker found the broken one at its column.
        #expect(tables[0].rows[0].cells[0].content.plainText == "MVC")
        #expect(tables[0].rows[0].cells[1].verdict == .good)
        #expect(
            context.diagnostics.diagnostics.map(\.description).contains {
                $0.hasPrefix(
                    "\(root)/content/a.md:11:9: error: broken link: 'a.md#zz' names no heading or id of 'a.md'")
            })
    }

    /// `check` and `build` print the problems they share in the same order: one engine, printed
    /// once at the end, sorted by file and line (`check` used to print the pages' problems before
    /// the samples ran, then the samples' own).
    @Test func checkAndBuildPrintTheProblemsTheyShareInTheSameOrder() throws {
        let (root, _) = try TestSupport.book([
            "SUMMARY.md": "# T\n\n- [A](a.md)\n- [B](b.md)\n",
            "a.md": "# A\n\n```swift\nprint(\"하나\")\n```\n\n```output\n둘\n```\n\n```output\n고아\n```\n",
            "b.md": "# B\n\n```output\n고아\n```\n",
        ])
        defer { FileSystem.removeTemporaryDirectory(root) }
        func headlines(_ arguments: [String]) -> [String] {
            let recorder = TestSupport.Recorder()
            _ = LectureCommand.main(
                arguments + ["--content", root + "/content", "--cache-dir", TestSupport.cacheDirectory],
                console: recorder.console)
            return recorder.lines.filter { $0.hasPrefix(root) && $0.contains(": error: ") }
        }
        let check = headlines(["check"])
        let build = headlines(["build", "--templates", root + "/templates", "--output", root + "/_site"])
        #expect(check.count == 3, "\(check)")
        #expect(check.first?.contains("a.md:3:") == true, "the sample's mismatch, first in a.md: \(check)")
        #expect(build.filter(check.contains) == check, "build: \(build)\ncheck: \(check)")
    }

    /// An error a step throws is reported with the step's name (Publish's `PublishingError`):
    /// a page that is a named pipe passes the command line's check and is refused by Load.
    @Test func anErrorAStepThrowsNamesTheStep() throws {
        let root = try TestSupport.temporaryDirectory()
        defer { FileSystem.removeTemporaryDirectory(root) }
        #expect(mkfifo(root + "/pipe.md", 0o600) == 0)
        let (status, text) = check(root + "/pipe.md")
        #expect(status != 0)
        #expect(text.contains("\(root)/pipe.md: error: cannot read file"), "\(text)")
        #expect(text.contains("in the build step 'Load'"), "\(text)")
    }

    /// A page named on the command line that is not there is refused before any step, naming the
    /// folder it was looked for in (newuser-5 F6).
    @Test func aMissingNamedPageNamesTheFolderItWasLookedFor() throws {
        let root = try TestSupport.temporaryDirectory()
        defer { FileSystem.removeTemporaryDirectory(root) }
        let (status, text) = check(root + "/missing.md")
        #expect(status == 2)
        #expect(
            text.contains("\(root)/missing.md: error: file does not exist (a page is named from the current folder"),
            "\(text)")
        #expect(!text.contains("in the build step"), "\(text)")
    }
}
