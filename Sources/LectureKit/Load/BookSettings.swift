import CommonMark
import Foundation
import LectureSupport

/// A book's `book.toml`, in mdBook's format (https://rust-lang.github.io/mdBook/format/configuration/),
/// with this tool's own settings in a `[preprocessor.lecture]` table (or `[lecture]`, `LectureTable`). Paths are as written, relative to the
/// folder holding `book.toml`; `nil` means "not set" (the default applies).
package struct BookSettings: Sendable, Hashable {
    /// `[book] title`: overrides the summary's `# Title`.
    var title: String?
    /// `[book] authors` (read and checked; the built-in theme does not show them).
    var authors: [String] = []
    /// `[book] description` (read and checked; the built-in theme does not show it).
    var description: String?
    /// `[book] language`, the pages' `lang` (a BCP 47 tag such as `ko` or `en`).
    package var language: String?
    /// `[book] src`: the folder with `SUMMARY.md` (mdBook's default `src`).
    var source: String?
    /// `[build] build-dir`: where the site is written (mdBook's default `book`).
    var buildDirectory: String?
    /// `[build] create-missing`: whether a page the summary lists that does not exist is created
    /// with its title as a heading, as mdBook does (default `true`); `false` makes it an error.
    var createMissing: Bool?
    /// `[output.html] site-url`: the site's URL path, prefix of `404.html`'s URLs (default `/`).
    package var siteURL: String?
    /// `[output.html] git-repository-url`: a link to the repository in every page's header.
    var gitRepositoryURL: String?
    /// `[output.html] edit-url-template`: each page's edit link, `{path}` replaced by the page's
    /// path from the book's root (`src/intro.md`).
    var editURLTemplate: String?
    /// `[output.html] cname`: the custom domain GitHub Pages serves the site at, written to the
    /// site's `CNAME` file as mdBook writes it (`book.example.org` and a newline).
    var cname: String?
    /// `[output.html] default-theme`: `light` or `dark` for readers who have not chosen (mdBook's
    /// theme names `light`, `rust` → light; `coal`, `navy`, `ayu` → dark).
    var defaultTheme: String?
    /// `[preprocessor.lecture] templates`: a folder of templates instead of the built-in theme.
    package var templates: String?
    /// `[preprocessor.lecture] timeout`: seconds a sample may run.
    package var timeout: Double?
    /// `[preprocessor.lecture] diagram-timeout`: seconds each Graphviz program may take on one diagram.
    var diagramTimeout: Double?
    /// `[preprocessor.lecture] swift-language-mode`: the `-swift-version` samples are compiled with (`5`, `6`).
    var swiftLanguageMode: String?
    /// `[preprocessor.lecture] sample-locale`: the locale samples run in (`LANG`/`LC_ALL`), such as `ko_KR.UTF-8`
    /// (as `--sample-locale`).
    package var sampleLocale: String?
    /// `[preprocessor.lecture] time-zone`: the `TZ` samples run in, such as `Asia/Seoul` (as `--sample-time-zone`).
    var timeZone: String?
    /// `[preprocessor.lecture] outside-links`: `"warning"` (the default: a link that leaves the book, such as
    /// `../std/index.html` to a sibling book, is not checked and is reported as a warning) or
    /// `"error"` (such a link fails the build, for a book that must stand alone).
    var outsideLinks: String?
    /// `[preprocessor.lecture] style-lints`: the style warnings a valid book does not need (a page without one
    /// `# ` heading, heading levels that jump); off by default, as mdBook has none.
    var styleLints: Bool?
    /// Whether a link that leaves the book fails the build (`outside-links = "error"`).
    var outsideLinksAreErrors: Bool { outsideLinks == "error" }
    /// `[preprocessor.lecture] smart-punctuation` (or mdBook's `[output.html] smart-punctuation`): curly
    /// quotes, dashes and ellipses in prose.
    package var smartPunctuation: Bool?
    /// `[preprocessor.lecture.samples] libraries`: folders of Swift sources, each a module samples may import
    /// (named after its folder), in build order, relative to the folder holding `book.toml`.
    package var sampleLibraries: [String] = []
    /// `[preprocessor.lecture.samples] sandbox`: `auto`, `require` or `off` (`SampleSandbox`).
    var sampleSandbox: SandboxSetting?
    /// `[preprocessor.lecture.samples] verify`: whether `lecture build` verifies the samples (default off).
    package var verifySamples: Bool?
    /// `[preprocessor.lecture.samples] without-output`: what a fence without an output block is checked for.
    var samplesWithoutOutput: SampleRules.WithoutOutput?
    /// `[preprocessor.lecture.samples] continue`: `true`, or the pages (relative to the pages' folder) that
    /// continue one program across their fences.
    var continuedPages: SampleRules.Continuation?
    /// `[output.html.redirect]`: pages that send the reader on (`"/old.html" = "new.html"`), as
    /// mdBook writes them, in the file's order.
    var redirects: [Redirect] = []
    /// `[output.html.code.hidelines]`: each language's prefix of hidden code lines
    /// (`python = "~"`), as mdBook hides them (`CodeBlockHTML`); Rust's are rustdoc's `# ` always.
    package var codeHidelines: [String: String] = [:]
    /// `[preprocessor.lecture.words]`: interface words replacing the theme's (`InterfaceWords`), by key.
    package var words: [String: String] = [:]

    /// `[preprocessor.lecture] include-from`: folders outside the book (relative to it) that `{{#include}}`
    /// may read from too.
    var includeFrom: [String] = []
    /// Where each key read was written in book.toml (`build.build-dir` → line and column).
    package var locations: [String: SourceLocation] = [:]

    /// No setting given.
    init() {}
}

