import Foundation
import Testing

@testable import CommonMark
@testable import LectureKit
@testable import LectureSupport

/// Sample extraction: which fenced blocks are samples, and what their attributes mean.
@Suite struct SampleExtractionTests {
    func extract(_ markdown: String) -> (samples: [Sample], diagnostics: [Diagnostic]) {
        SampleExtractor.extract(from: MarkdownParser.parse(markdown), path: "page.md")
    }

    @Test func onlyTheExactWordSwiftMakesASample() {
        let found = extract(
            "```swift\na\n```\n\n```output\n```\n\n```Swift\nb\n```\n\n```swiftui\nc\n```\n\n```swift-diff\nd\n```\n")
        #expect(found.samples.map { $0.parts[0].code } == ["a\n"])
        // Not a sample, but warned about (issue 11, kind 9): the case is the likely slip.
        #expect(
            found.diagnostics.map(\.headline) == [
                "page.md:8:1: warning: code block marked 'Swift' is not a sample, and is not run"
            ])
    }

    @Test func samplesInListItemsAndBlockQuotesAreFound() {
        let markdown =
            "- 항목\n\n  ```swift\n  print(1)\n  ```\n\n  ```output\n  1\n  ```\n\n> ```swift\n> print(2)\n> ```\n>\n> ```output\n> 2\n> ```\n"
        let found = extract(markdown)
        #expect(found.samples.count == 2)
        #expect(found.samples.map(\.expectedOutput) == ["1\n", "2\n"])
        #expect(
            found.samples.map(\.location) == [SourceLocation(line: 3, column: 3), SourceLocation(line: 11, column: 3)])
    }

    @Test func aSwiftFenceInsideALongerFenceIsNotASample() {
        let found = extract("````markdown\n```swift\nprint(1)\n```\n````\n")
        #expect(found.samples.isEmpty)
        #expect(found.diagnostics.isEmpty)
    }

    @Test func tildeFencesAreSamplesToo() {
        let found = extract("~~~swift no_run\nlet x = 1\n~~~\n")
        #expect(found.samples.map(\.mode) == [.noRun])
    }

    @Test func unknownAttributeIsLocated() {
        let found = extract("text\n\n```swift norun\nx\n```\n")
        #expect(found.diagnostics.map(\.headline) == ["page.md:3:1: error: unknown sample attribute 'norun'"])
    }

    @Test func aSampleWithABadInfoStringIsNotVerified() {
        // Its verdict would be a follow-on error: 'no-run' meant no_run (no output block wanted),
        // 'ignroe' meant ignore (code not meant to compile); the other samples are verified.
        let found = extract(
            "```swift no-run\nlet a = 1\n```\n\n```swift ignroe\nimport SwiftUI\n```\n\n```swift group=\nprint(1)\n```\n\n"
                + "```swift test no_run\nimport Testing\n```\n\n```swift\nprint(2)\n```\n\n```output\n2\n```\n")
        #expect(found.samples.map(\.location.line) == [17])
        #expect(
            found.diagnostics.map(\.headline) == [
                "page.md:1:1: error: unknown sample attribute 'no-run'",
                "page.md:5:1: error: unknown sample attribute 'ignroe'",
                "page.md:9:1: error: 'group=' needs a name, as in 'group=greeting'",
                "page.md:13:1: error: attributes 'test' and 'no_run' contradict each other",
            ])
    }

    @Test func outputWithoutSampleIsAnError() {
        let found = extract("```output\nx\n```\n")
        #expect(
            found.diagnostics.map(\.headline) == ["page.md:1:1: error: output block does not follow a swift sample"])
    }

    @Test func groupedBlocksFormOneProgramInPageOrder() {
        let found = extract(
            "```swift group=g\nlet a = 1\n```\n\n사이 문단\n\n```swift group=g\nprint(a)\n```\n\n```output\n1\n```\n")
        #expect(found.diagnostics.isEmpty)
        #expect(found.samples.count == 1)
        let sample = found.samples[0]
        #expect(sample.parts.map(\.firstLine) == [2, 8])
        #expect(
            sample.program
                == "#sourceLocation(file: \"page.md\", line: 2)\nlet a = 1\n#sourceLocation(file: \"page.md\", line: 8)\nprint(a)\n#sourceLocation()\n"
        )
    }

    @Test func groupNameUsedAgainAfterItsOutputIsAnError() {
        let found = extract("```swift group=g\nlet a = 1\n```\n\n```output\n```\n\n```swift group=g\nprint(a)\n```\n")
        #expect(found.diagnostics.map(\.headline) == ["page.md:8:1: error: group 'g' already ended"])
    }

    @Test func hiddenLinesAreCompiledButNotShown() {
        let found = extract(
            "```swift\n// snippet.hide\nlet name = \"길동\"\n// snippet.show\nprint(name)\n```\n\n```output\n길동\n```\n")
        #expect(found.samples[0].parts[0].visibleCode == "print(name)\n")
        #expect(found.samples[0].program.contains("let name = \"길동\""))
    }
}

