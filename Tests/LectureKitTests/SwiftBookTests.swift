import Foundation
import Testing

@testable import CommonMark
@testable import LectureKit
@testable import LectureSupport

/// A Swift book written the way Swift books are (`Fixtures/swiftbook`: fragments, fences
/// without output, a page continued as one program, Swift 5 code, Apple-only snippets), verified
/// with a few lines of book.toml and no edit to its pages; and each of the rules behind it.
@Suite struct SwiftBookTests {
    func run(_ arguments: [String]) -> (status: Int32, lines: [String]) {
        let recorder = TestSupport.Recorder()
        let status = LectureCommand.main(arguments, console: recorder.console)
        return (status, recorder.lines)
    }

    /// A copy of the fixture book in a fresh folder, `edit` applied to its files' text.
    func book(_ edit: (_ path: String, _ text: String) -> String = { $1 }) throws -> String {
        let root = try TestSupport.temporaryDirectory()
        let fixture = TestSupport.fixture("swiftbook")
        for path in ["book.toml", "src/SUMMARY.md", "src/tour.md", "src/basics.md", "src/platforms.md"] {
            try FileSystem.writeAtomically(edit(path, TestSupport.read(fixture + "/" + path)!), to: root + "/" + path)
        }
        return root
    }

    func extract(_ markdown: String, rules: SampleRules = SampleRules(), page: String? = nil) -> [Sample] {
        SampleExtractor.extract(from: MarkdownParser.parse(markdown), path: "page.md", rules: rules, page: page).samples
    }

