import Foundation
import Testing

@testable import CommonMark
@testable import LectureKit
@testable import LectureSupport

/// Samples that failed, as marked, but not for the reason their page gives (newuser-7, #1): a
/// `compile_fail` fence whose only error is a name an earlier fence declares, a `should_fail`
/// fence that could not open a file of the book. Each is a failure with the fix, never
/// "fails to compile, as intended".
@Suite struct FalsePassTests {
    static let box = "```swift\nfinal class Box { var value = 0 }\n```\n\n"
    static let sendable = "```swift compile_fail\nlet box = Box()\nTask.detached { box.value += 1 }\n```\n"

    @Test func aCompileFailFenceFailingOnANameAnEarlierFenceDeclaresFails() throws {
        let (status, lines, page) = try ContinuedPageTests.check(Self.box + Self.sendable, continued: "false")
        #expect(status != 0, "\(lines)")
        let error = lines.first { $0.contains("error: 'compile_fail' sample fails only because it cannot find 'Box'") }
        #expect(error?.hasPrefix(page + ":5:1:") == true, "\(lines)")
        #expect(error?.contains("'Box' is declared by the fence at \(page):1") == true, "\(lines)")
        #expect(error?.contains("continue = [\"page.md\"]") == true, "\(lines)")
        #expect(error?.contains("expect-error=\"cannot find 'Box' in scope\"") == true, "\(lines)")
        #expect(lines.last == "1 passed, 1 failed (passed: 1 run only)", "\(lines)")
        // The same verdict from the cache.
        let (again, warm, _) = try ContinuedPageTests.check(Self.box + Self.sendable, continued: "false")
        #expect(again != 0 && warm.contains { $0.contains("fails only because it cannot find 'Box'") }, "\(warm)")
    }

    @Test func aCompileFailFenceThatExpectsTheMissingNamePasses() throws {
        let fence = Self.sendable.replacingOccurrences(
            of: "compile_fail", with: "compile_fail expect-error=\"cannot find 'Box' in scope\"")
        let (status, lines, _) = try ContinuedPageTests.check(Self.box + fence, continued: "false")
        #expect(status == 0, "\(lines)")
        #expect(lines.last == "2 passed, 0 failed (passed: 1 run only, 1 failed to compile, as intended)", "\(lines)")
    }

    @Test func aCompileFailFenceWithANameNoFenceDeclaresStillPasses() throws {
        let (status, lines, _) = try ContinuedPageTests.check(
            "```swift compile_fail\nfunc f() { let secret = 1 }\nprint(secret)\n```\n", continued: "false")
        #expect(status == 0, "a scope lesson: \(lines)")
    }

    @Test func anExpectErrorMismatchOnADeclaredNameGetsTheNote() throws {
        let fence = Self.sendable.replacingOccurrences(
            of: "compile_fail", with: "compile_fail expect-error=\"Sendable\"")
        let (status, lines, page) = try ContinuedPageTests.check(Self.box + fence, continued: "false")
        #expect(status != 0)
        let error = lines.first { $0.contains("not with the error it expects: 'Sendable'") }
        #expect(error?.contains("'Box' is declared by the fence at \(page):1") == true, "\(lines)")
    }

    @Test func aShouldFailFenceThatCouldNotOpenABookFileFails() throws {
        let markdown =
            "```swift should_fail\nimport Foundation\nlet text = try String(contentsOfFile: \"cities.txt\", encoding: .utf8)\nprint(text.count)\n```\n"
        let (status, lines, _) = try ContinuedPageTests.check(
            markdown, continued: "false", files: ["cities.txt": "Seoul\n"])
        #expect(status != 0, "\(lines)")
        let error = lines.first {
            $0.contains("'should_fail' sample failed because it could not open a file of the book")
        }
        #expect(error?.contains("add 'reads=cities.txt'") == true, "\(lines)")
        let (fixed, after, _) = try ContinuedPageTests.check(
            markdown.replacingOccurrences(of: "should_fail", with: "should_fail reads=cities.txt"), continued: "false",
            files: ["cities.txt": "Seoul\n"])
        #expect(fixed != 0, "it opens the file now, so it exits 0: \(after)")
        #expect(after.contains { $0.contains("exited with status 0") }, "\(after)")
    }
}

/// A `should_fail` sample whose expected text went to standard error (a trap's message): the diff
/// says it printed nothing on standard output, bless removes the block, the page shows no empty box
/// (newuser-7, #5).
@Suite struct ShouldFailStderrTests {
    static let trap =
        "```swift should_fail\nstruct ValidationError: Error {}\nthrow ValidationError()\n```\n\n```output\nFatal error: Error raised at top level: ValidationError()\n```\n"

