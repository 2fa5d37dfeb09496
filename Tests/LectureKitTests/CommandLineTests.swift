import Foundation
import Testing

@testable import LectureKit
@testable import LectureServe
@testable import LectureSupport

/// The `lecture` command as a user runs it: arguments in, lines and exit status out.
@Suite struct CommandLineTests {
    func run(_ arguments: [String]) -> (status: Int32, lines: [String]) {
        let recorder = TestSupport.Recorder()
        let status = LectureCommand.main(arguments, console: recorder.console, extraSubcommands: HTTPSubcommands.all)
        return (status, recorder.lines)
    }

    @Test func versionAndHelp() {
        let version = run(["--version"])
        #expect(version.status == 0)
        #expect(version.lines.first?.hasPrefix("lecture \(LectureCommand.version) (cmark 0.") == true)
        let help = run(["check", "--help"])
        #expect(help.status == 0)
        #expect(help.lines.joined().contains("--bless"))
        #expect(run(["build", "--help"]).lines.joined().contains("--templates <dir>"))
    }

    /// Parsing and validating the options read and write nothing (N8): a missing book folder, a
    /// page that is no Markdown file and a cache folder that does not exist pass both, and the
    /// cache folder is not made (the built-in theme is written there when a command runs); the
    /// same arguments run stop with the located setup error, exit status 2.
    @Test func parsingAndValidatingTouchNoFile() throws {
        let root = try TestSupport.temporaryDirectory()
        defer { FileSystem.removeTemporaryDirectory(root) }
        let book = root + "/no-book"
        let cache = root + "/no-cache"
        let commands: [[String]] = [
            ["build", book, "--cache-dir", cache], ["pdf", book, "--cache-dir", cache],
            ["check", book + "/page.txt", "--cache-dir", cache], ["init", book],
        ]
        for arguments in commands {
            let type = try #require(
                (LectureCommand.builtInSubcommands + HTTPSubcommands.all).first { $0.name == arguments[0] })
            let command = try type.parse(Array(arguments.dropFirst()))
            try command.validate()
            #expect(!FileSystem.exists(cache) && !FileSystem.exists(book), "\(arguments)")
        }
        let build = run(["build", book, "--cache-dir", cache])
        #expect(build.status == 2)
        #expect(build.lines.contains { $0.hasPrefix(book + ": error: book folder does not exist") }, "\(build.lines)")
        let check = run(["check", book + "/page.txt", "--cache-dir", cache])
        #expect(check.status == 2)
        #expect(check.lines.contains { $0.contains("is not a Markdown file") }, "\(check.lines)")
    }

    @Test func usageErrorsExitWithTwo() {
        #expect(run(["build", "--colour"]).status == 2)
        #expect(run(["check", "-j", "zero"]).status == 2)
        #expect(run(["check", "--timeout", "-1"]).status == 2)
        #expect(run(["check", "--shard", "3/2"]).status == 2)
        #expect(run(["frobnicate"]).status == 2)
        #expect(run(["help", "frobnicate"]).status == 2)
        #expect(run(["help", "check"]).status == 0)
        #expect(run(["check", "-j0"]).status == 2)
    }

    static let page = """
        # 쪽

        ```swift
        print("하나")
        ```

        ```output
        하나
        ```

        ```swift ignore
        import SwiftUI
        ```

        ```swift
        print("둘")
        ```

        ```output
        셋
        ```

        """

    @Test func shortOptionTakesAnAttachedValue() throws {
        let parsed = try CheckCommand.options(["-j4", "--timeout=2.5", "a.md"])
        #expect(parsed.book.jobs == 4)
        #expect(parsed.book.timeout == 2.5)
        #expect(parsed.paths == ["a.md"])
    }

    /// Each default the manual's `lecture build` table (build.md) gives an option, a `book.toml` key
    /// (`[book] src`) or a value (`10`), is the one `lecture build --help` states for it; the help
    /// used to name this repository's folders (`content`, `_site`, `site-templates`) whatever the
    /// book said.
    @Test func helpDefaultsAreTheManualTablesDefaults() throws {
        let page = try #require(TestSupport.read(TestSupport.repositoryRoot + "/Sources/lecture/Manual/src/build.md"))
        let rows = page.split(separator: "\n").filter { $0.hasPrefix("| `-") }
        #expect(rows.count >= 10)
        let help = run(["build", "--help"]).lines.joined(separator: "\n").split(separator: "\n")
        for row in rows {
            let cells = row.split(separator: "|", omittingEmptySubsequences: false).map {
                $0.trimmingCharacters(in: .whitespaces)
            }
            guard cells.count > 3 else { continue }
            let option = String(
                cells[1].split(separator: " ").first { $0.hasPrefix("`--") || $0.hasPrefix("--") } ?? ""
            )
            .trimmingCharacters(in: CharacterSet(charactersIn: "`,"))
            let line = try #require(
                help.first {
                    $0.trimmingCharacters(in: .whitespaces).hasPrefix(option + " ") || $0.contains(" " + option + " ")
                }, "no help line for \(option)")
            // The keys and values in backquotes: `[book] src`, `10`, `C.UTF-8`.
            let named = cells[2].components(separatedBy: "`").enumerated().filter { $0.offset % 2 == 1 }.map(\.element)
            for value in named where value.hasPrefix("[") || value.first?.isNumber == true || value.contains(".") {
                #expect(line.contains(value), "\(option): the manual's default names \(value); --help says: \(line)")
            }
        }
    }

    /// `lecture pdf BOOK` prints the book's own site (book.toml's build-dir), as `build` and
    /// `serve` find it; it used to read `_site` whatever the book said.
    @Test func pdfPrintsTheBooksOwnSite() throws {
        let root = try TestSupport.makeTree([
            "book.toml": "[build]\nbuild-dir = \"out\"\n", "src/SUMMARY.md": "- [A](a.md)\n", "src/a.md": "# A\n",
        ])
        defer { FileSystem.removeTemporaryDirectory(root) }
        let command = try PDFCommand.parse([root, "--chromium", root + "/no-chromium"])
        #expect(command.site == nil, "parsing reads no book.toml: the site's folder is read when the command runs")
        #expect(try command.build?.setUp().configuration.outputDirectory == root + "/out")
        #expect(try PDFCommand.parse([root, "--site", "elsewhere"]).site == "elsewhere")
        // The book's setup holds (a site folder lecture may write): what stops the command, before
        // the build, is the missing Chromium.
        #expect {
            try command.run(console: TestSupport.Recorder().console)
        } throws: { error in
            (error as? LectureError)?.message.contains("Chromium not found at '\(root)/no-chromium'") == true
        }
    }

    @Test func checkReportsClosingLineAndExitStatus() throws {
        let root = try TestSupport.makeTree(["page.md": Self.page])
        defer { FileSystem.removeTemporaryDirectory(root) }
        let result = run(["check", "--cache-dir", TestSupport.cacheDirectory, root + "/page.md"])
        #expect(result.status == 1)
        #expect(result.lines.last == "1 passed, 1 failed, 1 skipped")
        #expect(
            result.lines.contains {
                $0.hasPrefix("\(root)/page.md:20:1: error: output does not match the expected output")
            })
    }

    @Test func blessFixesTheOutputAndTheNextCheckPasses() throws {
        let root = try TestSupport.makeTree(["page.md": Self.page])
        defer { FileSystem.removeTemporaryDirectory(root) }
        let path = root + "/page.md"
        let blessed = run(["check", "--bless", "--cache-dir", TestSupport.cacheDirectory, path])
        #expect(blessed.status == 0)
        #expect(
            TestSupport.read(path) == Self.page.replacingOccurrences(of: "```output\n셋\n```", with: "```output\n둘\n```")
        )
        let again = run(["check", "--cache-dir", TestSupport.cacheDirectory, path])
        #expect(again.status == 0)
        #expect(again.lines.last == "2 passed, 0 failed, 1 skipped")
    }

    @Test func missingFilesAreUsageErrorsAndRepeatsCountOnce() throws {
        let root = try TestSupport.makeTree(["page.md": Self.page])
        defer { FileSystem.removeTemporaryDirectory(root) }
        #expect(run(["check", root + "/nope.md"]).status == 2)
        #expect(run(["check", "--content", root + "/nothing"]).status == 2)
        let twice = run(["check", "--cache-dir", TestSupport.cacheDirectory, root + "/page.md", root + "/./page.md"])
        #expect(twice.lines.last == "1 passed, 1 failed, 1 skipped")
    }

    @Test func junitReportListsEverySample() throws {
        let root = try TestSupport.makeTree(["page.md": Self.page])
        defer { FileSystem.removeTemporaryDirectory(root) }
        _ = run([
            "check", "--cache-dir", TestSupport.cacheDirectory, "--report", "junit:\(root)/report.xml",
            root + "/page.md",
        ])
        let xml = try #require(TestSupport.read(root + "/report.xml"))
        #expect(
            xml.contains("<testsuites name=\"lecture check\" tests=\"3\" failures=\"1\" errors=\"0\" skipped=\"1\""))
        #expect(
            xml.contains("<testsuite name=\"\(root)/page.md\" tests=\"3\" failures=\"1\" errors=\"0\" skipped=\"1\""))
        #expect(xml.contains("<failure message=\"output does not match the expected output\">"))
    }

    @Test func shardsCoverEverySampleExactlyOnce() throws {
        var markdown = "# 쪽\n\n"
        for n in 1...7 { markdown += "```swift\nprint(\(n))\n```\n\n```output\n\(n)\n```\n\n" }
        let root = try TestSupport.makeTree(["page.md": markdown])
        defer { FileSystem.removeTemporaryDirectory(root) }
        var total = 0
        for k in 1...3 {
            let result = run([
                "check", "--shard", "\(k)/3", "--cache-dir", TestSupport.cacheDirectory, root + "/page.md",
            ])
            #expect(result.status == 0)
            let passed = Int(result.lines.last?.split(separator: " ").first ?? "") ?? -1
            #expect(passed == [3, 2, 2][k - 1])
            total += passed
        }
        #expect(total == 7)
    }

    @Test func pageProblemsCountOnceAcrossShards() throws {
        let markdown =
            "# 쪽\n\n```swift norun\nprint(1)\n```\n\n```swift\nprint(2)\n```\n\n```output\n2\n```\n\n```swift\nprint(3)\n```\n\n```output\n3\n```\n"
        let root = try TestSupport.makeTree(["page.md": markdown])
        defer { FileSystem.removeTemporaryDirectory(root) }
        let first = run(["check", "--shard", "1/2", "--cache-dir", TestSupport.cacheDirectory, root + "/page.md"])
        let second = run(["check", "--shard", "2/2", "--cache-dir", TestSupport.cacheDirectory, root + "/page.md"])
        // The bad attribute counts in shard 1 only; its sample is not verified (SampleExtractor).
        #expect(first.lines.last == "1 passed, 1 failed")
        #expect(second.lines.last == "1 passed, 0 failed")
    }

    /// The rest of the setup kind (a new user's trial): each exits 2 before any work, all at once.
    @Test func outputAndTemplatesProblemsAreSetupErrors() throws {
        let root = try TestSupport.makeTree([
            "content/SUMMARY.md": "# 책\n\n- [A](a.md)\n", "content/a.md": "# A\n", "docs/mine.txt": "x",
        ])
        defer { FileSystem.removeTemporaryDirectory(root) }
        let templates = TestSupport.repositoryRoot + "/site-templates"
        let cases: [(output: String, templates: String, summary: String)] = [
            (root + "/docs", templates, "output folder exists and was not written by lecture"),
            (root + "/_site", root + "/nothing", "templates folder does not exist"),
        ]
        for (output, templates, summary) in cases {
            let result = run([
                "build", "--content", root + "/content", "--templates", templates, "--output", output,
                "--cache-dir", TestSupport.cacheDirectory,
            ])
            #expect(result.status == 2, "\(summary): \(result.lines)")
            // The message the command prints on stderr.
            let configuration = TestSupport.configuration(
                content: root + "/content", templates: templates, output: output)
            #expect(configuration.outputAndTemplatesError()?.message.contains(summary) == true, "\(summary)")
        }
        // (A site inside the pages is built and left out of them, as mdBook does: WriteBadInputTests.)
        #expect(!FileSystem.exists(root + "/_site"))
        #expect(TestSupport.read(root + "/docs/mine.txt") == "x")
        let both = TestSupport.configuration(
            content: root + "/content", templates: root + "/nothing", output: root + "/docs")
        let message = both.outputAndTemplatesError()?.message ?? ""
        #expect(
            message.contains("templates folder does not exist") && message.contains("was not written by lecture"),
            "every problem at once")
    }

    @Test func missingContentFolderFailsTheBuild() throws {
        let root = try TestSupport.temporaryDirectory()
        defer { FileSystem.removeTemporaryDirectory(root) }
        // A setup error, exit status 2, as for `check` (issue 11, kind 13); printed on stderr.
        let result = run([
            "build", "--content", root + "/nothing", "--templates", TestSupport.repositoryRoot + "/site-templates",
            "--output", root + "/_site",
        ])
        #expect(result.status == 2)
        #expect(
            ContentLoader.setupError(contentDirectory: root + "/nothing")?.message.hasPrefix(
                "\(root)/nothing: error: content folder does not exist\n") == true)
        #expect(!FileSystem.exists(root + "/_site"))
    }
}