/// Verification with the real swiftc: compile, run, compare, and report at the Markdown line.
@Suite(.serialized) struct SampleVerificationTests {
    static let stage = makeStage(libraries: TestSupport.fixtureLibraries)

    /// A stage with a 3 s time limit on 2 jobs whose samples may import `libraries`.
    static func makeStage(libraries: [String]) -> Result<SampleStage, LectureError> {
        var options = SampleVerifier.Options()
        options.libraries = libraries
        options.timeout = 3
        var run = RunContext()
        run.jobs = 2
        do {
            return .success(
                try SampleStage.prepare(cacheDirectory: TestSupport.cacheDirectory, options: options, run: run))
        } catch let error as LectureError {
            return .failure(error)
        } catch {
            return .failure(LectureError(.unexpected, "\(error)"))
        }
    }

    func verify(_ markdown: String, path: String = "page.md", noCache: Bool = true) throws -> [SampleResult] {
        var stage = try Self.stage.get()
        stage.verifier.options.noCache = noCache
        let found = SampleExtractor.extract(from: MarkdownParser.parse(markdown), path: path)
        #expect(found.diagnostics.isEmpty)
        return stage.verifier.verify(found.samples)
    }

    @Test func typeErrorIsReportedAtTheMarkdownLine() throws {
        // The fence opens on line 10; the error is on the third code line, line 13.
        let markdown =
            String(repeating: "문단\n", count: 9) + "```swift no_run\nlet a = 1\nlet b = 2\nlet c: Int = \"셋\"\n```\n"
        let results = try verify(markdown)
        #expect(results[0].outcome == .failed)
        let error = try #require(results[0].diagnostics.first { $0.severity == .error })
        #expect(error.path == "page.md")
        #expect(error.location == SourceLocation(line: 13, column: 14))
        #expect(error.summary.contains("cannot convert value of type 'String' to specified type 'Int'"))
    }