    @Test func theFragmentBookVerifiesWhatCanBeVerifiedAndSaysWhy() throws {
        let root = try book()
        let report = root + "/report.xml"
        let (status, lines) = run([
            "check", root, "--cache-dir", TestSupport.cacheDirectory, "--report", "junit:" + report,
        ])
        #expect(status == 0, "\(lines)")
        // UIKit is no library of this book (the tool carries none): its ignore-linux sample is skipped.
        #expect(
            lines.last
                == "5 passed, 0 failed, 3 skipped (passed: 2 run and compared, 1 run only, 1 compiled only, 1 failed to compile, as intended; 4 code blocks as one program)",
            "\(lines)")
        // The tour's fences are one continued program, said so that the count matches the page.
        #expect(lines.contains("\(root)/src/tour.md: 1 passed, 0 failed, 1 skipped (4 code blocks as one program)"))
        #expect(
            lines.contains(
                "\(root)/src/basics.md: 4 passed, 0 failed (passed: 1 run and compared, 1 run only, 1 compiled only, 1 failed to compile, as intended)"
            ))
        #expect(lines.contains("\(root)/src/platforms.md: 0 passed, 0 failed, 2 skipped"))
        #expect(
            lines.contains {
                $0.hasPrefix(
                    "\(root)/src/platforms.md:6:8: warning: sample not verified: no sample library of this book provides 'AppKit'"
                )
            }, "the unmarked AppKit sample is warned about at its import: \(lines)")
        #expect(!lines.contains { $0.contains("provides 'UIKit'") }, "the ignore-linux one said so itself: \(lines)")
        #expect(!lines.contains { $0.hasPrefix("Samples:") }, "one summary line, the last: \(lines)")
        #expect(
            lines.contains {
                $0.hasPrefix("  skipped \(root)/src/tour.md:41: needs 'SwiftUI'")
            }, "a skip is never silent: \(lines)")
        let xml = try #require(TestSupport.read(report))
        #expect(
            xml.contains("<skipped message=\"not compiled: needs &#39;AppKit&#39;") || xml.contains("needs 'AppKit'"))
        #expect(xml.contains("<property name=\"check\" value=\"run-only\"/>"))
        #expect(xml.contains("<property name=\"compiled-only\" value=\"1\"/>"))
        #expect(xml.contains("<property name=\"failed-to-compile\" value=\"1\"/>"), "compile_fail is its own count")
    }

    @Test func theSiteSaysHowFarEachSampleWasChecked() throws {
        let root = try book()
        let (status, lines) = run([
            "build", root, "--output", root + "/site", "--cache-dir", TestSupport.cacheDirectory,
        ])
        #expect(status == 0, "\(lines)")
        let tour = try #require(TestSupport.read(root + "/site/tour.html"))
        // In the reader's words: what the sample needs, not the build log's "sample library".
        #expect(tour.contains("Not compiled: SwiftUI needs an Apple platform"), "the skip's reason, in its badge")
        #expect(!tour.contains("sample library"), "the build log's wording stays in the build log")
        #expect(tour.contains("212.0") && tour.contains("[-4.0, 21.5, 100.0]"), "each block's own output")
        let basics = try #require(TestSupport.read(root + "/site/basics.html"))
        #expect(basics.contains("Ran · exit status 0 verified (Swift"), "a fence without output is run, not compared")
        // The book's Swift 5 language mode is named beside the compiler, in the badge and the footer.
        #expect(basics.contains(#/verified \(Swift [0-9.]+ -swift-version 5\)/#), "the language mode in the badge")
        #expect(basics.contains(#/checked with Swift [0-9.]+ -swift-version 5/#), "the language mode in the footer")
    }

    @Test func eachFailureOfAContinuedProgramIsAtTheMarkdownLineItBelongsTo() throws {
        let wrongOutput = try book { path, text in
            path == "src/tour.md" ? text.replacingOccurrences(of: "212.0\n", with: "213.0\n") : text
        }
        let output = run([
            "check", wrongOutput + "/src/tour.md", wrongOutput, "--cache-dir", TestSupport.cacheDirectory,
        ])
        #expect(output.status == 1)
        #expect(
            output.lines.contains {
                $0.hasPrefix("\(wrongOutput)/src/tour.md:21:1: error: output does not match the expected output")
            },
            "at the output block of the second fence: \(output.lines)")
        #expect(output.lines.joined(separator: "\n").contains("-213.0\n    +212.0"))

        let wrongCode = try book { path, text in
            path == "src/tour.md" ? text.replacingOccurrences(of: "== boiling)", with: "== boilingPoint)") : text
        }
        let compile = run(["check", wrongCode, "--cache-dir", TestSupport.cacheDirectory])
        #expect(compile.status == 1)
        #expect(
            compile.lines.contains {
                $0.hasPrefix("\(wrongCode)/src/tour.md:54:25: error: cannot find 'boilingPoint' in scope")
            },
            "at the line of the last fence: \(compile.lines)")
        #expect(
            compile.lines.last
                == "4 passed, 1 failed, 3 skipped (passed: 1 run and compared, 1 run only, 1 compiled only, 1 failed to compile, as intended; 4 code blocks as one program)"
        )
    }

    @Test func aFailingSampleIsCachedAsAPassIsAndNoCacheCompilesItAgain() throws {
        let nonce = UUID().uuidString
        let root = try book { path, text in
            path == "src/basics.md"
                ? text.replacingOccurrences(
                    of: "assert(best == 95, \"the best score is 95\")", with: "assert(best == 96, \"\(nonce)\")")
                : text
        }
        let cache = try TestSupport.temporaryDirectory()
        func check(_ extra: [String] = []) throws -> (lines: [String], cached: Bool) {
            let report = root + "/report.xml"
            let (status, lines) = run(
                ["check", root + "/src/basics.md", root, "--cache-dir", cache, "--report", "junit:" + report] + extra)
            #expect(status == 1)
            let xml = try #require(TestSupport.read(report))
            let failed = try #require(xml.split(separator: "\n").first { $0.contains("basics.md:5 ") })
            #expect(failed.contains("<failure"))
            return (lines, failed.contains("name=\"cached\""))
        }
        let cold = try check()
        #expect(!cold.cached)
        #expect(cold.lines.contains { $0.contains("crashed") && $0.contains("basics.md:5:1") }, "\(cold.lines)")
        let warm = try check()
        #expect(warm.cached, "the failure came from the cache")
        let fromCache = warm.lines.filter { $0.contains("verdicts came from the cache") }
        #expect(fromCache.count == 1 && fromCache[0].hasPrefix("4 of 4 "), "the summary says so: \(warm.lines)")
        #expect(warm.lines.filter { !fromCache.contains($0) } == cold.lines, "with the same messages")
        #expect(try !check(["--no-cache"]).cached)
    }

    @Test func aBookThatDidNotAskForVerificationBuildsAsMdBookBuildsIt() throws {
        let root = try book { path, text in
            if path == "book.toml" {
                return text.replacingOccurrences(of: "verify = true\n", with: "")
            }
            // A sample that would fail, and an attribute lecture does not know (counted: verifying
            // would refuse it, and the author learns of it only then).
            return path == "src/basics.md"
                ? text.replacingOccurrences(of: "\"three\"", with: "3")
                    + "\n```swift nonsense\nlet x: Int = \"x\"\n```\n" : text
        }
        let (status, lines) = run([
            "build", root, "--output", root + "/site", "--cache-dir", TestSupport.cacheDirectory,
        ])
        #expect(status == 0, "\(lines)")
        #expect(
            lines.last
                == "6 Swift samples were not verified: add 'verify = true' under '[preprocessor.lecture.samples]' in book.toml, or run 'lecture check'; Swift not meant to run: mark its fence 'swift ignore', or write 'verify = false' there to build without this line",
            "\(lines)")
        let basics = try #require(TestSupport.read(root + "/site/basics.html"))
        #expect(!basics.contains("<figure class=\"sample"), "code like any other")
        #expect(basics.contains("verbose: true"), "the output block shown as written")
        #expect(run(["check", root, "--cache-dir", TestSupport.cacheDirectory]).status == 1, "check always verifies")
        // The way out the line names (newuser-6, #9): `verify = false` in so many words.
        let toml = try #require(TestSupport.read(root + "/book.toml"))
        try FileSystem.writeAtomically(
            toml.replacingOccurrences(
                of: "[lecture.samples]\n", with: "[lecture.samples]\nverify = false\n"),
            to: root + "/book.toml")
        let declined = run(["build", root, "--output", root + "/site", "--cache-dir", TestSupport.cacheDirectory])
        #expect(declined.status == 0, "\(declined.lines)")
        #expect(!declined.lines.contains { $0.contains("not verified") }, "\(declined.lines)")
        #expect(declined.lines.last?.hasPrefix("Wrote ") == true, "\(declined.lines)")
    }

    @Test func theSwiftLanguageModeIsTheBooks() throws {
        let root = try book { path, text in
            path == "book.toml"
                ? text.replacingOccurrences(of: "swift-language-mode = 5", with: "swift-language-mode = 6") : text
        }
        let (status, lines) = run(["check", root + "/src/basics.md", root, "--cache-dir", TestSupport.cacheDirectory])
        #expect(status == 1)
        #expect(
            lines.contains {
                $0.hasPrefix("\(root)/src/basics.md:31:16: error: static property 'verbose' is not concurrency-safe")
            },
            "Swift 5 code fails in Swift 6 mode, at its line: \(lines)")
    }

    @Test func theRuleForAFenceWithoutOutputIsTheBooksAndAnAttributeOverridesIt() {
        let page =
            "```swift\nlet a = 1\n```\n\n```swift run\nlet b = 2\n```\n\n```swift no_run\nlet c = 3\n```\n\n```swift\nprint(4)\n```\n\n```output\n4\n```\n"
        var rules = SampleRules()
        let byDefault = extract(page, rules: rules)
        #expect(byDefault.map(\.mode) == [.run, .run, .noRun, .run])
        #expect(byDefault.map(\.requiresOutput) == [false, false, false, false], "rustdoc's rule: run, pass on exit 0")
        rules.withoutOutput = .compile
        #expect(extract(page, rules: rules).map(\.mode) == [.noRun, .run, .noRun, .run])
        rules.withoutOutput = .show
        let shown = extract(page, rules: rules)
        #expect(shown.map(\.mode) == [.ignore, .run, .noRun, .run])
        #expect(shown[0].skipReason?.contains("without-output = \"show\"") == true)
        rules.withoutOutput = .require
        #expect(extract(page, rules: rules).map(\.requiresOutput) == [true, false, false, false])
    }

    @Test func aContinuedPageIsOneProgramWhoseBlocksKeepTheirOutputs() {
        let page =
            "```swift\nlet a = 1\n```\n\n```swift ignore\nUIKitOnly()\n```\n\n```swift\nprint(a)\n```\n\n```output\n1\n```\n\n```swift group=g\nlet g = 1\n```\n\n```swift\nprint(a + 1)\n```\n\n```output\n2\n```\n"
        var rules = SampleRules()
        #expect(extract(page, rules: rules, page: "p.md").count == 5, "not continued")
        rules.continuation = .pages(["p.md"])
        let samples = extract(page, rules: rules, page: "p.md")
        #expect(samples.count == 3, "the plain fences one program; 'ignore' and the group apart")
        let program = samples[0]
        #expect(program.continued && program.parts.count == 3)
        #expect(program.parts.map(\.expectedOutput) == [nil, "1\n", "2\n"])
        #expect(program.parts.map(\.firstLine) == [2, 10, 22])
        #expect(
            program.program.components(separatedBy: Sample.partMarker).count == 1, "the marker is printed, not written")
        #expect(program.program.contains(Sample.partMarkerStatement))
        #expect(!program.program.contains("lecture-part\\u{1E}"), "the marker holds the run's nonce")
        #expect(extract(page, rules: rules, page: "other.md").count == 5, "only the pages named")
    }

    @Test func appleFrameworksAreFoundInImportsAndCompiledOnlyAgainstALibraryThatProvidesThem() {
        #expect(
            SamplePlatform.imports(
                in:
                    "import UIKit\n@preconcurrency import SwiftUI\nimport struct AppKit.NSColor\nlet important = 1\nimport Foundation\n"
            )
                == ["UIKit", "SwiftUI", "AppKit", "Foundation"])
        var rules = SampleRules()
        rules.providedModules = ["UIKit"]
        let samples = extract(
            "```swift\nimport UIKit\nprint(1)\n```\n\n```output\n1\n```\n\n```swift ignore-linux\nimport UIKit\n```\n\n```swift ignore-linux\nlet x = 1\n```\n\n```swift compile_fail\nimport SwiftUI\nlet x: Int = \"\"\n```\n",
            rules: rules)
        #expect(samples.map(\.mode) == [.run, .noRun, .noRun, .ignore], "a provided framework runs as any module")
        #expect(samples[3].skipReason?.contains("'SwiftUI'") == true, "never reported as passing without compiling")
        rules.providedModules = []
        let without = extract("```swift ignore-linux\nimport UIKit\n```\n", rules: rules)
        #expect(without.map(\.mode) == [.ignore])
    }

    @Test func bookTOMLSaysHowTheSamplesAreVerified() {
        let (settings, diagnostics) = BookSettingsLoader.parse(
            "[lecture.samples]\nverify = true\nwithout-output = \"compile\"\ncontinue = [\"tour.md\", \"a/b.md\"]\n",
            path: "book.toml")
        #expect(diagnostics.isEmpty, "\(diagnostics)")
        #expect(settings.verifySamples == true)
        #expect(settings.samplesWithoutOutput == .compile)
        #expect(settings.continuedPages == .pages(["tour.md", "a/b.md"]))
        #expect(
            BookSettingsLoader.parse("[lecture.samples]\ncontinue = true\n", path: "b").settings.continuedPages
                == .everyPage)
        let bad = BookSettingsLoader.parse(
            "[lecture.samples]\nwithout-output = \"skip\"\nverify = 1\n", path: "book.toml")
        #expect(
            bad.diagnostics.map(\.headline) == [
                "book.toml:2:1: error: 'lecture.samples.without-output' needs one of \"run\", \"compile\", \"show\", \"require\"",
                "book.toml:3:1: error: 'lecture.samples.verify' needs true or false",
            ])
    }
}
