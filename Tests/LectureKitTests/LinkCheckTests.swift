import Foundation
import Testing

@testable import LectureKit
@testable import LectureSupport

@Suite struct LinkCheckTests {
    func build(_ pages: [String: String]) throws -> (recorder: TestSupport.Recorder, root: String, error: Bool) {
        var files = pages.mapKeys { "content/" + $0 }
        files["templates/page.html"] = TestSupport.minimalPage
        let root = try TestSupport.makeTree(files)
        let recorder = TestSupport.Recorder()
        var failed = false
        do {
            try BuildPipeline(
                configuration: TestSupport.configuration(
                    content: root + "/content", templates: root + "/templates", output: root + "/_site"),
                console: recorder.console
            ).run()
        } catch is DiagnosticsError {
            failed = true
        }
        return (recorder, root, failed)
    }

    @Test func brokenPageAndAnchorLinksFailAtTheirLines() throws {
        let (recorder, root, failed) = try build([
            "SUMMARY.md": "# T\n\n- [A](a.md)\n- [B](sub/b.md)\n",
            "a.md": "# A\n\n## 역할\n\n[좋음](sub/b.md#세부) [앵커](#역할)\n\n문단 [없는 쪽](nope.md) 그리고\n[없는 앵커](sub/b.md#없음)\n",
            "sub/b.md": "# B\n\n## 세부\n\n[위로](../a.md#역할) ![그림](missing.png)\n",
        ])
        #expect(failed)
        // Columns count UTF-8 bytes, as cmark and swiftc do ("문단 " is 7 bytes).
        #expect(
            recorder.lines.filter { $0.contains("error:") }.compactMap {
                $0.split(separator: "\n").first.map(String.init)
            }.sorted() == [
                "\(root)/content/a.md:7:8: error: broken link: 'nope.md' is not a page of the book (not in SUMMARY.md)",
                "\(root)/content/a.md:8:1: error: broken link: 'sub/b.md#없음' names no heading or id of 'sub/b.md'",
                "\(root)/content/sub/b.md:5:26: error: broken link: 'missing.png' does not exist in the content folder",
            ])
    }

    /// A fragment no heading of the target page has: the page's ids, nearest first and a few,
    /// beside the near miss (or alone when none is near); a page without ids says so.
    @Test func brokenFragmentListsHeadingsBeforeFootnotes() throws {
        // newuser-9 #7: the footnotes' ids are nearer to `nope` than the headings', and were listed first.
        let (recorder, root, failed) = try build([
            "SUMMARY.md": "# T\n\n- [A](a.md)\n- [B](b.md)\n",
            "a.md": "# A\n\n[x](b.md#nope)\n",
            "b.md":
                "# Configuration\n\nText[^log] and [^n].\n\n## Environment variables\n\n[^log]: A note.\n[^n]: Two.\n",
        ])
        #expect(failed)
        let errors = recorder.lines.filter { $0.contains("error:") }
        #expect(
            errors == [
                "\(root)/content/a.md:3:1: error: broken link: 'b.md#nope' names no heading or id of 'b.md'\n"
                    + "    the ids of 'b.md', nearest first (footnotes last): '#configuration', '#environment-variables', "
                    + "'#fr-n-1', '#footnote-n', '#fr-log-1' (of 6)"
            ], "\(errors)")
        #expect(LinkChecker.isFootnoteID("footnote-log") && LinkChecker.isFootnoteID("fr-log-1"))
        #expect(!LinkChecker.isFootnoteID("configuration"))
    }

    @Test func brokenFragmentListsTheTargetPagesNearestIDs() throws {
        let (recorder, root, failed) = try build([
            "SUMMARY.md": "# T\n\n- [A](a.md)\n- [B](b.md)\n- [C](c.md)\n",
            "a.md": "# A\n\n[x](b.md#optionls) [y](b.md#zzzzzzzzzzzz) [z](c.md#x)\n",
            "b.md": "# B\n\n## Optionals\n\n## Options\n\n## Closures\n\n## Enums\n\n## Structs\n\n## Actors\n",
            "c.md": "Text without a heading.\n",
        ])
        #expect(failed)
        let errors = recorder.lines.filter { $0.contains("error:") }.sorted()
        let prefix = "\(root)/content/a.md:3:"
        #expect(
            errors == [
                prefix + "1: error: broken link: 'b.md#optionls' names no heading or id of 'b.md'\n"
                    + "    did you mean '#optionals'?\n"
                    + "    the ids of 'b.md', nearest first (footnotes last): '#optionals', '#options', '#actors', '#structs', '#closures' (of 7)",
                prefix + "20: error: broken link: 'b.md#zzzzzzzzzzzz' names no heading or id of 'b.md'\n"
                    + "    the ids of 'b.md', nearest first (footnotes last): '#actors', '#b', '#closures', '#enums', '#optionals' (of 7)",
                prefix + "43: error: broken link: 'c.md#x' names no heading or id of 'c.md'\n"
                    + "    'c.md' has no heading or id",
            ], "\(errors)")
    }

    @Test func linksInTableCellsAreChecked() throws {
        let (recorder, root, failed) = try build([
            "SUMMARY.md": "# T\n\n- [A](a.md)\n",
            "a.md": "# A\n\n```table\n| 패턴 | 장 |\n|---|---|\n| MVC | [없는 장](missing.md) |\n```\n",
        ])
        #expect(failed)
        #expect(
            recorder.lines.contains(
                "\(root)/content/a.md:6:1: error: broken link: 'missing.md' is not a page of the book (not in SUMMARY.md)"
            ))
    }

    @Test func contentFilesAreCopiedAndLinkable() throws {
        let (_, root, failed) = try build([
            "SUMMARY.md": "# T\n\n- [A](a.md)\n",
            "a.md": "# A\n\n![그림](img/pic.svg)\n",
            "img/pic.svg": "<svg xmlns=\"http://www.w3.org/2000/svg\"/>",
        ])
        #expect(!failed)
        #expect(FileSystem.exists(root + "/_site/img/pic.svg"))
    }
}

extension Dictionary {
    func mapKeys<K: Hashable>(_ transform: (Key) -> K) -> [K: Value] {
        [K: Value](uniqueKeysWithValues: map { (transform($0.key), $0.value) })
    }
}
