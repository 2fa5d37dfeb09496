import LectureSupport

/// The options `build`, `check` and `serve` share (swift-argument-parser's `@OptionGroup`): the
/// book's folder and the options that win over its `book.toml`, how samples run, how problems are
/// reported. Each is declared once (`Option.content`, … below); a command lists the ones it
/// offers (through `Option.within` when they are a part of its own options), and
/// `BookLayout.configure` applies them. `nil` or empty: not given.
package struct BookOptions: ParsableOptions, Sendable {
    /// The book's folder (the positional `[<dir>]`); the working directory when not given.
    var directory: String?
    /// `--content <dir>`: the folder with `SUMMARY.md` and the pages.
    package var content: String?
    /// `--templates <dir>`: the folder with `page.html` and the assets.
    package var templates: String?
    /// `--output <dir>`: where the site is written.
    package var output: String?
    /// `-j`, `--jobs <n>`: samples compiled and run at once, 1 or more.
    package var jobs: Int?
    /// `--timeout <seconds>`: each sample run's time limit, above 0; a book may only lower it
    /// (`SampleProtection`).
    package var timeout: Double?
    /// `--no-cache`: verify every sample afresh.
    var noCache = false
    /// `--cache-dir <dir>`: the cache folder.
    package var cacheDirectory: String?
    /// `--report <format>`, in the order given (see `reports(command:allowJUnit:)`).
    var reports: [ReportRequest] = []
    /// `--site-url <path>`: the path the site is served under, ending in `/`.
    package var siteURL: String?
    /// `--sample-locale <name>`: the locale samples run under (`LANG`, `LC_ALL`).
    package var sampleLocale: String?
    /// `--sample-time-zone <zone>`: the time zone samples run under (`TZ`).
    package var sampleTimeZone: String?
    /// `--smart-punctuation`: typographic quotes, dashes and ellipses in prose.
    package var smartPunctuation = false
    /// `--sandbox <auto|require|off>`: how samples are contained; a book may only raise it
    /// (`SampleProtection`).
    package var sandbox: SandboxSetting?
    /// `--memory-limit <MiB>`: a sample's address space; a book may only lower it.
    var memoryLimit: Int?
    /// `--process-limit <n>`: a contained sample's processes and threads; a book may only lower it.
    var processLimit: Int?
    /// `--compile-memory-limit <MiB>`: a sample's compile's address space; a book may only lower it.
    var compileMemoryLimit: Int?
    /// `--compile-timeout <seconds>`: the compiler's time on one sample; a book may only lower it.
    var compileTimeout: Double?
    /// `--diagram-timeout <seconds>`: each Graphviz program's time on one diagram; a book may only
    /// lower it.
    var diagramTimeout: Double?
    /// `--language <tag>` (`lecture init`): the new book's `[book] language`.
    var language: String?

    /// Nothing given.
    package init() {}

    /// The `--report` values: the diagnostics' format (`nil` when not given) and the JUnit
    /// report's path (`junit:PATH`, only when `allowJUnit`).
    /// - Throws: `LectureError` (exit 2) for a JUnit report where `command` writes none, or two
    ///   of a kind.
    func reports(command: String, allowJUnit: Bool) throws -> (format: DiagnosticFormat.Name?, junit: String?) {
        var format: DiagnosticFormat.Name?
        var junit: String?
        for report in reports {
            switch report {
            case .format(let name):
                if let format, format != name {
                    throw LectureError(
                        .badOption, "--report \(format.rawValue) and --report \(name.rawValue) contradict each other")
                }
                format = name
            case .junit(let path):
                guard allowJUnit else {
                    throw LectureError(
                        .badOptionValue, "--report junit:\(path): \(command) writes no JUnit report",
                        notes: ["see '\(command) --help'"])
                }
                guard junit == nil else { throw LectureError(.badOption, "--report junit: given more than once") }
                junit = path
            }
        }
        return (format, junit)
    }
}

