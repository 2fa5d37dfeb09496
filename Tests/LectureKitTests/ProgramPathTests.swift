import Foundation
import TestFolders
import Testing

@testable import CommonMark
@testable import LectureKit
@testable import LectureSupport

/// What a sample's compiled program says about where it failed names the page and its line,
/// never a path of the machine (`Sample.programPath`, `ProgramPaths`): each route by which a
/// failure's place leaves a program is tried on a book named by its absolute path, as a person
/// runs `lecture build /path/to/book` from another folder, and `check` and `build` agree on it.
@Suite struct ProgramPathTests {
    /// A route: the sample (from the page's line 3 on) and what the built page shows of it.
    struct Route: Sendable, CustomTestStringConvertible {
        var name: String
        var sample: String
        var shown: String
        var testDescription: String { name }
    }

    static let routes: [Route] = [
        Route(
            name: "#expect",
            sample: "```swift test should_fail\nimport Testing\n@Test func a() { #expect(1 == 2) }\n```\n",
            shown: "Expectation failed: 1 == 2 <span class=\"test-line\">src/intro.md:5</span>"),
        Route(
            name: "#require",
            sample:
                "```swift test should_fail\nimport Testing\n@Test func a() throws { let x: Int? = nil; _ = try #require(x) }\n```\n",
            shown: "<span class=\"test-line\">src/intro.md:5</span>"),
        Route(
            name: "Issue.record",
            sample:
                "```swift test should_fail\nimport Testing\n@Test func a() { Issue.record(\"at \\(#filePath)\") }\n```\n",
            shown: "Issue recorded <span class=\"test-line\">src/intro.md:5</span>"),
        Route(
            name: "confirmation",
            sample:
                "```swift test should_fail\nimport Testing\n@Test func a() async {\n    await confirmation(expectedCount: 1) { _ in }\n}\n```\n",
            shown: "expected to be confirmed 1 time <span class=\"test-line\">src/intro.md:6</span>"),
        // Swift Testing places a thrown error at its `@Test`, in the generated file's own lines.
        Route(
            name: "a thrown error",
            sample:
                "```swift test should_fail\nimport Testing\nstruct Oops: Error {}\n@Test func a() throws { throw Oops() }\n```\n",
            shown: "Caught error: Oops() <span class=\"test-line\">src/intro.md:6</span>"),
        Route(
            name: "XCTAssert",
            sample:
                "```swift test should_fail\nimport XCTest\nfinal class T: XCTestCase {\n    func testA() { XCTAssertEqual(1, 2, \"\\(#filePath)\") }\n}\n```\n",
            shown: "- src/intro.md <span class=\"test-line\">src/intro.md:6</span>"),
        Route(
            name: "#filePath and fatalError",
            sample:
                "```swift should_fail\nprint(#filePath)\nfatalError(\"boom\")\n```\n\n```output\nsrc/intro.md\n```\n",
            shown: "src/intro.md\n</code>"),
    ]

    /// `lecture check BOOK` and `lecture build BOOK` on a book whose page holds `sample`,
    /// named by its absolute path from the scratch tree's `work` folder.
    func checkAndBuild(_ sample: String) throws -> (
        check: Subprocess.Result, build: Subprocess.Result, page: String, book: String
    ) {
        let run = try ContainedRun()
        let book = try run.makeBook(
            "\n[preprocessor.lecture]\nrenderers = []\n\n[preprocessor.lecture.samples]\nverify = true\n")
        try TestSupport.write(Array("# Intro\n\n\(sample)".utf8), to: book + "/src/intro.md")
        let check = try run.lecture(["check", book], in: "work")
        let build = try run.lecture(["build", book], in: "work")
        return (check, build, TestSupport.read(book + "/book/intro.html") ?? "", book)
    }

    /// Each route's failure is shown at the page's line by the page's path relative to the
    /// book, and a book `check` passes builds (before, the page showed the book's absolute
    /// path, which the build refused to publish, or the place was lost, or the output differed).
    @Test(arguments: routes) func aFailureShowsThePagesLineAndNoPathOfTheMachine(_ route: Route) throws {
        let (check, build, page, book) = try checkAndBuild(route.sample)
        #expect(check.termination == .exited(0), "\(check.stderrText)")
        #expect(build.termination == .exited(0), "\(build.stderrText)")
        #expect(page.contains(route.shown), "\(page)")
        #expect(!page.contains(book), "\(page)")
    }

    /// `check` and `build` agree on one book holding every route: `check` passes, so `build`
    /// writes the site.
    @Test func aBookThatCheckPassesBuilds() throws {
        let (check, build, page, _) = try checkAndBuild(Self.routes.map(\.sample).joined(separator: "\n"))
        #expect(check.termination == .exited(0), "\(check.stderrText)")
        #expect(build.termination == .exited(0), "\(build.stderrText)")
        #expect(page.contains("test-line"), "\(page)")
    }

