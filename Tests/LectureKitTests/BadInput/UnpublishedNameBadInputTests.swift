import Foundation
import Testing

@testable import LectureKit
@testable import LectureSupport

/// Pages under a dotfolder: `build` made `.well-known/y.html` and linked it from
/// every page, while `lecture serve` answered 404 for it, and its watcher ignored edits to it.
/// mdBook 0.5.4 publishes them, dotfiles and editors' backups too; lecture leaves out what
/// `EditorLeftovers` names everywhere (asset copy, watcher, preview), so a summary entry in such a
/// folder is an error at its line. `RequestPathTests.hidesWhatTheBuildNeverPublishes` holds the
/// preview to the same rule.
@Suite struct UnpublishedNameBadInputTests {
    @Test func aSummaryEntryUnderADotfolderOrALeftoverNameIsAnErrorAtItsLine() throws {
        let entries = [".well-known/y.md", ".guide/g.md", "sub/.x/z.md", ".hidden.md", "node_modules/n.md"]
        var summary = "# 책\n\n- [쪽](page.md)\n"
        var files = ["page.md": "# 쪽\n"]
        for (index, entry) in entries.enumerated() {
            summary += "- [\(index)](\(entry))\n"
            files[entry] = "# \(index)\n"
        }
        files["SUMMARY.md"] = summary
        let (root, lines, failed) = try BadInputBook.build(files)
        defer { FileSystem.removeTemporaryDirectory(root) }
        #expect(failed)
        let errors = lines.filter { $0.contains(": error:") }
        #expect(errors.count == entries.count, "\(errors)")
        for (index, entry) in entries.enumerated() {
            #expect(
                errors.contains {
                    $0.hasPrefix(
                        "\(root)/content/SUMMARY.md:\(4 + index):3: error: summary link '\(entry)' names a page in '")
                        && $0.contains("', which is no part of the book\n    lecture leaves out dotfiles")
                }, "\(entry): \(errors)")
        }
        #expect(!FileManager.default.fileExists(atPath: root + "/_site/.well-known/y.html"))
    }

    /// The same rule, function by function: what the summary refuses, the site copies none of.
    @Test func theSameNamesAreLeftOutOfTheCopiedFiles() {
        for name in [".well-known", ".guide", ".hidden.md", "node_modules", "page.md~", "#page.md#"] {
            #expect(EditorLeftovers.contains(name: name), "\(name)")
        }
        for name in ["page.md", "well-known", "a.b"] { #expect(!EditorLeftovers.contains(name: name), "\(name)") }
    }
}
