import Foundation
import LectureSupport
import Testing

@testable import LectureKit

/// `book.toml` in mdBook's format, read by toml++: values, located errors, warned keys.
@Suite struct BookSettingsTests {
    @Test func readsMdBookKeysAndLecturesOwn() {
        let (settings, diagnostics) = BookSettingsLoader.parse(
            """
            [book]
            title = "책"
            authors = ["가", "나"]
            language = "ko"
            src = "content"

            [build]
            build-dir = "_site"

            [output.html]
            site-url = "/lecture"
            git-repository-url = "https://example.com/r"
            edit-url-template = "https://example.com/r/edit/main/{path}"
            default-theme = "navy"

            [lecture]
            timeout = 20
            swift-language-mode = 6
            sample-locale = "ko_KR.UTF-8"
            time-zone = "Asia/Seoul"
            smart-punctuation = false
            """, path: "book.toml")
        #expect(diagnostics.isEmpty, "\(diagnostics)")
        #expect(settings.title == "책")
        #expect(settings.authors == ["가", "나"])
        #expect(settings.language == "ko")
        #expect(settings.source == "content")
        #expect(settings.buildDirectory == "_site")
        #expect(settings.siteURL == "/lecture/", "a trailing slash is added")
        #expect(settings.gitRepositoryURL == "https://example.com/r")
        #expect(settings.editURLTemplate == "https://example.com/r/edit/main/{path}")
        #expect(settings.defaultTheme == "dark", "mdBook's navy is a dark theme")
        #expect(settings.timeout == 20)
        #expect(settings.swiftLanguageMode == "6")
        #expect(settings.sampleLocale == "ko_KR.UTF-8")
        #expect(settings.timeZone == "Asia/Seoul")
        #expect(settings.smartPunctuation == false)
    }

    @Test func badTOMLIsAnErrorAtLineAndColumn() {
        let (_, diagnostics) = BookSettingsLoader.parse("[book]\ntitle = \"한글 제목\" x\n", path: "book.toml")
        #expect(diagnostics.count == 1)
        let error = diagnostics.first
        #expect(error?.severity == .error)
        #expect(error?.location?.line == 2)
        // The column counts UTF-8 bytes, as every diagnostic's does: 'x' is after 9 + 2×3 bytes of Hangul.
        #expect(error?.headline.hasPrefix("book.toml:2:") == true)
        // Our summary and the fix; toml++'s own words kept as a note.
        #expect(error?.summary == "book.toml is not valid TOML")
        #expect(error?.identifier == .bookTOMLSyntax)
        #expect(error?.notes.contains { $0.hasPrefix("toml++ says: ") } == true)
        #expect(error?.notes.last?.contains("key = value") == true)
    }

    /// The common TOML slips, each at toml++'s line and column, with the fix in plain words first
    /// (toml++'s own words, about its parser's state, follow).
    @Test func commonSyntaxErrorsSayTheFixInPlainWords() {
        let cases: [(text: String, place: String, note: String)] = [
            ("[book]\ntitle = \"My Book\nauthors = []\n", "2:17", "a string is not closed on this line"),
            ("[book]\ntitle = 'My Book\n", "2:17", "a string is not closed on this line"),
            ("[book]\ntitle \"My Book\"\n", "2:7", "a key has no '=' after it"),
            ("[book]\ntitle = \"A\"\ntitle = \"B\"\n", "3:9", "this key is set twice in its table"),
            ("[book]\ntitle = \"A\"\n[book]\n", "3:1", "this table header is written twice"),
            ("[book\ntitle = \"A\"\n", "1:6", "a table header is not well formed"),
            ("[book]]\n", "1:7", "a table header is not well formed"),
            ("[book]\ntitle = My Book\n", "2:9", "the value is not a TOML value"),
            ("[book]\nauthors = [\"a\"\n", "2:15", "a list is not closed"),
        ]
        for (text, place, note) in cases {
            let (_, diagnostics) = BookSettingsLoader.parse(text, path: "book.toml")
            #expect(diagnostics.count == 1)
            #expect(diagnostics.first?.headline == "book.toml:\(place): error: book.toml is not valid TOML", "\(text)")
            #expect(diagnostics.first?.notes.first?.hasPrefix(note) == true, "\(text): \(diagnostics)")
            #expect(diagnostics.first?.notes.dropFirst().first?.hasPrefix("toml++ says: ") == true)
        }
    }

