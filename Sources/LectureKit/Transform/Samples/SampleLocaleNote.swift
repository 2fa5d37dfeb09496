import Foundation
import LectureSupport

/// The note on an output mismatch of a sample that uses Foundation: the locale and time zone it
/// ran in, and the settings that change them (new-user review 6, finding 20: `Jan 1, 1970` and
/// `$1,234.50` copied from a US Mac failed against `1 Jan 1970` and `US$1,234.50`, and nothing
/// said why; newuser-8, #6: a `NumberFormatter`'s own currency prints `¤1,234.50` there, which the
/// note did not name). Foundation on Linux reads the default `C.UTF-8` as `en_001` (English, world), and
/// `UTC` as `GMT`.
extension SampleEnvironment {
    /// The note for a mismatch of `sample` between `expected` and `actual`; none when its code
    /// does not import Foundation (nothing else it prints depends on the locale or the time
    /// zone), or when no line that differs looks formatted for a region (`looksRegional`): a
    /// plain wrong word gets the diff alone.
    func formattingNotes(for sample: Sample, expected: String, actual: String) -> [String] {
        guard sample.parts.contains(where: { $0.code.contains("import Foundation") }) else { return [] }
        let (expectedLines, actualLines) = (Set(lines(expected)), Set(lines(actual)))
        let differing = expectedLines.symmetricDifference(actualLines)
        guard differing.contains(where: Self.looksRegional) else { return [] }
        let ran =
            locale == Self.defaultLocale
            ? "the locale \(locale), which Foundation reads as en_001 (English, world: '1 Jan 1970'; dollars named by their code, 'US$1,234.50'; its own currency, which a locale of no region does not have, '¤1,234.50')"
            : "the locale \(locale)"
        let example = "en_US.UTF-8"
        let missing =
            locale != example && !Self.localeIsInstalled(example)
            ? " (\(example) is not installed on this machine: Debian's package 'locales-all')" : ""
        return [
            "the sample ran in \(ran) and the time zone \(timeZone); output formatted elsewhere (a Mac in the US) follows that machine's region: "
                + "set sample-locale and time-zone under [preprocessor.lecture] (or --sample-locale and --sample-time-zone), e.g. sample-locale = \"\(example)\"\(missing), "
                + "or name the locale in the sample (Locale(identifier: \"en_US\"), which needs nothing installed)"
        ]
    }

    private func lines(_ text: String) -> [String] {
        text.split(separator: "\n", omittingEmptySubsequences: true).map { $0.trimmingCharacters(in: .whitespaces) }
    }

    /// Whether `line` holds what a locale or a time zone formats: a month or a weekday's name, a
    /// date (`1/1/1970`, `1970-01-01`) or a time (`12:00`, `AM`, a zone's abbreviation), a
    /// currency (`$`, `€`, `US$`, `USD 5`, the sign of no currency `¤`), digits grouped (`1,234`, `1.234`, `1 234`) or a
    /// decimal comma (`3,14`).
    static func looksRegional(_ line: String) -> Bool {
        regionalPatterns.contains { line.contains($0) }
    }

    nonisolated(unsafe) private static let regionalPatterns: [Regex<AnyRegexOutput>] = [
        #"\b(Jan(uary)?|Feb(ruary)?|Mar(ch)?|Apr(il)?|May|June?|July?|Aug(ust)?|Sept?(ember)?|Oct(ober)?|Nov(ember)?|Dec(ember)?)\b"#,
        #"\b(Mon|Tues?|Wed(nes)?|Thu(rs)?|Fri|Sat(ur)?|Sun)(day)?\b"#,
        #"\b\d{1,4}[/\-]\d{1,2}[/\-]\d{1,4}\b|\b\d{1,2}\.\d{1,2}\.\d{2,4}\b"#,
        #"\b\d{1,2}:\d{2}\b"#,
        #"\b(AM|PM|a\.m\.|p\.m\.|GMT|UTC|[A-Z][DS]T|CET|CEST|KST|JST)\b"#,
        #"[$€£¥₩¤]|\b[A-Z]{3}\s?\d|\d\s?[A-Z]{3}\b"#,
        "\\d[,.\u{00A0}\u{202F}' ’]\\d{3}\\b",
        #"\b\d+,\d+\b"#,
    ].compactMap { try? Regex($0) }
}
