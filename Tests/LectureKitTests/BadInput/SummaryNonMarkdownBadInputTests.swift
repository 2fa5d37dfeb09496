import Foundation
import Testing

@testable import LectureKit
@testable import LectureSupport

/// A summary line naming a file that is no page (attack 13, kind 45): a PNG listed as a chapter
/// got "file is not valid UTF-8 / save the file as UTF-8" at the picture; the summary listed as a
/// chapter of itself made its links a page's too, so `../book.toml` got an error and a
/// contradictory warning ("leaves the book and is not checked") at the same place. One error
/// each, at the summary's line, saying what a chapter is and how to show a picture.
struct SummaryNonMarkdownBadInputTests {
    static let lines: [(line: String, says: String)] = [
        ("- [Pic](img.png)", "summary link 'img.png' names a file that is not a Markdown page"),
        ("- [Gif](pics/img.gif)", "summary link 'pics/img.gif' names a file that is not a Markdown page"),
        ("- [Self](SUMMARY.md)", "summary link 'SUMMARY.md' names the summary itself, not a page"),
        ("- [Self](sub/../SUMMARY.md)", "summary link 'sub/../SUMMARY.md' names the summary itself, not a page"),
        ("- [Cfg](../book.toml)", "summary link '../book.toml' points outside the content folder"),
    ]

    @Test(arguments: lines.indices) func aSummaryLineNamingNoPageIsOneErrorAtItsLine(_ index: Int) throws {
        let (line, says) = Self.lines[index]
        let png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 0x0D, 0xFF, 0xFE]
        let root = try TestSupport.makeTree([
            "book.toml": "[book]\ntitle = \"T\"\n",
            "src/SUMMARY.md": "# Summary\n\n- [One](one.md)\n\(line)\n", "src/one.md": "# One\n",
        ])
        defer { FileSystem.removeTemporaryDirectory(root) }
        try TestSupport.write(png, to: root + "/src/img.png")
        try TestSupport.write(png, to: root + "/src/pics/img.gif")
        let recorder = TestSupport.Recorder()
        let status = LectureCommand.main(
            ["build", root, "--cache-dir", TestSupport.cacheDirectory], console: recorder.console)
        #expect(status == 1, "\(recorder.lines)")
        let summary = root + "/src/SUMMARY.md"
        let atLine = recorder.lines.filter { $0.hasPrefix("\(summary):4:3: ") }
        #expect(atLine.count == 1 && atLine[0].hasPrefix("\(summary):4:3: error: \(says)"), "\(recorder.lines)")
        #expect(
            !recorder.lines.contains { $0.contains("not valid UTF-8") || $0.contains("leaves the book") },
            "\(recorder.lines)")
        if index < 2 {
            #expect(recorder.lines.contains { $0.contains("link the file from a page instead, such as '![") })
        }
    }
}