    @Test func unknownAndUnsupportedKeysAreWarnedAtTheirLine() {
        let (settings, diagnostics) = BookSettingsLoader.parse(
            """
            [book]
            title = "T"
            colour = "blue"

            [output.html]
            theme = "my-theme"

            [output.pdf]
            paper = "a4"

            [preprocessor.katex]
            after = ["links"]

            [frobnicate]
            a = 1
            """, path: "book.toml")
        #expect(settings.title == "T")
        #expect(
            diagnostics.map(\.headline) == [
                "book.toml:3:1: warning: unknown key 'book.colour' in book.toml is ignored",
                "book.toml:6:1: warning: 'output.html.theme' is not supported by lecture and is ignored",
                "book.toml:8:1: warning: 'output.pdf' is not supported by lecture and is ignored",
                "book.toml:11:1: warning: 'preprocessor.katex' is not supported by lecture and is ignored",
                "book.toml:14:1: warning: unknown key 'frobnicate' in book.toml is ignored",
            ])
    }

    /// A misspelt key of any table of known keys: the nearest key of its table, at its line and
    /// column, instead of the whole list; the list when no key is near.
    @Test func misspeltKeysNameTheNearestKeyOfTheirTable() {
        let (_, diagnostics) = BookSettingsLoader.parse(
            """
            [book]
            titel = "T"

            [build]
            create-mising = false

            [output.html]
            site-ulr = "/"

            [preprocessor.lecture]
            renderers = []
            timout = 30
            zzzzzzzz = 1

            [preprocessor.lecture.samples]
            verfy = true
            """, path: "book.toml")
        #expect(
            diagnostics.map { [$0.headline] + $0.notes } == [
                [
                    "book.toml:2:1: warning: unknown key 'book.titel' in book.toml is ignored", "did you mean 'title'?",
                    "mdBook 0.5.4 does not know it either: 'mdbook build' stops on this book.toml",
                ],
                [
                    "book.toml:5:1: warning: unknown key 'build.create-mising' in book.toml is ignored",
                    "did you mean 'create-missing'?",
                    "mdBook 0.5.4 does not know it either: 'mdbook build' stops on this book.toml",
                ],
                [
                    "book.toml:8:1: warning: unknown key 'output.html.site-ulr' in book.toml is ignored",
                    "did you mean 'site-url'?",
                    "mdBook 0.5.4 does not know it either: 'mdbook build' reports an error and builds the book with none of [output.html]'s settings",
                ],
                [
                    "book.toml:12:1: warning: unknown key 'preprocessor.lecture.timout' in book.toml is ignored",
                    "did you mean 'timeout'?",
                ],
                [
                    "book.toml:13:1: warning: unknown key 'preprocessor.lecture.zzzzzzzz' in book.toml is ignored",
                    diagnostics.last(where: { $0.summary.contains("zzzzzzzz") })?.notes.first ?? "",
                ],
                [
                    "book.toml:16:1: warning: unknown key 'preprocessor.lecture.samples.verfy' in book.toml is ignored",
                    "did you mean 'verify'?",
                ],
            ])
        #expect(
            diagnostics.first { $0.summary.contains("zzzzzzzz") }?.notes.first?.hasPrefix("known keys here: ") == true)
    }

    @Test func wrongTypesAreErrorsAtTheValue() {
        let (_, diagnostics) = BookSettingsLoader.parse(
            """
            [book]
            title = 3
            authors = "one"

            [output.html]
            site-url = "lecture/"
            edit-url-template = "https://example.com/edit"
            """, path: "book.toml")
        #expect(diagnostics.map(\.severity) == [.error, .error, .error, .error])
        #expect(diagnostics.map { $0.location?.line } == [2, 3, 6, 7])
    }

    /// `[output.html.code.hidelines]` maps a language to its prefix of hidden lines; a value that
    /// is no prefix is an error at its line, any other key of `[output.html.code]` a warning.
    @Test func codeHidelinesAreReadAndCheckedAtTheirLine() {
        let (settings, diagnostics) = BookSettingsLoader.parse(
            """
            [output.html.code.hidelines]
            python = "~"
            sh = "!!"
            ruby = 1
            go = ""

            [output.html.code]
            other = true
            """, path: "book.toml")
        #expect(settings.codeHidelines == ["python": "~", "sh": "!!"])
        #expect(diagnostics.map(\.severity) == [.error, .error, .warning], "\(diagnostics)")
        #expect(diagnostics.map { $0.location?.line } == [4, 5, 8])
        #expect(diagnostics.first?.summary.contains("needs the prefix that marks a hidden line") == true)
    }
}

