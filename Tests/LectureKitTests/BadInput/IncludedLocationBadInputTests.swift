import Foundation
import Testing

@testable import LectureKit
@testable import LectureSupport

/// Every location reported for a page with `{{#include}}`s is the line a person edits (issue 34):
/// the page's own line after an include has added lines above it, or the
/// included file's line. Lines counted in the expanded text (what the parser sees) were reported
/// in notes (`sample at …`), the check's summary and the JUnit report.
@Suite struct IncludedLocationBadInputTests {
    /// Page lines: the first sample's fence on 3, two includes (3 lines each) on 4 and 5, its
    /// output block 8–10; the second sample's fence on 14, its wrong output block 18–20; an
    /// `ignore` sample on 22; a broken link on 26; a diagram naming two files on 31 and 32.
    static let page = """
        # Page

        ```swift
        {{#include code.swift:one}}
        {{#include code.swift:two}}
        ```

        ```output
        1 2 3
        ```

        Text.

        ```swift
        print("second")
        ```

        ```output
        wrong
        ```

        ```swift,ignore
        print("shown only")
        ```

        See [there](missing.md).

        ## Deep

        ```dot
        digraph { a [image="x.png"]
          b [shapefile="y.ps"] }
        ```

        """
    static let code = """
        // ANCHOR: one
        let a = 1
        let b = 2
        let c = 3
        // ANCHOR_END: one
        // ANCHOR: two
        print(a, terminator: " ")
        print(b, terminator: " ")
        print(c)
        // ANCHOR_END: two

        """

    static func book() throws -> String {
        try TestSupport.makeTree([
            "content/SUMMARY.md": "# Book\n\n- [Page](p.md)\n", "content/p.md": page, "content/code.swift": code,
            "templates/page.html": TestSupport.minimalPage,
        ])
    }

    @Test func aBuildReportsThePagesOwnLinesAfterAnInclude() throws {
        let root = try Self.book()
        defer { FileSystem.removeTemporaryDirectory(root) }
        let (lines, failed) = try BadInputBook.build(root: root)
        #expect(failed)
        let text = lines.joined(separator: "\n")
        let page = root + "/content/p.md"
        #expect(text.contains("\(page):19:1: error: output does not match the expected output"), "\(text)")
        #expect(text.contains("sample at \(page):14:1;"), "\(text)")
        #expect(text.contains("\(page):26:"), "the broken link at its line: \(text)")
        #expect(text.contains("also 'shapefile' at \(page):32"), "\(text)")
        #expect(!text.contains("\(page):22:") && !text.contains("\(page):36:"), "no expanded line: \(text)")
    }

    @Test func aCheckAndItsJUnitReportNameThePagesOwnLines() throws {
        let root = try Self.book()
        defer { FileSystem.removeTemporaryDirectory(root) }
        let report = root + "/report.xml"
        let recorder = TestSupport.Recorder()
        let status = LectureCommand.main(
            [
                "check", "--cache-dir", TestSupport.cacheDirectory, "--content", root + "/content", "--report",
                "junit:" + report,
            ], console: recorder.console)
        #expect(status == 1)
        let text = recorder.lines.joined(separator: "\n")
        let page = root + "/content/p.md"
        #expect(text.contains("sample at \(page):14:1;"), "\(text)")
        #expect(text.contains("skipped \(page):22:"), "\(text)")
        let xml = try String(contentsOfFile: report, encoding: .utf8)
        for line in [3, 14, 22] { #expect(xml.contains("name=\"\(page):\(line)"), "\(line): \(xml)") }
        #expect(xml.contains("\(page):19:1: error: output does not match"), "\(xml)")
    }

    @Test func aCompilerErrorInAnIncludedLineNamesTheIncludedFileAndItsNotesToo() throws {
        let root = try TestSupport.makeTree([
            "content/SUMMARY.md": "# Book\n\n- [Page](p.md)\n",
            "content/p.md": "# Page\n\n```swift\n{{#include code.swift}}\n```\n\n```swift\nlet x: Int = \"no\"\n```\n",
            "content/code.swift": "func f(_ a: Int) {}\nlet y = 1\nf(\"one\")\n",
            "templates/page.html": TestSupport.minimalPage,
        ])
        defer { FileSystem.removeTemporaryDirectory(root) }
        let (lines, failed) = try BadInputBook.build(root: root)
        #expect(failed)
        let text = lines.joined(separator: "\n")
        #expect(text.contains(root + "/content/code.swift:3:3: error: "), "\(text)")
        #expect(text.contains(root + "/content/p.md:8:14: error: "), "the page's line after the include: \(text)")
        // swiftc's note on the declaration, in the included file, is moved too.
        #expect(!text.contains(root + "/content/p.md:4:") || text.contains(root + "/content/code.swift:1:"), "\(text)")
    }

    /// A diagnostic that names another line of its page (the heading whose id a heading repeats,
    /// the first definition of a footnote) names it as `PATH:LINE`, moved as the diagnostic is:
    /// "at line N" counted the expanded text's lines, past the page's own after an include.
    @Test func anotherLineOfThePageIsNamedAtItsOwnLine() throws {
        let root = try TestSupport.makeTree([
            "content/SUMMARY.md": "# Book\n\n- [Page](p.md)\n",
            "content/p.md":
                "# Page\n\n{{#include three.md}}\n\n## A {#x}\n\n## B {#x}\n\nA[^f].\n\n[^f]: one\n\n[^f]: two\n",
            "content/three.md": "One.\n\nTwo.\n\nThree.\n",
            "templates/page.html": TestSupport.minimalPage,
        ])
        defer { FileSystem.removeTemporaryDirectory(root) }
        let (lines, _) = try BadInputBook.build(root: root)
        let text = lines.joined(separator: "\n")
        let page = root + "/content/p.md"
        #expect(
            text.contains("\(page):7:1: warning: heading id 'x' is already the id of an earlier heading"), "\(text)")
        #expect(text.contains("the earlier heading is at \(page):5"), "\(text)")
        #expect(text.contains("the first, at \(page):11, is the one shown"), "\(text)")
    }

    @Test func noteTextIsMovedOnlyWhereItNamesAnExpandedLine() {
        let origins = [
            IncludeExpander.LineOrigin(path: "p.md", line: 1), IncludeExpander.LineOrigin(path: "c.swift", line: 7),
            IncludeExpander.LineOrigin(path: "p.md", line: 3),
        ]
        #expect(
            IncludedLocations.remapText("sample at p.md:3:1; also p.md:2", path: "p.md", origins: origins)
                == "sample at p.md:3:1; also c.swift:7")
        // A longer path ending the same way, a line past the end, no digits: left as written.
        #expect(
            IncludedLocations.remapText("xp.md:2 p.md:9 p.md:x", path: "p.md", origins: origins)
                == "xp.md:2 p.md:9 p.md:x")
    }
}
