import Foundation
import Testing

@testable import CommonMark
@testable import LectureKit
@testable import LectureSupport

/// The merged path of a cold check (`MergedSamples`), with the real swiftc: its verdicts are the
/// verdicts of each sample compiled and run alone, and each kind of sample it cannot answer for
/// falls back to being verified alone.
@Suite(.serialized) struct MergedSampleTests {
    /// The verifier of `SampleVerificationTests` (time limit 3 s, two jobs), without hover cards.
    static func stage() throws -> SampleStage {
        var stage = try SampleVerificationTests.stage.get()
        stage.verifier.options.noCache = true
        stage.verifier.options.swiftAnalysis = false
        return stage
    }

    func verify(_ markdown: String, merging: Bool, hoverCards: Bool = false) throws -> [SampleResult] {
        var stage = try Self.stage()
        stage.verifier.options.mergeSamples = merging
        stage.verifier.options.swiftAnalysis = hoverCards
        let found = SampleExtractor.extract(from: MarkdownParser.parse(markdown), path: "page.md")
        #expect(found.diagnostics.isEmpty)
        return stage.verifier.verify(found.samples)
    }

    /// What a result says, without how long it took or how it was reached.
    func verdict(_ result: SampleResult) -> String {
        "\(result.outcome) output=\(result.actualOutput ?? "nil") "
            + result.diagnostics.map(\.description).joined(separator: "\n")
    }

    static func sample(_ code: String, _ attributes: String = "", output: String? = nil) -> String {
        "```swift\(attributes.isEmpty ? "" : " " + attributes)\n\(code)\n```\n\n"
            + (output.map { "```output\n\($0)```\n\n" } ?? "")
    }

    /// One of each kind of sample the merged path runs, each with its verdict as the point.
    static let kinds = [
        sample("print(\"안녕 \\(6 * 7)\")", output: "안녕 42\n"),
        sample("print(\"wrong\")", output: "right\n"),
        sample("print(\"before\")\nlet xs = [1]\nprint(xs[2])", output: "before\n"),
        sample("print(\"kept\")\nfatalError(\"boom\")", "should_fail", output: "kept\n"),
        sample("import Foundation\nprint(\"status\")\nexit(3)", output: "status\n"),
        sample("while true {}", output: ""),
        sample("let a = 1\nlet n: Int = \"x\""),
        sample("let value: Int? = 36\nprint(value)", output: "Optional(36)\n"),
        sample("struct NoRun { var x = 1 }\nprint(NoRun().x)", "no_run"),
        sample(
            "@main struct App {\n    static func main() async {\n        await Task.yield()\n        print(\"async main\")\n    }\n}",
            output: "async main\n"),
        sample("func twice() async -> Int { 2 }\nprint(await twice())", output: "2\n"),
        sample(
            "import Foundation\ntry FileManager.default.createDirectory(atPath: \"made\", withIntermediateDirectories: false)\nprint(FileManager.default.currentDirectoryPath.contains(\"lecture-run\"))",
            output: "true\n"),
        sample(
            "import Foundation\nlet keys = ProcessInfo.processInfo.environment.keys.filter { $0 != \"LECTURE_CHILD_OF\" }.sorted()\nprint(keys.joined(separator: \" \"))\nprint(CommandLine.arguments.count, readLine() ?? \"EOF\")",
            output: "HOME LANG LC_ALL PATH SWIFT_BACKTRACE TERM TMPDIR TZ\n1 EOF\n"),
        sample("struct Point { var x = 1 }\nprint(Point())", output: "Point(x: 1)\n"),
        sample(
            "import Labels\nlet label = Label()\nlabel.text = \"library\"\nprint(label.text ?? \"\")",
            output: "library\n"),
    ].joined()