    @Test func theDiffSaysNothingWasPrintedAndNamesTheStream() throws {
        let (status, lines, _) = try ContinuedPageTests.check(Self.trap, continued: "false")
        #expect(status != 0)
        let error = try #require(lines.first { $0.contains("output does not match") }, "\(lines)")
        #expect(error.contains("(nothing on standard output)"), "\(error)")
        #expect(!error.split(separator: "\n").contains { $0.trimmingCharacters(in: .whitespaces) == "+" }, "\(error)")
        #expect(error.contains("a 'should_fail' sample's trap message is not compared"), "\(error)")
    }

    @Test func blessRemovesTheBlockAndTheCheckThenPasses() throws {
        let (_, lines, page) = try ContinuedPageTests.check(Self.trap, continued: "false", arguments: ["--bless"])
        let text = try String(contentsOfFile: page, encoding: .utf8)
        #expect(!text.contains("```output"), "\(text)\n\(lines)")
        #expect(
            lines.contains { $0.hasPrefix("removed 1 output block in \(page): a 'should_fail' sample") }, "\(lines)")
        #expect(!lines.contains { $0.hasPrefix("blessed ") }, "\(lines)")
        #expect(lines.last == "1 passed, 0 failed (passed: 1 run only)", "\(lines)")
        #expect(text.hasSuffix("throw ValidationError()\n```\n"), "\(text)")
        let blessed = try ContinuedPageTests.check(text, continued: "false")
        #expect(blessed.status == 0, "\(blessed.lines)")
    }

    @Test func diffOfNothingPrinted() {
        #expect(
            OutputComparison.diff(expected: "a\nb\n", actual: "")
                == "--- expected\n+++ actual\n-a\n-b\n(nothing on standard output)")
        #expect(OutputComparison.diff(expected: "a\n", actual: "\n").hasSuffix("\n+"), "one empty line printed")
    }

    @Test func anEmptyOutputBlockShowsNoBox() {
        for page in [
            "```swift should_fail\nfatalError()\n```\n\n```output\n```\n",
            "```swift\nlet x = 1\n```\n\n```output\n\n```\n",
        ] {
            let sample = SampleExtractor.extract(from: MarkdownParser.parse(page), path: "p.md").samples[0]
            let html = SampleRendering.figure(sample, part: 0, swiftVersion: "Swift 6")
            #expect(!html.contains("class=\"output\""), "\(html)")
            #expect(html.contains("sample-output"), "the verdict stays: \(html)")
        }
    }
}

/// The advice under a first compile error (newuser-7, #6): hiding the fence (`ignore`,
/// `compile_fail`) for an excerpt or a book whose samples mostly fail; the error itself for a typo
/// in a book that compiles.
@Suite struct CompileErrorAdviceTests {
    static let counter =
        "```swift\nstruct Counter { var count = 0; mutating func increment() { count += 1 } }\nvar c = Counter()\nc.increment()\nprint(c.count)\n```\n\n```output\n1\n```\n\n"

    @Test func aTypoInABookThatCompilesPointsAtTheError() throws {
        let typo = "```swift\nstruct Other { func increment() {} }\nOther().incremnt()\n```\n"
        let (status, lines, _) = try ContinuedPageTests.check(Self.counter + Self.counter + typo, continued: "false")
        #expect(status != 0)
        let error = lines.first { $0.contains("has no member 'incremnt'") }
        #expect(error?.contains(CompileErrorAdvice.fixTheCode) == true, "\(lines)")
        #expect(error?.contains("mark it 'ignore'") == false, "\(lines)")
        // A name an earlier fence declares: the note on joining the fences, no other advice.
        let (_, joined, _) = try ContinuedPageTests.check(
            Self.counter + Self.counter + "```swift\nvar f = Counter()\nf.increment()\n```\n", continued: "false")
        let fragment = joined.first { $0.contains("cannot find 'Counter' in scope") }
        #expect(fragment?.contains("is declared by the fence at") == true, "\(joined)")
        #expect(fragment?.contains(CompileErrorAdvice.fixTheCode) == false, "\(joined)")
        #expect(fragment?.contains(CompileErrorAdvice.attributes) == false, "\(joined)")
    }

    @Test func aBookWhoseSamplesMostlyFailGetsTheAttributes() throws {
        let broken = (1...3).map { "```swift\nlet x\($0): Int = \"\($0)\"\n```\n\n" }.joined()
        let (status, lines, _) = try ContinuedPageTests.check(broken, continued: "false")
        #expect(status != 0)
        let errors = lines.filter { $0.contains("cannot convert value of type 'String'") }
        #expect(errors.count == 3, "\(lines)")
        #expect(errors.allSatisfy { $0.contains(CompileErrorAdvice.attributes) }, "\(lines)")
    }
}
