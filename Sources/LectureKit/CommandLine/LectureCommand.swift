import CommonMark
import Foundation
import LectureSupport

#if canImport(Glibc)
    import Glibc
#endif

/// A subcommand of `lecture`: declared options, `validate()` before `run()`, exit status as a value.
public protocol Subcommand {
    /// The subcommand as typed after `lecture` (`build`).
    static var name: String { get }
    /// One line for its help's overview and `lecture --help`'s list of subcommands.
    static var abstract: String { get }
    /// The `USAGE:` line of its help.
    static var usage: String { get }
    /// Text shown in its help after the usage; empty for none.
    static var discussion: String { get }
    /// Its options, in the order `--help` lists them.
    static var options: [OptionSpec] { get }
    /// Takes the parsed options. - Throws: `LectureError` (exit 2) for a bad value or argument.
    init(_ arguments: ParsedArguments) throws
    /// Checks the options before any work. - Throws: `LectureError` (exit 2).
    func validate() throws
    /// Does the work and returns the exit status.
    func run(console: Console) throws -> Int32
}

extension Subcommand {
    /// No discussion by default.
    public static var discussion: String { "" }
    static var help: String {
        HelpFormatter.help(
            command: "lecture \(name)", abstract: abstract, usage: usage, specs: options, discussion: discussion)
    }
}

/// The `lecture` command: dispatches to `build` and `check`, and to the subcommands that other
/// modules register through `main`'s `extraSubcommands` (`serve`, from LectureServe).
public enum LectureCommand {
    /// The version `lecture --version` prints.
    public static let version = "0.1.0"
    static var builtInSubcommands: [any Subcommand.Type] {
        [InitCommand.self, BuildCommand.self, CheckCommand.self, PDFCommand.self]
    }

    static func help(_ subcommands: [any Subcommand.Type]) -> String {
        var lines = [
            "OVERVIEW: Publishes a Markdown book whose Swift samples are compiled, run and checked.",
            "",
            "USAGE: lecture <subcommand> [options]",
            "",
            "OPTIONS:",
            "  --version                   Show the version.",
            "  -h, --help                  Show help information.",
            "",
            "SUBCOMMANDS:",
        ]
        for command in subcommands {
            lines.append(
                "  " + command.name + String(repeating: " ", count: max(1, 28 - command.name.count)) + command.abstract)
        }
        lines += ["", "  See 'lecture help <subcommand>' for detailed help."]
        return lines.joined(separator: "\n")
    }

    /// Runs `lecture` with `arguments` (without the program name) and returns the exit status:
    /// 0 success, 1 content problems (a failed sample, a broken page), 2 usage or setup errors.
    /// `extraSubcommands` are offered after the built-in ones (the executable passes `serve`).
    public static func main(
        _ arguments: [String], console: Console = Console(),
        extraSubcommands: [any Subcommand.Type] = []
    ) -> Int32 {
        let subcommands = builtInSubcommands + extraSubcommands
        let help = help(subcommands)
        // A reader that goes away (a closed pipe) is an error on write, not a silent death.
        signal(SIGPIPE, SIG_IGN)
        guard let first = arguments.first else {
            console.print(help)
            return 2
        }
        switch first {
        case "-h", "--help":
            console.print(help)
            return 0
        case "--version":
            console.print("lecture \(version) (cmark \(MarkdownParser.cmarkVersion))")
            return 0
        case "help":
            guard arguments.count > 1 else {
                console.print(help)
                return 0
            }
            guard let command = subcommands.first(where: { $0.name == arguments[1] }) else {
                return unknownSubcommand(arguments[1], help: help, console: console)
            }
            console.print(command.help)
            return 0
        default:
            break
        }
        guard let type = subcommands.first(where: { $0.name == first }) else {
            return unknownSubcommand(first, help: help, console: console)
        }
        let rest = Array(arguments.dropFirst())
        if rest.contains("-h") || rest.contains("--help") {
            console.print(type.help)
            return 0
        }
        do {
            let parsed = try ParsedArguments.parse(rest, specs: type.options, command: "lecture \(type.name)")
            let command = try type.init(parsed)
            try command.validate()
            let status = try command.run(console: console)
            Interruption.waitIfUnderWay()
            return status
        } catch let error as LectureError {
            Interruption.waitIfUnderWay()
            if error.isReported {
                let errors = error.diagnostics.errorCount
                console.printError("lecture \(type.name): failed with \(errors) error\(errors == 1 ? "" : "s")")
            } else {
                console.report(error.diagnostics)
            }
            return error.exitStatus
        } catch {
            Interruption.waitIfUnderWay()
            console.report(.error(.unexpected, "\(error)"))
            return 1
        }
    }

    /// Reports an unknown subcommand, then the overview of them all, on stderr: exit status 2.
    static func unknownSubcommand(_ name: String, help: String, console: Console) -> Int32 {
        console.report(.error(.unknownSubcommand, "unknown subcommand '\(name)'"))
        console.printError("\n" + help)
        return 2
    }
}

