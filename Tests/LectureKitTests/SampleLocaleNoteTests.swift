import Foundation
import Testing

@testable import LectureKit
@testable import LectureSupport

/// New-user review 6, finding 20: output a US Mac prints (`$1,234.50`) failed under the default
/// `C.UTF-8` (Foundation's `en_001`: `US$1,234.50`) with a diff that did not say why. The
/// mismatch of a sample importing Foundation names the locale and time zone it ran in and the
/// settings; one that does not import Foundation gets no such note.
@Suite struct SampleLocaleNoteTests {
    @Test func aFoundationMismatchNamesTheLocaleTheTimeZoneAndTheSettings() throws {
        let markdown =
            "# P\n\n```swift\nimport Foundation\nprint(1234.5.formatted(.currency(code: \"USD\")))\n```\n\n```output\n$1,234.50\n```\n"
        let run = try ContinuedPageTests.check(markdown, continued: "false")
        let text = run.lines.joined(separator: "\n")
        #expect(run.status == 1, "\(text)")
        #expect(text.contains("+US$1,234.50"), "the run's output is en_001's: \(text)")
        #expect(
            text.contains(
                "the sample ran in the locale C.UTF-8, which Foundation reads as en_001 (English, world: '1 Jan 1970', 'US$1,234.50') and the time zone UTC"
            ), "\(text)")
        #expect(text.contains("set sample-locale and time-zone under [preprocessor.lecture]"), "\(text)")
        #expect(
            text.contains("(en_US.UTF-8 is not installed on this machine") == !SampleEnvironment.localeIsInstalled(
                "en_US.UTF-8"),
            "\(text)")
    }

    /// A continued page's mismatch, at its block, says the same.
    @Test func aContinuedPagesMismatchSaysItToo() throws {
        let markdown =
            "# P\n\n```swift\nimport Foundation\nlet d = Date(timeIntervalSince1970: 0)\n```\n\n"
            + "```swift\nprint(d.formatted(date: .abbreviated, time: .omitted))\n```\n\n```output\nJan 1, 1970\n```\n"
        let run = try ContinuedPageTests.check(markdown)
        let text = run.lines.joined(separator: "\n")
        #expect(run.status == 1, "\(text)")
        #expect(text.contains("+1 Jan 1970"), "\(text)")
        #expect(text.contains("the sample ran in the locale C.UTF-8"), "\(text)")
    }

    @Test func aMismatchWithoutFoundationHasNoLocaleNote() throws {
        let run = try ContinuedPageTests.check(
            "# P\n\n```swift\nprint(1)\n```\n\n```output\n2\n```\n", continued: "false")
        let text = run.lines.joined(separator: "\n")
        #expect(run.status == 1, "\(text)")
        #expect(!text.contains("the sample ran in the locale"), "\(text)")
    }
}
