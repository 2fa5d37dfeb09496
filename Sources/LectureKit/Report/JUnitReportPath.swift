import Foundation
import LectureSupport

/// Where `lecture check --report junit:PATH` may write: never over a file that is not its own
/// output (attack 6, #1: `junit:book.toml`, `junit:~/.bashrc` were replaced). pytest's
/// `--junitxml` and cargo-nextest write wherever they are told; `lecture` reads a book from
/// anyone, so it follows its output folder's rule instead (`OutputFolder`): a path is refused,
/// with the fix, when it lies in the pages', templates' or output folder
/// (it would be published, or replaced by the next build), or when it is an existing file that is
/// not a JUnit report (its first bytes `<?xml` and a `<testsuites` element within 4 KiB).
enum JUnitReportPath {
    /// The usage error for `path` (exit status 2), `nil` when it may be written.
    static func refusal(_ path: String, configuration: BuildConfiguration) -> LectureError? {
        let resolved = URL(fileURLWithPath: path).standardizedFileURL.resolvingSymlinksInPath().path
        func refuse(_ why: String, _ fix: String) -> LectureError {
            LectureError(.badOptionValue, "--report junit:\(path) \(why)", notes: [fix])
        }
        let folders = [
            (configuration.contentDirectory, "the book's pages"),
            (configuration.templatesDirectory, "the templates folder"),
            (configuration.outputDirectory, "the output folder"),
        ]
        for (folder, role) in folders {
            let real = URL(fileURLWithPath: folder).standardizedFileURL.resolvingSymlinksInPath().path
            if resolved.hasPrefix(real + "/") {
                return refuse(
                    "lies in \(role) ('\(folder)'), which is published or replaced by a build",
                    "write the report outside it, e.g. --report junit:report.xml beside the book")
            }
        }
        guard FileSystem.exists(resolved), !FileSystem.isDirectory(resolved) else { return nil }
        let head = (try? FileHandle(forReadingFrom: URL(fileURLWithPath: resolved)).read(upToCount: 4096)) ?? nil
        let text = String(decoding: head ?? Data(), as: UTF8.self)
        if text.hasPrefix("<?xml"), text.contains("<testsuites") { return nil }
        return refuse(
            "exists and is not a JUnit report; it is not replaced",
            "name a new file, or remove this one first if it is no longer needed")
    }
}
