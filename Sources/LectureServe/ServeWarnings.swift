import LectureKit
import LectureSupport

/// Warnings that only the preview has reason to give, checked after each successful build:
/// paths under the reserved prefix (`ReservedPrefix`) and unlisted symbolic links that lead
/// nowhere (`DanglingLinks`).
enum ServeWarnings {
    /// The warnings for the content folder as it is now; the summary is read once for both.
    static func diagnostics(contentDirectory: String) -> [Diagnostic] {
        let summaryPath = FileSystem.join(contentDirectory, "SUMMARY.md")
        var chapters: [Chapter] = []
        if let bytes = try? FileSystem.read(summaryPath),
            let file = try? SourceFileReader.decode(bytes, displayPath: summaryPath, relativePath: "SUMMARY.md")
        {
            chapters = SummaryParser.parse(file).book.flattened
        }
        return ReservedPrefix.diagnostics(
            contentDirectory: contentDirectory, chapters: chapters, summaryPath: summaryPath)
            + DanglingLinks.diagnostics(contentDirectory: contentDirectory, listed: Set(chapters.map(\.path)))
    }
}
