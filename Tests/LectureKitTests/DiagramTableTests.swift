import Foundation
import Testing

@testable import CommonMark
@testable import LectureKit
@testable import LectureSupport

/// Diagrams through the real Graphviz.
@Suite struct DiagramTests {
    func renderer(_ cache: String) -> DiagramRenderer {
        DiagramRenderer.find(cache: Cache(directory: cache), run: RunContext())
    }

    /// `code` rendered as the page's first diagram, through a fresh cache.
    func draw(_ code: String) throws -> String {
        try renderer(TestSupport.temporaryDirectory()).render(
            code, info: InfoString("dot"), id: "diagram-1", path: "p.md",
            location: SourceLocation(line: 1, column: 1)
        )
    }

    @Test func validGraphIsInlinedWithItsTextAlternative() throws {
        let cache = try TestSupport.temporaryDirectory()
        let code = "digraph G {\n  label=\"뷰가 모델을 관찰한다\";\n  View -> Model;\n}\n"
        let html = try renderer(cache).render(
            code, info: InfoString("dot caption=\"관찰\""), id: "diagram-1", path: "p.md",
            location: SourceLocation(line: 5, column: 1)
        )
        #expect(html.hasPrefix("<figure class=\"diagram\" style=\"--drawing-width: "))
        #expect(
            html.contains(
                "<div class=\"diagram-views\" role=\"img\" aria-label=\"뷰가 모델을 관찰한다\">\n<svg class=\"diagram-only\" style=\"--fit: "
            ))
        #expect(
            html.components(separatedBy: "<svg").count == 2,
            "a chain drawn top to bottom is narrowest as it is: sent once")
        #expect(html.contains("<figcaption>관찰</figcaption>"))
        #expect(!html.contains("<?xml"))
        #expect(!html.contains(">뷰가 모델을 관찰한다</text>"), "the label is the alternative, not drawn")
        #expect(html.contains(">View</text>"))
    }

    @Test func syntaxErrorIsReportedAtTheMarkdownLine() throws {
        let cache = try TestSupport.temporaryDirectory()
        // The fence is on line 20; Graphviz complains about its line 3, so Markdown line 23.
        let diagnostic = #expect(throws: Diagnostic.self) {
            try renderer(cache).render(
                "digraph G {\n  A -> B;\n  B -> ;\n}\n", info: InfoString("dot"), id: "d", path: "p.md",
                location: SourceLocation(line: 20, column: 1))
        }
        #expect(diagnostic?.headline == "p.md:23:1: error: diagram: syntax error in line 3 near ';'")
    }

    @Test func diagramWithoutAnyTextAlternativeIsAnError() throws {
        let cache = try TestSupport.temporaryDirectory()
        let diagnostic = #expect(throws: Diagnostic.self) {
            try renderer(cache).render(
                "digraph { a -> b }\n", info: InfoString("dot"), id: "d", path: "p.md",
                location: SourceLocation(line: 1, column: 1))
        }
        #expect(diagnostic?.summary == "diagram has no text alternative")
    }

    @Test func cachedRenderDoesNotRunGraphvizAgain() throws {
        let cache = try TestSupport.temporaryDirectory()
        let real = renderer(cache)
        let code = "digraph { label=\"캐시\"; a -> b }\n"
        let first = try real.render(
            code, info: InfoString("dot"), id: "d", path: "p.md", location: SourceLocation(line: 1, column: 1)
        )
        // Same Graphviz version, but no Graphviz to run: only the cache can answer.
        var offline = real
        offline.commands = (dot: "/nonexistent/dot", gvpr: "/nonexistent/gvpr")
        let second = try offline.render(
            code, info: InfoString("dot"), id: "d", path: "p.md", location: SourceLocation(line: 1, column: 1)
        )
        #expect(second == first)
        #expect(throws: Diagnostic.self, "a new graph must need Graphviz") {
            try offline.render(
                code + "\n", info: InfoString("dot"), id: "d", path: "p.md",
                location: SourceLocation(line: 1, column: 1))
        }
    }

    @Test func leftToRightGraphIsAlsoDrawnTopToBottomForNarrowScreens() throws {
        let html = try draw(
            "digraph G {\n  label=\"흐름\";\n  rankdir=LR;\n  edge [fontsize=10];\n  Controller -> Model [label=\"갱신 요청\"];\n  Model -> View [label=\"변경 알림\"];\n}\n"
        )
        // One text alternative, given by the box both drawings are in; the drawings carry no other.
        #expect(html.components(separatedBy: "aria-label=").count == 2)
        #expect(!html.contains("aria-labelledby"))
        let wide = try #require(
            html.firstMatch(of: /<svg class="diagram-wide" style="--fit: (\d+)px; --natural: (\d+)px" width="(\d+)pt"/))
        let narrow = try #require(
            html.firstMatch(
                of: /<svg class="diagram-narrow" style="--fit: (\d+)px; --natural: (\d+)px" width="(\d+)pt"/))
        // Labels of 10 pt are 12 CSS px high at 0.9 of the natural size (4/3 px a point).
        #expect(abs(Double(wide.output.1)! - Double(wide.output.2)! * 0.9) <= 2)
        #expect(Int(narrow.output.3)! < Int(wide.output.3)!, "the narrow drawing is narrower")
        let from = try #require(
            html.firstMatch(of: /<figure class="diagram" style="--drawing-width: (?:\d+)px" data-wide-from="(\d+)">/))
        #expect(
            Int(from.output.1)! >= Int(wide.output.1)!, "the wide drawing is shown only where its labels keep 12 px")
        #expect(DiagramLayout.breakpoints.contains(Int(from.output.1)!))
        #expect(html.contains(" id=\"diagram-1-narrow-graph0\""))
    }

    @Test func wideTreeDrawnTopToBottomIsAlsoDrawnLeftToRight() throws {
        let html = try draw("digraph G {\n  label=\"나무\";\n  root -> {a b c d e f};\n}\n")
        #expect(html.contains("<svg class=\"diagram-wide\""))
        #expect(
            html.contains("<svg class=\"diagram-narrow\""), "six leaves side by side are wider than a column of them")
    }

    @Test func breakpointsMatchTheStylesheet() throws {
        let css = try String(
            contentsOfFile: TestSupport.repositoryRoot + "/site-templates/assets/style.css", encoding: .utf8)
        let declared = css.matches(of: /\.diagram\[data-wide-from="(\d+)"\]/).map { Int($0.output.1)! }
        #expect(declared == DiagramLayout.breakpoints)
    }

    @Test func twoDiagramsOnAPageShareNoID() throws {
        let cache = try TestSupport.temporaryDirectory()
        let code = "digraph { label=\"x\"; rankdir=LR; subgraph cluster_a { a } a -> b }\n"
        let one = try renderer(cache).render(
            code, info: InfoString("dot"), id: "diagram-1", path: "p.md", location: SourceLocation(line: 1, column: 1)
        )
        let two = try renderer(cache).render(
            code, info: InfoString("dot"), id: "diagram-2", path: "p.md", location: SourceLocation(line: 9, column: 1)
        )
        let ids = (one + two).matches(of: try Regex(#" id="([^"]+)""#)).map { String((one + two)[$0.range]) }
        #expect(ids.count > 4)
        #expect(Set(ids).count == ids.count)
    }
}

@Suite struct TableTests {
    @Test func tableHasCaptionHeaderRowHeaderColumnAndInlineMarkdown() throws {
        let code = "| 패턴 | 책임 분배 | 테스트 |\n|---|:---:|---|\n| MVC | *낮음* | [MVP](mvp.md) |\n| MVVM | `높음` | a \\| b |\n"
        let html = try TableRenderer.render(
            code, caption: "세 패턴", id: "table-1", path: "p.md", location: SourceLocation(line: 3, column: 1)
        )
        #expect(
            html == """
                <div class="table-wrap" role="region" tabindex="0" data-columns="3" aria-labelledby="table-1-caption"><table role="table"><caption id="table-1-caption">세 패턴</caption>\
                <thead role="rowgroup"><tr role="row"><th scope="col" role="columnheader">패턴</th><th scope="col" role="columnheader" style="text-align: center">책임 분배</th><th scope="col" role="columnheader">테스트</th></tr></thead>\
                <tbody role="rowgroup"><tr role="row"><th scope="row" role="rowheader">MVC</th><td role="cell" data-label="책임 분배" style="text-align: center"><em>낮음</em></td><td role="cell" data-label="테스트"><a href="mvp.html">MVP</a></td></tr>\
                <tr role="row"><th scope="row" role="rowheader">MVVM</th><td role="cell" data-label="책임 분배" style="text-align: center"><code>높음</code></td><td role="cell" data-label="테스트">a | b</td></tr></tbody></table></div>

                """)
    }

    /// The words are the English table's, the default (`InterfaceWords`).
    @Test func leadingVerdictMarksAreDrawnAndAnnouncedByTheirWord() throws {
        let code =
            "| 패턴 | 테스트 | 편의 | 비고 |\n|---|---|---|---|\n| MVC | ✘ 어려움 | ✔ | △ *보통* |\n| MVP | ✓ 쉬움 | ✗ 깁니다 | ✔표시 아님 |\n"
        let html = try TableRenderer.render(
            code, caption: nil, id: "t", path: "p.md", location: SourceLocation(line: 1, column: 1)
        )
        #expect(
            html.contains(
                #"<td role="cell" data-label="테스트"><span class="verdict verdict-poor" role="img" aria-label="poor">✘</span> 어려움</td>"#
            ))
        #expect(
            html.contains(
                #"<td role="cell" data-label="편의"><span class="verdict verdict-good" role="img" aria-label="good">✔</span></td>"#
            ))
        #expect(
            html.contains(#"<span class="verdict verdict-mixed" role="img" aria-label="fair">△</span> <em>보통</em>"#))
        #expect(
            html.contains(#"<span class="verdict verdict-good" role="img" aria-label="good">✔</span> 쉬움"#),
            "✓ is drawn as ✔")
        #expect(
            html.contains(#"<span class="verdict verdict-poor" role="img" aria-label="poor">✘</span> 깁니다"#),
            "✗ is drawn as ✘")
        #expect(html.contains(#"<td role="cell" data-label="비고">✔표시 아님</td>"#), "a mark glued to a word is text")
    }

    @Test func rowWithWrongCellCountIsLocated() {
        let code = "| A | B |\n|---|---|\n| 1 | 2 |\n| 3 |\n"
        let error = #expect(throws: DiagnosticsError.self) {
            try TableRenderer.render(
                code, caption: nil, id: "t", path: "p.md", location: SourceLocation(line: 10, column: 1))
        }
        #expect(error?.diagnostics.map(\.headline) == ["p.md:14:1: error: table row has 1 cell, but the header has 2"])
        #expect(error?.diagnostics.map(\.notes) == [["add 1 cell to the row ('| |' for an empty one)"]])
    }

    @Test func rowWithTooManyCellsSaysWhatToRemove() {
        let code = "| A | B |\n|---|---|\n| 1 | a | b | c |\n"
        let error = #expect(throws: DiagnosticsError.self) {
            try TableRenderer.render(
                code, caption: nil, id: "t", path: "p.md", location: SourceLocation(line: 1, column: 1))
        }
        #expect(error?.diagnostics.map(\.headline) == ["p.md:4:1: error: table row has 4 cells, but the header has 2"])
        #expect(
            error?.diagnostics.map(\.notes) == [
                [
                    "remove 2 cells from the row, or add a column to the header; a '|' inside a cell is written '\\|'"
                ]
            ])
    }

    @Test func emptyHeaderCellIsLocated() {
        let error = #expect(throws: DiagnosticsError.self) {
            try TableRenderer.render(
                "| A |  |\n|---|---|\n| 1 | 2 |\n", caption: nil, id: "t", path: "p.md",
                location: SourceLocation(line: 1, column: 1))
        }
        #expect(error?.diagnostics.map(\.headline) == ["p.md:2:1: error: table header has an empty cell"])
    }

    @Test func missingDelimiterRowIsAnError() {
        let error = #expect(throws: DiagnosticsError.self) {
            try TableRenderer.render(
                "| A | B |\n| 1 | 2 |\n", caption: nil, id: "t", path: "p.md",
                location: SourceLocation(line: 1, column: 1))
        }
        #expect(
            error?.diagnostics.map(\.headline) == [
                "p.md:3:1: error: second table row must be a delimiter row such as '|---|---|'"
            ])
    }

    @Test func brokenTableFailsTheBuildAtItsLine() throws {
        let root = try TestSupport.makeTree([
            "content/SUMMARY.md": "# T\n\n- [A](a.md)\n",
            "content/a.md":
                "# A\n\n```table\n| A | B |\n|---|---|\n| 1 |\n| 1 | 2 | 3 |\n```\n\n```dot\ndigraph { a -> }\n```\n",
            "templates/page.html": TestSupport.minimalPage,
        ])
        let recorder = TestSupport.Recorder()
        #expect(throws: DiagnosticsError.self) {
            try BuildPipeline(
                configuration: TestSupport.configuration(
                    content: root + "/content", templates: root + "/templates", output: root + "/_site"),
                console: recorder.console
            ).run()
        }
        #expect(
            recorder.lines.contains(
                "\(root)/content/a.md:6:1: error: table row has 1 cell, but the header has 2\n"
                    + "    add 1 cell to the row ('| |' for an empty one)"))
        #expect(
            recorder.lines.contains {
                $0.hasPrefix("\(root)/content/a.md:7:1: error: table row has 3 cells, but the header has 2\n")
            })
        #expect(recorder.lines.contains("\(root)/content/a.md:11:1: error: diagram: syntax error in line 1 near '}'"))
        #expect(!FileSystem.exists(root + "/_site"))
    }
}
