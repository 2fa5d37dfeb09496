import Foundation
import Testing

@testable import CommonMark
@testable import LectureKit
@testable import LectureSupport

/// A diagram is drawn the same on every build, so a site built twice is the same bytes: the
/// graph as written and the graph turned a quarter are each laid out by a `dot` of their own
/// (one `dot` over both drew the second in a different cluster order from run to run).
@Suite struct DiagramReproducibilityTests {
    /// Three clusters side by side with no edge between them, as in a comparison of patterns:
    /// the shape whose turned drawing moved when both went through one `dot`.
    static let clusters = """
        digraph sides {
          label="Three patterns side by side";
          rankdir=LR;
          node [shape=box];
          subgraph cluster_a { label="A"; style=rounded; a_v [label="View"]; a_m [label="Model"]; a_x [label="Mediator"];
            a_v -> a_x [label="input"]; a_x -> a_v [label="binding", style=dashed]; a_x -> a_m [label="reads"]; }
          subgraph cluster_b { label="B"; style=rounded; b_v [label="View"]; b_m [label="Model"]; b_x [label="Presenter"];
            b_v -> b_x [label="input"]; b_x -> b_v [label="calls"]; b_x -> b_m [label="reads"]; }
          subgraph cluster_c { label="C"; style=rounded; c_vc [label="Controller"]; c_m [label="Model"];
            c_vc -> c_m [label="reads"]; }
        }

        """

    @Test func aGraphOfClustersIsDrawnTheSameEveryTime() throws {
        var drawings: Set<String> = []  // both SVGs of each drawing
        for _ in 0..<8 {
            // A fresh cache each time, so Graphviz draws it each time.
            let cache = try TestSupport.temporaryDirectory()
            defer { FileSystem.removeTemporaryDirectory(cache) }
            var warnings: [Diagnostic] = []
            _ = try DiagramRenderer.find(cache: Cache(directory: cache), run: RunContext()).draw(
                Self.clusters, info: InfoString("dot"), id: "diagram-1", path: "p.md",
                location: SourceLocation(line: 1, column: 1), warnings: &warnings)
            #expect(warnings.isEmpty, "\(warnings)")
            // Both drawings as the cache keeps them (whether the page then uses the turned one or not).
            let entries = FileSystem.files(under: cache + "/diagrams")
            #expect(entries.count == 1, "\(entries)")
            let entry = try JSONDecoder().decode(
                DiagramRenderer.Rendered.self,
                from: Data(FileSystem.read(cache + "/diagrams/" + #require(entries.first))))
            let narrow = try #require(entry.narrowSVG, "the turned drawing is the one that moved: it must be there")
            drawings.insert(entry.svg + narrow)
        }
        #expect(drawings.count == 1, "\(drawings.count) different drawings of one graph")
    }
}