extension BookSettingsTests {
    @Test func lectureKeysSetTheBuildAndFlagsWin() throws {
        let root = try TestSupport.makeTree([
            "book.toml": """
            [lecture]
            timeout = 5
            swift-language-mode = 5
            sample-locale = "POSIX"
            time-zone = "Asia/Seoul"
            smart-punctuation = true
            """, "src/SUMMARY.md": "- [A](a.md)\n", "src/a.md": "# A\n",
        ])
        defer { try? FileManager.default.removeItem(atPath: root) }
        func configured(_ flags: [String]) throws -> BuildConfiguration {
            var options = try BuildCommand.options(flags)
            options.directory = root
            var configuration = BuildConfiguration()
            configuration.cacheDirectory = TestSupport.cacheDirectory
            #expect(try BookLayout.configure(&configuration, options: options).isEmpty)
            return configuration
        }
        let fromFile = try configured([])
        #expect(fromFile.verifier.timeout == 5)
        #expect(fromFile.verifier.swiftLanguageMode == "5")
        #expect(fromFile.verifier.environment.locale == "POSIX")
        #expect(fromFile.verifier.environment.timeZone == "Asia/Seoul")
        #expect(fromFile.smartPunctuation)
        #expect(fromFile.contentDirectory == root + "/src" && fromFile.outputDirectory == root + "/book")
        // A time limit is the person's to raise and the book's to lower (`SampleProtection`).
        let fromFlags = try configured(["--timeout", "30", "--sample-time-zone", "UTC"])
        #expect(fromFlags.verifier.timeout == 5)
        #expect(fromFlags.verifier.environment.timeZone == "UTC")
    }
}

extension BookSettingsTests {
    @Test func mdBookInitsOwnBookTOMLIsReadWithAWarningAtEachKeyMdBook05Refuses() {
        // What `mdbook init` writes (mdBook 0.4), and the keys its guide's book.toml adds.
        let (settings, diagnostics) = BookSettingsLoader.parse(
            """
            [book]
            authors = ["Ferris"]
            language = "en"
            multilingual = false
            src = "src"
            title = "My Book"

            [preprocessor.links]

            [output.html]
            curly-quotes = true
            """, path: "book.toml")
        // Read, each with a warning: mdBook 0.5.4 refuses the two keys it renamed or dropped (run).
        #expect(
            diagnostics.map(\.headline) == [
                "book.toml:4:1: warning: mdBook 0.5.4 does not know 'book.multilingual': 'mdbook build' stops on this book.toml",
                "book.toml:11:1: warning: mdBook 0.5.4 does not know 'output.html.curly-quotes': 'mdbook build' reports an error and builds the book with none of [output.html]'s settings",
            ], "\(diagnostics.map(\.headline))")
        #expect(diagnostics.last?.notes.first?.contains("rename it 'smart-punctuation'") == true)
        #expect(settings.title == "My Book" && settings.smartPunctuation == true)
    }
}

