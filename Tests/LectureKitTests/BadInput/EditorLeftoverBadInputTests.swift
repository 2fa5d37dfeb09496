import Foundation
import Testing

@testable import LectureKit
@testable import LectureSupport

/// Editors' backups and temporaries beside the pages (`intro.md~`, `#intro.md#`)
/// were copied into the site (as mdBook 0.5.4 copies them): a backup of a page's source,
/// published. Now the build leaves out what `lecture serve` ignores, by one rule
/// (`EditorLeftovers`), in the content folder and its subfolders; other files are still copied.
struct EditorLeftoverBadInputTests {
    @Test func editorBackupsAndTemporariesAreNotPublished() throws {
        let leftovers = [
            "intro.md~", "#intro.md#", ".#intro.md", ".intro.md.swp", "intro.md.swo", "4913", "sub/notes.md~",
            "sub/#notes.md#", "sub/4913", "draft.tmp",
        ]
        var files = [
            "SUMMARY.md": "# T\n\n- [Intro](intro.md)\n", "intro.md": "# Intro\n\n![a](img/a.png)\n",
            "img/a.png": "png", "sub/data.txt": "kept",
        ]
        for name in leftovers { files[name] = "# Old intro\n" }
        let (root, lines, failed) = try BadInputBook.build(files)
        #expect(!failed, "\(lines)")
        #expect(FileSystem.exists(root + "/_site/img/a.png"))
        #expect(FileSystem.exists(root + "/_site/sub/data.txt"))
        for name in leftovers {
            #expect(!FileSystem.exists(root + "/_site/" + name), "\(name) was published")
        }
    }
}
