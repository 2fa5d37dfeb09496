import Foundation
import Testing

@testable import LectureKit
@testable import LectureServe
@testable import LectureSupport

/// A book written for mdBook (`Fixtures/mdbook`: book.toml, parts, separators, a draft, README
/// files in folders, `.html` links, `{{#include}}`, a pipe table, headings named like the
/// template's ids) built as it is, and `lecture init` in an empty folder outside the repository.
@Suite struct MdBookBookTests {
    func run(_ arguments: [String]) -> (status: Int32, lines: [String]) {
        let recorder = TestSupport.Recorder()
        let status = LectureCommand.main(arguments, console: recorder.console)
        return (status, recorder.lines)
    }

    /// A book with another renderer beside `[output.html]` (`[output.linkcheck]`, as the async
    /// book and the rustc-dev-guide have): mdBook writes its HTML into the build folder's `html/`,
    /// and so does lecture (with `build-dir` too, and with the folder named on the command line:
    /// `mdbook build -d out` writes `out/html`), so a deploy step that publishes `book/html`
    /// finds the site; with `[output.html]` alone the site is the build folder itself.
    @Test func anotherRendererPutsTheSiteInHTMLAsMdBookDoes() throws {
        let toml = "[book]\ntitle = \"T\"\n[output.html]\n[output.linkcheck]\noptional = true\n"
        let files = ["book.toml": toml, "src/SUMMARY.md": "- [A](a.md)\n", "src/a.md": "# A\n"]
        let both = try MdBookOracle.build(files)
        #expect(FileSystem.exists(both.mdBook.root + "/book/html/a.html"), "\(both.mdBook.output)")
        #expect(both.differences().isEmpty, "\(both.differences())")
        let htmlOnly = "[book]\ntitle = \"T\"\n[output.html]\n"
        let cases: [(String, [String], String)] = [
            (toml, [], "book/html"), (toml + "[build]\nbuild-dir = \"out\"\n", [], "out/html"),
            (toml, ["-d", "dest"], "dest/html"), (toml, ["--dest-dir", "dest"], "dest/html"),
            (toml, ["--output", "dest"], "dest/html"), (htmlOnly, [], "book"), (htmlOnly, ["-d", "dest"], "dest"),
        ]
        for (toml, arguments, folder) in cases {
            var tree = files
            tree["book.toml"] = toml
            let root = try TestSupport.makeTree(tree)
            defer { try? FileManager.default.removeItem(atPath: root) }
            let named = arguments.isEmpty ? [] : [arguments[0], root + "/" + arguments[1]]
            let (status, lines) = run(["build", root, "--cache-dir", TestSupport.cacheDirectory] + named)
            #expect(status == 0, "\(lines)")
            #expect(FileSystem.exists(root + "/" + folder + "/a.html"), "\(arguments) \(folder): \(lines)")
        }
    }

    /// `[output.html.fold]` (the Rust Reference folds its sidebar): mdBook's toggles (`❱`) are
    /// chrome, not part of a chapter's title; the sidebars are the same.
    @Test func foldedSidebarsHaveTheSameChapters() throws {
        let both = try MdBookOracle.build([
            "book.toml": "[book]\ntitle = \"T\"\n[output.html.fold]\nenable = true\nlevel = 0\n",
            "src/SUMMARY.md": "- [A](a.md)\n    - [B](b.md)\n", "src/a.md": "# A\n", "src/b.md": "# B\n",
        ])
        #expect(both.differences(in: [.status, .pages, .sidebar]).isEmpty, "\(both.differences())")
        #expect(both.mdBook.facts.sidebar.map(\.title) == ["A", "B"])
    }