extension BookSettingsTests {
    /// A site-url naming another host or climbing, and links in the header that
    /// are `javascript:` URLs or markup, are each one error at their line of book.toml.
    @Test func urlSettingsThatAreNotWebURLsAreErrorsAtTheirLine() {
        let (settings, diagnostics) = BookSettingsLoader.parse(
            """
            [output.html]
            site-url = "//evil.example/"
            git-repository-url = "javascript:alert(document.domain)"
            edit-url-template = "JavaScript:alert('{path}')"
            """, path: "book.toml")
        #expect(
            diagnostics.map(\.headline) == [
                "book.toml:2:1: error: 'output.html.site-url' must be a path from the server's root, such as \"/lecture/\"; '//' starts another host's URL",
                "book.toml:3:1: error: 'output.html.git-repository-url' may not be a 'javascript:' URL: a reader's browser would run it as script, or open it as a page of its own, with the site's rights",
                "book.toml:4:1: error: 'output.html.edit-url-template' may not be a 'javascript:' URL: a reader's browser would run it as script, or open it as a page of its own, with the site's rights",
            ])
        #expect(settings.siteURL == nil && settings.gitRepositoryURL == nil && settings.editURLTemplate == nil)
        for (siteURL, line) in [("/../", "'..' segments"), ("/x\"><script>/", "'\"'"), ("/a b/", "U+20")] {
            let (_, found) = BookSettingsLoader.parse("[output.html]\nsite-url = '\(siteURL)'\n", path: "book.toml")
            #expect(found.count == 1 && found[0].location?.line == 2 && found[0].headline.contains(line), "\(found)")
        }
        let (_, fine) = BookSettingsLoader.parse(
            """
            [output.html]
            site-url = "/강의/v1.0/"
            git-repository-url = "https://github.com/you/book"
            edit-url-template = "../edit/{path}"
            """, path: "book.toml")
        #expect(fine.isEmpty, "\(fine)")
    }
}

extension BookSettingsTests {
    /// An mdBook theme (`theme/index.hbs`) is not used; each handlebars
    /// template is a warning naming it and what to use instead, and the book still builds; but
    /// `head.hbs`, whose static text every page's `<head>` gets, as in mdBook (`MdBookHeadTests`).
    @Test func anMdBookHandlebarsThemeIsAWarningNamingEachTemplate() throws {
        let root = try TestSupport.makeTree([
            "book.toml": "[book]\ntitle = \"T\"\n", "src/SUMMARY.md": "- [A](a.md)\n", "src/a.md": "# A\n",
            "theme/index.hbs": "<html>{{{ content }}}</html>\n", "theme/head.hbs": "<meta>\n",
            "theme/custom.css": "p {}\n",
        ])
        defer { try? FileManager.default.removeItem(atPath: root) }
        var options = try BuildCommand.options([])
        options.directory = root
        var configuration = BuildConfiguration()
        configuration.cacheDirectory = TestSupport.cacheDirectory
        let diagnostics = try BookLayout.configure(&configuration, options: options)
        #expect(
            diagnostics.map(\.headline) == [
                "\(root)/theme/index.hbs: warning: mdBook's handlebars template 'index.hbs' is not used by lecture"
            ])
        #expect(diagnostics.allSatisfy { $0.notes.first?.contains("[preprocessor.lecture] templates") == true })
        #expect(configuration.themeHead?.render([:]) == "<meta>")
    }
}

extension BookSettingsTests {
    /// `BookLayout.configure` of the book at `root`, with the tests' cache.
    static func configureBook(at root: String, _ configuration: inout BuildConfiguration) throws -> [Diagnostic] {
        var options = try BuildCommand.options([])
        options.directory = root
        configuration.cacheDirectory = TestSupport.cacheDirectory
        return try BookLayout.configure(&configuration, options: options)
    }

