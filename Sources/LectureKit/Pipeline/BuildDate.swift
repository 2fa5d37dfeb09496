import Foundation
import LectureSupport

/// The build's date, `YYYY-MM-DD`, for the print page's cover and the `{{ build_date }}` of a
/// book's own templates: the day of `SOURCE_DATE_EPOCH` when it is set (reproducible-builds.org:
/// seconds since 1970-01-01 00:00 UTC, the last commit's time in most builds), else today's; in
/// UTC either way, so the same sources give the same site in every time zone. From gmtime_r(3):
/// Foundation's `DateFormatter` loaded ICU's calendars, about 1% of every build's CPU (`perf`).
enum BuildDate {
    /// The variable's name.
    static let variable = "SOURCE_DATE_EPOCH"

    /// The variable as this process started with it: `CompilerEnvironment.withholdFromThisProcess`
    /// then takes it out of the process's own environment, which the in-process SourceKit reads.
    static let launchEnvironment: [String: String] =
        ProcessEnvironment.value(variable).map { [variable: $0] } ?? [:]

    /// The date of `environment`'s `SOURCE_DATE_EPOCH`, or of `now` when it is not set or not
    /// a count of seconds (`problem` says which).
    static func day(
        environment: [String: String] = launchEnvironment, now: time_t = time(nil)
    ) -> String {
        day(ofEpoch: epoch(in: environment) ?? now)
    }

    /// The value of `SOURCE_DATE_EPOCH`, when it is a count of seconds (ASCII digits only).
    static func epoch(in environment: [String: String]) -> time_t? {
        guard let value = environment[variable], !value.isEmpty, value.count <= 18,
            value.utf8.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") })
        else { return nil }
        return time_t(value)
    }

    /// A warning when `SOURCE_DATE_EPOCH` is set but is no count of seconds: the build then shows
    /// today's date, which the variable was set to prevent.
    static func problem(environment: [String: String] = launchEnvironment) -> Diagnostic? {
        guard let value = environment[variable], epoch(in: environment) == nil else { return nil }
        return .warning(
            .badArgument, variable, nil,
            "\(variable) is \(quoted: value.prefix(40)), not a count of seconds since 1970; the build date is today's (lecture never passes the variable to swiftc)",
            notes: ["set it to an integer, as 'git log -1 --format=%ct' prints it, or unset it"])
    }

    /// The UTC day of `seconds` since 1970-01-01 00:00 UTC.
    static func day(ofEpoch seconds: time_t) -> String {
        var seconds = seconds
        var parts = tm()
        guard gmtime_r(&seconds, &parts) != nil else { return "" }
        func digits(_ value: Int32, _ width: Int) -> String {
            let text = String(value)
            return String(repeating: "0", count: max(0, width - text.count)) + text
        }
        return digits(parts.tm_year + 1900, 4) + "-" + digits(parts.tm_mon + 1, 2) + "-" + digits(parts.tm_mday, 2)
    }
}