    @Test func mergedVerdictsAreTheVerdictsOfEachSampleAlone() throws {
        let merged = try verify(Self.kinds, merging: true)
        let alone = try verify(Self.kinds, merging: false)
        // Only passes, compile errors, no_run samples and time-outs are merged verdicts: a failed run,
        // and a should_fail sample's run, are confirmed alone.
        #expect(merged.map(\.merged) == merged.indices.map { ![1, 2, 3, 4].contains($0) })
        #expect(alone.map(\.merged) == Array(repeating: false, count: alone.count))
        #expect(merged.count == alone.count)
        for (merged, alone) in zip(merged, alone) {
            #expect(verdict(merged) == verdict(alone), "sample at line \(merged.sample.location.line)")
        }
        #expect(
            merged.map(\.outcome) == [
                .passed, .failed, .failed, .passed, .failed, .failed, .failed, .passed, .passed, .passed, .passed,
                .passed, .passed, .passed, .passed,
            ])
        // A trap is named, with what was printed before it kept; a time-out kills it.
        #expect(merged[2].diagnostics.first?.summary.hasSuffix("Fatal error: Index out of range") == true)
        #expect(merged[2].actualOutput == "before\n")
        #expect(merged[5].diagnostics.map(\.identifier) == [.sampleTimeout])
        // The compiler's messages point at the Markdown line (#sourceLocation), not at main.swift.
        let error = try #require(merged[6].diagnostics.first { $0.severity == .error })
        #expect(error.location?.line == merged[6].sample.parts[0].firstLine + 1)
        #expect(merged[7].diagnostics.map(\.severity) == [.warning])
    }

    /// The verdict table: each kind of sample with the verdict it must get (its outcome and the
    /// identifiers of its errors), reached on both paths, merged and alone. Compiles, runs and
    /// test programs are judged by one function each (`SampleVerifier.take`, `runTestProgram`),
    /// whichever path built and ran them; this holds the paths to the same table.
    @Test func everyKindOfSampleGetsItsVerdictOnBothPaths() throws {
        let test = { (body: String, attributes: String) in
            "```swift test\(attributes)\nimport Testing\n@Test func adds() { \(body) }\n```\n\n"
        }
        let table: [(sample: String, outcome: SampleResult.Outcome, errors: Set<Diagnostic.Identifier>)] = [
            (Self.sample("print(6 * 7)", output: "42\n"), .passed, []),
            (Self.sample("print(\"wrong\")", output: "right\n"), .failed, [.sampleOutputMismatch]),
            (Self.sample("print(\"before\")\nlet xs = [1]\nprint(xs[2])", output: "before\n"), .failed, [.sampleExit]),
            (Self.sample("print(\"kept\")\nfatalError(\"boom\")", "should_fail", output: "kept\n"), .passed, []),
            (Self.sample("print(\"fine\")", "should_fail", output: "fine\n"), .failed, [.sampleExit]),
            (Self.sample("import Foundation\nprint(\"status\")\nexit(3)", output: "status\n"), .failed, [.sampleExit]),
            (Self.sample("while true {}", output: ""), .failed, [.sampleTimeout]),
            (Self.sample("let n: Int = \"x\""), .failed, [.sampleCompiler]),
            (Self.sample("struct NoRun { var x = 1 }\nprint(NoRun().x)", "no_run"), .passed, []),
            (Self.sample("let n: Int = \"x\"", "compile_fail"), .passed, []),
            (Self.sample("let n = 1", "compile_fail"), .failed, [.sampleCompile]),
            (test("#expect(1 + 1 == 2)", ""), .passed, []),
            (test("#expect(1 + 1 == 3)", ""), .failed, [.sampleTest]),
            (test("#expect(1 + 1 == 3)", " should_fail"), .passed, []),
            (test("let n: Int = \"x\"", ""), .failed, [.sampleCompiler]),
        ]
        for merging in [true, false] {
            let results = try verify(table.map(\.sample).joined(), merging: merging)
            try #require(results.count == table.count)
            for (row, result) in zip(table, results) {
                let errors = Set(result.diagnostics.filter { $0.severity == .error }.map(\.identifier))
                #expect(
                    result.outcome == row.outcome && errors == row.errors,
                    "merging \(merging), sample at line \(result.sample.location.line): \(result.outcome) \(errors)")
            }
            // Not vacuous: the merged run answered for some samples itself.
            #expect(results.contains { $0.merged } == merging)
        }
    }

    /// The merged program and the samples verified alone run side by side, each on `jobs`
    /// threads; every compile, link and run of both takes a place of the verifier's one pool
    /// (`SampleVerifier.processes`), so together they never run more than `jobs` processes.
    @Test func bothPathsTogetherNeverRunMoreProcessesThanTheJobs() throws {
        let shared = try Self.stage().verifier
        var options = shared.options
        options.mergeSamples = true
        var run = RunContext()
        run.jobs = 2
        // A verifier of its own: the pool is made with it, and no other test takes its places.
        let verifier = SampleVerifier(
            toolchain: shared.toolchain, libraries: shared.libraries, cache: shared.cache, options: options, run: run)
        let test = "```swift test\nimport Testing\n@Test func adds() { #expect(1 + 1 == 2) }\n```\n\n"
        let alone = Self.sample("let x: Int = \"no\"", "compile_fail") + Self.sample("print(9)", output: "9\n")
        let found = SampleExtractor.extract(
            from: MarkdownParser.parse(Self.kinds + test + alone + alone), path: "page.md")
        let results = verifier.verify(found.samples)
        // Both paths ran: merged verdicts and verdicts reached alone.
        #expect(results.contains { $0.merged } && results.contains { !$0.merged && $0.compiled })
        let usage = verifier.processes.usage
        #expect(usage.mostAtOnce <= 2, "\(usage)")
        // Not vacuous: the pool was full at some moment, and every sample's compile went through it.
        #expect(usage.mostAtOnce == 2, "\(usage)")
        #expect(usage.processes >= found.samples.count, "\(usage)")
    }

    @Test func theDispatcherComesWithTheLibrariesAndWithoutItEverySampleIsVerifiedAlone() throws {
        var stage = try Self.stage()
        let libraries = stage.verifier.libraries.directory
        #expect(FileSystem.exists(libraries + "/" + SampleDispatcher.object))
        // A stand-ins folder that lost it (by hand): nothing merged, the same verdicts.
        let copy = try FileSystem.makeTemporaryDirectory(prefix: "lecture-standins")
        defer { FileSystem.removeTemporaryDirectory(copy) }
        for name in try FileManager.default.contentsOfDirectory(atPath: libraries) where name != SampleDispatcher.object
        {
            try FileManager.default.copyItem(atPath: libraries + "/" + name, toPath: copy + "/" + name)
        }
        stage.verifier.libraries.directory = copy
        stage.verifier.options.mergeSamples = true
        let markdown = Self.sample("print(1)", output: "1\n") + Self.sample("print(2)", output: "3\n")
        let found = SampleExtractor.extract(from: MarkdownParser.parse(markdown), path: "page.md")
        let results = stage.verifier.verify(found.samples)
        #expect(results.map(\.outcome) == [.passed, .failed])
        #expect(results.map(\.merged) == [false, false])
    }

    @Test func aLibrariesFolderThatLostTheDispatcherIsBuiltAgain() throws {
        let stage = try Self.stage()
        let built = stage.verifier.libraries
        let cache = try FileSystem.makeTemporaryDirectory(prefix: "lecture-libraries-cache")
        defer { FileSystem.removeTemporaryDirectory(cache) }
        let copy = cache + "/libraries/" + built.digest
        try FileManager.default.createDirectory(atPath: cache + "/libraries", withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: built.directory, toPath: copy)
        try FileManager.default.removeItem(atPath: copy + "/" + SampleDispatcher.object)
        let again = try SampleLibraries.prepare(
            toolchain: stage.verifier.toolchain, cacheDirectory: cache, folders: TestSupport.fixtureLibraries,
            run: RunContext())
        #expect(again.directory == copy)
        #expect(FileSystem.exists(copy + "/" + SampleDispatcher.object))
        #expect(FileSystem.exists(copy + "/" + LineBufferedOutput.object))
        let left = try FileManager.default.contentsOfDirectory(atPath: cache + "/libraries")
        #expect(left == [built.digest], "\(left)")
    }

    @Test func twoRunsThatDifferFailMergedToo() throws {
        let unstable = Self.sample(
            "let set: Set = [\"a\", \"b\", \"c\", \"d\", \"e\", \"f\", \"g\", \"h\"]\nprint(set.joined())\nprint(Int.random(in: 0...1_000_000_000))",
            output: "x\n")
        let results = try verify(unstable + Self.sample("print(1)", output: "1\n"), merging: true)
        #expect(results.map(\.merged) == [false, true])
        #expect(results[0].diagnostics.map(\.identifier) == [.sampleUnstable])
    }

    @Test func aSampleThatPrintsItsModuleIsVerifiedAlone() throws {
        // `dump` and a class's default description name the module: 'Sample' only alone.
        let results = try verify(
            Self.sample(
                "struct Person { var name = \"김\" }\ndump(Person())", output: "▿ Sample.Person\n  - name: \"김\"\n")
                + Self.sample("final class Box {}\nprint(Box())", output: "Sample.Box\n")
                + Self.sample("print(2)", output: "2\n"), merging: true)
        #expect(results.map(\.outcome) == [.passed, .passed, .passed], "\(results.map(\.diagnostics))")
        #expect(results.map(\.merged) == [false, false, true])
    }

    @Test func aSampleDeclaringWhatTheWholeProcessSeesIsVerifiedAlone() throws {
        // A retroactive conformance is found by every module's dynamic casts (`print` too), and
        // an unmangled symbol can satisfy another module's reference: neither may reach another
        // sample of the program.
        let markdown =
            Self.sample(
                "extension String: @retroactive Error {}\nextension Int: @retroactive Identifiable { public var id: Int { self } }\nprint(1)",
                output: "1\n")
            + Self.sample(
                "let text: Any = \"x\"\nlet number: Any = 2\nprint(text is Error, number is any Identifiable)",
                output: "false false\n")
            + Self.sample("@_cdecl(\"lecture_shared\") func shared() -> Int32 { 1 }\nprint(shared())", output: "1\n")
            + Self.sample(
                "@_silgen_name(\"lecture_shared\") func shared() -> Int32\nprint(shared())", "no_run")
            + Self.sample(
                "struct Local {}\nprotocol Named {}\nextension Local: Named {}\nextension Int: Named {}\nlet local: Any = Local()\nprint(local is Named)",
                output: "true\n")
            // An `.init_array` entry (SE-0492) would run in every sample's process.
            + Self.sample(
                "import Glibc\nenum Early {\n    @used @section(\".init_array\") static let run: @convention(c) () -> Void = { setenv(\"LECTURE_EARLY\", \"1\", 1) }\n}\nprint(getenv(\"LECTURE_EARLY\") != nil)",
                output: "true\n")
            + Self.sample("import Glibc\nprint(getenv(\"LECTURE_EARLY\") != nil)", output: "false\n")
        let merged = try verify(markdown, merging: true)
        let alone = try verify(markdown, merging: false)
        // (The link error names its temporary folder, so outcomes and outputs are compared.)
        #expect(merged.map(\.outcome) == alone.map(\.outcome))
        #expect(merged.map(\.actualOutput) == alone.map(\.actualOutput))
        #expect(merged.map(\.outcome) == [.passed, .passed, .passed, .failed, .passed, .passed, .passed])
        #expect(merged.map(\.merged) == [false, true, false, false, true, false, true])
    }

    @Test func aMergedSampleHasTheProgramNameItHasAlone() throws {
        let names = Self.sample(
            "import Foundation\nprint(ProcessInfo.processInfo.processName)\nprint(URL(fileURLWithPath: CommandLine.arguments[0]).lastPathComponent)",
            output: "sample\nsample\n")
        let results = try verify(names + names, merging: true)
        #expect(results.map(\.merged) == [true, true])
        #expect(results.map(\.outcome) == [.passed, .passed], "\(results.map(\.diagnostics))")
    }

    @Test func aSampleFailingOnlyMergedIsConfirmedAlone() throws {
        // Values computed from the module's name, which never show it in the output.
        let markdown =
            Self.sample("final class Foo {}\nprint(String(reflecting: Foo.self).count)", output: "10\n")
            + Self.sample(
                "import Foundation\nfinal class Bar: NSObject {}\nprint(NSClassFromString(\"Sample.Bar\") == nil)",
                output: "false\n")
            + Self.sample("print(3)", output: "3\n")
            // Trapping only merged would pass a should_fail sample that does not fail alone.
            + Self.sample(
                "final class Baz {}\nprecondition(String(reflecting: Baz.self) == \"Sample.Baz\")", "should_fail")
        let merged = try verify(markdown, merging: true)
        #expect(merged.map(\.outcome) == [.passed, .passed, .passed, .failed], "\(merged.map(\.diagnostics))")
        #expect(merged.map(\.merged) == [false, false, true, false])
    }

    @Test func aFailedLinkVerifiesEverySampleAlone() throws {
        let results = try verify(
            Self.sample("@_silgen_name(\"lecture_no_such_function\") func missing()\nmissing()", output: "")
                + Self.sample("print(3)", output: "3\n"), merging: true)
        #expect(results.map(\.merged) == [false, false])
        #expect(results.map(\.outcome) == [.failed, .passed])
        #expect(results[0].diagnostics.contains { $0.description.contains("lecture_no_such_function") })
    }

    @Test func compileFailAndLoneSamplesAreVerifiedAlone() throws {
        // (A `test` sample is merged too, into a program of its own: `MergedTestSampleTests`.)
        let test = "```swift test\nimport Testing\n@Test func adds() { #expect(1 + 1 == 2) }\n```\n\n"
        let results = try verify(
            test + Self.sample("let x: Int = \"no\"", "compile_fail") + Self.sample("print(4)", output: "4\n")
                + Self.sample("print(5)", output: "5\n"), merging: true)
        #expect(results.map(\.outcome) == [.passed, .passed, .passed, .passed], "\(results.map(\.diagnostics))")
        #expect(results.map(\.merged) == [true, false, true, true])
        let lone = try verify(Self.sample("print(6)", output: "6\n"), merging: true)
        #expect(lone.map(\.merged) == [false])
        #expect(lone.map(\.outcome) == [.passed])
    }

    @Test func mergedPassesAreCachedUnderTheSameKey() throws {
        let nonce = UUID().uuidString
        let markdown =
            Self.sample("print(\"\(nonce)\")", output: nonce + "\n")
            + Self.sample("print(\"7 \(nonce)\")", output: "7 \(nonce)\n")
        var stage = try Self.stage()
        stage.verifier.options.noCache = false
        let samples = SampleExtractor.extract(from: MarkdownParser.parse(markdown), path: "page.md").samples
        let cold = stage.verifier.verify(samples)
        #expect(cold.map(\.merged) == [true, true])
        let warm = stage.verifier.verify(samples)
        #expect(warm.map(\.fromCache) == [true, true])
        #expect(warm.map(\.actualOutput) == cold.map(\.actualOutput))
    }

    @Test func hoverCardsOfMergedSamplesAreThoseOfEachAlone() throws {
        let markdown =
            Self.sample("let greeting = \"hi\"\nprint(greeting)", output: "hi\n")
            + Self.sample("let count = [1, 2].count\nprint(count)", output: "2\n")
            + Self.sample("let wrong = 1\nprint(wrong)", output: "2\n")
        let merged = try verify(markdown, merging: true, hoverCards: true)
        let alone = try verify(markdown, merging: false, hoverCards: true)
        #expect(merged.map(\.merged) == [true, true, false])
        #expect(merged.map(\.outcome) == [.passed, .passed, .failed])
        #expect(merged[0].hoverCards.contains { $0.text.hasSuffix("let greeting: String") })
        #expect(merged.map(\.hoverCards) == alone.map(\.hoverCards))
        // A sample that failed has no cards, though they were looked up while it ran.
        #expect(merged[2].hoverCards.isEmpty)
    }
}
