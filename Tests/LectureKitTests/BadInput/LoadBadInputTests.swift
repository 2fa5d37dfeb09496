import Foundation
import Testing

@testable import CommonMark
@testable import LectureKit
@testable import LectureSupport

/// Bad input that loading and parsing meet: each gets a located error instead of a crash or a hang.
/// (Inputs a tester used to crash, hang or fool the tool, grouped by the component that meets them.)
@Suite struct LoadBadInputTests {
    @Test func deepNestingIsAnErrorNotACrash() throws {
        let deep = String(repeating: ">", count: 20_000) + " 깊다\n"
        let (root, lines, failed) = try BadInputBook.build([
            "SUMMARY.md": "# T\n\n- [A](a.md)\n", "a.md": "# A\n\n" + deep,
        ])
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
