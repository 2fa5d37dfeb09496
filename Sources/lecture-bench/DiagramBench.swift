import CommonMark
import Foundation
import LectureKit
import LectureSupport

/// Part 6: what drawing the lecture's diagrams in two layouts costs (the author's and, for a
/// left-to-right graph, a top-to-bottom one for narrow screens, cached together), against one
/// plain `dot -Tsvg` per graph.
extension Bench {
    /// The lecture's ```dot blocks, in page order.
    func lectureDiagrams() throws -> [(code: String, info: InfoString)] {
        let content = repo + "/content"
        var graphs: [(code: String, info: InfoString)] = []
        for file in try FileManager.default.contentsOfDirectory(atPath: content).sorted() where file.hasSuffix(".md") {
            for block in MarkdownParser.parse(Files.read(content + "/" + file)) {
                guard case .codeBlock(let code) = block.kind, code.isFenced else { continue }
                let info = InfoString(code.info)
                if info.language == DiagramRenderer.language { graphs.append((code.code, info)) }
            }
        }
        return graphs
    }

    mutating func partDiagrams() throws {
        let graphs = try lectureDiagrams()
        let measure = "lecture's \(graphs.count) diagrams, both layouts"
        guard !graphs.isEmpty, Run.which("dot") != nil else {
            rows.append(
                Row(
                    part: "6", measure: measure, lecture: "skipped: no diagrams or no Graphviz", baseline: "—",
                    ratio: "—", goal: "report", result: "skipped"))
            return
        }
        let location = SourceLocation(line: 1, column: 1)
        var cold: [Double] = []
        var warm: [Double] = []
        var plain: [Double] = []
        var figureBytes = 0
        var plainBytes = 0
        var twice = 0
        for run in 0..<3 {
            let renderer = DiagramRenderer.find(
                cache: Cache(directory: temp + "/diagram-cache-\(run)"), run: RunContext())
            for pass in 0..<2 {
                let start = now()
                var bytes = 0
                for (index, graph) in graphs.enumerated() {
                    let html = try renderer.render(
                        graph.code, info: graph.info, id: "diagram-\(index + 1)", path: "bench.md", location: location
                    )
                    bytes += html.utf8.count
                    if pass == 0 && run == 0 && html.contains("diagram-narrow") { twice += 1 }
                }
                (pass == 0 ? { cold.append(now() - start) } : { warm.append(now() - start) })()
                figureBytes = bytes
            }
            let start = now()
            var bytes = 0
            for graph in graphs {
                bytes += try Subprocess.run(
                    "dot", ["-Tsvg"], timeout: 60, input: Array(graph.code.utf8), cancellation: .process
                ).stdout.count
            }
            plain.append(now() - start)
            plainBytes = bytes
        }
        let best = (cold: cold.min()!, warm: warm.min()!, plain: plain.min()!)
        rows.append(
            Row(
                part: "6", measure: measure + ", cold (best of 3; \(twice) drawn twice)",
                lecture: Format.seconds(best.cold),
                baseline: "one dot -Tsvg each \(Format.seconds(best.plain))",
                ratio: Format.ratio(best.cold / best.plain), goal: "report", result: ""))
        rows.append(
            Row(
                part: "6", measure: measure + ", warm (from the cache)", lecture: Format.seconds(best.warm),
                baseline: "cold \(Format.seconds(best.cold))", ratio: Format.ratio(best.warm / best.cold),
                goal: "report", result: ""))
        rows.append(
            Row(
                part: "6", measure: measure + ", HTML bytes", lecture: Format.bytes(figureBytes),
                baseline: "one SVG each \(Format.bytes(plainBytes))",
                ratio: Format.ratio(Double(figureBytes) / Double(plainBytes)), goal: "report", result: ""))
    }
}
