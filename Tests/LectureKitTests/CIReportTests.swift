import Foundation
import Testing

@testable import LectureKit
@testable import LectureSupport

/// What CI sees: GitHub workflow commands that annotate the Markdown line, JUnit XML read by a
/// real JUnit parser, and the repository's workflow file read by a real YAML parser.
@Suite struct CIReportTests {
    /// The private venv's Python, with junitparser and PyYAML (`make test` installs them).
    static let python = TestSupport.repositoryRoot + "/.build/venv/bin/python"

    func run(_ arguments: [String], environment: [String: String] = [:]) -> (status: Int32, lines: [String]) {
        let recorder = TestSupport.Recorder()
        let console = Console(environment: environment) { line in recorder.append(line) }
        let status = LectureCommand.main(arguments, console: console)
        return (status, recorder.lines)
    }

    /// Runs a Python snippet or script of the venv and decodes the JSON it prints.
    func pythonJSON(_ arguments: [String]) throws -> Any {
        guard FileManager.default.isExecutableFile(atPath: Self.python) else {
            Issue.record("no \(Self.python): run 'make test', which creates the venv with junitparser and PyYAML")
            return [:]
        }
        let result = try Subprocess.run(Self.python, arguments, timeout: 60, cancellation: .process)
        #expect(result.succeeded, "\(result.stderrText)")
        return try JSONSerialization.jsonObject(with: Data(result.stdout))
    }

    /// A page whose name holds `%`, `,` and `:`, with a warning, a broken link after Hangul and
    /// a sample whose output differs in `%`, `,`, `:` and a carriage return.
    static let page =
        "# 쪽\n\n#### 건너뛴 제목\n\n본문 [없는 쪽](nowhere.md)\n\n```swift\nprint(\"50%, 끝: 1\")\nprint(\"a\\rb\")\n```\n\n```output\n50%, 끝: 2\n```\n"
    static let pageName = "100%, 확인: 쪽.md"

    func book() throws -> String {
        try TestSupport.makeTree([
            ".git/HEAD": "ref: refs/heads/main\n",
            "book/SUMMARY.md": "# 책\n\n- [쪽](<\(Self.pageName)>)\n",
            "book/\(Self.pageName)": Self.page,
        ])
    }

    @Test func buildAnnotatesEachProblemOnItsMarkdownLine() throws {
        let root = try book()
        defer { FileSystem.removeTemporaryDirectory(root) }
        let result = run(
            [
                "build", "--report", "github", "--content", root + "/book", "--templates",
                TestSupport.repositoryRoot + "/site-templates",
                "--output", root + "/_site", "--cache-dir", TestSupport.cacheDirectory,
            ],
            environment: ["GITHUB_WORKSPACE": root])
        #expect(result.status == 1)
        let file = "book/100%25%2C 확인%3A 쪽.md"
        let expected = [
            "::warning file=\(file),line=3,col=1,title=heading level jumps from h1 to h4::heading level jumps from h1 to h4",
            "::error file=\(file),line=5,col=4,title=broken link%3A 'nowhere.md' is not a page of the book (not in SUMMARY.md)::broken link: 'nowhere.md' is not a page of the book (not in SUMMARY.md)",
            "::error file=\(file),line=13,col=1,title=output does not match the expected output::output does not match the expected output%0A--- expected%0A+++ actual%0A-50%25, 끝: 2%0A+50%25, 끝: 1%0A+a␍b%0Asample at \(root)/book/100%25, 확인: 쪽.md:7:1; 'lecture check --bless' accepts the actual output",
            // The closing line, written through the same console (stderr), after the annotations.
            "lecture build: failed with 2 errors",
        ]
        // The page's name holds ':', which Windows refuses: that warning, at the summary's line,
        // comes first (`WindowsNameBadInputTests` pins its words); the rest as above.
        let windows = result.lines.filter { $0.contains("a name Windows cannot hold") }
        #expect(
            windows.count == 1 && windows[0].hasPrefix("::warning file=book/SUMMARY.md,line=3,col=3,"), "\(windows)")
        let lines = result.lines.filter { !$0.contains("a name Windows cannot hold") }
        #expect(lines.count == expected.count)
        for (actual, wanted) in zip(lines, expected) { #expect(actual == wanted) }
    }