    /// A crash in a test (a failed precondition) fails the sample; its message on the terminal
    /// names the page at its line, and what the program wrote names the page as the book does.
    @Test func aCrashNamesThePageNotAGeneratedFile() throws {
        let (check, _, _, book) = try checkAndBuild(
            "```swift test should_fail\nimport Testing\n@Test func a() { precondition(false, \"pre \\(#filePath)\") }\n```\n"
        )
        #expect(check.termination == .exited(1))
        #expect(
            check.stderrText.contains("\(book)/src/intro.md:5: Precondition failed: pre src/intro.md"),
            "\(check.stderrText)")
        #expect(!check.stderrText.contains(".swift"), "\(check.stderrText)")
    }

    /// A line of swiftc's output under a diagnostic that names a generated file by its absolute
    /// path (the merged path's frontend is given absolute paths) names the page instead.
    @Test func aCompilerNoteNamesThePageNotAGeneratedFile() {
        let sample = SampleExtractor.extract(
            from: MarkdownParser.parse("```swift\nlet x: Int = \"a\"\n```\n"), path: "p.md"
        )
        .samples[0]
        let output =
            "p.md:2:14: error: cannot convert value of type 'String' to specified type 'Int'\n/tmp/lecture-batch.Q1/sample_3.swift:9:1: note: in the scaffolding\n"
        let notes = CompilerOutput.diagnostics(from: output, sample: sample, cancellation: Cancellation()).flatMap(
            \.notes)
        #expect(notes.contains("p.md:9:1: note: in the scaffolding"), "\(notes)")
        #expect(!notes.contains { $0.contains("lecture-batch") }, "\(notes)")
    }

    /// Text from a program: a generated file's absolute path, and the page by its `#fileID`,
    /// become the page's path.
    @Test func generatedPathsBecomeThePage() {
        var sample = SampleExtractor.extract(
            from: MarkdownParser.parse("```swift\nprint(1)\n```\n"), path: "/home/me/book/src/a.md"
        ).samples[0]
        sample.bookPath = "src/a.md"
        let text = "at /tmp/lecture-sample.X1/sample.swift:4:2 and tests/a.md:3: Fatal error; mya.md:3 stays"
        #expect(
            ProgramPaths.shown(text, of: sample, as: sample.programPath)
                == "at src/a.md:4:2 and src/a.md:3: Fatal error; mya.md:3 stays")
    }
    /// Attack 19, F12: one long line of characters that may be part of a path (`{` on a
    /// sample's stderr, swiftc's echo of a page) took the two regular expressions this replaced
    /// quadratic time: 50,000 took 237 s. A mebibyte of them (the stderr a sample may leave)
    /// now takes about a second in a debug build, and a path at its end is still put back as the page.
    @Test func aLongRunOfPathCharactersIsLinear() {
        var sample = SampleExtractor.extract(
            from: MarkdownParser.parse("```swift\nprint(1)\n```\n"), path: "/home/me/book/src/a.md"
        ).samples[0]
        sample.bookPath = "src/a.md"
        for filler in ["{", "/", "a/"] {
            let run = String(repeating: filler, count: (1 << 20) / filler.count)
            let text = run + " /tmp/lecture-sample.X1/sample.swift:4:2 tests/a.md:3:"
            let clock = ContinuousClock()
            var shown = ""
            let took = clock.measure { shown = ProgramPaths.shown(text, of: sample, as: sample.programPath) }
            #expect(took < .seconds(10), "\(filler): \(took)")
            #expect(shown == run + " src/a.md:4:2 src/a.md:3:", "\(filler)")
        }
    }

    /// The page's name at the end of a folder path, after punctuation, or glued to a longer
    /// name: each as the regular expression read it.
    @Test(arguments: [
        ("(/x/y/a.md:3)", "(src/a.md:3)"),
        ("a.md:3 xa.md:3 x/a.md:3", "src/a.md:3 xa.md:3 src/a.md:3"),
        (
            "at /tmp/b/runner.swift, /tmp/b/sample_12.swift and /x/sample.swift.bak",
            "at src/a.md, src/a.md and /x/sample.swift.bak"
        ),
        ("a.md:x /main.swift:1", "a.md:x src/a.md:1"),
    ])
    func pathsAreFoundAsBefore(_ text: String, _ expected: String) {
        var sample = SampleExtractor.extract(
            from: MarkdownParser.parse("```swift\nprint(1)\n```\n"), path: "/home/me/book/src/a.md"
        ).samples[0]
        sample.bookPath = "src/a.md"
        #expect(ProgramPaths.shown(text, of: sample, as: sample.programPath) == expected)
    }
}
