import Foundation
import Testing

@testable import LectureKit
@testable import LectureSupport

/// Summary links whose percent escapes spell `..`, `.` or `/`: the page was made
/// inside the content folder under its literal name (as mdBook 0.5.4 makes it), while a browser
/// reads `%2E%2E` as `..` and the link checker said the same link leaves the book. Each is now an
/// error at its line, as `../` is.
@Suite struct SummaryEscapeBadInputTests {
    @Test func escapedDotsAndSlashesInASummaryLinkAreErrorsAtTheirLines() throws {
        let entries = [
            "%2E%2E/outside.md", "sub/%2e%2e/%2e%2e/outside2.md", "%2e%2e%2foutside3.md", "..%2Foutside4.md",
            "%2Fetc/passwd.md", "%2E/p2.md", "sub/%2E%2E/p3.md", "../outside5.md",
        ]
        var summary = "# 책\n\n- [쪽](page.md)\n"
        for (index, entry) in entries.enumerated() { summary += "- [\(index)](\(entry))\n" }
        // Escapes that spell no dot segment stay pages read as written, as in mdBook.
        summary += "- [샵](c%23.md)\n- [두 번](%252E%252E/twice.md)\n"
        let (root, lines, failed) = try BadInputBook.build([
            "SUMMARY.md": summary, "page.md": "# 쪽\n", "c%23.md": "# 샵\n", "%252E%252E/twice.md": "# 두 번\n",
        ])
        defer { FileSystem.removeTemporaryDirectory(root) }
        #expect(failed)
        let errors = lines.filter { $0.contains(": error:") }.map { String($0.prefix { $0 != "\n" }) }
        #expect(errors.count == entries.count, "\(errors)")
        let path = root + "/content/SUMMARY.md"
        for (index, entry) in entries.enumerated() {
            let line = 4 + index
            #expect(
                errors.contains { $0.hasPrefix("\(path):\(line):") && $0.contains("summary link '\(entry)'") },
                "line \(line) '\(entry)': \(errors)")
        }
        #expect(
            errors.contains {
                $0.hasSuffix(
                    "error: summary link '%2E%2E/outside.md' points outside the content folder once its percent escapes are decoded ('../outside.md')"
                )
            }, "\(errors)")
        #expect(
            errors.contains {
                $0.hasSuffix("error: summary link '%2E/p2.md' has the segment '%2E', which browsers read as '.'")
            }, "\(errors)")
        #expect(
            errors.contains {
                $0.hasSuffix(
                    "error: summary link '%2Fetc/passwd.md' points outside the content folder once its percent escapes are decoded ('/etc/passwd.md')"
                )
            }, "\(errors)")
        // Every error has a note with the fix.
        #expect(lines.filter { $0.contains(": error:") }.allSatisfy { $0.contains("\n    ") }, "\(lines)")
        // Nothing was made for the refused entries.
        let made = try FileManager.default.subpathsOfDirectory(atPath: root + "/content").sorted()
        #expect(made == ["%252E%252E", "%252E%252E/twice.md", "SUMMARY.md", "c%23.md", "page.md"], "\(made)")
    }

    @Test func theRuleReadsEachEscapeOnce() {
        #expect(EncodedDotSegments.problem(in: "c%23.md") == nil)
        #expect(EncodedDotSegments.problem(in: "a%20b.md") == nil)
        #expect(EncodedDotSegments.problem(in: "%252E%252E/x.md") == nil)
        #expect(
            EncodedDotSegments.problem(in: "sub%2Fq.md") == nil, "a slash inside the folder: no dot segment, stays in")
        #expect(EncodedDotSegments.problem(in: "%2e%2E/x.md") != nil)
        #expect(EncodedDotSegments.problem(in: ".%2e/x.md") != nil)
        #expect(
            EncodedDotSegments.problem(in: "a/%2E%2E/x.md")?.summary.contains("which browsers read as '..'") == true)
    }
}