    @Test func githubIsTheDefaultUnderGitHubActionsUnlessToldOtherwise() throws {
        let root = try book()
        defer { FileSystem.removeTemporaryDirectory(root) }
        let check = ["check", "--content", root + "/book", "--cache-dir", TestSupport.cacheDirectory]
        let actions = ["GITHUB_ACTIONS": "true", "GITHUB_WORKSPACE": root]
        let automatic = run(check, environment: actions)
        #expect(automatic.status == 1)
        #expect(
            automatic.lines.first?.hasPrefix(
                "::error file=book/100%25%2C 확인%3A 쪽.md,line=13,col=1,title=output does not match") == true)
        #expect(automatic.lines.last == "0 passed, 1 failed")
        let plain = run(check + ["--report", "plain"], environment: actions)
        #expect(
            plain.lines.first?.hasPrefix(
                "\(root)/book/\(Self.pageName):13:1: error: output does not match the expected output\n") == true)
        #expect(run(check).lines.first?.hasPrefix("\(root)/book/") == true)
        #expect(run(check + ["--report", "gitlab"]).status == 2)
        #expect(run(check + ["--report", "github", "--report", "plain"]).status == 2)
        #expect(run(["build", "--report", "junit:x.xml"]).status == 2)
    }

    @Test func notFoundPageLinksFromTheSiteURL() throws {
        let root = try TestSupport.makeTree([
            "content/SUMMARY.md": "# 책\n\n- [쪽](page.md)\n", "content/page.md": "# 쪽\n",
        ])
        defer { FileSystem.removeTemporaryDirectory(root) }
        let build = [
            "build", "--content", root + "/content", "--templates", TestSupport.repositoryRoot + "/site-templates",
            "--output", root + "/_site", "--cache-dir", TestSupport.cacheDirectory,
        ]
        #expect(run(build + ["--site-url", "/lecture"]).status == 0)
        let notFound = try #require(TestSupport.read(root + "/_site/404.html"))
        #expect(notFound.contains(/href="\/lecture\/assets\/style-[0-9a-f]{8}\.css"/))
        #expect(notFound.contains("href=\"/lecture/page.html\""))
        #expect(run(build + ["--site-url", "lecture/"]).status == 2)
    }

    @Test func workflowCommandsEscapeDataAndProperties() {
        #expect(WorkflowCommand.escapeData("50% a:b, c\r\nd") == "50%25 a:b, c%0D%0Ad")
        #expect(WorkflowCommand.escapeProperty("50% a:b, c\r\nd") == "50%25 a%3Ab%2C c%0D%0Ad")
        #expect(
            WorkflowCommand.line("warning", properties: [("file", "a,b.md"), ("title", "x: y")], message: "m:,\n%")
                == "::warning file=a%2Cb.md,title=x%3A y::m:,%0A%25")
    }

    /// `--report` values are typed where the option is parsed; a shard owns every count-th sample.
    @Test func reportValuesAndShardsAreTypedValues() throws {
        #expect(try ReportRequest(parsing: "github") == .format(.github))
        #expect(try ReportRequest(parsing: "plain") == .format(.plain))
        #expect(try ReportRequest(parsing: "junit:out/r.xml") == .junit(path: "out/r.xml"))
        for bad in ["gitlab", "Plain", "junit:", "junit:a\u{7}b"] {
            #expect(throws: LectureError.self, "\(bad)") { try ReportRequest(parsing: bad) }
        }
        let shard = Shard(index: 2, count: 3)
        #expect((0..<8).filter(shard.contains(offset:)) == [1, 4, 7])
        #expect(!shard.reportsPages && Shard(index: 1, count: 3).reportsPages)
    }

    @Test func annotationPathsAreRelativeToTheRepositoryRoot() throws {
        let root = try TestSupport.makeTree([".git": "gitdir: /elsewhere\n", "a/b/page.md": "# 쪽\n\n한글 [x](y.md)\n"])
        defer { FileSystem.removeTemporaryDirectory(root) }
        let format = DiagnosticFormat.resolve(.github, environment: [:], workingDirectory: root + "/a/b")
        #expect(format == .github(repositoryRoot: URL(fileURLWithPath: root).standardizedFileURL.path))
        // A byte column after Hangul becomes a character column; a file outside keeps its path.
        let note = Diagnostic(.sampleCompiler, .note, "page.md", .init(line: 3, column: 9), "see here")
        #expect(
            format.render(note, workingDirectory: root + "/a/b")
                == "::notice file=a/b/page.md,line=3,col=5,title=see here::see here")
        #expect(
            format.render(.error(.brokenLink, "/elsewhere/x.md", nil, "gone"), workingDirectory: root)
                == "::error file=/elsewhere/x.md,title=gone::gone")
        #expect(
            DiagnosticFormat.resolve(nil, environment: ["GITHUB_ACTIONS": "false"], workingDirectory: root) == .plain)
    }

    @Test func junitCasesAreNamedTimedAndMarkedCachedForAJUnitParser() throws {
        let page = """
            # 쪽

            ## 인사

            ```swift
            print("안녕")
            ```

            ```output
            안녕
            ```

            ## 세기

            ```swift group=counter
            var n = 1
            ```

            ```swift group=counter
            print(n)
            ```

            ```output
            2
            ```

            ```swift ignore
            import SwiftUI
            ```
            """
        let root = try TestSupport.makeTree(["content/SUMMARY.md": "# 책\n\n- [쪽](page.md)\n", "content/page.md": page])
        defer { FileSystem.removeTemporaryDirectory(root) }
        let cache = root + "/cache"
        let check = ["check", "--content", root + "/content", "--cache-dir", cache]
        #expect(run(check + ["--report", "junit:\(root)/cold.xml"]).status == 1)
        #expect(run(check + ["--report", "junit:\(root)/warm.xml"]).status == 1)

        for (report, cold) in [("cold.xml", true), ("warm.xml", false)] {
            let parsed = try #require(
                try pythonJSON([TestSupport.repositoryRoot + "/Tests/CI/junit_cases.py", root + "/" + report])
                    as? [String: Any])
            #expect(parsed["tests"] as? Int == 3)
            #expect(parsed["failures"] as? Int == 1)
            #expect(parsed["skipped"] as? Int == 1)
            let suites = try #require(parsed["suites"] as? [[String: Any]])
            #expect(suites.map { $0["name"] as? String } == ["\(root)/content/page.md"])
            let cases = try #require(suites.first?["cases"] as? [[String: Any]])
            #expect(
                cases.map { $0["name"] as? String } == [
                    "\(root)/content/page.md:5 — 인사",
                    "\(root)/content/page.md:15 — 세기 (group counter)",
                    "\(root)/content/page.md:27 — 세기",
                ])
            #expect(cases.map { $0["results"] as? [String] } == [[], ["Failure"], ["Skipped"]])
            #expect((cases[1]["messages"] as? [String]) == ["output does not match the expected output"])
            // Cold: the samples were compiled and run, which takes real time; warm: they come
            // from the cache and say so, the failed one too (it stands where it failed). Each
            // case says how far its sample was checked.
            let checked = ["check": "run-and-compared"]
            for index in 0...1 {
                #expect(
                    (cases[index]["properties"] as? [String: String])
                        == (cold ? checked : checked.merging(["cached": "true"]) { $1 }))
                if cold { #expect((cases[index]["time"] as? Double ?? 0) > 0) }
            }
            #expect((cases[2]["properties"] as? [String: String]) == ["check": "skipped"])
        }
    }

    @Test func theWorkflowShardsChecksCachesSamplesBuildsAndDeploys() throws {
        let path = TestSupport.repositoryRoot + "/.github/workflows/lecture.yml"
        let script =
            "import json, sys, yaml; print(json.dumps(yaml.safe_load(open(sys.argv[1], encoding='utf-8')), default=str))"
        let workflow = try #require(try pythonJSON(["-c", script, path]) as? [String: Any])
        // YAML 1.1 reads the key `on` as true.
        let triggers = try #require((workflow["on"] ?? workflow["true"]) as? [String: Any?])
        #expect(Set(triggers.keys).isSuperset(of: ["push", "pull_request"]))
        let jobs = try #require(workflow["jobs"] as? [String: [String: Any]])

        func steps(_ job: String) throws -> [[String: Any]] { try #require(jobs[job]?["steps"] as? [[String: Any]]) }
        func runs(_ job: String) throws -> [String] { try steps(job).compactMap { $0["run"] as? String } }
        func uses(_ job: String) throws -> [String] {
            try steps(job).compactMap { ($0["uses"] as? String)?.split(separator: "@").first.map(String.init) }
        }

        // Samples: a matrix of shards, Debian packages through the Makefile, the cache
        // restored and saved under a key of toolchain and content, check with annotations and JUnit.
        let samples = try #require(jobs["samples"])
        let matrix = try #require((samples["strategy"] as? [String: Any])?["matrix"] as? [String: Any])
        #expect((matrix["shard"] as? [Int])?.count ?? 0 >= 2)
        #expect(try runs("samples").contains("make build"))
        #expect(try uses("samples").contains("actions/cache/restore"))
        #expect(try uses("samples").contains("actions/cache/save"))
        let key =
            try #require(
                try steps("samples").first { ($0["uses"] as? String)?.hasPrefix("actions/cache/restore") == true }?[
                    "with"] as? [String: Any])["key"] as? String
        #expect(key?.contains("steps.toolchain.outputs.key") == true && key?.contains("hashFiles('content/**'") == true)
        let check = try #require(try runs("samples").first { $0.contains("lecture check") })
        for part in ["--shard ${{ matrix.shard }}/", "--report github", "--report junit:", "--cache-dir"] {
            #expect(check.contains(part), "\(part)")
        }
        // Site: built with annotations under the Pages sub-path; deployed from the default branch only.
        #expect(
            try runs("site").contains {
                $0.contains("lecture build") && $0.contains("--report github") && $0.contains("--site-url")
            })
        #expect(try uses("site").contains("actions/upload-pages-artifact"))
        let deploy = try #require(jobs["deploy"])
        #expect((deploy["if"] as? String)?.contains("github.event.repository.default_branch") == true)
        #expect((deploy["permissions"] as? [String: String])?["pages"] == "write")
        #expect(try uses("deploy").contains("actions/deploy-pages"))
    }
}
