import Foundation
import LectureSupport

extension BuildConfiguration {
    /// The problems that stop a build before any work besides a missing content folder: an output
    /// folder that may not be written (a file, a folder lecture did not write, inside the content
    /// or templates folder) and a missing templates folder. Like a missing content folder they are
    /// setup errors, exit status 2, for `build` and `serve` alike.
    /// - Returns: one `LectureError` listing every such problem, or nil.
    package func outputAndTemplatesError() -> LectureError? {
        var problems: [Diagnostic] = []
        if let problem = SiteWriter.validate(outputFolder, protecting: protectedFolders) {
            problems.append(problem)
        }
        if !FileSystem.isDirectory(templatesDirectory) {
            problems.append(
                .error(
                    .missingTemplates,
                    templatesDirectory, nil, "templates folder does not exist",
                    notes: [
                        "pass the folder that holds page.html with --templates DIR, or leave --templates out for the built-in theme"
                    ]))
        }
        return problems.isEmpty ? nil : LectureError(unreported: problems)
    }
}
