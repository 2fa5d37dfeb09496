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
    /// saying how many were not, how to verify them, and the way out for a book whose Swift is
    /// incidental (newuser-6, #9: a cookbook's one `swift` block): `ignore` on the fence, or
    /// `verify = false` written, which says the book means it; `nil` when there are none.
    package var unverifiedNote: String? {
        guard unverifiedSamples > 0 else { return nil }
        let count = "\(unverifiedSamples) Swift sample\(unverifiedSamples == 1 ? " was" : "s were")"
        return
            "\(count) not verified: add 'verify = true' under '[preprocessor.lecture.samples]' in book.toml, or run 'lecture check'; "
            + "Swift not meant to run: mark its fence 'swift ignore', or write 'verify = false' there to build without this line"
    }

    /// How many warnings book.toml's `allow-warnings` left unprinted (`AllowedWarnings`).
    var allowedWarnings = 0

    /// The time the build spent looking up hover cards, and for how many samples.
    var hoverCardSeconds = 0.0
    var hoverCardSamples = 0

    /// The closing line: `Wrote 7 pages to _site/ in 1.42 s`, and what the time went on when
    /// hover cards took most of it (a second or more, half the build or more): the build after
    /// a `lecture check`, which looks up none, pays for them once.
    package var summary: String {
        let wrote =
            "Wrote \(pagesWritten) page\(pagesWritten == 1 ? "" : "s") to \(UnexpandedPath.shown(outputDirectory.hasSuffix("/") ? outputDirectory : outputDirectory + "/")) in \(String(format: "%.2f", seconds)) s"
            + (AllowedWarnings.closing(allowedWarnings).map { "; " + $0 } ?? "")
        guard hoverCardSeconds >= 1, hoverCardSeconds * 2 >= seconds else { return wrote }
        // The look-ups' time is summed over the threads that made them: more than the build's
        // own when they ran side by side, then said as work, not as a part of the build's time
        // (newuser-8, #9: "7.28 s of it" in a 6.03 s build).
        let share =
            hoverCardSeconds <= seconds
            ? "\(String(format: "%.2f", hoverCardSeconds)) s of it"
            : "\(String(format: "%.2f", hoverCardSeconds)) s of work on threads side by side"
        return wrote
            + " (\(share) looking up the hover cards of \(hoverCardSamples) sample\(hoverCardSamples == 1 ? "" : "s"), which 'lecture check' does not; they are cached for the next build)"
    }
}
