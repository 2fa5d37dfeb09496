import Foundation
import Testing

@testable import LectureKit
@testable import LectureSupport

/// A summary link that names a folder (`sub/`, attack 9, kind 7): read as a path it lost its
/// last `/`, and mdBook's create-missing made a Markdown file `sub` in the content folder, built
/// as `sub.html` and copied as `sub` (mdBook 0.5.4 fails: 'Is a directory'). Each is now an error
/// at its line with the folder's page as the fix, and nothing is created.
@Suite struct SummaryFolderLinkBadInputTests {
    @Test func aSummaryLinkNamingAFolderIsAnErrorAtItsLineAndCreatesNothing() throws {
        let entries = ["sub/", "sub/.", "sub//", "deep/x/", "page.md/", "there/", "there/..", "./"]
        var summary = "# Summary\n\n- [Page](page.md)\n"
        for (index, entry) in entries.enumerated() { summary += "- [\(index)](\(entry))\n" }
        let (root, lines, failed) = try BadInputBook.build([
            "SUMMARY.md": summary, "page.md": "# Page\n", "there/image.txt": "x\n",
        ])
        defer { FileSystem.removeTemporaryDirectory(root) }
        #expect(failed)
        let errors = lines.filter { $0.contains(": error:") }
        #expect(errors.count == entries.count, "\(lines)")
        let path = root + "/content/SUMMARY.md"
        for (index, entry) in entries.enumerated() {
            #expect(
                errors.contains {
                    $0.hasPrefix("\(path):\(4 + index):3: error: summary link '\(entry)' names a folder, not a page")
                }, "'\(entry)': \(errors)")
        }
        #expect(errors.contains { $0.contains("such as 'sub/README.md'") }, "\(errors)")
        #expect(errors.contains { $0.contains("such as 'deep/x/README.md'") }, "\(errors)")
        let made = try FileManager.default.subpathsOfDirectory(atPath: root + "/content").sorted()
        #expect(made == ["SUMMARY.md", "page.md", "there", "there/image.txt"], "\(made)")
    }
}
