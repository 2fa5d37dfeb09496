import BookTOML
import CommonMark
import LectureSupport

extension BookSettingsLoader {
    /// One key of book.toml's schema: what kind of value it takes, and how its entry is read into
    /// the settings. A key whose value (or, in a table of pages, whose own name) is a path a person
    /// writes says so in its kind, and `parse` runs `PathText` on that path before `apply` sees the
    /// entry: a path key cannot skip the check (`BookSettingsSchemaTests`).
    struct Field: Sendable {
        /// What a key takes.
        enum Kind: Sendable, Equatable {
            /// A string.
            case string
            /// A string that names a file or folder: checked by `PathText`.
            case path
            /// A number of seconds, in the range of time limits.
            case seconds
            /// `true` or `false`.
            case boolean
            /// One of a few words, or another value `apply` checks.
            case value
            /// An array or table whose elements or entries `members` reads.
            case container
            /// An element of an array, or an entry of a table, that is a string.
            case member
            /// An element of an array of paths: checked by `PathText`.
            case pathMember
            /// An entry of a table whose key is a path (an old page of `output.html.redirect`):
            /// the key is checked by `PathText`.
            case pathKeyedMember
        }

        /// Where one entry stands, for the problems `apply` reports.
        struct Place {
            /// The book.toml as the user named it.
            var file: String
            /// The entry's line and column, or `nil` for a table made by a dotted key.
            var location: SourceLocation?
            /// The entry's dotted key (`output.html.site-url`).
            var key: String

            /// `'key' problem`: an error at the entry.
            func error(_ problem: String, notes: [String] = []) -> Diagnostic {
                .error(.bookTOMLValue, file, location, "\(quoted: key) \(problem)", notes: notes)
            }
        }

        let kind: Kind
        /// Reads `entry` into the settings; returns the problems found.
        let apply: @Sendable (TOMLDocument.Entry, inout BookSettings, Place) -> [Diagnostic]

        /// A field whose `read` returns one problem, reported as `'key' problem`, or `nil`.
        init(
            _ kind: Kind, read: @escaping @Sendable (TOMLDocument.Entry, inout BookSettings) -> String?
        ) {
            self.kind = kind
            self.apply = { entry, settings, place in read(entry, &settings).map { [place.error($0)] } ?? [] }
        }

        /// A field that reports its own problems.
        init(_ kind: Kind, apply: @escaping @Sendable (TOMLDocument.Entry, inout BookSettings, Place) -> [Diagnostic]) {
            self.kind = kind
            self.apply = apply
        }

        /// A field that reports its own problems (a trailing-closure spelling of `init(_:apply:)`).
        static func reporting(
            _ kind: Kind, _ apply: @escaping @Sendable (TOMLDocument.Entry, inout BookSettings, Place) -> [Diagnostic]
        ) -> Field {
            Field(kind, apply: apply)
        }

        /// The path a person wrote in `entry`, for `PathText`, or `nil` when the kind holds none.
        func pathText(of entry: TOMLDocument.Entry) -> String? {
            switch kind {
            case .path, .pathMember: entry.kind == .string ? entry.value : nil
            case .pathKeyedMember: entry.path.last
            case .string, .seconds, .boolean, .value, .container, .member: nil
            }
        }
    }

    static func string(_ keyPath: WritableKeyPath<BookSettings, String?> & Sendable) -> Field {
        Field(.string) { entry, settings in
            guard entry.kind == .string else { return "needs a string, such as \"…\"" }
            settings[keyPath: keyPath] = entry.value
            return nil
        }
    }

    /// A string that names a file or folder, relative to the folder holding book.toml.
    static func path(_ keyPath: WritableKeyPath<BookSettings, String?> & Sendable) -> Field {
        Field(.path) { entry, settings in
            guard entry.kind == .string else { return "needs a string, such as \"…\"" }
            settings[keyPath: keyPath] = entry.value
            return nil
        }
    }

    static func boolean(_ keyPath: WritableKeyPath<BookSettings, Bool?> & Sendable) -> Field {
        Field(.boolean) { entry, settings in
            guard entry.kind == .boolean else { return "needs true or false" }
            settings[keyPath: keyPath] = entry.value == "true"
            return nil
        }
    }

