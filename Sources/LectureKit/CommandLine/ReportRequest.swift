import LectureSupport

/// One `--report` value, read when the option is parsed (as swift-argument-parser's
/// `ExpressibleByArgument` values are): the diagnostics' format, or where `lecture check` writes
/// its JUnit report. `BookOptions.reports(command:allowJUnit:)` checks the values together.
enum ReportRequest: Hashable, Sendable {
    /// `plain` or `github`.
    case format(DiagnosticFormat.Name)
    /// `junit:PATH`.
    case junit(path: String)

    private static let junitPrefix = "junit:"

    /// `text` as a `--report` value.
    /// - Throws: `LectureError` (exit 2) for any other text, or a JUnit path with a control
    ///   character (`PathText`).
    init(parsing text: String) throws {
        if let name = DiagnosticFormat.Name(rawValue: text) {
            self = .format(name)
        } else if text.hasPrefix(Self.junitPrefix), text.count > Self.junitPrefix.count {
            let path = String(text.dropFirst(Self.junitPrefix.count))
            try PathText.check(path, option: "--report junit:")
            self = .junit(path: path)
        } else {
            let wanted = DiagnosticFormat.Name.allCases.map { "\(quoted: $0.rawValue)" } + ["'junit:PATH' (check)"]
            throw LectureError(
                .badOptionValue, "--report takes \(wanted.joined(separator: ", ")), not \(quoted: text)")
        }
    }
}