    @Test func mdBookFixtureBuildsWithoutAWarning() throws {
        let output = try TestSupport.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: output) }
        let (status, lines) = run([
            "build", TestSupport.fixture("mdbook"), "--output", output + "/book", "--cache-dir",
            TestSupport.cacheDirectory,
        ])
        #expect(status == 0)
        // A book written for mdBook did not ask for its Swift to be verified: it is rendered as
        // mdBook renders it, and the build says so in its last line.
        #expect(lines.count == 2 && lines[0].hasPrefix("Wrote 6 pages to \(output)/book/"), "no warning: \(lines)")
        #expect(lines.last?.hasPrefix("2 Swift samples were not verified: add 'verify = true'") == true, "\(lines)")
        let samples = try #require(TestSupport.read(output + "/book/samples.html"))
        #expect(
            samples.contains("<html lang=\"en\" dir=\"ltr\" data-default-theme=\"dark\">"),
            "book.toml's language and default-theme"
        )
        #expect(samples.contains("name2") && samples.contains("Hello, "), "the sample came from greeting.swift")
        #expect(!samples.contains("ANCHOR"))
        #expect(samples.contains("href=\"https://example.com/book/edit/main/src/samples.md\""), "the edit link")
        #expect(samples.contains("<a class=\"repository-link\" href=\"https://example.com/book\""))
        #expect(samples.contains("<li class=\"part-title\">User Guide</li>"))
        #expect(
            samples.contains("<span class=\"draft\"><span class=\"section-number\">1.2.</span> Draft section</span>"))
        #expect(samples.contains("<li class=\"separator\" aria-hidden=\"true\">"))
        let start = try #require(TestSupport.read(output + "/book/intro/start.html"))
        #expect(
            start.contains("<th style=\"text-align: center\">Supported</th>"), "the pipe table, as mdBook writes it")
        let search = try #require(TestSupport.read(output + "/book/guide/search.html"))
        #expect(search.contains("<h2 id=\"content\">") && search.contains("<h2 id=\"sidebar\">"))
        #expect(TestSupport.read(output + "/book/index.html")?.contains("url=intro/start.html") == true)
        #expect(
            TestSupport.read(output + "/book/404.html")?.contains(/href="\/lecture\/assets\/style-[0-9a-f]{8}\.css"/)
                == true,
            "site-url")
    }

    @Test func initThenBuildWorksInAnEmptyFolderOutsideTheRepository() throws {
        let executable = TestSupport.executable
        try #require(FileManager.default.isExecutableFile(atPath: executable))
        let folder = try TestSupport.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let environment = ["LECTURE_CACHE_DIR": TestSupport.cacheDirectory]
        let created = try Subprocess.run(
            executable, ["init"], directory: folder, environment: environment, timeout: 60, cancellation: .process)
        #expect(created.succeeded)
        #expect(FileSystem.exists(folder + "/book.toml") && FileSystem.exists(folder + "/src/chapter_1.md"))
        let built = try Subprocess.run(
            executable, ["build"], directory: folder, environment: environment, timeout: 300, cancellation: .process)
        #expect(built.succeeded, "\(built.stderrText)")
        #expect(built.stdoutText.hasPrefix("Wrote 1 page to book/"))
        let page = try #require(TestSupport.read(folder + "/book/chapter_1.html"))
        #expect(page.contains("Hello, world!"))
        #expect(
            FileSystem.exists(HashedSitePath.of("assets/style.css", in: folder + "/book")),
            "the built-in theme's assets")
        #expect(
            try Subprocess.run(
                executable, ["init"], directory: folder, environment: environment, timeout: 60, cancellation: .process
            )
            .termination == .exited(2), "never overwrites a book")
    }

    /// New-user review 6, finding 17: `lecture init` in an mdBook book refuses, and its note gives
    /// the table that verifies the book's Swift; mdBook 0.5.4 (run) builds the book with it, and
    /// lecture verifies its sample. A book.toml that has the table gets no such note.
    @Test func initInAnMdBookBookSaysHowToVerifyIt() throws {
        let files = [
            "book.toml": "[book]\ntitle = \"T\"\n", "src/SUMMARY.md": "- [A](a.md)\n",
            "src/a.md": "# A\n\n```swift\nprint(1)\n```\n\n```output\n1\n```\n",
        ]
        let root = try TestSupport.makeTree(files)
        defer { try? FileManager.default.removeItem(atPath: root) }
        let refused = run(["init", root])
        // The note's lines as written, without the indentation notes are printed with.
        let text = refused.lines.joined(separator: "\n").replacingOccurrences(of: "\n    ", with: "\n")
        #expect(refused.status == 2, "\(text)")
        #expect(text.contains("to have its Swift samples compiled, run and compared, add to book.toml"), "\(text)")
        #expect(text.contains(InitCommand.addedTable), "\(text)")
        #expect(TestSupport.read(root + "/book.toml") == files["book.toml"], "nothing written")
        var added = files
        added["book.toml"]! += "\n" + InitCommand.addedTable + "\n"
        let both = try MdBookOracle.build(added)
        #expect(both.mdBook.succeeded && both.lecture.succeeded, "\(both.mdBook.output)\n\(both.lecture.output)")
        #expect(!both.lecture.output.contains("not verified"), "\(both.lecture.output)")
        try FileSystem.writeAtomically(added["book.toml"]!, to: root + "/book.toml")
        let again = run(["init", root])
        #expect(again.status == 2)
        #expect(!again.lines.joined().contains("to have its Swift samples"), "\(again.lines)")
    }

    /// The .gitignore `init` writes keeps out what the tool writes: the site and the PDF that
    /// `lecture pdf` writes by default, not a PDF among the pages; as git reads it.
    @Test func initsGitignoreIgnoresTheSiteAndTheDefaultPDF() throws {
        let root = try TestSupport.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: root) }
        #expect(run(["init", root]).status == 0)
        let title = BookSettingsLoader.load(path: root + "/book.toml").settings.title
        let pdf = PDFCommand.defaultOutput(site: root + "/book", title: title)
        // Beside the site, in the book's folder.
        #expect(
            URL(fileURLWithPath: pdf).deletingLastPathComponent().standardizedFileURL.path
                == URL(fileURLWithPath: root).standardizedFileURL.path)
        let git = try Subprocess.run("/usr/bin/git", ["init", "-q", root], cancellation: .process)
        #expect(git.succeeded, "\(git.stderrText)")
        func ignored(_ path: String) throws -> Bool {
            try Subprocess.run(
                "/usr/bin/git", ["-C", root, "check-ignore", "-q", path], cancellation: .process
            ).termination == .exited(0)
        }
        #expect(try ignored(URL(fileURLWithPath: pdf).lastPathComponent), "\(pdf)")
        #expect(try ignored("book/index.html"))
        #expect(try !ignored("src/figure.pdf"))
        #expect(try !ignored("src/chapter_1.md"))
    }

    @Test func initListsOnlyWhatItCreatedAndQuotesThePathItSuggests() throws {
        let root = try TestSupport.makeTree([".gitignore": "mine\n"])
        defer { try? FileManager.default.removeItem(atPath: root) }
        let (status, lines) = run(["init", root])
        #expect(status == 0)
        #expect(lines.first == "Created a book in \(root): book.toml, src/SUMMARY.md, src/chapter_1.md", "\(lines)")
        #expect(TestSupport.read(root + "/.gitignore") == "mine\n", "an existing .gitignore is kept")
        #expect(InitCommand.shellQuoted("/tmp/my book/it's") == "'/tmp/my book/it'\\''s'")
        #expect(InitCommand.shellQuoted("/tmp/책/b-1") == "/tmp/책/b-1")
    }

    /// The commands `init` suggests are pasted into a shell as printed: each is a line of its own
    /// with no quotes around it, so a folder named with spaces, quotes and `$` reaches `lecture`
    /// as one argument, unchanged (`sh` reads the printed line; `set --` stands for `lecture`).
    @Test func initPrintsCommandsThatPasteIntoAShellAsPrinted() throws {
        let root = try TestSupport.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: root) }
        let folder = root + "/My \"Swift\" Book's $HOME `id` \\ copy"
        let (status, lines) = run(["init", folder])
        #expect(status == 0, "\(lines)")
        // In process, the program is this test's, as the user's `argv[0]` (`InitCommand.program`).
        let program = InitCommand.program(invokedAs: CommandLine.arguments.first)
        for verb in ["build", "serve"] {
            let line = try #require(lines.first { $0.contains("\(program) \(verb)") }, "\(lines)")
            let command = String(line[try #require(line.range(of: "\(program) \(verb)")).lowerBound...])
            let shell = try Subprocess.run(
                "/bin/sh", ["-c", "set -- \(command.dropFirst(program.count + 1)); printf '%s|%s' \"$#\" \"$2\""],
                timeout: 30, cancellation: .process)
            #expect(shell.stdoutText == "2|\(folder)", "\(line) pastes as: \(shell.stdoutText)")
        }
    }

    @Test func badBookTOMLFailsAtItsLineAndColumn() throws {
        let root = try TestSupport.makeTree([
            "book.toml": "[book]\ntitle = \"x\"\nsrc = [\n", "src/SUMMARY.md": "# T\n\n- [A](a.md)\n",
            "src/a.md": "# A\n",
        ])
        defer { try? FileManager.default.removeItem(atPath: root) }
        let (status, lines) = run(["build", root, "--cache-dir", TestSupport.cacheDirectory])
        #expect(status == 1)
        #expect(
            lines.contains { $0.hasPrefix("\(root)/book.toml:3:8: error: book.toml is not valid TOML") }, "\(lines)")
    }

    @Test func optionsWinOverBookTOML() throws {
        let root = try TestSupport.makeTree([
            "book.toml": "[book]\nsrc = \"pages\"\n[build]\nbuild-dir = \"site\"\n",
            "pages/SUMMARY.md": "# T\n\n- [A](a.md)\n", "pages/a.md": "# A\n",
        ])
        defer { try? FileManager.default.removeItem(atPath: root) }
        #expect(run(["build", root, "--cache-dir", TestSupport.cacheDirectory]).status == 0)
        #expect(FileSystem.exists(root + "/site/a.html"), "[book] src and [build] build-dir")
        #expect(
            run(["build", root, "--output", root + "/elsewhere", "--cache-dir", TestSupport.cacheDirectory]).status == 0
        )
        #expect(FileSystem.exists(root + "/elsewhere/a.html"))
    }

    @Test func aFolderWithOnlyASummaryBuildsIntoItsBookFolder() throws {
        let root = try TestSupport.makeTree([
            "SUMMARY.md": "# T\n\n- [A](a.md)\n", "a.md": "# A\n\n![그림](pic.svg)\n",
            "pic.svg": "<svg xmlns=\"http://www.w3.org/2000/svg\"/>\n",
        ])
        defer { try? FileManager.default.removeItem(atPath: root) }
        #expect(run(["build", root, "--cache-dir", TestSupport.cacheDirectory]).status == 0)
        let again = run(["build", root, "--cache-dir", TestSupport.cacheDirectory])
        #expect(again.status == 0, "the site is no content: it is not copied into itself")
        #expect(!FileSystem.exists(root + "/book/book"))
        #expect(FileSystem.exists(root + "/book/pic.svg"))
    }

    @Test func includedSampleErrorsPointIntoTheIncludedFile() throws {
        let root = try TestSupport.makeTree([
            "book.toml": "[book]\ntitle = \"T\"\n\n[lecture.samples]\nverify = true\n",
            "src/SUMMARY.md": "- [A](a.md)\n",
            "src/a.md": "# A\n\n```swift\n{{#include code/broken.swift}}\n```\n\n```output\n1\n```\n",
            "src/code/broken.swift": "let a = 1\nlet b: Int = \"two\"\nprint(a)\n",
        ])
        defer { try? FileManager.default.removeItem(atPath: root) }
        let (status, lines) = run(["build", root, "--cache-dir", TestSupport.cacheDirectory])
        #expect(status == 1)
        #expect(
            lines.contains { $0.hasPrefix("\(root)/src/code/broken.swift:2:14: error: cannot convert") }, "\(lines)")
    }
}

extension MdBookBookTests {
    @Test func checkTakesTheBookFolderAndVerifiesIncludedSamples() {
        let (status, lines) = run(["check", TestSupport.fixture("mdbook"), "--cache-dir", TestSupport.cacheDirectory])
        #expect(status == 0)
        #expect(lines.last == "2 passed, 0 failed (passed: 1 run and compared, 1 compiled only)", "\(lines)")
    }
}