    @Test func infiniteLoopTimesOutAndOtherSamplesStillRun() throws {
        let markdown =
            "```swift\nwhile true {}\n```\n\n```output\n```\n\n```swift\nprint(\"after\")\n```\n\n```output\nafter\n```\n"
        let results = try verify(markdown)
        #expect(results.map(\.outcome) == [.failed, .passed])
        #expect(
            results[0].diagnostics.map(\.headline) == ["page.md:1:1: error: sample timed out after 3 s and was killed"])
    }

    @Test func trapAfterMatchingOutputFailsAndIsNamed() throws {
        let markdown =
            "```swift\nprint(\"ok\")\nlet numbers = [1, 2, 3]\nlet index = numbers.count\nprint(numbers[index])\n```\n\n```output\nok\n```\n"
        let results = try verify(markdown)
        #expect(results[0].outcome == .failed)
        let headline = results[0].diagnostics.first?.headline ?? ""
        #expect(headline.hasPrefix("page.md:1:1: error: sample crashed with SIG"))
        #expect(headline.hasSuffix("Fatal error: Index out of range"))
        // What it printed before the trap was flushed and matched: the crash is the only error.
        #expect(results[0].actualOutput == "ok\n")
        #expect(results[0].diagnostics.count == 1)
        #expect(!(results[0].diagnostics.first?.description.contains("Current stack trace") ?? true))
    }

    @Test func shouldFailSampleKeepsWhatItPrintedBeforeTrapping() throws {
        let results = try verify(
            "```swift should_fail\nprint(\"before\")\nfatalError(\"boom\")\n```\n\n```output\nbefore\n```\n")
        #expect(results[0].outcome == .passed, "\(results[0].diagnostics)")
    }

    @Test func warmRunShowsTheWarningsOfTheColdRun() throws {
        let nonce = UUID().uuidString
        let sample = "```swift\n// \(nonce)\nlet value: Int? = 36\nprint(value)\n```\n\n```output\nOptional(36)\n```\n"
        let cold = try verify(sample, noCache: false)
        let warning = try #require(cold[0].diagnostics.first)
        #expect(warning.severity == .warning)
        #expect(warning.location == SourceLocation(line: 4, column: 7))
        // Moved down two lines: the cached warning moves with it.
        let warm = try verify("문단\n\n" + sample, noCache: false)
        #expect(warm[0].fromCache)
        #expect(warm[0].diagnostics.map(\.location) == [SourceLocation(line: 6, column: 7)])
        #expect(warm[0].diagnostics.map(\.summary) == [warning.summary])
    }

    @Test func pageWithBOMAndCRLFVerifiesAtTheRightLines() throws {
        let text = "\u{FEFF}# 쪽\r\n\r\n```swift\r\nprint(\"crlf\")\r\nlet n: Int = \"x\"\r\n```\r\n"
        let file = try SourceFileReader.decode(Array(text.utf8), displayPath: "page.md", relativePath: "page.md")
        var stage = try Self.stage.get()
        stage.verifier.options.noCache = true
        let samples = SampleExtractor.extract(from: MarkdownParser.parse(file.text), path: "page.md").samples
        let results = stage.verifier.verify(samples)
        #expect(results[0].diagnostics.first { $0.severity == .error }?.location == SourceLocation(line: 5, column: 14))
    }

    @Test func stdinIsDevNull() throws {
        let results = try verify("```swift\nprint(readLine() ?? \"EOF\")\n```\n\n```output\nEOF\n```\n")
        #expect(results[0].outcome == .passed)
        #expect(results[0].actualOutput == "EOF\n")
    }

    @Test func sampleThatCreatesADirectoryPassesTwice() throws {
        let markdown =
            "```swift\nimport Foundation\ntry FileManager.default.createDirectory(atPath: \"made\", withIntermediateDirectories: false)\nprint(\"created\")\n```\n\n```output\ncreated\n```\n"
        #expect(try verify(markdown).map(\.outcome) == [.passed])
        #expect(try verify(markdown).map(\.outcome) == [.passed])
    }

    @Test func koreanAndEmojiOutputSurviveComparison() throws {
        let results = try verify("```swift\nprint(\"안녕하세요 👋🏽\")\n```\n\n```output\n안녕하세요 👋🏽\n```\n")
        #expect(results[0].outcome == .passed)
        let html = SampleRendering.figure(results[0].sample, part: 0, swiftVersion: "Swift 6")
        #expect(html.contains("<pre class=\"output\"><code>안녕하세요 👋🏽\n</code></pre>"))
    }

    @Test func mismatchShowsADiffWithVisibleWhitespace() throws {
        let results = try verify("```swift\nprint(\"a \")\nprint(\"b\")\n```\n\n```output\na\nc\n```\n")
        let error = try #require(results[0].diagnostics.first)
        #expect(error.headline == "page.md:7:1: error: output does not match the expected output")
        #expect(error.notes[0] == "--- expected\n+++ actual\n-a\n-c\n+a·\n+b")
    }

    /// A mismatch is said at the output block's first line that differs, the line a person
    /// edits (new-user round of 2026-12-07: it was the opening fence); lines missing at the
    /// block's end, at its closing fence, where they go; a line too many, at that line.
    @Test(arguments: [("a\nb\nc\n", "a\nX\nc\n", 9), ("a\nb\nc\n", "a\nb\n", 10), ("a\nb\n", "a\nb\nc\n", 9)])
    func aMismatchIsAtTheFirstLineThatDiffers(_ printed: String, _ block: String, _ line: Int) throws {
        let swift = printed.split(separator: "\n").map { "print(\"\($0)\")\n" }.joined()
        let markdown = "```swift\n\(swift)```\n\n```output\n\(block)```\n"
        let error = try #require(try verify(markdown).first?.diagnostics.first)
        #expect(error.headline == "page.md:\(line):1: error: output does not match the expected output")
    }

    @Test func attributesChangeWhatIsChecked() throws {
        let markdown = """
            ```swift compile_fail
            let x: Int = "no"
            ```

            ```swift should_fail
            fatalError("expected")
            ```

            ```swift ignore
            import SwiftUI
            ```

            ```swift compile_fail
            let fine = 1
            ```
            """
        let results = try verify(markdown + "\n")
        #expect(results.map(\.outcome) == [.passed, .passed, .skipped, .failed])
        #expect(results[3].diagnostics.map(\.summary) == ["sample compiled, but is marked 'compile_fail'"])
    }

    @Test func warmRunCompilesNothingAndAnEditRecompilesOnlyThatSample() throws {
        let nonce = UUID().uuidString
        let first = "```swift\nprint(\"one \(nonce)\")\n```\n\n```output\none \(nonce)\n```\n"
        let second = "```swift\nprint(\"two \(nonce)\")\n```\n\n```output\ntwo \(nonce)\n```\n"
        let cold = try verify(first + "\n" + second, noCache: false)
        #expect(cold.map(\.compiled) == [true, true])
        let warm = try verify(first + "\n" + second, noCache: false)
        #expect(warm.map(\.compiled) == [false, false])
        #expect(warm.map(\.outcome) == [.passed, .passed])
        let edited = try verify(
            first + "\n" + second.replacingOccurrences(of: "two", with: "deux") + "\n", noCache: false)
        #expect(edited.map(\.compiled) == [false, true])
    }

    @Test func codeThatReadsItsLineIsVerifiedAgainWhenItMoves() throws {
        let nonce = UUID().uuidString
        let sample = "```swift\n// \(nonce)\nprint(#line)\n```\n\n```output\n3\n```\n"
        #expect(try verify(sample, noCache: false).map(\.outcome) == [.passed])
        let moved = try verify("문단\n\n" + sample, noCache: false)
        #expect(moved[0].compiled, "the cached result must not answer for code that prints its own line")
        #expect(moved[0].outcome == .failed)
    }
}

