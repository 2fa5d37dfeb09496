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
                "the sample ran in the locale C.UTF-8, which Foundation reads as en_001 (English, world: '1 Jan 1970'; dollars named by their code, 'US$1,234.50'; its own currency, which a locale of no region does not have, '¤1,234.50') and the time zone UTC"
            ), "\(text)")
        #expect(text.contains("set sample-locale and time-zone under [preprocessor.lecture]"), "\(text)")
        #expect(
            text.contains("(en_US.UTF-8 is not installed on this machine") == !SampleEnvironment.localeIsInstalled(
                "en_US.UTF-8"),
            "\(text)")
    }

    /// A `NumberFormatter`'s own currency prints `¤` (no currency) in the default locale: the
    /// note names that line as it was printed (newuser-8, #6: it named only 'US$1,234.50'), and
    /// a line that differs only by `¤` gets the note.
    @Test(arguments: ["$1,234.50", "1,234.50"])
    func theLocalesOwnCurrencyIsNamedAsPrinted(written: String) throws {
        let markdown =
            "# P\n\n```swift\nimport Foundation\nlet f = NumberFormatter()\nf.numberStyle = .currency\nprint(f.string(from: 1234.5)!)\n```\n\n```output\n\(written)\n```\n"
        let run = try ContinuedPageTests.check(markdown, continued: "false")
        let text = run.lines.joined(separator: "\n")
        #expect(run.status == 1, "\(text)")
        #expect(text.contains("+¤1,234.50"), "what the default locale prints: \(text)")
        #expect(text.contains("its own currency, which a locale of no region does not have, '¤1,234.50'"), "\(text)")
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

    /// The note comes only when a line that differs looks formatted for a region: a Foundation
    /// sample that prints a wrong word gets the diff alone (the note was on every Foundation
    /// mismatch).
    @Test func aFoundationMismatchOfPlainWordsHasNoLocaleNote() throws {
        let run = try ContinuedPageTests.check(
            "# P\n\n```swift\nimport Foundation\nprint(\"hello\".uppercased())\n```\n\n```output\nhello\n```\n",
            continued: "false")
        let text = run.lines.joined(separator: "\n")
        #expect(run.status == 1, "\(text)")
        #expect(text.contains("+HELLO"), "\(text)")
        #expect(!text.contains("the sample ran in the locale"), "\(text)")
    }

    @Test(arguments: [
        "Jan 1, 1970", "1 January 1970", "Thursday", "1/1/70", "01.01.1970", "1970-01-01", "12:00 AM", "00:00 GMT",
        "$1,234.50", "US$1,234.50", "1.234,50 €", "1 234,5", "USD 5.00", "3,14", "₩1,000",
    ])
    func regionalLinesAreTold(_ line: String) {
        #expect(SampleEnvironment.looksRegional(line))
    }

    @Test(arguments: ["hello", "HELLO", "Monkey", "Marvelous", "count: 3", "[1, 2, 3]", "Optional(42)", "true"])
    func plainLinesAreNot(_ line: String) {
        #expect(!SampleEnvironment.looksRegional(line))
    }
}