    /// Every file of `theme/` that mdBook 0.5.4 reads (run: it copies and links each) and lecture
    /// does not is a warning at the file naming what is lost (styles, a script, fonts, the icon)
    /// and what to do; a file mdBook ignores (`notes.txt`) is none, nor is `favicon.png` beside a
    /// `favicon.svg`, which lecture uses (new user 3, P4).
    @Test(arguments: [
        ("css/variables.css", "its styles are not applied", "additional-css"),
        ("css/general.css", "its styles are not applied", "additional-css"),
        ("css/chrome.css", "its styles are not applied", "additional-css"),
        ("css/print.css", "its styles are not applied", "additional-css"),
        ("highlight.css", "its styles are not applied", "additional-css"),
        ("tomorrow-night.css", "its styles are not applied", "additional-css"),
        ("ayu-highlight.css", "its styles are not applied", "additional-css"),
        ("fonts/fonts.css", "its fonts are not copied", "additional-css"),
        ("book.js", "its script does not run", "additional-js"),
        ("highlight.js", "its script does not run", "additional-js"),
        ("clipboard.min.js", "its script does not run", "additional-js"),
        ("favicon.png", "the pages show lecture's icon", "theme/favicon.svg"),
    ])
    func anMdBookThemeFileLectureDoesNotUseIsAWarningSayingWhatIsLost(
        _ file: String, _ lost: String, _ fix: String
    ) throws {
        let root = try TestSupport.makeTree([
            "book.toml": "[book]\ntitle = \"T\"\n", "src/SUMMARY.md": "- [A](a.md)\n", "src/a.md": "# A\n",
            "theme/" + file: "x\n", "theme/notes.txt": "x\n",
        ])
        defer { try? FileManager.default.removeItem(atPath: root) }
        var configuration = BuildConfiguration()
        let diagnostics = try Self.configureBook(at: root, &configuration)
        #expect(diagnostics.count == 1, "\(diagnostics.map(\.headline))")
        #expect(diagnostics.first?.headline.hasPrefix("\(root)/theme/\(file): warning: ") == true)
        #expect(diagnostics.first?.headline.contains(lost) == true, "\(diagnostics.map(\.headline))")
        #expect(diagnostics.first?.notes.first?.contains(fix) == true, "\(diagnostics.map(\.notes))")
    }

    /// mdBook's `theme/favicon.svg` is the site's icon, as mdBook uses it: the page's
    /// `assets/favicon.svg` is the book's file, without a warning (also about a `favicon.png` beside it).
    @Test func anMdBookThemeFaviconIsTheSitesIcon() throws {
        let icon = "<svg xmlns=\"http://www.w3.org/2000/svg\"><!-- the book's own --></svg>\n"
        let root = try TestSupport.makeTree([
            "book.toml": "[book]\ntitle = \"T\"\n", "src/SUMMARY.md": "- [A](a.md)\n", "src/a.md": "# A\n",
            "theme/favicon.svg": icon, "theme/favicon.png": "png\n",
        ])
        defer { try? FileManager.default.removeItem(atPath: root) }
        var configuration = BuildConfiguration()
        let diagnostics = try Self.configureBook(at: root, &configuration)
        #expect(diagnostics.isEmpty, "\(diagnostics.map(\.headline))")
        try BuildPipeline(configuration: configuration, console: TestSupport.Recorder().console).run()
        // Named by its content, as mdBook names it (`favicon-0309bfc1.svg`; `ContentNames`).
        let site = configuration.outputDirectory
        let favicon = HashedSitePath.of("assets/favicon.svg", in: site)
        #expect(TestSupport.read(favicon) == icon)
        #expect(
            TestSupport.read(site + "/a.html")?.contains("assets/" + favicon.split(separator: "/").last!) == true)
    }
}
