import Foundation
import TestFolders
import Testing

@testable import LectureKit
@testable import LectureSupport

/// Attack 16, kinds 7 and 27: what the Write step could refuse is judged before the work, at the
/// input that causes it. A theme's dotfiles and editors' leftovers are left out as the pages'
/// folder's are (the Write step refused them at the output path, one per run); an output folder
/// whose parent cannot be written is refused before any page is built, naming the folder, not
/// the tool's staging folder.
@Suite struct ThemeAndOutputParentBadInputTests {
    @Test func aThemesDotfilesAreLeftOutAsThePagesAre() throws {
        let (run, result) = try TestSupport.containedBook("[preprocessor.lecture]\ntemplates = \"tpl\"\n") { book in
            for (path, text) in [
                "tpl/page.html":
                    "<!DOCTYPE html><html><head><title>{{ title }}</title></head><body>{{ content }}</body></html>\n",
                "tpl/.env": "T=x\n", "tpl/.git/config": "x\n", "tpl/style.css~": "x\n", "tpl/style.css": "p {}\n",
            ] {
                try FileSystem.writeAtomically(Array(text.utf8), to: book + "/" + path)
            }
        }
        #expect(result.termination == .exited(0), "\(result.stderrText)")
        let site = run.scratch + "/work/book/book/"
        // The theme's style sheet is published (under its hashed name), its leftovers are not.
        let names = try FileManager.default.contentsOfDirectory(atPath: site)
        #expect(names.contains { $0.hasPrefix("style") && $0.hasSuffix(".css") }, "\(names)")
        for left in [".env", ".git", "style.css~"] { #expect(!FileSystem.exists(site + left), "\(left)") }
    }

    @Test func anUnwritableOutputParentIsRefusedBeforeTheWork() throws {
        let run = try ContainedRun()
        try run.makeBook()
        try FileSystem.makeDirectories(run.scratch + "/ro")
        let result = try run.lecture(
            ["build", "--output", run.scratch + "/ro/out"], in: "work/book", readOnly: ["ro"])
        #expect(result.termination == .exited(2), "\(result.stderrText)")
        let errors = result.stderrText.split(separator: "\n").filter { $0.contains(": error: ") }
        #expect(
            errors == [
                "\(run.scratch)/ro/out: error: the site cannot be written into '\(run.scratch)/ro': Read-only file system"
            ],
            "\(result.stderrText)")
        #expect(result.stderrText.contains("name an output folder on a writable file system"), "\(result.stderrText)")
        #expect(!result.stderrText.contains(".tmp-"), "\(result.stderrText)")
    }
}