/// The book options' declarations, for a command's list: `[.content, .jobs, …]`.
extension Option where Values == BookOptions {
    /// `--content <dir>`.
    package static var content: Option {
        .path(
            "--content", value: "dir",
            help: "The folder with SUMMARY.md and the pages (default: book.toml's [book] src, else src or content).",
            at: \.content)
    }
    /// `--templates <dir>`.
    package static var templates: Option {
        .path(
            "--templates", value: "dir",
            help:
                "The folder with page.html and assets (default: [preprocessor.lecture] templates, else the built-in theme).",
            at: \.templates)
    }
    /// `--output <dir>`, also by mdBook's names `-d` and `--dest-dir`.
    package static var output: Option {
        .path(
            "-d", "--dest-dir", "--output", value: "dir",
            help:
                "Where the site is written (default: [build] build-dir, else book or _site); its html/ when book.toml has [output.html] and another renderer, as mdBook writes it.",
            at: \.output)
    }
    /// `-j`, `--jobs <n>`.
    package static var jobs: Option {
        .value(
            "-j", "--jobs", value: "n", help: "Samples compiled and run at once (default: the number of cores).",
            at: \.jobs
        ) { text in
            guard let n = Int(text), RunContext.jobCounts.contains(n) else {
                throw LectureError(.badOptionValue, "-j needs a whole number from 1 to 1024, not \(quoted: text)")
            }
            return n
        }
    }
    /// `--timeout <seconds>`.
    package static var timeout: Option {
        .value(
            "--timeout", value: "seconds",
            help:
                "Time limit for each sample run (default: $LECTURE_TIMEOUT, else 10; book.toml may only lower it).",
            at: \.timeout
        ) { try SampleProtection.secondsValue($0, from: "--timeout") }
    }
    /// `--no-cache`.
    package static var noCache: Option {
        .flag("--no-cache", help: "Verify every sample anew, ignoring cached results.", at: \.noCache)
    }
    /// `--cache-dir <dir>`.
    package static var cacheDirectory: Option {
        .path(
            "--cache-dir", value: "dir",
            help: "The cache folder (default: $LECTURE_CACHE_DIR, $XDG_CACHE_HOME/lecture or ~/.cache/lecture).",
            at: \.cacheDirectory)
    }
    /// `--report <format>`, repeatable.
    package static var report: Option {
        .values(
            "--report", value: "format",
            help: "github (workflow commands; the default when GITHUB_ACTIONS=true), plain, or junit:<path> (check).",
            at: \.reports, convert: ReportRequest.init(parsing:))
    }
    /// `--site-url <path>`: an absolute path, stored with a final `/`.
    package static var siteURL: Option {
        .value(
            "--site-url", value: "path",
            help: "The path the site is served under, as /repo/ (default: [output.html] site-url, else /).",
            at: \.siteURL
        ) { text in
            guard URLSetting.sitePathProblem(text) == nil, !text.contains("//") else {
                throw LectureError(
                    .badOptionValue, "--site-url takes an absolute path such as /lecture/, not \(quoted: text)")
            }
            return text.hasSuffix("/") ? text : text + "/"
        }
    }
    /// `--sample-locale <name>`.
    package static var sampleLocale: Option {
        .value(
            "--sample-locale", value: "name",
            help:
                "The locale samples run under, LANG and LC_ALL (default: [preprocessor.lecture] sample-locale, else \(SampleEnvironment.defaultLocale)).",
            at: \.sampleLocale)
    }
    /// `--sample-time-zone <zone>`.
    package static var sampleTimeZone: Option {
        .value(
            "--sample-time-zone", value: "zone",
            help:
                "The time zone samples run under, TZ (default: [preprocessor.lecture] time-zone, else \(SampleEnvironment.defaultTimeZone)).",
            at: \.sampleTimeZone)
    }
    /// `--sandbox <auto|require|off>`.
    package static var sandbox: Option {
        .value(
            "--sandbox", value: "mode",
            help:
                "How samples run: auto (contained where the machine allows), require, or off (default: $LECTURE_SANDBOX, else auto; book.toml may only raise it).",
            at: \.sandbox
        ) { try SampleProtection.sandboxValue($0, from: "--sandbox") }
    }
    /// `--memory-limit <MiB>`.
    package static var memoryLimit: Option {
        .value(
            "--memory-limit", value: "MiB",
            help:
                "Address space a sample may map (default: $LECTURE_MEMORY_LIMIT, else 4096; book.toml may only lower it).",
            at: \.memoryLimit
        ) { try SampleProtection.memoryValue($0, from: "--memory-limit") }
    }
    /// `--process-limit <n>`.
    package static var processLimit: Option {
        .value(
            "--process-limit", value: "n",
            help:
                "Processes and threads a contained sample may have (default: $LECTURE_PROCESS_LIMIT, else 256; book.toml may only lower it).",
            at: \.processLimit
        ) { try SampleProtection.processValue($0, from: "--process-limit") }
    }
    /// `--compile-memory-limit <MiB>`.
    package static var compileMemoryLimit: Option {
        .value(
            "--compile-memory-limit", value: "MiB",
            help:
                "Address space a sample's compile may map (default: $LECTURE_COMPILE_MEMORY_LIMIT, else \(CompileMemoryLimit.mebibytes); book.toml may only lower it).",
            at: \.compileMemoryLimit
        ) { try SampleProtection.compileMemoryValue($0, from: "--compile-memory-limit") }
    }
    /// `--compile-timeout <seconds>`.
    package static var compileTimeout: Option {
        .value(
            "--compile-timeout", value: "seconds",
            help:
                "Time limit for compiling each sample (default: $LECTURE_COMPILE_TIMEOUT, else \(SampleProtection.secondsText(SampleVerifier.Options.defaultCompileTimeout)); book.toml may only lower it).",
            at: \.compileTimeout
        ) { try SampleProtection.secondsValue($0, from: "--compile-timeout") }
    }
    /// `--diagram-timeout <seconds>`.
    package static var diagramTimeout: Option {
        .value(
            "--diagram-timeout", value: "seconds",
            help:
                "Time limit for each Graphviz program on one diagram (default: $LECTURE_DIAGRAM_TIMEOUT, else \(SampleProtection.secondsText(DiagramRenderer.defaultTimeLimit)); book.toml may only lower it).",
            at: \.diagramTimeout
        ) { try SampleProtection.secondsValue($0, from: "--diagram-timeout") }
    }
    /// The options of the samples' protection, which every command that runs samples offers
    /// (`--timeout` besides, which each lists in its own place).
    package static var protection: [Option] {
        [.sandbox, .memoryLimit, .processLimit, .compileMemoryLimit, .compileTimeout, .diagramTimeout]
    }
    /// `--language <tag>`: a BCP 47 tag such as `en` or `ko-KR`.
    static var language: Option {
        .value(
            "--language", value: "tag",
            help:
                "The book's language, a BCP 47 tag such as en or ko (default: en); its pages and interface words follow it.",
            at: \.language
        ) { text in
            let parts = text.split(separator: "-", omittingEmptySubsequences: false)
            guard let first = parts.first, (2...8).contains(first.count),
                first.allSatisfy({ $0.isASCII && $0.isLetter }),
                parts.dropFirst().allSatisfy({
                    (1...8).contains($0.count) && $0.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber) })
                })
            else {
                throw LectureError(
                    .badOptionValue, "--language takes a language tag such as en or ko-KR, not \(quoted: text)")
            }
            return text
        }
    }
    /// `--smart-punctuation`.
    package static var smartPunctuation: Option {
        .flag(
            "--smart-punctuation",
            help:
                "Turn straight quotes, -- and ... in prose into typographic ones (default: book.toml's smart-punctuation, else on, as in mdBook 0.5).",
            at: \.smartPunctuation)
    }
}

extension Positional where Values == BookOptions {
    /// `[<dir>]`: the book's folder.
    package static var book: Positional { .optional("dir", at: \.directory) }
}
