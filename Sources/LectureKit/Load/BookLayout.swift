import Foundation
import LectureSupport

/// Where a book's parts are, as the commands find them: from the folder named on the command
/// line (else the working directory), its `book.toml`, and the options, which win.
///
/// mdBook's rules (https://rust-lang.github.io/mdBook/format/configuration/general.html): with or
/// without `book.toml`, the pages are in `src/` and the site goes to `book/`, unless `[book] src`
/// and `[build] build-dir` say otherwise (both relative to the folder holding `book.toml`). A
/// folder that holds `SUMMARY.md` itself is taken as the pages' folder. Without any of these,
/// `content/` and `_site/` (this repository's layout before it had a `book.toml`).
public enum BookLayout {
    /// The paths and settings for the book at `directory` (`nil`: the working directory).
    /// - Parameters:
    ///   - arguments: the command line; `--content`, `--output`, `--templates`, `--timeout`,
    ///     `--site-url`, `--sample-locale`, `--sample-time-zone` and `--smart-punctuation` win
    ///     over book.toml.
    ///   - needsTemplates: whether to find the templates (the built-in theme unless a folder is
    ///     named), which `lecture check` does not use.
    /// - Returns: book.toml's problems (errors fail the command; warnings are printed).
    /// - Throws: `LectureError` when the built-in theme cannot be written into the cache.
    public static func configure(
        _ configuration: inout BuildConfiguration, directory: String?,
        arguments: ParsedArguments, needsTemplates: Bool = true
    ) throws -> [Diagnostic] {
        let root = directory ?? "."
        let tomlPath = FileSystem.join(root, "book.toml")
        var diagnostics: [Diagnostic] = []
        var settings = BookSettings()
        let hasTOML = FileSystem.exists(tomlPath)
        if hasTOML {
            (settings, diagnostics) = BookSettingsLoader.load(path: tomlPath)
        } else if let directory, !FileSystem.isDirectory(directory) {
            throw LectureError(
                .error(
                    .badArgument, directory, nil,
                    FileSystem.exists(directory) ? "book folder is a file" : "book folder does not exist",
                    notes: ["name a folder that holds book.toml or SUMMARY.md"]))
        }
        let bareSummary = !hasTOML && FileSystem.exists(FileSystem.join(root, "SUMMARY.md"))
        let mdBookLayout = hasTOML || FileSystem.exists(FileSystem.join(root, "src/SUMMARY.md"))
        configuration.book = settings
        let source = settings.source ?? (mdBookLayout ? "src" : bareSummary ? "." : "content")
        configuration.contentPathFromBookRoot = source == "." ? "" : source
        configuration.contentDirectory = arguments.value("content") ?? FileSystem.join(root, source)
        if let output = arguments.value("output") {
            configuration.outputDirectory = output
        } else if let build = settings.buildDirectory {
            configuration.outputDirectory = FileSystem.join(root, build)
        } else if mdBookLayout || bareSummary {
            configuration.outputDirectory = FileSystem.join(root, "book")
            // Pages and site share the folder: the site is left out of the content.
            if bareSummary && arguments.value("content") == nil { configuration.outputInsideContent = "book" }
        } else {
            configuration.outputDirectory = FileSystem.join(root, "_site")
        }
        if arguments.value("site-url") == nil, let siteURL = settings.siteURL { configuration.siteURL = siteURL }
        if arguments.value("timeout") == nil, let timeout = settings.timeout {
            configuration.verifier.timeout = timeout
        }
        if let mode = settings.swiftLanguageMode { configuration.verifier.swiftLanguageMode = mode }
        if arguments.value("sample-locale") == nil, let locale = settings.sampleLocale {
            configuration.verifier.environment.locale = locale
        }
        if arguments.value("sample-time-zone") == nil, let zone = settings.timeZone {
            configuration.verifier.environment.timeZone = zone
        }
        if !arguments.has("smart-punctuation"), let smart = settings.smartPunctuation {
            configuration.smartPunctuation = smart
        }
        if needsTemplates {
            if let templates = arguments.value("templates") {
                configuration.templatesDirectory = templates
            } else if let own = settings.templates {
                configuration.templatesDirectory = FileSystem.join(root, own)
            } else {
                configuration.templatesDirectory = try DefaultTheme.directory(
                    cacheDirectory: configuration.cacheDirectory)
            }
        }
        return diagnostics
    }

    /// The book folder named on the command line: the one positional argument, if any.
    /// - Throws: `LectureError` (exit 2) for more than one.
    public static func directory(_ arguments: ParsedArguments, command: String) throws -> String? {
        guard arguments.positionals.count <= 1 else {
            throw LectureError(
                .badArgument, "unexpected argument '\(arguments.positionals[1])'", notes: ["see '\(command) --help'"])
        }
        return arguments.positionals.first
    }
}
