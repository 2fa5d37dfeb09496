import CommonMark
import Foundation
import Testing

@testable import LectureKit
@testable import LectureSupport

/// Inputs a tester used to crash, hang or fool the tool; each now gets a located error.
@Suite struct BadInputTests {
    func build(_ files: [String: String], template: String = TestSupport.minimalPage, output: String = "_site")
        throws -> (root: String, lines: [String], failed: Bool)
    {
        var tree = files.mapKeys { "content/" + $0 }
        tree["templates/page.html"] = template
        let root = try TestSupport.makeTree(tree)
        let recorder = TestSupport.Recorder()
        var failed = false
        do {
            try BuildPipeline(
                configuration: TestSupport.configuration(
                    content: root + "/content", templates: root + "/templates",
                    output: root + "/" + output), console: recorder.console
            ).run()
        } catch is DiagnosticsError {
            failed = true
        }
        return (root, recorder.lines, failed)
    }

    @Test func deepNestingIsAnErrorNotACrash() throws {
        let deep = String(repeating: ">", count: 20_000) + " 깊다\n"
        let (root, lines, failed) = try build(["SUMMARY.md": "# T\n\n- [A](a.md)\n", "a.md": "# A\n\n" + deep])
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

    @Test func twoGraphsInOneBlockAndUnknownAttributesAreErrors() throws {
        let page =
            "# A\n\n```dot alt=\"x\"\ndigraph { a } digraph { b }\n```\n\n```table captoin=\"t\"\n| A | B |\n|---|---|\n| 1 | 2 |\n```\n"
        let (root, lines, failed) = try build(["SUMMARY.md": "# T\n\n- [A](a.md)\n", "a.md": page])
        #expect(failed)
        #expect(
            lines.contains(
                "\(root)/content/a.md:3:1: error: diagram block holds more than one graph\n    put each graph in a ```dot block of its own"
            ))
        #expect(lines.contains { $0.hasPrefix("\(root)/content/a.md:7:1: error: unknown table attribute 'captoin'") })
    }

    @Test func pagesThatWouldShareAnOutputFileAreErrors() throws {
        let (root, lines, failed) = try build([
            "SUMMARY.md": "# T\n\n- [A](README.md)\n- [B](index.md)\n", "README.md": "# A\n", "index.md": "# B\n",
        ])
        #expect(failed)
        #expect(
            lines.contains(
                "\(root)/content/SUMMARY.md:4:3: error: page 'index.md' would be written to index.html, which is page 'README.md'"
            ))
    }

    @Test func outputInsideTheContentFolderIsRefused() throws {
        let (_, lines, failed) = try build(
            ["SUMMARY.md": "# T\n\n- [A](a.md)\n", "a.md": "# A\n"], output: "content/site")
        #expect(failed)
        #expect(lines.contains { $0.contains("output folder is inside") })
    }

    @Test func headingsNeverTakeTheTemplatesIDs() throws {
        let template =
            "<!doctype html><html lang=\"ko\"><title>{{ title }}</title><main id=\"content\">{{ content }}</main></html>\n"
        let (root, _, failed) = try build(
            ["SUMMARY.md": "# T\n\n- [A](a.md)\n", "a.md": "# A\n\n## Content\n"], template: template)
        #expect(!failed)
        let html = try #require(TestSupport.read(root + "/_site/a.html"))
        #expect(html.contains("<h2 id=\"content-1\">"))
    }

    @Test func secondOutputBlockIsNamedAsSuch() {
        let found = SampleExtractor.extract(
            from: MarkdownParser.parse("```swift\nprint(1)\n```\n\n```output\n1\n```\n\n```output\n1\n```\n"),
            path: "p.md")
        #expect(found.diagnostics.map(\.headline) == ["p.md:9:1: error: sample already has an output block"])
    }

    @Test func junitReportStaysWellFormedXML() {
        #expect(JUnitReport.escape("red \u{1B}[31m & <b>") == "red \\u{1b}[31m &amp; &lt;b&gt;")
    }

    @Test func hugeOutputDiffIsCapped() {
        let expected = (0..<2000).map { "line \($0)" }.joined(separator: "\n")
        let diff = OutputComparison.diff(expected: expected, actual: expected + "\nmore")
        #expect(diff.hasSuffix("(only the first 500 lines are compared: expected has 2000, actual 2001)"))
    }

    @Test func invalidUTF8AfterLoneCRLinesIsLocated() {
        let bytes = Array("# B\r\rline3 ".utf8) + [0xFF, 0x0D]
        guard case .failure(let diagnostic) = SourceFileReader.decode(bytes, displayPath: "b.md", relativePath: "b.md")
        else {
            Issue.record("expected an error")
            return
        }
        #expect(diagnostic.headline == "b.md:3:7: error: file is not valid UTF-8")
    }
}

@Suite struct BlessEdgeTests {
    func sample(_ markdown: String) -> Sample {
        SampleExtractor.extract(from: MarkdownParser.parse(markdown), path: "p.md").samples[0]
    }

    @Test func outputWithAnIndentedFenceGetsALongerFence() {
        let original = "```swift\nx\n```\n"
        let blessed = Bless.apply(original, outputs: [(sample: sample(original), output: "before\n  ```\nafter\n")])
        #expect(blessed == "```swift\nx\n```\n````output\nbefore\n  ```\nafter\n````\n")
    }

    @Test func sampleInAQuoteInAListContinuesTheContainer() {
        let original = "- > ```swift\n  > x\n  > ```\n"
        let blessed = Bless.apply(original, outputs: [(sample: sample(original), output: "1\n")])
        #expect(blessed == "- > ```swift\n  > x\n  > ```\n  > ```output\n  > 1\n  > ```\n")
        #expect(
            SampleExtractor.extract(from: MarkdownParser.parse(blessed), path: "p.md").samples[0].expectedOutput
                == "1\n")
    }

    @Test func loneCRFilesAreBlessedWithTheirOwnEndings() {
        let original = "# A\r\r```swift\rx\r```\r\r```output\rold\r```\r"
        let normalized = original.replacingOccurrences(of: "\r", with: "\n")
        let blessed = Bless.apply(original, outputs: [(sample: sample(normalized), output: "new\n")])
        #expect(blessed == "# A\r\r```swift\rx\r```\r\r```output\rnew\r```\r")
    }

    @Test func unclosedSampleFenceIsRefused() {
        let original = "```swift\nx\n"
        let (text, refused) = Bless.rewrite(original, outputs: [(sample: sample(original), output: "1\n")])
        #expect(text == original)
        #expect(refused.map(\.1) == ["the sample's code block has no closing fence"])
    }
}
