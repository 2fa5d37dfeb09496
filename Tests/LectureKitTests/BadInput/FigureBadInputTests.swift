import Foundation
import Testing

@testable import CommonMark
@testable import LectureKit
@testable import LectureSupport

/// Bad diagram and table blocks: located errors.
/// (Inputs a tester used to crash, hang or fool the tool, grouped by the component that meets them.)
@Suite struct FigureBadInputTests {
    @Test func twoGraphsInOneBlockAndUnknownAttributesAreErrors() throws {
        let page =
            "# A\n\n```dot alt=\"x\"\ndigraph { a } digraph { b }\n```\n\n```table captoin=\"t\"\n| A | B |\n|---|---|\n| 1 | 2 |\n```\n"
        let (root, lines, failed) = try BadInputBook.build(["SUMMARY.md": "# T\n\n- [A](a.md)\n", "a.md": page])
        #expect(failed)
        #expect(
            lines.contains(
                "\(root)/content/a.md:3:1: error: diagram block holds more than one graph\n    put each graph in a ```dot block of its own"
            ))
        #expect(lines.contains { $0.hasPrefix("\(root)/content/a.md:7:1: error: unknown table attribute 'captoin'") })
    }

    /// A graph Graphviz takes long over: a time-out named as one, with the limit and its setting
    /// (it used to read "Graphviz failed").
    @Test func aGraphvizTimeOutIsReportedAsOneWithItsLimitAndSetting() throws {
        let nodes = (0..<40).map { "n\($0)" }
        let edges = nodes.indices.flatMap { a in nodes.indices.filter { $0 > a }.map { "\(nodes[a]) -> \(nodes[$0])" } }
        let page = "# A\n\n```dot alt=\"all\"\ndigraph {\n\(edges.joined(separator: "\n"))\n}\n```\n"
        let root = try TestSupport.makeTree([
            "content/SUMMARY.md": "# T\n\n- [A](a.md)\n", "content/a.md": page,
            "templates/page.html": TestSupport.minimalPage,
        ])
        defer { FileSystem.removeTemporaryDirectory(root) }
        var configuration = TestSupport.configuration(
            content: root + "/content", templates: root + "/templates", output: root + "/_site")
        configuration.cacheDirectory = root + "/cache"
        configuration.diagramTimeout = 0.01
        let recorder = TestSupport.Recorder()
        #expect(throws: DiagnosticsError.self) {
            try BuildPipeline(configuration: configuration, console: recorder.console).run()
        }
        let lines = recorder.lines
        #expect(
            lines.contains {
                // `gvpr` (the label read first) or `dot`, whichever the limit catches.
                $0.hasPrefix("\(root)/content/a.md:3:1: error: diagram: Graphviz's '")
                    && $0.contains("' did not finish within 0.01 s and was stopped")
                    && $0.contains(
                        "raise the limit (now 0.01 s): --diagram-timeout SECONDS or LECTURE_DIAGRAM_TIMEOUT=SECONDS")
            }, "\(lines)")
    }

    @Test func theDiagramTimeOutIsABookSetting() throws {
        let root = try TestSupport.makeTree([
            "book.toml": "[lecture]\ndiagram-timeout = 5\n", "src/SUMMARY.md": "# T\n",
        ])
        defer { FileSystem.removeTemporaryDirectory(root) }
        var options = try BuildCommand.options([])
        options.directory = root
        var configuration = BuildConfiguration()
        configuration.cacheDirectory = TestSupport.cacheDirectory
        #expect(try BookLayout.configure(&configuration, options: options).isEmpty)
        #expect(configuration.diagramTimeout == 5)
        #expect(BuildConfiguration().diagramTimeout == 60)
    }
}
