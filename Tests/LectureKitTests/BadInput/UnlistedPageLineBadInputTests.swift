import Foundation
import Testing

@testable import LectureKit
@testable import LectureSupport

/// The line the unlisted-page warning offers for a name with a space (attack 13, kind 55;
/// mdBook #1917, #1287): '- [Title](my page.md)' is no link (an address holds no space), so
/// pasting it gave "must begin with a link" and the same warning again. The line offered is now
/// one that parses and names the file (`<my page.md>`), checked here by pasting it; and the error
/// for `[Title](my page.md)` says how to write the space.
struct UnlistedPageLineBadInputTests {
    static let names = [
        "my page.md", "a b#c?d\"e.md", "x(1).md", "tab\there.md", "plain-name.md",
        // Attack 14, kind 15: a space and `<…>` (the line offered was `my <b>.md`, no link), a
        // backslash before a space.
        "my <b>.md", "x <y.md", "a>b c.md", "a\\b c.md",
    ]

    @Test(arguments: names) func theOfferedLineBuildsThePage(_ name: String) throws {
        let root = try TestSupport.makeTree([
            "book.toml": "[book]\ntitle = \"T\"\n", "src/SUMMARY.md": "# Summary\n\n- [One](one.md)\n",
            "src/one.md": "# One\n", "src/\(name)": "# Two\n",
        ])
        defer { FileSystem.removeTemporaryDirectory(root) }
        let lines = TestSupport.builtLines(root)
        let note = try #require(lines.first { $0.contains("with a line such as '") }, "\(lines)")
        let offered = try #require(
            note.firstRange(of: "such as '").flatMap { open in
                note[open.upperBound...].firstRange(of: "', or move").map {
                    String(note[open.upperBound..<$0.lowerBound])
                }
            })
        try FileSystem.writeAtomically("# Summary\n\n- [One](one.md)\n\(offered)\n", to: root + "/src/SUMMARY.md")
        let again = TestSupport.builtLines(root)
        #expect(!again.contains { $0.contains("error:") || $0.contains("not listed") }, "\(offered): \(again)")
        let page = String(name.dropLast(3)) + ".html"
        #expect(FileSystem.exists(root + "/book/" + page), "\(offered): \(again)")
    }

    @Test func anAddressWithASpaceSaysHowToWriteIt() throws {
        let root = try TestSupport.makeTree([
            "book.toml": "[book]\ntitle = \"T\"\n",
            "src/SUMMARY.md": "# Summary\n\n- [One](one.md)\n- [My](my page.md)\n",
            "src/one.md": "# One\n", "src/my page.md": "# Two\n",
        ])
        defer { FileSystem.removeTemporaryDirectory(root) }
        let lines = TestSupport.builtLines(root)
        #expect(
            lines.contains {
                $0.contains(
                    "a link's address cannot hold a space: write '- [Title](<my page.md>)' or '- [Title](my%20page.md)'"
                )
            }, "\(lines)")
    }

    /// Attack 14, kind 15: `[My](my <b>.md)`'s note named `<my .md>` (the tag dropped), another
    /// file; both spellings it offers now name the file, as pasting each shows.
    @Test func anAddressWithASpaceAndATagSaysHowToWriteIt() throws {
        let root = try TestSupport.makeTree([
            "book.toml": "[book]\ntitle = \"T\"\n",
            "src/SUMMARY.md": "# Summary\n\n- [One](one.md)\n- [My](my <b>.md)\n",
            "src/one.md": "# One\n", "src/my <b>.md": "# Two\n",
        ])
        defer { FileSystem.removeTemporaryDirectory(root) }
        let lines = TestSupport.builtLines(root)
        #expect(
            lines.contains {
                $0.contains(
                    "a link's address cannot hold a space: write '- [Title](<my \\<b\\>.md>)' or '- [Title](my%20<b>.md)'"
                )
            }, "\(lines)")
        for line in ["- [My](<my \\<b\\>.md>)", "- [My](my%20<b>.md)"] {
            try FileSystem.writeAtomically("# Summary\n\n- [One](one.md)\n\(line)\n", to: root + "/src/SUMMARY.md")
            let again = TestSupport.builtLines(root)
            #expect(!again.contains { $0.contains("error:") || $0.contains("not listed") }, "\(line): \(again)")
            #expect(FileSystem.exists(root + "/book/my <b>.html"), "\(line): \(again)")
        }
    }
}
