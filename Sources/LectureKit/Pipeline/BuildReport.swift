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
    /// How many Swift samples were not verified, the book not asking for it.
    package var unverifiedSamples = 0

    /// The line that ends a build whose book does not ask for its samples to be verified,
    /// saying how many were not and how to verify them; `nil` when there are none.
    package var unverifiedNote: String? {
        guard unverifiedSamples > 0 else { return nil }
        let count = "\(unverifiedSamples) Swift sample\(unverifiedSamples == 1 ? " was" : "s were")"
        return
            "\(count) not verified: add 'verify = true' under '[preprocessor.lecture.samples]' in book.toml, or run 'lecture check'"
    }

    /// The closing line: `Wrote 7 pages to _site/ in 1.42 s`.
    package var summary: String {
        "Wrote \(pagesWritten) page\(pagesWritten == 1 ? "" : "s") to \(UnexpandedPath.shown(outputDirectory.hasSuffix("/") ? outputDirectory : outputDirectory + "/")) in \(String(format: "%.2f", seconds)) s"
    }
}