@Suite struct OutputComparisonTests {
    @Test func onlyCRLFAndTheFinalNewlineAreNormalised() {
        #expect(OutputComparison.matches(expected: "a\r\nb\n", actual: "a\nb"))
        #expect(!OutputComparison.matches(expected: "a\n\n", actual: "a\n"))
        #expect(!OutputComparison.matches(expected: "a ", actual: "a"))
    }
}

@Suite struct BlessTests {
    @Test func blessRewritesOnlyTheOutputLines() {
        let original = "# 제목\r\n\r\n> ```swift\r\n> print(1)\r\n> ```\r\n>\r\n> ```output\r\n> old\r\n> ```\r\n끝\r\n"
        let blocks = MarkdownParser.parse(original.replacingOccurrences(of: "\r\n", with: "\n"))
        let sample = SampleExtractor.extract(from: blocks, path: "p.md").samples[0]
        let blessed = Bless.apply(original, outputs: [(sample: sample, output: "new\n```tick\n")])
        #expect(
            blessed
                == "# 제목\r\n\r\n> ```swift\r\n> print(1)\r\n> ```\r\n>\r\n> ````output\r\n> new\r\n> ```tick\r\n> ````\r\n끝\r\n"
        )
    }

    @Test func blessInsertsAMissingOutputBlock() {
        let original = "```swift\nprint(1)\n```\n\n다음 문단\n"
        let sample = SampleExtractor.extract(from: MarkdownParser.parse(original), path: "p.md").samples[0]
        #expect(
            Bless.apply(original, outputs: [(sample: sample, output: "1\n")])
                == "```swift\nprint(1)\n```\n\n```output\n1\n```\n\n다음 문단\n")
    }
}
