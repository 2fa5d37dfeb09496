import LectureSupport

/// The note on an output mismatch of a sample that uses Foundation: the locale and time zone it
/// ran in, and the settings that change them (new-user review 6, finding 20: `Jan 1, 1970` and
/// `$1,234.50` copied from a US Mac failed against `1 Jan 1970` and `US$1,234.50`, and nothing
/// said why). Foundation on Linux reads the default `C.UTF-8` as `en_001` (English, world), and
/// `UTC` as `GMT`.
extension SampleEnvironment {
    /// The note for a mismatch of `sample`; none when its code does not import Foundation (nothing
    /// else it prints depends on the locale or the time zone).
    func formattingNotes(for sample: Sample) -> [String] {
        guard sample.parts.contains(where: { $0.code.contains("import Foundation") }) else { return [] }
        let ran =
            locale == Self.defaultLocale
            ? "the locale \(locale), which Foundation reads as en_001 (English, world: '1 Jan 1970', 'US$1,234.50')"
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
}
