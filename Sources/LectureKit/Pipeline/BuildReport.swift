import Foundation
import LectureSupport

/// The outcome of a build that wrote its site.
package struct BuildReport: Sendable {
    /// The number of pages built.
    var pagesWritten: Int
    /// Wall-clock duration of the whole build, in seconds.
    var seconds: Double
    /// The site's folder, as configured.
    package var outputDirectory: String
    /// What was reported: warnings and notes only, since an error fails the build instead.
    var diagnostics: [Diagnostic]
    /// Every sample's result, in page order; empty when the book has no samples.
    var sampleResults: [SampleResult]
    /// The files pages include with `{{#include}}`, as paths on disk, sorted (`lecture serve`
    /// watches their folders).
    package var includedFiles: [String] = []

    /// The closing line: `Wrote 7 pages to _site/ in 1.42 s`.
    package var summary: String {
        "Wrote \(pagesWritten) page\(pagesWritten == 1 ? "" : "s") to \(outputDirectory.hasSuffix("/") ? outputDirectory : outputDirectory + "/") in \(String(format: "%.2f", seconds)) s"
    }
}
