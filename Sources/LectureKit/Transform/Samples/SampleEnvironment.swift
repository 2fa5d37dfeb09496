import Foundation
import LectureSupport

#if canImport(Glibc)
    import Glibc
#endif

/// The fixed environment every sample runs in, so a verdict never depends on the shell it was
/// given in (the manual, "Samples": "The sample environment").
///
/// A sample sees exactly these variables and no other: `PATH` (the tool's own, to find
/// programs), `HOME` (an empty folder inside the run's temporary folder), `TMPDIR` (that same
/// temporary folder), `LANG` and `LC_ALL` (the book's `locale`), `TZ` (the book's `timeZone`),
/// `TERM=dumb`, plus `SWIFT_BACKTRACE=enable=no` (the runtime's trap message without its
/// backtracer) and the marker by which `ChildProcesses` knows its descendants. The locale and time
/// zone are part of every sample's cache key (`cacheKeyText`).
struct SampleEnvironment: Hashable, Sendable {
    /// The locale samples run under, as `LANG` and `LC_ALL` (default `C.UTF-8`: built into glibc
    /// 2.35 and later, and so present on every Debian 12 machine with no package to install).
    var locale: String
    /// The time zone samples run under, as `TZ`: an IANA name such as `Asia/Seoul`, or `UTC`
    /// (the default, which needs no time zone data).
    var timeZone: String

    /// The defaults stated in the manual: `C.UTF-8` and `UTC`.
    static let defaultLocale = "C.UTF-8"
    /// The default time zone, `UTC`.
    static let defaultTimeZone = "UTC"

    /// A book's environment; the defaults unless a setting or an option names others.
    init(locale: String = SampleEnvironment.defaultLocale, timeZone: String = SampleEnvironment.defaultTimeZone) {
        self.locale = locale
        self.timeZone = timeZone
    }

    /// The variables of one run, whose temporary folder is `folder` (its `home` subfolder is
    /// created here and is the run's `HOME`).
    func variables(in folder: String) -> [String: String] {
        let home = folder + "/home"
        try? FileManager.default.createDirectory(atPath: home, withIntermediateDirectories: true)
        return [
            "PATH": ProcessEnvironment.value("PATH") ?? "/usr/local/bin:/usr/bin:/bin",
            "HOME": home,
            "TMPDIR": folder,
            "LANG": locale,
            "LC_ALL": locale,
            "TZ": timeZone,
            "TERM": "dumb",
            "SWIFT_BACKTRACE": "enable=no",
        ]
    }

    /// What of the environment goes into a sample's cache key: the variables whose values do not
    /// change from run to run (paths of temporary folders aside).
    var cacheKeyText: String {
        "sample-environment-v1 LANG=\(locale) LC_ALL=\(locale) TZ=\(timeZone) TERM=dumb HOME=private TMPDIR=private"
    }

    /// Checks that the locale is installed and the time zone known on this machine (the
    /// command line's: a book.toml value is checked at its line, `BookLayout`).
    /// - Throws: `LectureError` (exit 2) naming the Debian package that provides what is missing.
    package func validate() throws {
        var problems: [Diagnostic] = []
        if let problem = Self.localeProblem(locale) {
            problems.append(
                .error(.sampleEnvironment, "--sample-locale \(quoted: locale) is \(problem)", notes: [Self.localeNote]))
        }
        if let problem = Self.timeZoneProblem(timeZone) {
            problems.append(
                .error(
                    .sampleEnvironment, "--sample-time-zone \(quoted: timeZone) is \(problem)",
                    notes: [Self.timeZoneNote])
            )
        }
        if !problems.isEmpty { throw LectureError(unreported: problems) }
    }

    /// Why `name` cannot be the samples' locale on this machine, as a phrase after "'name' is",
    /// or `nil` when it can.
    static func localeProblem(_ name: String) -> String? {
        if name.isEmpty { return "empty" }
        if name.contains("/") { return "a path, not a locale's name" }
        return localeIsInstalled(name) ? nil : "not installed on this machine"
    }

    /// Why `name` cannot be the samples' time zone, as a phrase after "'name' is", or `nil` when
    /// it can: a path is refused as one (the zone is a name in the database, never a file of the
    /// machine), and a name the database does not hold is said to be missing there.
    static func timeZoneProblem(_ name: String) -> String? {
        if name == "UTC" { return nil }
        if name.isEmpty { return "empty" }
        if name.hasPrefix("/")
            || name.split(separator: "/", omittingEmptySubsequences: false).contains(where: {
                $0 == ".." || $0 == "." || $0.isEmpty
            })
        {
            return "a path, not a time zone's name"
        }
        return timeZoneIsKnown(name) ? nil : "not in this machine's time zone database (/usr/share/zoneinfo)"
    }

    /// The fix for a locale `localeProblem` refuses.
    static let localeNote =
        "name an installed locale ('locale -a' lists them; the default \(defaultLocale) is always there), or install it (Debian: the package 'locales-all', or 'locales' and locale-gen)"
    /// The fix for a time zone `timeZoneProblem` refuses.
    static let timeZoneNote =
        "name an IANA time zone such as 'Asia/Seoul' (Debian: the package 'tzdata'), or 'UTC' (the default)"

    /// Whether the C library can load `name` (newlocale(3) succeeds).
    static func localeIsInstalled(_ name: String) -> Bool {
        guard !name.isEmpty, !name.contains("/") else { return false }
        guard let handle = newlocale(Int32(1) << LC_CTYPE | Int32(1) << LC_TIME | Int32(1) << LC_NUMERIC, name, nil)
        else { return false }
        freelocale(handle)
        return true
    }

    /// Whether `name` is `UTC` or a file of the system's time zone database.
    static func timeZoneIsKnown(_ name: String) -> Bool {
        if name == "UTC" { return true }
        guard !name.isEmpty, !name.hasPrefix("/"), !name.split(separator: "/").contains("..") else { return false }
        var info = stat()
        return stat("/usr/share/zoneinfo/" + name, &info) == 0 && (info.st_mode & S_IFMT) == S_IFREG
    }
}
