import CommonMark
import Foundation
import Testing

@testable import LectureKit
@testable import LectureSupport

/// The search index holds what the page shows (new user 3, P1–P3): verified Swift samples (code,
/// the output under it, a `compile_fail` sample's expected error), pipe tables and `table`
/// figures (caption and cells), a diagram's caption and the labels Graphviz drew, the text a
/// reader sees inside raw HTML blocks (`<div>`, a `<summary>`, an `<h2>`, a `<td>`), an
/// admonition's title, and the text before a page's first heading (or of a page without one),
/// which mdBook 0.5.4's index holds too. What no reader sees stays out (`<script>`, `<style>`,
/// comments, `UnseenSearchTextBadInputTests`).
@Suite struct SeenSearchTextTests {
    /// The search text of each page (its sections' headings and texts), by page URL, after a build.
    static func searchText(_ files: [String: String]) throws -> [String: String] {
        var tree = files.mapKeys { "content/" + $0 }
        tree["templates/page.html"] = TestSupport.minimalPage
        let root = try TestSupport.makeTree(tree)
        defer { FileSystem.removeTemporaryDirectory(root) }
        let configuration = TestSupport.configuration(
            content: root + "/content", templates: root + "/templates", output: root + "/_site")
        let recorder = TestSupport.Recorder()
        try BuildPipeline(configuration: configuration, console: recorder.console).run()
        func json(_ path: String) throws -> Any {
            let script = try #require(TestSupport.read(HashedSitePath.of(path, in: root + "/_site")))
            let start = try #require(script.range(of: "]=")).upperBound
            let literal = script[start...].trimmingCharacters(in: CharacterSet(charactersIn: "; \n"))
            return try JSONSerialization.jsonObject(with: Data(literal.utf8))
        }
        let pages = try #require((try json("search/pages.js") as? [String: Any])?["pages"] as? [[Any]])
        var texts: [String: [String]] = [:]
        let shards = try FileManager.default.contentsOfDirectory(
            atPath: HashedSitePath.of("search/t", in: root + "/_site"))
        for shard in shards {
            let object = try #require(try json("search/t/" + shard) as? [String: [String]])
            texts.merge(object) { first, _ in first }
        }
        var result: [String: String] = [:]
        for (number, page) in pages.enumerated() {
            let url = try #require(page[1] as? String)
            result[url] = (texts[String(number)] ?? []).joined(separator: "\n")
        }
        return result
    }

    @Test func verifiedSwiftSamplesTheirOutputAndExpectedErrorsAreIndexed() throws {
        let text = try Self.searchText([
            "SUMMARY.md": "- [S](s.md)\n",
            "s.md": """
            # S

            ```swift
            enum VendingMachineError: Error { case outOfStock }
            print("Insert 2 more")
            ```

            ```output
            Insert 2 more
            ```

            ```swift compile_fail expect-error="cannot assign"
            let languageName = "Swift"
            languageName = "Swift++"
            ```

            """,
        ])["s.html"]
        let page = try #require(text)
        for word in ["VendingMachineError", "Insert 2 more", "languageName", "error: cannot assign"] {
            #expect(page.contains(word), "\(word): \(page)")
        }
        #expect(page.components(separatedBy: "Insert 2 more").count == 3, "code and output: \(page)")
    }

    @Test func tablesAndTheirCaptionsAreIndexed() throws {
        let text = try Self.searchText([
            "SUMMARY.md": "- [T](t.md)\n",
            "t.md": """
            # T

            | Tool | Language |
            |------|----------|
            | Bazel | Starlark |

            ```table caption="Captionword compared"
            | Pattern | Holder |
            |---|---|
            | Tableword | *cellword* |
            ```

            """,
        ])["t.html"]
        let page = try #require(text)
        for word in ["Tool", "Language", "Bazel", "Starlark", "Captionword compared", "Tableword", "cellword"] {
            #expect(page.contains(word), "\(word): \(page)")
        }
    }

    @Test func aDiagramsCaptionAndLabelsAreIndexedNotItsTooltips() throws {
        let text = try Self.searchText([
            "SUMMARY.md": "- [D](d.md)\n",
            "d.md":
                "# D\n\n```dot caption=\"Diagramcaption\"\ndigraph g { Nodeword -> Otherword [label=\"edgeword\"]; }\n```\n",
        ])["d.html"]
        let page = try #require(text)
        for word in ["Diagramcaption", "Nodeword", "Otherword", "edgeword"] {
            #expect(page.contains(word), "\(word): \(page)")
        }
        // Graphviz's `<title>`s (`Nodeword->Otherword`) are tooltips, not drawn.
        #expect(!page.contains("->") && !page.contains("&#45;"), "\(page)")
    }

    @Test func theTextOfRawHTMLThatAReaderSeesIsIndexed() throws {
        let text = try Self.searchText([
            "SUMMARY.md": "- [H](h.md)\n",
            "h.md": """
            # H

            <div class="callout">Apple Silicon needs Rosetta &amp; more</div>

            <h2>Htmlheading</h2>

            <details><summary>Summaryword</summary>

            Detailsbody

            </details>

            <table><tr><td>Cellone</td><td>Celltwo</td></tr></table>

            <p>Bold<b>ly</b> <textarea>Areaword</textarea></p>

            <script>var Scriptword = 1;</script>
            <style>.Styleword {}</style>
            <!-- Commentword -->
            <div hidden>Hiddenword</div>

            """,
        ])["h.html"]
        let page = try #require(text)
        for word in [
            "Apple Silicon needs Rosetta & more", "Htmlheading", "Summaryword", "Detailsbody", "Cellone Celltwo",
            "Boldly", "Areaword",
        ] {
            #expect(page.contains(word), "\(word): \(page)")
        }
        for word in ["Scriptword", "Styleword", "Commentword", "Hiddenword", "callout", "<"] {
            #expect(!page.contains(word), "\(word): \(page)")
        }
    }

    @Test func anAdmonitionsTitleAndADefinitionListAreIndexed() throws {
        let text = try Self.searchText([
            "SUMMARY.md": "- [A](a.md)\n",
            "a.md":
                "# A\n\n> [!WARNING]\n> Admonitionbody\n\nTermword\n: Definitionword\n\nRef[^n].\n\n[^n]: Footnoteword\n",
        ])["a.html"]
        let page = try #require(text)
        for word in ["Warning", "Admonitionbody", "Termword", "Definitionword", "Footnoteword"] {
            #expect(page.contains(word), "\(word): \(page)")
        }
    }

    @Test func textBeforeTheFirstHeadingAndAPageWithoutHeadingsAreIndexed() throws {
        let texts = try Self.searchText([
            "SUMMARY.md": "- [Lead](lead.md)\n- [Plain](plain.md)\n",
            "lead.md": "Leadword before the heading.\n\n# Lead\n\nAfterword\n",
            "plain.md": "Plainword, and no heading.\n",
        ])
        #expect(texts["lead.html"]?.contains("Leadword") == true, "\(texts)")
        #expect(texts["lead.html"]?.contains("Afterword") == true, "\(texts)")
        #expect(texts["plain.html"]?.contains("Plainword") == true, "\(texts)")
    }
}

extension Dictionary {
    fileprivate func mapKeys(_ transform: (Key) -> Key) -> [Key: Value] {
        Dictionary(uniqueKeysWithValues: map { (transform($0.key), $0.value) })
    }
}
