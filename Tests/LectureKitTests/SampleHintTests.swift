import Foundation
import Testing

@testable import CommonMark
@testable import LectureKit

/// Kinds 4–8 of issue 11: what a failing sample's diagnostic says, with the real swiftc.
@Suite(.serialized) struct SampleHintTests {
    /// `rules`: the book's; by default, as this lecture's (`without-output = "require"`).
    func verify(_ markdown: String, rules: SampleRules = Self.requiringOutput) throws -> [SampleResult] {
        var stage = try SampleVerificationTests.stage.get()
        stage.verifier.options.noCache = true
        return stage.verifier.verify(
            SampleExtractor.extract(from: MarkdownParser.parse(markdown), path: "page.md", rules: rules).samples)
    }

    static let requiringOutput = {
        var rules = SampleRules()
        rules.withoutOutput = .require
        return rules
    }()

    /// `no such module`: a library to declare, or, for a sample not meant to run here (an mdBook
    /// guide's `import Tally` of its own package, newuser-9 #5), `ignore`; SwiftPM's modules only `ignore`.
    @Test func aMissingModuleOffersALibraryOrIgnore() {
        #expect(
            CompilerOutput.missingModuleNote("no such module 'Tally'") == [
                "'Tally' is not among the book's sample libraries: add the folder of its sources to book.toml's [preprocessor.lecture.samples] libraries = [\"path/to/Tally\"], or, if the sample is not meant to run here, mark the fence 'swift ignore' to show it unverified"
            ])
        #expect(
            CompilerOutput.missingModuleNote("no such module 'PackageDescription'").first?.contains(
                "mark the fence 'ignore'") == true)
        #expect(CompilerOutput.missingModuleNote("cannot find 'x' in scope").isEmpty)
    }

    /// The runtime names a failed `precondition`'s file by its `#fileID`, `Sample/b.md`: the
    /// note shows the page's path instead, so an editor can jump to it.
    @Test func aCrashNamesThePageNotTheFileID() throws {
        var stage = try SampleVerificationTests.stage.get()
        stage.verifier.options.noCache = true
        let markdown = "```swift\nlet x = 1\nprecondition(x == 2, \"x는 2여야 합니다\")\n```\n"
        let samples = SampleExtractor.extract(from: MarkdownParser.parse(markdown), path: "content/part/b.md").samples
        let results = stage.verifier.verify(samples)
        let error = try #require(results[0].diagnostics.first)
        #expect(error.summary.hasPrefix("sample crashed with "), "\(error)")
        let stderr = error.notes.joined(separator: "\n")
        #expect(stderr.contains("content/part/b.md:3: Precondition failed: x는 2여야 합니다"), "\(stderr)")
        #expect(!stderr.contains("Sample/b.md"), "\(stderr)")
    }

    // Kind 4: a program that ends before the work it scheduled.

    @Test func workLeftOnAnotherQueueGetsTheEndedEarlyHint() throws {
        let markdown = """
            ```swift
            import Dispatch
            print("시작")
            DispatchQueue.global().asyncAfter(deadline: .now() + 5) { print("끝") }
            ```

            ```output
            시작
            끝
            ```

            """
        let results = try verify(markdown)
        let error = try #require(results[0].diagnostics.first)
        #expect(error.summary == "output does not match the expected output")
        #expect(error.notes[1].contains("the program ended before the last line was printed"))
        #expect(error.notes[1].contains("DispatchQueue…async"))
    }

    @Test func aTopLevelTaskThatNeverRunsGetsTheHintToo() throws {
        let markdown =
            "```swift\nTask { try? await Task.sleep(for: .seconds(5)); print(\"하나\"); print(\"둘\") }\n```\n\n```output\n하나\n둘\n```\n"
        let error = try #require(try verify(markdown)[0].diagnostics.first)
        #expect(error.notes[1].contains("the program ended before the last 2 lines were printed"))
        #expect(error.notes[1].contains("Task { }"))
    }

    @Test func anOrdinaryMismatchGetsNoSuchHint() throws {
        let error = try #require(
            try verify("```swift\nprint(\"가\")\n```\n\n```output\n나\n다\n```\n")[0].diagnostics.first)
        #expect(!error.notes[1].contains("ended before"))
    }

    @Test func missingTailCountsOnlyAStrictPrefix() {
        #expect(OutputComparison.missingTail(expected: "a\nb\nc\n", actual: "a\n") == 2)
        #expect(OutputComparison.missingTail(expected: "a\nb\n", actual: "") == 2)
        #expect(OutputComparison.missingTail(expected: "a\nb\n", actual: "a\nb\n") == nil)
        #expect(OutputComparison.missingTail(expected: "a\nb\n", actual: "b\n") == nil)
    }

    // Kind 5: `@main` samples.

    @Test func anAtMainSamplePasses() throws {
        let markdown = """
            ```swift
            @main
            struct Greeter {
                static func main() {
                    print("안녕하세요")
                }
            }
            ```

            ```output
            안녕하세요
            ```

            """
        let results = try verify(markdown)
        #expect(results[0].outcome == .passed, "\(results[0].diagnostics)")
    }

    @Test func anAsyncAtMainSamplePasses() throws {
        let markdown =
            "```swift\n@main\nstruct App {\n    static func main() async {\n        await Task.yield()\n        print(\"async\")\n    }\n}\n```\n\n```output\nasync\n```\n"
        #expect(try verify(markdown)[0].outcome == .passed)
    }

    @Test func anErrorInAnAtMainSamplePointsAtTheMarkdownLine() throws {
        let markdown =
            "# 쪽\n\n```swift\n@main\nstruct App {\n    static func main() {\n        let n: Int = \"셋\"\n        print(n)\n    }\n}\n```\n\n```output\n3\n```\n"
        let error = try #require(try verify(markdown)[0].diagnostics.first { $0.severity == .error })
        #expect(error.location == SourceLocation(line: 7, column: 22))
        #expect(!error.description.contains("'main' attribute"))
    }

    @Test func aScriptThatMentionsAtMainInACommentStillRuns() throws {
        let markdown =
            "```swift\n// Apps start at @main; a script starts at its first line.\nprint(\"script\")\n```\n\n```output\nscript\n```\n"
        #expect(try verify(markdown)[0].outcome == .passed)
    }

    // Kind 6: diagnostics show only the author's lines.

    @Test func aMissingBraceAtTheEndPointsAtTheLastLineOfCode() throws {
        let markdown = "# 쪽\n\n```swift\nfunc greet() {\n    print(\"안녕\")\n\ngreet()\n```\n\n```output\n안녕\n```\n"
        let results = try verify(markdown)
        let error = try #require(results[0].diagnostics.first { $0.severity == .error })
        #expect(error.headline == "page.md:7:8: error: expected '}' at end of brace statement")
        let text = results[0].diagnostics.map(\.description).joined(separator: "\n")
        #expect(!text.contains("main.swift"))
        #expect(!text.contains("#sourceLocation"))
        #expect(text.contains("greet()\n           ^"))
        #expect(text.contains("page.md:4:14: note: to match this opening '{'"))
    }

    @Test func anUnfinishedExpressionAtTheEndPointsAtTheAuthorsLine() throws {
        let markdown = "# 쪽\n\n```swift\nstruct A {}\nlet a = A(\n```\n\n```output\n```\n"
        let results = try verify(markdown)
        let text = results[0].diagnostics.map(\.description).joined(separator: "\n")
        let error = try #require(results[0].diagnostics.first { $0.severity == .error })
        #expect(error.location?.line == 5, "not the closing fence on line 6: \(text)")
        #expect(!text.contains("#sourceLocation"))
        #expect(!text.contains("main.swift"))
    }

    // Kind 7: stderr is shown with every failure.

    @Test func stderrIsShownOnAnOutputMismatch() throws {
        let markdown =
            "```swift\nimport Foundation\nFileHandle.standardError.write(\"경고: 설정 파일이 없습니다\\n\".data(using: .utf8)!)\nprint(\"기본값\")\n```\n\n```output\n설정값\n```\n"
        let error = try #require(try verify(markdown)[0].diagnostics.first)
        #expect(error.summary == "output does not match the expected output")
        #expect(error.notes.contains("stderr:\n경고: 설정 파일이 없습니다"))
    }

    @Test func stderrIsShownWhenTheOutputBlockIsMissing() throws {
        let markdown =
            "```swift\nimport Foundation\nFileHandle.standardError.write(\"진단\\n\".data(using: .utf8)!)\n```\n"
        let error = try #require(try verify(markdown)[0].diagnostics.first)
        #expect(error.summary == "sample has no output block")
        #expect(error.notes.contains("stderr:\n진단"))
    }

    @Test func stderrIsShownWhenAShouldFailSampleSucceeds() throws {
        let markdown =
            "```swift should_fail\nimport Foundation\nFileHandle.standardError.write(\"성공함\\n\".data(using: .utf8)!)\n```\n"
        let error = try #require(try verify(markdown)[0].diagnostics.first)
        #expect(error.notes.contains("stderr:\n성공함"))
    }
}
