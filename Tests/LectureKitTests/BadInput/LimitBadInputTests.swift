import Foundation
import Testing

@testable import CommonMark
@testable import LectureKit
@testable import LectureSupport

/// Limits (issue 34): every number a person gives, on the command line or in book.toml, is
/// range-checked into a usage error, never a crash.
@Suite struct LimitBadInputTests {
    func run(_ arguments: [String]) -> (status: Int32, text: String) {
        let recorder = TestSupport.Recorder()
        let status = LectureCommand.main(arguments, console: recorder.console)
        return (status, recorder.text)
    }

    @Test(arguments: ["1e300", "inf", "nan", "86401", "0", "-0", "1e-400"])
    func aTimeoutOutOfRangeIsAUsageError(_ value: String) {
        for command in ["check", "build"] {
            let result = run([command, "--timeout", value, "--content", "/nonexistent-book"])
            #expect(result.status == 2)
            #expect(
                result.text.contains(
                    "error: --timeout needs a number of seconds above 0 and at most 86400 (a day), not '\(value)'"),
                "\(result.text)")
        }
    }

    @Test(arguments: ["1025", "99999999999999999999", "-3"])
    func tooManyJobsIsAUsageError(_ value: String) {
        let result = run(["check", "-j", value, "--content", "/nonexistent-book"])
        #expect(result.status == 2)
        #expect(result.text.contains("error: -j needs a whole number from 1 to 1024, not '\(value)'"))
    }

    @Test(arguments: ["1e300", "inf", "nan", "-inf", "0", "100000"])
    func aBookTimeoutOutOfRangeIsAnErrorAtItsLine(_ value: String) {
        let (settings, diagnostics) = BookSettingsLoader.parse(
            "[book]\ntitle = \"T\"\n\n[lecture]\ntimeout = \(value)\n", path: "book.toml")
        #expect(settings.timeout == nil)
        #expect(diagnostics.count == 1)
        #expect(diagnostics.first?.severity == .error)
        #expect(diagnostics.first?.location?.line == 5)
        #expect(diagnostics.first?.summary.contains("above 0 and at most 86400") == true, "\(diagnostics)")
    }

    @Test func theLargestTimeoutStillRuns() throws {
        let parsed = try CheckCommand.options(["--timeout", "86400", "-j", "1024"])
        #expect(parsed.book.timeout == 86_400)
        #expect(parsed.book.jobs == 1024)
        // The deadline a run computes from it is representable.
        #expect(ContinuousClock.now.advanced(by: .seconds(86_400.0)) > ContinuousClock.now)
    }
}

/// Limits (issue 34): every pass over a page is linear, and the one of cmark that is not is
/// bounded by a located error.
@Suite struct SlowPageBadInputTests {
    /// A page of `unit` repeated to about `bytes`, built; its console lines and the seconds it took.
    func build(_ unit: String, bytes: Int) throws -> (lines: [String], seconds: Double, root: String) {
        let page = "# 쪽\n\n" + String(repeating: unit, count: bytes / unit.utf8.count) + "\n\n## 끝\n"
        let start = ContinuousClock.now
        let (root, lines, _) = try BadInputBook.build([
            "SUMMARY.md": "# 책\n\n- [쪽](p.md)\n", "p.md": page,
        ])
        return (lines, (ContinuousClock.now - start).seconds, root)
    }

    /// 720 KB of unclosed links took 31 s in the link scan (each `](` read to the line's end);
    /// a second 720 KB with a space in each took the backtracking regex longer still.
    @Test(arguments: ["[x](y.md#", "[x](a b", "[x](a b) "])
    func unclosedLinksAreScannedInLinearTime(_ unit: String) throws {
        let (lines, seconds, root) = try build(unit, bytes: 720_000)
        defer { FileSystem.removeTemporaryDirectory(root) }
        // Linear, it takes seconds in a debug build; quadratic, it took half an hour.
        #expect(seconds < 120, "\(seconds) s")
        if unit == "[x](a b) " {
            // 80,000 links shown as text: the first 100 warned one by one, the rest counted.
            let warned = lines.filter { $0.contains(": warning: link") || $0.contains(": warning: 79900 more") }
            #expect(warned.count == 101)
            #expect(
                warned.last?.contains("warning: 79900 more links or images from here on may be shown as text") == true)
        }
    }

    @Test func bracketsThatWouldKeepCmarkBusyAreALocatedError() throws {
        let (lines, seconds, root) = try build("![[]()", bytes: 480_000)
        defer { FileSystem.removeTemporaryDirectory(root) }
        #expect(seconds < 120, "\(seconds) s")
        let error = try #require(lines.first { $0.contains("lecture.markdown") || $0.contains("too many '['") })
        #expect(error.contains("/content/p.md:3:1: error: too many '[' open in one paragraph"), "\(error)")
    }

    /// cmark's smart punctuation walks back over every delimiter a matched pair of quotes left
    /// on the stack (cmark #521): 360 KB of `'x ` then `'"x` took 23 s (attack 12). The page is
    /// parsed without smart punctuation, whole, and the paragraph warned.
    @Test func quotesThatWouldKeepSmartPunctuationBusyAreWarnedAndThePageKept() throws {
        let quotes = String(repeating: "'x ", count: 30_000) + String(repeating: "'\"x", count: 30_000)
        let root = try TestSupport.makeTree([
            "content/SUMMARY.md": "# 책\n\n- [쪽](p.md)\n", "content/p.md": "# 쪽\n\n" + quotes + "\n\n끝 -- 마지막\n",
            "templates/page.html": TestSupport.minimalPage,
        ])
        defer { FileSystem.removeTemporaryDirectory(root) }
        var configuration = TestSupport.configuration(
            content: root + "/content", templates: root + "/templates", output: root + "/_site")
        configuration.smartPunctuation = true
        let recorder = TestSupport.Recorder()
        let start = ContinuousClock.now
        try BuildPipeline(configuration: configuration, console: recorder.console).run()
        #expect((ContinuousClock.now - start).seconds < 120)
        let warning = try #require(recorder.lines.first { $0.contains("for smart punctuation") }, "\(recorder.lines)")
        #expect(warning.contains("/content/p.md:3:1: warning: too many quotes and emphasis marks in one paragraph"))
        let html = try String(contentsOfFile: root + "/_site/p.html", encoding: .utf8)
        #expect(html.contains("끝 -- 마지막"), "the page is whole, its dashes as written")
    }

    @Test func theEstimateLeavesOrdinaryPagesAlone() {
        func cut(_ text: String) -> (offset: Int, line: Int)? {
            var text = text
            return text.withUTF8 { ParseCost.estimate($0, quotes: false).cut.map { ($0.offset, $0.line) } }
        }
        // A thousand links in one paragraph, arrays nested in a sample, escaped brackets.
        #expect(cut(String(repeating: "[링크](a.md) ", count: 1000)) == nil)
        #expect(cut("```swift\n" + String(repeating: "[[1], [2]], ", count: 50_000) + "\n```\n") == nil)
        #expect(cut(String(repeating: "\\[", count: 100_000) + String(repeating: "[]()", count: 100_000)) == nil)
        // Blank lines end a paragraph's brackets.
        #expect(cut(String(repeating: "![[]()\n\n", count: 100_000)) == nil)
        #expect(cut("줄\n" + String(repeating: "![[]()", count: 20_000))?.line == 2)
        #expect(cut("줄\n" + String(repeating: "![[]()", count: 20_000))?.offset == 4)
    }
}
