import Foundation
import Testing

@testable import CommonMark
@testable import LectureKit
@testable import LectureSupport

/// Issue 30: a diagram never makes Graphviz read a file of the build machine, nor puts the
/// absolute path of one into the published SVG. Each way of naming a file is refused with an
/// error at its Markdown line; a graph that only mentions the words is drawn. Real Graphviz.
@Suite struct DiagramFileReferenceTests {
    /// The fence is on line 12; the graph's first line is 13. Columns count UTF-8 bytes.
    let location = SourceLocation(line: 12, column: 1)

    func render(_ code: String) throws -> Result<String, Diagnostic> {
        let cache = try TestSupport.temporaryDirectory()
        defer { FileSystem.removeTemporaryDirectory(cache) }
        let renderer = DiagramRenderer.find(cache: Cache(directory: cache), run: RunContext())
        do throws(Diagnostic) {
            return .success(
                try renderer.render(code, info: InfoString("dot"), id: "diagram-1", path: "p.md", location: location))
        } catch {
            return .failure(error)
        }
    }

    @Test func everyAttributeThatReadsAFileIsRefusedAtItsLine() throws {
        // A real picture outside the book: Graphviz would embed its absolute path.
        let folder = try TestSupport.temporaryDirectory()
        defer { FileSystem.removeTemporaryDirectory(folder) }
        let picture = folder + "/secret.png"
        try TestSupport.write(Array(Data(base64Encoded: Self.onePixelPNG)!), to: picture)
        let graphs: [(code: String, line: Int, column: Int, name: String)] = [
            ("digraph { label=\"그림\"\n  a [image=\"\(picture)\"]\n}\n", 14, 6, "'image'"),
            ("digraph { label=\"그림\"\n  node [\"ima\" + \"ge\" = \"\(picture)\"]\n  a\n}\n", 14, 9, "'image'"),
            (
                "digraph { label=\"그림\"\n  // image = x is a comment\n  a [shape=epsf, shapefile=\"\(picture)\"]\n}\n",
                15, 18, "'shapefile'"
            ),
            ("digraph { label=\"그림\"; imagepath=\"\(folder)\"; a }\n", 13, 27, "'imagepath'"),
            ("digraph { label=\"그림\"; fontpath=\"\(folder)\"; a }\n", 13, 27, "'fontpath'"),
            (
                "digraph { label=\"그림\"; _background=\"I 0 0 10 10 \(picture.utf8.count) -\(picture)\"; a }\n", 13, 27,
                "'_background'"
            ),
            (
                "digraph { label=\"그림\"\n  a [label=<<TABLE><TR><TD><img src=\"\(picture)\"/></TD></TR></TABLE>>]\n}\n",
                14, 12, "an HTML label's <IMG>"
            ),
        ]
        for graph in graphs {
            switch try render(graph.code) {
            case .success(let html):
                Issue.record("drawn: \(graph.code)")
                #expect(!html.contains(folder))
            case .failure(let error):
                #expect(error.identifier == .diagram)
                #expect(error.severity == .error)
                #expect(error.location == SourceLocation(line: graph.line, column: graph.column), "\(graph.code)")
                #expect(error.summary.contains(graph.name), "\(error.summary)")
            }
        }
        // Without the check, Graphviz would have read the file and published its path.
        let drawn = try Subprocess.run(
            "dot", ["-Tsvg"], input: Array("digraph { a [image=\"\(picture)\"] }".utf8), cancellation: .process)
        #expect(drawn.stdoutText.contains(picture))
    }

    /// Attack 22 F6: DOT takes an HTML string wherever an ID stands, an attribute's name too, so
    /// `<image>=` is `image`. Every spelling of a name is refused, in any case, and Graphviz as
    /// lecture runs it loads no file, whatever the spelling.
    @Test func everySpellingOfAFileAttributeIsRefusedAndGraphvizLoadsNoFile() throws {
        let folder = try TestSupport.temporaryDirectory()
        defer { FileSystem.removeTemporaryDirectory(folder) }
        let picture = folder + "/secret.png"
        try TestSupport.write(Array(Data(base64Encoded: Self.onePixelPNG)!), to: picture)
        let names: [(spelling: String, shown: String)] = [
            ("<image>", "'<image>'"), ("<imagepath>", "'<imagepath>'"), ("<shapefile>", "'<shapefile>'"),
            ("<fontpath>", "'<fontpath>'"), ("<_background>", "'<_background>'"), ("<stylesheet>", "'<stylesheet>'"),
            ("<IMAGE>", "'<IMAGE>'"), ("IMAGE", "'IMAGE'"), ("ImagePath", "'ImagePath'"), ("\"Image\"", "'Image'"),
            ("stylesheet", "'stylesheet'"), ("\"ima\" + \"ge\"", "'image'"), ("<img>", "an HTML label's <IMG>"),
        ]
        for name in names {
            let code = "digraph { label=\"그림\"\n  a [label=\"\", \(name.spelling) = \"\(picture)\"]\n}\n"
            switch try render(code) {
            case .success:
                Issue.record("drawn: \(code)")
            case .failure(let error):
                #expect(error.identifier == .diagram)
                #expect(error.location == SourceLocation(line: 14, column: 16), "\(code)")
                #expect(error.summary.contains(name.shown), "\(error.summary)")
            }
        }
        // Graphviz itself takes `<image>=` and reads the file; as lecture runs it, it reads none.
        for graph in [
            "digraph { a [<image>=\"\(picture)\", label=\"\"] }",
            "digraph { a [shape=custom, shapefile=\"\(picture)\"] }",
            "digraph { a [label=<<TABLE><TR><TD><IMG SRC=\"\(picture)\"/></TD></TR></TABLE>>] }",
        ] {
            let plain = try Subprocess.run("dot", ["-Tsvg"], input: Array(graph.utf8), cancellation: .process)
            #expect(plain.stdoutText.contains(picture), "\(graph)")
            let contained = try Subprocess.run(
                "dot", ["-Tsvg"], environment: DiagramRenderer.graphvizEnvironment, input: Array(graph.utf8),
                cancellation: .process)
            #expect(!contained.stdoutText.contains(picture), "\(graph)")
            #expect(contained.stderrText.contains("file loading is disabled"), "\(contained.stderrText)")
        }
    }

    @Test func everyReferenceIsNamedAndWordsThatAreNoAttributeAreDrawn() throws {
        let code = "digraph { label=\"그림\"\n  a [image=\"x.png\"]\n  b [shapefile=\"y.ps\"]\n}\n"
        guard case .failure(let error) = try render(code) else {
            Issue.record("drawn")
            return
        }
        #expect(error.location?.line == 14)
        #expect(error.notes.contains("also 'shapefile' at p.md:15"), "\(error.notes)")
        // A node named `image`, a label saying `image=`, a quoted "fontpath" that is a node.
        let harmless =
            "digraph { label=\"그림\"\n  image -> shapefile\n  a [label=\"image=x.png\"]\n  \"fontpath\" -> b\n}\n"
        guard case .success(let html) = try render(harmless) else {
            Issue.record("refused a graph that names no file")
            return
        }
        #expect(html.contains("<svg"))
    }

    /// A 1×1 PNG.
    static let onePixelPNG =
        "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg=="
}