/// Options shared by several subcommands (public for subcommands in other modules).
public enum CommonOptions {
    /// `--content <dir>`: the folder with `SUMMARY.md` and the pages.
    public static let content = OptionSpec(
        ["--content"], value: "dir", help: "The folder with SUMMARY.md and the pages (default: content).")
    /// `--templates <dir>`: the folder with `page.html` and the assets.
    public static let templates = OptionSpec(
        ["--templates"], value: "dir", help: "The folder with page.html and assets (default: site-templates).")
    /// `--output <dir>`: where the site is written.
    public static let output = OptionSpec(
        ["--output"], value: "dir", help: "Where the site is written (default: _site).")
    /// `-j`, `--jobs <n>`: samples compiled and run at once.
    public static let jobs = OptionSpec(
        ["-j", "--jobs"], value: "n", help: "Samples compiled and run at once (default: the number of cores).")
    /// `--timeout <seconds>`: each sample run's time limit.
    public static let timeout = OptionSpec(
        ["--timeout"], value: "seconds", help: "Time limit for each sample run (default: 10).")
    /// `--no-cache`: a flag to verify every sample afresh.
    public static let noCache = OptionSpec(
        ["--no-cache"], help: "Compile and run every sample, ignoring cached results.")
    /// `--cache-dir <dir>`: the cache folder (default: `Cache.defaultDirectory`).
    public static let cacheDir = OptionSpec(
        ["--cache-dir"], value: "dir",
        help: "The cache folder (default: $LECTURE_CACHE_DIR, $XDG_CACHE_HOME/lecture or ~/.cache/lecture).")

    /// `--sample-locale <name>`: the locale samples run under (`LANG`, `LC_ALL`).
    public static let sampleLocale = OptionSpec(
        ["--sample-locale"], value: "name",
        help: "The locale samples run under, LANG and LC_ALL (default: \(SampleEnvironment.defaultLocale)).")
    /// `--sample-time-zone <zone>`: the time zone samples run under (`TZ`).
    public static let sampleTimeZone = OptionSpec(
        ["--sample-time-zone"], value: "zone",
        help: "The time zone samples run under, TZ (default: \(SampleEnvironment.defaultTimeZone)).")
    /// `--smart-punctuation`: curly quotes, dashes and ellipses in prose (off by default).
    public static let smartPunctuation = OptionSpec(
        ["--smart-punctuation"],
        help: "Turn straight quotes, -- and ... in prose into typographic ones (default: off).")

    /// `--report <format>`: how diagnostics are printed, and (for `check`) a JUnit file.
    public static let report = OptionSpec(
        ["--report"], value: "format",
        help: "github (workflow commands; the default when GITHUB_ACTIONS=true), plain, or junit:<path> (check).",
        repeatable: true)

    /// The `--report` values: the diagnostics' format (`plain`, `github`; `nil` when not given)
    /// and the JUnit report's path (`junit:PATH`, only when `junit` is allowed).
    /// - Throws: `LectureError` (exit 2) for another value, or two of a kind.
    public static func reports(_ arguments: ParsedArguments, command: String, allowJUnit: Bool) throws -> (
        format: String?, junit: String?
    ) {
        var format: String?
        var junit: String?
        for value in arguments.values["report"] ?? [] {
            if DiagnosticFormat.names.contains(value) {
                guard format == nil || format == value else {
                    throw LectureError(.badOption, "--report \(format!) and --report \(value) contradict each other")
                }
                format = value
            } else if allowJUnit, value.hasPrefix("junit:"), value.count > "junit:".count {
                guard junit == nil else { throw LectureError(.badOption, "--report junit: given more than once") }
                junit = String(value.dropFirst("junit:".count))
            } else {
                let wanted = (DiagnosticFormat.names + (allowJUnit ? ["junit:PATH"] : [])).map { "'\($0)'" }.joined(
                    separator: ", ")
                throw LectureError(
                    .badOptionValue, "--report takes \(wanted), not '\(value)'", notes: ["see '\(command) --help'"])
            }
        }
        return (format, junit)
    }

    /// The sample options from `--jobs`, `--timeout`, `--no-cache`, `--sample-locale` and
    /// `--sample-time-zone`; the rest are defaults.
    /// - Throws: `LectureError` (exit 2) when `--jobs` is not a whole number of 1 or more, or
    ///   `--timeout` not a finite number of seconds above 0.
    public static func verifierOptions(_ arguments: ParsedArguments) throws -> SampleVerifier.Options {
        var options = SampleVerifier.Options()
        if let jobs = arguments.value("jobs") {
            guard let n = Int(jobs), n >= 1 else {
                throw LectureError(.badOptionValue, "-j needs a whole number of 1 or more, not '\(jobs)'")
            }
            options.jobs = n
        }
        if let timeout = arguments.value("timeout") {
            guard let seconds = Double(timeout), seconds > 0, seconds.isFinite else {
                throw LectureError(.badOptionValue, "--timeout needs a number of seconds above 0, not '\(timeout)'")
            }
            options.timeout = seconds
        }
        options.noCache = arguments.has("no-cache")
        if let locale = arguments.value("sample-locale") { options.environment.locale = locale }
        if let zone = arguments.value("sample-time-zone") { options.environment.timeZone = zone }
        return options
    }
}