/// Reads `book.toml` into `BookSettings`.
///
/// Parsing is toml++'s (`TOMLDocument`). A syntax error is an error at `book.toml:line:column`; a
/// value of the wrong type is an error at its line; a key this tool does not know is a warning at
/// its line, and so is an mdBook key it knows but does not implement (preprocessors, other
/// renderers, MathJax…), with a note saying so. Every problem in the file is reported.
package enum BookSettingsLoader {
    /// Loads `path` (a path as the user gave it, used in diagnostics).
    package static func load(path: String) -> (settings: BookSettings, diagnostics: [Diagnostic]) {
        guard let bytes = try? FileSystem.read(path) else {
            return (BookSettings(), [.error(.fileSystem, path, nil, "book.toml cannot be read")])
        }
        let file: SourceFile
        do throws(Diagnostic) {
            file = try SourceFileReader.decode(bytes, displayPath: path, relativePath: "book.toml")
        } catch {
            return (BookSettings(), [error])
        }
        return parse(file.text, path: path)
    }

    /// Reads the text of a `book.toml` named `path` in diagnostics.
    package static func parse(_ text: String, path: String) -> (settings: BookSettings, diagnostics: [Diagnostic]) {
        let document: TOMLDocument
        do throws(TOMLDocument.SyntaxError) {
            document = try TOMLDocument.parse(text)
        } catch {
            return (
                BookSettings(),
                [
                    .error(
                        .bookTOMLSyntax,
                        path, error.location, "book.toml is not valid TOML",
                        notes: [
                            "toml++ says: \(error.message)",
                            "fix this line: each setting is 'key = value' under a '[table]' header, text in double quotes (title = \"My Book\"), a list in brackets (authors = [\"Ada\"]); TOML's syntax: https://toml.io/en/v1.0.0",
                        ])
                ]
            )
        }
        var settings = BookSettings()
        let table = LectureTable.normalized(document.entries, path: path)
        var diagnostics = table.diagnostics
        for (index, entry) in table.entries.enumerated() {
            let before = diagnostics.count
            defer {
                if table.moved.contains(index) {
                    for moved in before..<diagnostics.count {
                        diagnostics[moved] = LectureTable.respelled(diagnostics[moved])
                    }
                }
            }
            let key = entry.path.joined(separator: ".")
            let place: SourceLocation? = entry.location.line > 0 ? entry.location : nil
            if let text = pathText(of: entry), let problem = PathText.problem(text) {
                diagnostics.append(.error(.bookTOMLValue, path, place, "'\(key)' \(problem)", notes: [PathText.note]))
                continue
            }
            if entry.path.count == 3, entry.path[0] == "book", entry.path[1] == "authors" {
                if entry.kind == .string {
                    settings.authors.append(entry.value)
                } else {
                    diagnostics.append(
                        .error(
                            .bookTOMLValue, path, place, "'book.authors' needs an array of strings, such as [\"Ada\"]"))
                }
                continue
            }
            if entry.path.count == 4, entry.path[0] == "lecture", entry.path[1] == "samples",
                entry.path[2] == "libraries"
            {
                if let problem = library(entry, bookTOML: path) {
                    diagnostics.append(.error(.bookTOMLValue, path, place, problem.summary, notes: problem.notes))
                } else {
                    settings.locations["lecture.samples.libraries.\(settings.sampleLibraries.count)"] = place
                    settings.sampleLibraries.append(entry.value)
                }
                continue
            }
            if entry.path.count == 4, entry.path[0] == "output", entry.path[1] == "html", entry.path[2] == "redirect" {
                if entry.kind == .string, let problem = URLSetting.scriptProblem(entry.value) {
                    diagnostics.append(
                        .error(
                            .bookTOMLValue, path, place, "redirect '\(entry.path[3])' \(problem)",
                            notes: [
                                ScriptURL.note,
                                "a redirect leads to a page, such as \"new.html\" or \"https://example.org/\"",
                            ]))
                } else if entry.kind == .string {
                    settings.redirects.append(
                        Redirect(from: entry.path[3], to: entry.value, file: path, location: place))
                } else {
                    diagnostics.append(
                        .error(
                            .bookTOMLValue, path, place,
                            "'output.html.redirect' maps a page to a URL, such as \"/old.html\" = \"new.html\""))
                }
                continue
            }
            if entry.path.count == 5, entry.path[0] == "output", entry.path[1] == "html", entry.path[2] == "code",
                entry.path[3] == "hidelines"
            {
                if entry.kind == .string, !entry.value.isEmpty {
                    settings.codeHidelines[entry.path[4]] = entry.value
                } else {
                    diagnostics.append(
                        .error(
                            .bookTOMLValue, path, place,
                            "'\(key)' needs the prefix that marks a hidden line, such as \"~\""))
                }
                continue
            }
            if entry.path.count == 3, entry.path[0] == "lecture", entry.path[1] == "words" {
                if entry.kind != .string {
                    diagnostics.append(
                        .error(.bookTOMLValue, path, place, "'\(key)' needs a string, the interface word"))
                } else {
                    settings.words[entry.path[2]] = entry.value
                    if !InterfaceWords.keys.contains(entry.path[2]) {
                        diagnostics.append(
                            InterfaceWords.unknownKey(
                                entry.path[2], path: path, place: place, known: InterfaceWords.keys))
                    }
                }
                continue
            }
            if entry.path.count == 3, entry.path[0] == "lecture", entry.path[1] == "include-from" {
                if entry.kind == .string {
                    settings.locations["lecture.include-from.\(settings.includeFrom.count)"] = place
                    settings.includeFrom.append(entry.value)
                } else {
                    diagnostics.append(
                        .error(
                            .bookTOMLValue, path, place,
                            "'lecture.include-from' needs an array of folders, such as [\"../examples\"]"))
                }
                continue
            }
            if let field = fields[key] {
                settings.locations[key] = place
                if let problem = field.apply(entry, &settings) {
                    diagnostics.append(.error(.bookTOMLValue, path, place, "'\(key)' \(problem)"))
                }
                continue
            }
            if entry.path.count == 4, entry.path[0] == "lecture", entry.path[1] == "samples",
                entry.path[2] == "continue"
            {
                if entry.kind == .string {
                    var pages: Set<String> = []
                    if case .pages(let earlier) = settings.continuedPages { pages = earlier }
                    settings.continuedPages = .pages(pages.union([entry.value]))
                } else {
                    diagnostics.append(
                        .error(
                            .bookTOMLValue, path, place,
                            "'lecture.samples.continue' needs true, false or an array of page paths, such as [\"tour.md\"]"
                        ))
                }
                continue
            }
            // Children of a table already reported, and array elements, are not reported again.
            if entry.path.count > 1, reported(entry.path.dropLast()) { continue }
            if let reason = unsupported(entry.path) {
                diagnostics.append(
                    .warning(
                        .bookTOMLUnsupported, path, place, "'\(key)' is not supported by lecture and is ignored",
                        notes: [reason]))
            } else if !containers.contains(key) && !entry.path.isEmpty {
                let known = fields.keys.filter { $0.hasPrefix((entry.path.first ?? "") + ".") }.sorted()
                diagnostics.append(
                    .warning(
                        .bookTOMLUnknown,
                        path, place, "unknown key '\(key)' in book.toml is ignored",
                        notes: known.isEmpty
                            ? ["known tables: [book], [build], [output.html], \(LectureTable.header)"]
                            : ["known keys here: " + known.joined(separator: ", ")]))
            }
        }
        // toml++ keeps a table's keys sorted by name; report in the file's order.
        let ordered = diagnostics.enumerated().sorted { a, b in
            (a.element.location?.line ?? 0, a.offset) < (b.element.location?.line ?? 0, b.offset)
        }.map(\.element)
        return (settings, ordered)
    }

    /// The path `entry` holds, for the one check of paths (`PathText`), or `nil` when it holds
    /// none: `[book] src`, `[build] build-dir`, `[preprocessor.lecture] templates`, an element of
    /// `[preprocessor.lecture] include-from`, `[preprocessor.lecture.samples] libraries` and `continue`, and the key (an
    /// old page's path) of an `[output.html.redirect]` entry.
    static func pathText(of entry: TOMLDocument.Entry) -> String? {
        let path = entry.path
        if path.count == 4, path[0] == "output", path[1] == "html", path[2] == "redirect" { return path[3] }
        guard entry.kind == .string else { return nil }
        switch path.count {
        case 2:
            return ["book.src", "build.build-dir", "lecture.templates"].contains(path.joined(separator: "."))
                ? entry.value : nil
        case 3: return path[0] == "lecture" && path[1] == "include-from" ? entry.value : nil
        case 4:
            return path[0] == "lecture" && path[1] == "samples" && ["libraries", "continue"].contains(path[2])
                ? entry.value : nil
        default: return nil
        }
    }

    /// What is wrong with one element of `[preprocessor.lecture.samples] libraries`, or `nil`: it must name a
    /// folder of Swift sources relative to the folder holding `bookTOML`.
    static func library(_ entry: TOMLDocument.Entry, bookTOML: String) -> (summary: String, notes: [String])? {
        guard entry.kind == .string else {
            return ("'lecture.samples.libraries' needs folders of Swift sources, such as [\"Sources/Library\"]", [])
        }
        let folder = FileSystem.join((bookTOML as NSString).deletingLastPathComponent, entry.value)
        guard FileSystem.isDirectory(folder) else {
            return (
                "sample library '\(entry.value)' is not a folder",
                ["each library is a folder of Swift sources, relative to the folder holding book.toml"]
            )
        }
        guard FileSystem.files(under: folder).contains(where: { $0.hasSuffix(".swift") }) else {
            return ("sample library '\(entry.value)' holds no Swift source", ["its .swift files make the module"])
        }
        return nil
    }

    /// Tables that only hold other keys.
    static let containers: Set<String> = [
        "book", "build", "output", "output.html", "lecture", "lecture.samples", "preprocessor", "rust",
        "preprocessor.links", "preprocessor.index", "lecture.words", "output.html.redirect", "output.html.code",
        "output.html.code.hidelines",
    ]

    /// Whether an ancestor of `path` got its own warning (an unknown or unsupported table), or is
    /// a known array (whose elements are its value).
    private static func reported(_ path: ArraySlice<String>) -> Bool {
        var prefix = Array(path)
        while !prefix.isEmpty {
            let key = prefix.joined(separator: ".")
            if fields[key] != nil || unsupported(prefix) != nil || (!containers.contains(key)) { return true }
            prefix.removeLast()
        }
        return false
    }

    /// Why an mdBook key is ignored, or `nil` when it is not one of those.
    static func unsupported(_ path: [String]) -> String? {
        guard let first = path.first else { return nil }
        switch first {
        case "preprocessor":
            guard path.count >= 2 else { return nil }
            // mdBook's own `links` (includes) and `index` (README → index) are built in here.
            if path[1] == "links" || path[1] == "index" {
                return path.count == 2 ? nil : "lecture's own {{#include}} and README handling apply"
            }
            return "preprocessors are external programs; lecture runs none"
        case "output":
            guard path.count >= 2 else { return nil }
            if path[1] != "html" {
                return "lecture writes HTML only; other renderers ('output.\(path[1])') are not run"
            }
            guard path.count >= 3 else { return nil }
            return htmlUnsupported.contains(path[2])
                ? "this mdBook HTML option is not implemented by lecture's theme" : nil
        case "rust": return "lecture's samples are Swift; Rust settings do not apply"
        case "book":
            return path.count == 2 && path[1] == "text-direction" ? "not implemented by lecture" : nil
        case "build":
            return path.count == 2
                && ["use-default-preprocessors", "extra-watch-dirs"].contains(path[1])
                ? "lecture runs no preprocessors and watches the book's own folders" : nil
        default: return nil
        }
    }

    /// mdBook's `[output.html]` keys lecture knows but does not implement.
    static let htmlUnsupported: Set<String> = [
        "theme", "preferred-dark-theme", "mathjax-support", "copy-fonts", "additional-css", "additional-js",
        "no-section-label", "git-repository-icon", "input-404", "live-reload-endpoint", "print",
        "fold", "playground", "search", "hash-files", "sidebar-header-nav",
    ]

    /// How one key's value is read into the settings; `apply` returns a problem or `nil`.
    struct Field: Sendable {
        let apply: @Sendable (TOMLDocument.Entry, inout BookSettings) -> String?
    }

    static func string(_ keyPath: WritableKeyPath<BookSettings, String?> & Sendable) -> Field {
        Field { entry, settings in
            guard entry.kind == .string else { return "needs a string, such as \"…\"" }
            settings[keyPath: keyPath] = entry.value
            return nil
        }
    }

    /// A time limit in seconds, in the range sample time-outs take.
    static func seconds(_ keyPath: WritableKeyPath<BookSettings, Double?> & Sendable) -> Field {
        Field { entry, settings in
            guard entry.kind == .integer || entry.kind == .float, let seconds = Double(entry.value),
                SampleVerifier.Options.timeouts.contains(seconds)
            else {
                return "needs \(SampleVerifier.Options.timeoutsText)"
            }
            settings[keyPath: keyPath] = seconds
            return nil
        }
    }

    /// The keys lecture reads, by their dotted path.
    static let fields: [String: Field] = [
        "book.title": string(\.title),
        "book.description": string(\.description),
        "book.language": string(\.language),
        "book.src": string(\.source),
        "book.authors": Field { entry, settings in
            guard entry.kind == .array else { return "needs an array of strings, such as [\"Ada\"]" }
            return nil
        },
        "build.build-dir": string(\.buildDirectory),
        "build.create-missing": Field { entry, settings in
            guard entry.kind == .boolean else { return "needs true or false" }
            settings.createMissing = entry.value == "true"
            return nil
        },
        "output.html.site-url": Field { entry, settings in
            guard entry.kind == .string else { return "needs a string, such as \"/lecture/\"" }
            if let problem = URLSetting.sitePathProblem(entry.value) { return problem }
            settings.siteURL = entry.value.hasSuffix("/") ? entry.value : entry.value + "/"
            return nil
        },
        "output.html.git-repository-url": Field { entry, settings in
            guard entry.kind == .string else { return "needs a string, such as \"https://github.com/you/book\"" }
            if let problem = URLSetting.linkProblem(entry.value) { return problem }
            settings.gitRepositoryURL = entry.value
            return nil
        },
        "output.html.edit-url-template": Field { entry, settings in
            guard entry.kind == .string else { return "needs a string with {path}" }
            guard entry.value.contains("{path}") else { return "needs '{path}' where the page's path goes" }
            if let problem = URLSetting.linkProblem(entry.value) { return problem }
            settings.editURLTemplate = entry.value
            return nil
        },
        "output.html.cname": Field { entry, settings in
            guard entry.kind == .string, !entry.value.isEmpty, !entry.value.contains(where: \.isNewline) else {
                return "needs the site's domain, such as \"book.example.org\""
            }
            settings.cname = entry.value
            return nil
        },
        "output.html.default-theme": Field { entry, settings in
            let themes = [
                "light": "light", "rust": "light", "coal": "dark", "navy": "dark", "ayu": "dark", "dark": "dark",
            ]
            guard entry.kind == .string, let theme = themes[entry.value] else {
                return "needs one of \(themes.keys.sorted().map { "\"\($0)\"" }.joined(separator: ", "))"
            }
            settings.defaultTheme = theme
            return nil
        },
        // mdBook's `init` writes `multilingual = false`; mdBook itself does nothing with it.
        "book.multilingual": Field { entry, _ in entry.kind == .boolean ? nil : "needs true or false" },
        "output.html.curly-quotes": Field { entry, settings in
            guard entry.kind == .boolean else { return "needs true or false" }
            settings.smartPunctuation = entry.value == "true"
            return nil
        },
        "output.html.smart-punctuation": Field { entry, settings in
            guard entry.kind == .boolean else { return "needs true or false" }
            settings.smartPunctuation = entry.value == "true"
            return nil
        },
        "lecture.templates": string(\.templates),
        "lecture.samples.libraries": Field { entry, _ in
            entry.kind == .array ? nil : "needs a list of folders of Swift sources, such as [\"Sources/Library\"]"
        },
        "lecture.include-from": Field { entry, _ in
            entry.kind == .array ? nil : "needs an array of folders, such as [\"../examples\"]"
        },
        "lecture.timeout": seconds(\.timeout),
        "lecture.diagram-timeout": seconds(\.diagramTimeout),
        "lecture.swift-language-mode": Field { entry, settings in
            guard entry.kind == .integer || entry.kind == .string, ["5", "6"].contains(entry.value) else {
                return "needs 5 or 6"
            }
            settings.swiftLanguageMode = entry.value
            return nil
        },
        "lecture.samples.verify": Field { entry, settings in
            guard entry.kind == .boolean else { return "needs true or false" }
            settings.verifySamples = entry.value == "true"
            return nil
        },
        "lecture.samples.without-output": Field { entry, settings in
            guard entry.kind == .string, let rule = SampleRules.WithoutOutput(rawValue: entry.value) else {
                return "needs one of "
                    + SampleRules.WithoutOutput.allCases.map { "\"\($0.rawValue)\"" }.joined(separator: ", ")
            }
            settings.samplesWithoutOutput = rule
            return nil
        },
        "lecture.samples.continue": Field { entry, settings in
            switch entry.kind {
            case .boolean: settings.continuedPages = entry.value == "true" ? .everyPage : SampleRules.Continuation.none
            case .array:
                if case .pages = settings.continuedPages {} else { settings.continuedPages = .pages([]) }
            default: return "needs true, false or an array of page paths, such as [\"tour.md\"]"
            }
            return nil
        },
        "lecture.sample-locale": string(\.sampleLocale),
        "lecture.outside-links": Field { entry, settings in
            guard entry.kind == .string, ["warning", "error"].contains(entry.value) else {
                return "needs \"warning\" or \"error\""
            }
            settings.outsideLinks = entry.value
            return nil
        },
        "lecture.style-lints": Field { entry, settings in
            guard entry.kind == .boolean else { return "needs true or false" }
            settings.styleLints = entry.value == "true"
            return nil
        },
        "lecture.time-zone": string(\.timeZone),
        "lecture.samples.sandbox": Field { entry, settings in
            guard entry.kind == .string, let setting = SandboxSetting(rawValue: entry.value) else {
                return "needs \"auto\" (contained where the machine allows), \"require\" (for CI) or \"off\""
            }
            settings.sampleSandbox = setting
            return nil
        },
        "lecture.smart-punctuation": Field { entry, settings in
            guard entry.kind == .boolean else { return "needs true or false" }
            settings.smartPunctuation = entry.value == "true"
            return nil
        },
    ]
}
