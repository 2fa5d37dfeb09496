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
package enum BookLayout {
    /// The paths and settings for the book at `options.directory` (`nil`: the working directory).
    /// - Parameters:
    ///   - options: the command line's; those given win over book.toml (`--content`, `--output`,
    ///     `--templates`, `--site-url`, `--sample-locale`, `--sample-time-zone`,
    ///     `--smart-punctuation`), the limits are the person's that the book may only lower
    ///     (`SampleProtection`), and `--cache-dir`, `-j` and `--no-cache` are applied too.
    ///   - needsTemplates: whether to find the templates (the built-in theme unless a folder is
    ///     named), which `lecture check` does not use.
    ///   - environment: the process's variables; the samples' `LECTURE_*` ones are read here, once
    ///     (`SampleVerifier.Options.read(environment:)`).
    /// - Returns: book.toml's problems (errors fail the command; warnings are printed). Errors
    ///   the run can go on after (`SettingDefaults`) are also `configuration.settingErrors`.
    /// - Throws: `LectureError` when the book's folder is missing or a file, or the built-in
    ///   theme cannot be written into the cache.
    package static func configure(
        _ configuration: inout BuildConfiguration, options: BookOptions, needsTemplates: Bool = true,
        environment: [String: String] = ProcessEnvironment.current()
    ) throws -> [Diagnostic] {
        configuration.verifier.read(environment: environment)
        let directory = options.directory
        if let cache = options.cacheDirectory { configuration.cacheDirectory = cache }
        if let jobs = options.jobs { configuration.run.jobs = jobs }
        if options.noCache { configuration.verifier.noCache = true }
        let root = directory ?? "."
        configuration.bookDirectory = root
        let tomlPath = FileSystem.join(root, "book.toml")
        var diagnostics: [Diagnostic] = []
        var settings = BookSettings()
        // A link counts, whether or not it leads anywhere: a dangling one is its own error
        // (`BookSettingsLoader.unreadable`), not a book without settings.
        var linkInfo = stat()
        let hasTOML = FileSystem.exists(tomlPath) || lstat(tomlPath, &linkInfo) == 0
        if hasTOML {
            (settings, diagnostics) = BookSettingsLoader.load(path: tomlPath)
        } else if let directory, !FileSystem.isDirectory(directory) {
            throw LectureError(
                .error(
                    .badArgument, directory, nil,
                    FileSystem.exists(directory) ? "book folder is a file" : "book folder does not exist",
                    notes: ["name a folder that holds book.toml or SUMMARY.md"]
                        + (UnexpandedPath.shellWord(in: directory).map {
                            ["\(quoted: $0) is not expanded: the path is taken as written"]
                        } ?? [])))
        }
        let bareSummary = !hasTOML && FileSystem.exists(FileSystem.join(root, "SUMMARY.md"))
        if bareSummary, let enclosing = EnclosingBook.holding(pages: root) {
            throw LectureError(enclosing.diagnostic(folder: directory ?? "."))
        }
        let mdBookLayout = hasTOML || FileSystem.exists(FileSystem.join(root, "src/SUMMARY.md"))
        // Every folder book.toml names for the book to read, under one rule (`ReadableFolder`).
        var readable: [(folder: String, key: String, location: String)] = []
        if let source = settings.source { readable.append((source, "book.src", "book.src")) }
        if let templates = settings.templates { readable.append((templates, "lecture.templates", "lecture.templates")) }
        for (index, library) in settings.sampleLibraries.enumerated() {
            readable.append((library, "lecture.samples.libraries", "lecture.samples.libraries.\(index)"))
        }
        for (index, folder) in settings.includeFrom.enumerated() {
            readable.append((folder, "lecture.include-from", "lecture.include-from.\(index)"))
        }
        for (folder, key, location) in readable {
            if let problem = ReadableFolder.problem(
                folder, key: key, bookDirectory: root, bookTOML: tomlPath, location: settings.locations[location])
            {
                // A warning (a folder outside the book) keeps the folder; a refused one is never
                // read: the run goes on with the default, or without the element.
                let element = key == "lecture.samples.libraries" || key == "lecture.include-from"
                diagnostics += SettingDefaults.noted([problem], key: key, element: element)
                guard problem.severity == .error else { continue }
                switch key {
                case "book.src": settings.source = nil
                case "lecture.templates": settings.templates = nil
                case "lecture.samples.libraries": settings.sampleLibraries.removeAll { $0 == folder }
                default: settings.includeFrom.removeAll { $0 == folder }
                }
            }
        }
        readable.removeAll { refused in
            switch refused.key {
            case "book.src": settings.source != refused.folder
            case "lecture.templates": settings.templates != refused.folder
            case "lecture.samples.libraries": !settings.sampleLibraries.contains(refused.folder)
            default: !settings.includeFrom.contains(refused.folder)
            }
        }
        configuration.book = settings
        // Paths of the command line a shell would have expanded, taken as written.
        for (subject, spelled) in [
            ("the book's folder", directory), ("--content", options.content), ("--templates", options.templates),
            ("--output", options.output),
        ] {
            if let spelled, let warning = UnexpandedPath.warning(subject, spelled: spelled, relativeTo: "") {
                diagnostics.append(warning)
            }
        }
        let styles = AdditionalFiles.check(
            settings, key: "output.html.additional-css", files: \.additionalCSS, root: root, bookTOML: tomlPath)
        let scripts = AdditionalFiles.check(
            settings, key: "output.html.additional-js", files: \.additionalJS, root: root, bookTOML: tomlPath)
        (configuration.additionalStyles, configuration.additionalScripts) = (styles.kept, scripts.kept)
        diagnostics += SettingDefaults.noted(styles.problems, key: "output.html.additional-css", element: true)
        diagnostics += SettingDefaults.noted(scripts.problems, key: "output.html.additional-js", element: true)
        let source = settings.source ?? (mdBookLayout ? "src" : bareSummary ? "." : "content")
        // The pages' folder taken by default is judged as if book.toml named it (`ReadableFolder`):
        // a committed link `src -> ~/.config/x` published every file there (attack 14, F2). The
        // place is the folder itself, since no line names it.
        if settings.source == nil, options.content == nil, source != ".",
            FileSystem.isDirectory(FileSystem.resolve(source, against: root)),
            let problem = ReadableFolder.problem(
                source, key: "book.src", bookDirectory: root, bookTOML: FileSystem.resolve(source, against: root),
                location: nil)
        {
            diagnostics.append(problem)
        }
        configuration.contentPathFromBookRoot = source == "." ? "" : source
        if options.content == nil, settings.source != nil {
            configuration.sourceSetting = settings.locations["book.src"].map {
                SettingPlace(path: tomlPath, location: $0)
            }
        }
        configuration.contentDirectory = options.content ?? FileSystem.resolve(source, against: root)
        if let output = options.output {
            // `-d`/`--dest-dir` name the build folder, as mdBook's: with another renderer the
            // site goes to its `html/`, where `mdbook build -d DIR` writes it.
            configuration.outputDirectory = settings.siteFolder(in: output)
            if let problem = OutputSiteFolder.linkProblem(named: output, site: configuration.outputDirectory) {
                diagnostics.append(problem)
            }
        } else if let build = settings.buildDirectory {
            configuration.outputDirectory = settings.siteFolder(in: FileSystem.resolve(build, against: root))
            configuration.outputSetting = settings.locations["build.build-dir"].map {
                SettingPlace(path: tomlPath, location: $0)
            }
            // Resolved once: the rule judges, and the site is written into, this one folder.
            configuration.judgedOutputFolder = configuration.outputFolder
            if let problem = ReadableFolder.outputProblem(
                build, site: settings.siteFolder(in: build), bookDirectory: root, bookTOML: tomlPath,
                location: settings.locations["build.build-dir"], resolved: configuration.outputFolder.path)
            {
                // Nothing is written while book.toml has an error: the pages are still checked.
                diagnostics += SettingDefaults.noted([problem], key: "build.build-dir")
            }
        } else {
            // Pages and site may share the folder: the site is left out of the content.
            let name = mdBookLayout || bareSummary ? "book" : "_site"
            configuration.outputDirectory =
                name == "book" ? settings.siteFolder(in: FileSystem.join(root, name)) : FileSystem.join(root, name)
            // The default folder follows build-dir's rule (`ReadableFolder.outputProblem`): a
            // committed link `book -> ~/.bashrc.d` got the site, and the next login shell ran it
            // (attack 14, F1). The place is the folder itself, since no line names it.
            configuration.judgedOutputFolder = configuration.outputFolder
            if let problem = ReadableFolder.outputProblem(
                name, site: name == "book" ? settings.siteFolder(in: name) : name, bookDirectory: root,
                bookTOML: FileSystem.join(root, name), location: nil, resolved: configuration.outputFolder.path)
            {
                diagnostics.append(problem)
            }
        }
        if let siteURL = options.siteURL ?? settings.siteURL { configuration.siteURL = siteURL }
        if let mode = settings.swiftLanguageMode { configuration.verifier.swiftLanguageMode = mode }
        if let family = settings.diagramFont {
            configuration.diagramFont = family
            configuration.diagramFontSetting = settings.locations["lecture.diagram-font"].map {
                SettingPlace(path: tomlPath, location: $0)
            }
        }
        // The person building chooses the samples' protection and the limits of the samples'
        // runs, their compiles and the diagrams; the book may only raise the protection.
        let (protection, lowered) = try SampleProtection.person(options: options, environment: environment)
            .raised(by: settings, tomlPath: tomlPath)
        diagnostics += lowered
        configuration.verifier.sandbox = protection.sandbox
        configuration.verifier.limits = protection.limits
        configuration.verifier.compileMemoryMiB = protection.compileMemoryMiB
        configuration.verifier.timeout = protection.timeout
        configuration.verifier.compileTimeout = protection.compileTimeout
        configuration.diagramTimeout = protection.diagramTimeout
        // A book verifies its samples in `build` only when it asks to (`lecture check` always does).
        configuration.sampleRules.verify = settings.verifySamples ?? false
        configuration.sampleRules.verifyDeclinedInWords = settings.verifySamples == false
        if let rule = settings.samplesWithoutOutput { configuration.sampleRules.withoutOutput = rule }
        if let pages = settings.continuedPages { configuration.sampleRules.continuation = pages }
        if case .pages(let pages) = settings.continuedPages {
            diagnostics += ContinuedPageNames.warnings(
                pages, locations: settings.locations, contentDirectory: configuration.contentDirectory, source: source,
                tomlPath: tomlPath)
        }
        // An option is checked when the samples are (`SampleEnvironment.validate`); a book.toml
        // value here, at its line (attack 16, kind 13), and the default used in its place.
        func checked(_ value: String?, key: String, problem: (String) -> String?, note: String) -> String? {
            guard let value, let found = problem(value) else { return value }
            diagnostics.append(
                .error(
                    .bookTOMLValue, tomlPath, settings.locations[key], "\(quoted: key) is \(quoted: value), \(found)",
                    notes: [note, SettingDefaults.note(for: key)]))
            return nil
        }
        if let locale = options.sampleLocale
            ?? checked(
                settings.sampleLocale, key: "lecture.sample-locale", problem: SampleEnvironment.localeProblem,
                note: SampleEnvironment.localeNote)
        {
            configuration.verifier.environment.locale = locale
        }
        if let zone = options.sampleTimeZone
            ?? checked(
                settings.timeZone, key: "lecture.time-zone", problem: SampleEnvironment.timeZoneProblem,
                note: SampleEnvironment.timeZoneNote)
        {
            configuration.verifier.environment.timeZone = zone
        }
        // Absolute: the libraries are compiled in a folder of the cache.
        configuration.verifier.libraries = settings.sampleLibraries.map {
            URL(fileURLWithPath: FileSystem.resolve($0, against: root)).standardizedFileURL.path
        }
        configuration.verifier.shownLibraries = settings.sampleLibraries.map {
            ShownPath.normalized(FileSystem.resolve($0, against: root))
        }
        configuration.sampleRules.providedModules = Set(settings.sampleLibraries.map(SampleLibraries.moduleName))
        // On unless the book says otherwise, as mdBook 0.5's default is.
        configuration.smartPunctuation = options.smartPunctuation || (settings.smartPunctuation ?? true)
        diagnostics += MdBookTheme.warnings(in: root)
        configuration.themeFavicon = MdBookTheme.favicon(in: root)
        let themeHead = MdBookThemeHead.read(in: root)
        configuration.themeHead = themeHead.html
        diagnostics += themeHead.diagnostics
        diagnostics += MdBookEnvironment.warnings(environment, tomlPath: tomlPath)
        if needsTemplates,
            let templates = options.templates ?? settings.templates.map({ FileSystem.resolve($0, against: root) })
        {
            configuration.templatesDirectory = templates
        }
        // The cache is written from here on (the built-in theme first), so it is checked here by
        // the rule of every path the tool writes, and used as checked.
        // A folder someone named (the option, or either variable of the environment) is checked
        // and refused as such; only the default under the home folder is the tool's own choice.
        let named: String? =
            options.cacheDirectory != nil
            ? "--cache-dir"
            : environment["LECTURE_CACHE_DIR"].map { _ in "LECTURE_CACHE_DIR=" }
                ?? environment["XDG_CACHE_HOME"].flatMap { $0.hasPrefix("/") ? "XDG_CACHE_HOME=" : nil }
        let cache = WrittenPath(
            configuration.cacheDirectory, option: named ?? "cache folder", what: "cache folder", kind: .folder)
        if named != nil,
            let refusal = cache.refusal(protecting: configuration.foldersOfTheBook, isOwn: Cache.isCache)
        {
            // An output folder refused on its own (`/`, or the cache itself) is the line to edit; a
            // cache named inside it is the cache's problem, said naming its variable or option
            // (attack 15, c27), not the output folder's.
            let output = CanonicalPath.of(configuration.outputDirectory)
            let cacheInside = cache.resolved != output && CanonicalPath.isWithin(cache.resolved, output)
            let others = configuration.protectedFolders.filter { !(cacheInside && $0.role == "the cache") }
            if let output = configuration.outputFolder.refusal(protecting: others) {
                throw LectureError(output)
            }
            throw refusal
        }
        configuration.cacheDirectory = cache.resolved
        if named != nil, let warning = cache.unexpanded { diagnostics.append(warning) }
        if let problem = Cache.sharingProblem(cache.resolved) {
            let option = named ?? "cache folder"
            throw LectureError(
                .outputRefused,
                "\(option)\(option.hasSuffix("=") ? "" : " ")\(cache.resolved): the cache folder \(problem)",
                notes: [
                    "use a cache folder of your own (--cache-dir, LECTURE_CACHE_DIR), or make this one yours alone: chown it to you and 'chmod o-w' it and its folders"
                ])
        }
        if !UnwritableCache.isWritable(configuration.cacheDirectory) {
            diagnostics.append(
                .warning(
                    .cacheUnwritable, configuration.cacheDirectory, nil,
                    "the cache folder cannot be written: this run recomputes everything in a temporary cache and keeps nothing",
                    notes: [
                        "make the folder writable, or name a writable one with --cache-dir or LECTURE_CACHE_DIR"
                    ]))
            configuration.cacheDirectory = try UnwritableCache.temporaryFolder()
        }
        if needsTemplates && options.templates == nil && settings.templates == nil {
            configuration.templatesDirectory = try DefaultTheme.directory(cacheDirectory: configuration.cacheDirectory)
        }
        // Known once the output and cache folders are: nothing is read from either (the output
        // folder holding the pages or the templates is refused as such, `protectedFolders`).
        // A folder read from the old site or the cache is found only now, once the pages' folder
        // is chosen: such an error stops the run before the pages (`stops`).
        var stops = false
        for (folder, key, location) in readable {
            let resolved = CanonicalPath.of(FileSystem.resolve(folder, against: root))
            guard let replaced = configuration.replacedFolders.holding(resolved),
                !replaced.isOutput || ["lecture.samples.libraries", "lecture.include-from"].contains(key)
            else { continue }
            stops = true
            diagnostics.append(
                .error(
                    .bookTOMLValue, tomlPath, settings.locations[location],
                    "\(quoted: key) folder \(quoted: folder) lies in \(replaced.role) (\(quoted: replaced.path)), which a book may not read",
                    notes: [replaced.why]))
        }
        // The files book.toml names for the site (additional-css, additional-js): none read from
        // the previous site or the cache either.
        for (key, files) in [
            ("output.html.additional-css", \BookSettings.additionalCSS), ("output.html.additional-js", \.additionalJS),
        ] {
            for (index, written) in settings[keyPath: files].enumerated() {
                let source = FileSystem.join(root, AdditionalFiles.inside(written) ?? written)
                guard let replaced = configuration.replacedFolders.holding(CanonicalPath.of(source)) else { continue }
                configuration.additionalStyles.removeAll { $0.source == source }
                configuration.additionalScripts.removeAll { $0.source == source }
                diagnostics.append(
                    .error(
                        .bookTOMLValue, tomlPath, settings.locations["\(key).\(index)"],
                        "\(quoted: key) file \(quoted: written) lies in \(replaced.role) (\(quoted: replaced.path)), which a book may not read",
                        notes: [replaced.why, SettingDefaults.note(for: key, element: true)]))
            }
        }
        // Known once the output and cache folders are: neither may be watched.
        let watched = WatchedFolders.check(settings, root: root, bookTOML: tomlPath, configuration: configuration)
        configuration.extraWatchDirectories = watched.kept
        // A path taken as written that a check then refuses is one problem, said once.
        let problems = UnexpandedPath.folded(
            diagnostics + SettingDefaults.noted(watched.problems, key: "build.extra-watch-dirs", element: true))
        // book.toml read, each refused value replaced by its default: the run checks the pages
        // and fails at the end, writing nothing.
        if settings.isRead && !stops { configuration.settingErrors = problems.filter { $0.severity == .error } }
        return problems
    }
}