    /// A time limit in seconds, in the range sample time-outs take.
    static func seconds(_ keyPath: WritableKeyPath<BookSettings, Double?> & Sendable) -> Field {
        Field(.seconds) { entry, settings in
            guard entry.kind == .integer || entry.kind == .float, let seconds = Double(entry.value),
                SampleVerifier.Options.timeouts.contains(seconds)
            else {
                return "needs \(SampleVerifier.Options.timeoutsText)"
            }
            settings[keyPath: keyPath] = seconds
            return nil
        }
    }

    /// A whole number of MiB in `range` (a memory limit), read into `keyPath`.
    static func mebibytes(
        _ keyPath: WritableKeyPath<BookSettings, Int?> & Sendable, in range: ClosedRange<Int>, example: Int
    ) -> Field {
        Field(.value) { entry, settings in
            guard entry.kind == .integer, let mebibytes = Int(entry.value), range.contains(mebibytes) else {
                return "needs a whole number of MiB from \(range.lowerBound) to \(range.upperBound), such as \(example)"
            }
            settings[keyPath: keyPath] = mebibytes
            return nil
        }
    }

    /// The keys lecture reads, by their dotted path (arrays and tables of entries too: `members`
    /// reads their elements).
    static let fields: [String: Field] = [
        "book.title": string(\.title),
        "book.description": string(\.description),
        "book.language": Field.reporting(.string) { entry, settings, place in
            guard entry.kind == .string else { return [place.error("needs a string, such as \"en\"")] }
            settings.language = entry.value
            guard let (why, fix) = LanguageTag.problem(entry.value) else { return [] }
            return [
                .warning(
                    .bookTOMLValue, place.file, place.location,
                    "\(quoted: place.key) is \(quoted: entry.value), \(why)",
                    notes: [fix + "; mdBook 0.5.4 writes any value as it is"])
            ]
        },
        "book.text-direction": Field(.value) { entry, settings in
            guard entry.kind == .string, ["ltr", "rtl"].contains(entry.value) else { return "needs \"ltr\" or \"rtl\"" }
            settings.textDirection = entry.value
            return nil
        },
        "book.src": path(\.source),
        "book.authors": Field(.container) { entry, settings in
            guard entry.kind == .array else { return "needs an array of strings, such as [\"Ada\"]" }
            return nil
        },
        "build.build-dir": path(\.buildDirectory),
        "build.create-missing": boolean(\.createMissing),
        "rust.edition": Field(.value) { entry, settings in
            guard entry.kind == .string, ["2015", "2018", "2021", "2024"].contains(entry.value) else {
                return "needs one of \"2015\", \"2018\", \"2021\", \"2024\""
            }
            settings.rustEdition = entry.value
            return nil
        },
        "build.extra-watch-dirs": Field(.container) { entry, _ in
            entry.kind == .array ? nil : "needs an array of folders, such as [\"../examples\"]"
        },
        "output.html.site-url": Field(.value) { entry, settings in
            guard entry.kind == .string else { return "needs a string, such as \"/lecture/\"" }
            if let problem = URLSetting.sitePathProblem(entry.value) { return problem }
            settings.siteURL = entry.value.hasSuffix("/") ? entry.value : entry.value + "/"
            return nil
        },
        "output.html.git-repository-url": Field(.value) { entry, settings in
            guard entry.kind == .string else { return "needs a string, such as \"https://github.com/you/book\"" }
            if let problem = URLSetting.linkProblem(entry.value) { return problem }
            settings.gitRepositoryURL = entry.value
            return nil
        },
        "output.html.edit-url-template": Field(.value) { entry, settings in
            guard entry.kind == .string else { return "needs a string with {path}" }
            guard entry.value.contains("{path}") else { return "needs '{path}' where the page's path goes" }
            if let problem = URLSetting.linkProblem(entry.value) { return problem }
            settings.editURLTemplate = entry.value
            return nil
        },
        "output.html.additional-css": Field(.container) { entry, _ in
            entry.kind == .array ? nil : "needs an array of files, such as [\"theme/custom.css\"]"
        },
        "output.html.additional-js": Field(.container) { entry, _ in
            entry.kind == .array ? nil : "needs an array of files, such as [\"theme/custom.js\"]"
        },
        "output.html.mathjax-support": boolean(\.mathJax),
        "output.html.cname": Field(.value) { entry, settings in
            // GitHub Pages reads the CNAME file as one host name (attack 14, kind 94: a URL or a
            // path was written into it as it was).
            guard entry.kind == .string, HostName.isValid(entry.value) else {
                return
                    "needs the site's domain, such as \"book.example.org\": a host name alone (letters, digits and '-' between dots), no scheme, path or port"
            }
            settings.cname = entry.value
            return nil
        },
        "output.html.default-theme": Field(.value) { entry, settings in
            let themes = [
                "light": "light", "rust": "light", "coal": "dark", "navy": "dark", "ayu": "dark", "dark": "dark",
            ]
            guard entry.kind == .string, let theme = themes[entry.value] else {
                return "needs one of \(themes.keys.sorted().map { "\"\($0)\"" }.joined(separator: ", "))"
            }
            settings.defaultTheme = theme
            return nil
        },
        // mdBook 0.4's `init` wrote `multilingual = false`, read here with a warning: mdBook 0.5.4
        // refuses the key (run); `true` asks for a book in several languages, which neither tool builds.
        "book.multilingual": .reporting(.boolean) { entry, _, place in
            guard entry.kind == .boolean else { return [place.error("needs true or false")] }
            guard entry.value == "true" else {
                return [
                    MdBookKeys.unknownToMdBook(
                        place.key, file: place.file, at: place.location,
                        fix: "delete the line: a book is in one language, which '[book] language' names")
                ]
            }
            return [
                place.error(
                    "asks for a book in several languages, which lecture does not build; mdBook 0.5.4 refuses the key too",
                    notes: [
                        "delete the line: a book is in one language, which '[book] language' names (\"en\"); build one book for each language"
                    ])
            ]
        },
        "output.html.input-404": path(\.notFoundInput),
        "output.html.no-section-label": boolean(\.noSectionLabel),
        // mdBook 0.4's name of `smart-punctuation`, read the same way; mdBook 0.5.4 refuses the
        // whole book.toml for it (run: "unknown field `curly-quotes`").
        "output.html.curly-quotes": .reporting(.boolean) { entry, settings, place in
            guard entry.kind == .boolean else { return [place.error("needs true or false")] }
            settings.smartPunctuation = entry.value == "true"
            return [
                MdBookKeys.unknownToMdBook(
                    place.key, file: place.file, at: place.location,
                    fix:
                        "rename it 'smart-punctuation' (smart-punctuation = \(entry.value)), its name since mdBook 0.5; lecture reads either"
                )
            ]
        },
        "output.html.smart-punctuation": boolean(\.smartPunctuation),
        "output.html.search.enable": boolean(\.searchEnabled),
        "output.html.print.enable": boolean(\.printEnabled),
        "output.html.hash-files": boolean(\.hashFiles),
        "output.html.fold.enable": boolean(\.foldEnabled),
        // mdBook reads a u8 and refuses the book.toml for anything else (run: `level = -1`,
        // `"2"`, `300`).
        "output.html.fold.level": Field(.value) { entry, settings in
            guard entry.kind == .integer, let level = Int(entry.value), (0...255).contains(level) else {
                return "needs a whole number from 0 to 255, such as 1 (the top-level chapters' sections open)"
            }
            settings.foldLevel = level
            return nil
        },
        "lecture.templates": path(\.templates),
        "lecture.samples.libraries": Field(.container) { entry, _ in
            entry.kind == .array ? nil : "needs a list of folders of Swift sources, such as [\"Sources/Library\"]"
        },
        "lecture.allow-warnings": Field(.container) { entry, _ in
            entry.kind == .array
                ? nil : "needs a list of warnings' identifiers, such as [\"lecture.book-toml.libraries-outside-book\"]"
        },
        "lecture.include-from": Field(.container) { entry, _ in
            entry.kind == .array ? nil : "needs an array of folders, such as [\"../examples\"]"
        },
        "lecture.timeout": seconds(\.timeout),
        "lecture.diagram-timeout": seconds(\.diagramTimeout),
        "lecture.diagram-font": Field(.value) { entry, settings in
            guard entry.kind == .string, !entry.value.isEmpty,
                !entry.value.unicodeScalars.contains(where: { $0.properties.generalCategory == .control })
            else {
                return
                    "needs a font family installed on the machine, such as \"Noto Sans CJK KR\" (fc-list : family lists them)"
            }
            // Graphviz writes the family into every diagram's SVG as it is (attack 14, kind 18b):
            // a quote would end the attribute and start another, in every page.
            if let markup = entry.value.first(where: { "\"'<>&\\".contains($0) }) {
                return
                    "holds \(quoted: markup), which no font family's name holds and Graphviz would write into every diagram's SVG as markup; write the family's name as fc-list : family prints it"
            }
            settings.diagramFont = entry.value
            return nil
        },
        "lecture.compile-timeout": seconds(\.compileTimeout),
        "lecture.compile-memory-limit": mebibytes(
            \.compileMemoryLimit, in: CompileMemoryLimit.range, example: CompileMemoryLimit.mebibytes),
        "lecture.swift-language-mode": Field(.value) { entry, settings in
            guard entry.kind == .integer || entry.kind == .string, ["5", "6"].contains(entry.value) else {
                return "needs 5 or 6"
            }
            settings.swiftLanguageMode = entry.value
            return nil
        },
        "lecture.samples.verify": boolean(\.verifySamples),
        "lecture.samples.without-output": Field(.value) { entry, settings in
            guard entry.kind == .string, let rule = SampleRules.WithoutOutput(rawValue: entry.value) else {
                return "needs one of "
                    + SampleRules.WithoutOutput.allCases.map { "\"\($0.rawValue)\"" }.joined(separator: ", ")
            }
            settings.samplesWithoutOutput = rule
            return nil
        },
        "lecture.samples.continue": Field(.container) { entry, settings in
            switch entry.kind {
            case .boolean: settings.continuedPages = entry.value == "true" ? .everyPage : SampleRules.Continuation.none
            case .array:
                if case .pages = settings.continuedPages {} else { settings.continuedPages = .pages([]) }
            default: return "needs true, false or an array of page paths, such as [\"tour.md\"]"
            }
            return nil
        },
        "lecture.sample-locale": string(\.sampleLocale),
        "lecture.outside-links": Field(.value) { entry, settings in
            guard entry.kind == .string, ["summary", "warning", "error"].contains(entry.value) else {
                return "needs \"summary\", \"warning\" or \"error\""
            }
            settings.outsideLinks = entry.value
            return nil
        },
        "lecture.style-lints": boolean(\.styleLints),
        "lecture.table-row-headers": boolean(\.tableRowHeaders),
        "lecture.time-zone": string(\.timeZone),
        "lecture.samples.sandbox": Field(.value) { entry, settings in
            guard entry.kind == .string, let setting = SandboxSetting(rawValue: entry.value) else {
                return "needs \"auto\" (contained where the machine allows), \"require\" (for CI) or \"off\""
            }
            settings.sampleSandbox = setting
            return nil
        },
        "lecture.smart-punctuation": boolean(\.smartPunctuation),
        "lecture.samples.memory-limit": mebibytes(\.sampleMemoryLimit, in: ResourceLimits.memoryRange, example: 4096),
        "lecture.samples.process-limit": Field(.value) { entry, settings in
            guard entry.kind == .integer, let count = Int(entry.value), ResourceLimits.processRange.contains(count)
            else {
                return
                    "needs a whole number from \(ResourceLimits.processRange.lowerBound) to \(ResourceLimits.processRange.upperBound), such as 256"
            }
            settings.sampleProcessLimit = count
            return nil
        },
    ].merging(SearchPrintKeys.fields) { own, _ in own }

    /// The elements of arrays and the entries of tables lecture reads, by the dotted path of the
    /// array or table (`book.authors`: its elements, `book.authors.0`, `book.authors.1`…).
    static let members: [String: Field] = [
        "book.authors": .reporting(.member) { entry, settings, place in
            guard entry.kind == .string else {
                return [
                    .error(
                        .bookTOMLValue, place.file, place.location,
                        "'book.authors' needs an array of strings, such as [\"Ada\"]")
                ]
            }
            settings.authors.append(entry.value)
            return []
        },
        "lecture.samples.libraries": .reporting(.pathMember) { entry, settings, place in
            if let problem = library(entry, bookTOML: place.file) {
                return [.error(.bookTOMLValue, place.file, place.location, problem.summary, notes: problem.notes)]
            }
            let problems = SampleLibraryRules.problems(entry.value, earlier: settings.sampleLibraries, place: place)
            if !problems.isEmpty { return problems }
            settings.locations["lecture.samples.libraries.\(settings.sampleLibraries.count)"] = place.location
            settings.sampleLibraries.append(entry.value)
            return []
        },
        "output.html.redirect": .reporting(.pathKeyedMember) { entry, settings, place in
            let page = entry.path[entry.path.count - 1]
            if entry.kind == .string, let problem = URLSetting.scriptProblem(entry.value) {
                return [
                    .error(
                        .bookTOMLValue, place.file, place.location, "redirect \(quoted: page) \(problem)",
                        notes: [
                            ScriptURL.note,
                            "a redirect leads to a page, such as \"new.html\" or \"https://example.org/\"",
                        ])
                ]
            } else if entry.kind == .string {
                // The key's own rules (a dot-folder, `//`, NAME_MAX…): an error is no redirect.
                let problem = RedirectKey.problem(page)
                if let problem, !problem.isWarning {
                    return [.error(.bookTOMLValue, place.file, place.location, problem.summary, notes: problem.notes)]
                }
                settings.redirects.append(
                    Redirect(from: page, to: entry.value, file: place.file, location: place.location))
                return problem.map {
                    [.warning(.outputNonPortableName, place.file, place.location, $0.summary, notes: $0.notes)]
                } ?? []
            }
            return [
                .error(
                    .bookTOMLValue, place.file, place.location,
                    "'output.html.redirect' maps a page to a URL, such as \"/old.html\" = \"new.html\"")
            ]
        },
        "build.extra-watch-dirs": .reporting(.pathMember) { entry, settings, place in
            guard entry.kind == .string else { return [place.error("needs a folder, such as \"../examples\"")] }
            settings.locations["build.extra-watch-dirs.\(settings.extraWatchDirectories.count)"] = place.location
            settings.extraWatchDirectories.append(entry.value)
            return []
        },
        "output.html.additional-css": additionalFile(\.additionalCSS, key: "output.html.additional-css"),
        "output.html.additional-js": additionalFile(\.additionalJS, key: "output.html.additional-js"),
        "output.html.code.hidelines": .reporting(.member) { entry, settings, place in
            guard entry.kind == .string, !entry.value.isEmpty else {
                return [place.error("needs the prefix that marks a hidden line, such as \"~\"")]
            }
            settings.codeHidelines[entry.path[entry.path.count - 1]] = entry.value
            return []
        },
        "lecture.words": .reporting(.member) { entry, settings, place in
            guard entry.kind == .string else { return [place.error("needs a string, the interface word")] }
            let word = entry.path[entry.path.count - 1]
            settings.words[word] = entry.value
            guard InterfaceWords.keys.contains(word) else {
                return [
                    InterfaceWords.unknownKey(word, path: place.file, place: place.location, known: InterfaceWords.keys)
                ]
            }
            return []
        },
        "lecture.allow-warnings": .reporting(.member) { entry, settings, place in
            guard entry.kind == .string else {
                return [
                    place.error("needs a warning's identifier, such as \"lecture.book-toml.libraries-outside-book\"")
                ]
            }
            if let problem = AllowedWarnings.problem(entry.value, place: place) { return [problem] }
            settings.allowedWarnings.insert(Diagnostic.Identifier(rawValue: entry.value))
            return []
        },
        "lecture.include-from": .reporting(.pathMember) { entry, settings, place in
            guard entry.kind == .string else {
                return [
                    .error(
                        .bookTOMLValue, place.file, place.location,
                        "'lecture.include-from' needs an array of folders, such as [\"../examples\"]")
                ]
            }
            settings.locations["lecture.include-from.\(settings.includeFrom.count)"] = place.location
            settings.includeFrom.append(entry.value)
            return []
        },
        "lecture.samples.continue": .reporting(.pathMember) { entry, settings, place in
            guard entry.kind == .string else {
                return [
                    .error(
                        .bookTOMLValue, place.file, place.location,
                        "'lecture.samples.continue' needs true, false or an array of page paths, such as [\"tour.md\"]"
                    )
                ]
            }
            var pages: Set<String> = []
            if case .pages(let earlier) = settings.continuedPages { pages = earlier }
            settings.continuedPages = .pages(pages.union([entry.value]))
            settings.locations["lecture.samples.continue.\(entry.value)"] = place.location
            return []
        },
    ]

    /// One file of `[output.html] additional-css` or `additional-js`, its place kept as
    /// `KEY.N` for `AdditionalFiles`' diagnostics.
    static func additionalFile(_ keyPath: WritableKeyPath<BookSettings, [String]> & Sendable, key: String) -> Field {
        .reporting(.pathMember) { entry, settings, place in
            guard entry.kind == .string else { return [place.error("needs a file, such as \"theme/custom.css\"")] }
            settings.locations["\(key).\(settings[keyPath: keyPath].count)"] = place.location
            settings[keyPath: keyPath].append(entry.value)
            return []
        }
    }
}
