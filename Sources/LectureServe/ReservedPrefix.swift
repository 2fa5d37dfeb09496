import Foundation
import LectureKit
import LectureSupport

/// The site path `lecture serve` keeps for itself (`/__lecture/events`, the shared worker):
/// files the build writes under it are built but cannot be opened in the preview, so each one
/// is a warning located where a person would fix it.
enum ReservedPrefix {
    /// The first path segment reserved: `__lecture`.
    static let segment = "__lecture"

    /// Warnings for pages listed in the summary under `__lecture/` (at their link) and for
    /// other files of the content folder under it (copied to the site as assets).
    /// - Parameters:
    ///   - chapters: the summary's chapters, flattened; `summaryPath` the summary as shown.
    static func diagnostics(contentDirectory: String, chapters: [Chapter], summaryPath: String) -> [Diagnostic] {
        var diagnostics: [Diagnostic] = []
        var listed: Set<String> = []
        for chapter in chapters where isReserved(chapter.outputPath) {
            listed.insert(chapter.path)
            diagnostics.append(
                .warning(
                    .reservedPath,
                    summaryPath, chapter.location,
                    "page \(quoted: chapter.path) is built to '/\(chapter.outputPath)', under '/\(segment)/', which lecture serve reserves; the preview cannot show it",
                    notes: ["move the page out of the \(quoted: segment) folder and change its link here"]))
        }
        let folder = FileSystem.join(contentDirectory, segment)
        for relative in FileSystem.files(under: folder)
        where !listed.contains(segment + "/" + relative) && !relative.hasSuffix(".md") {
            diagnostics.append(
                .warning(
                    .reservedPath,
                    FileSystem.join(folder, relative), nil,
                    "'/\(segment)/\(relative)' is copied into the site under a path lecture serve reserves; the preview cannot serve it",
                    notes: ["move the file out of the \(quoted: segment) folder"]))
        }
        return diagnostics
    }

    private static func isReserved(_ outputPath: String) -> Bool {
        outputPath.split(separator: "/").first.map(String.init) == segment
    }
}
